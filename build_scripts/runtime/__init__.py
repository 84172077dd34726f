"""The browser's runtime as the build makes it.

The pinned Pyodide, its reduced and compiled standard library, the calculators' archive,
and the shapes of the worker's messages exported from their Python types. Stage 2 names
the runtime on every calculator; stage 4 copies it into the site.
"""
