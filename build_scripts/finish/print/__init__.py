"""On paper, in one room: each printed sheet's foot, and the book to print.

:mod:`.foot` writes a page's sheets' foot words; the book prints each part of the rulebook as a
PDF (:mod:`.parts`), read back from the built pages (:mod:`.reader`) and typeset with
WeasyPrint (:mod:`.book`). Their templates are ``build_scripts/templates/print/``; the page
script that gives the foot to the print stylesheet is ``docs/assets/js/print/foot.mjs``.
"""
