"""What every benchmark writes to: the results' folder and the marked blocks of the READMEs."""
