"""The book to print: each part of the rulebook as a PDF, typeset from the built pages (WeasyPrint)."""
