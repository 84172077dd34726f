"""The one Jinja2 environment setup for the build's templates (``build_scripts/templates``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

__all__ = ["TEMPLATES", "environment"]

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


@lru_cache(maxsize=2)
def environment(*, html: bool = True) -> jinja2.Environment:
    """The strict environment over the templates folder, one for each ``html``, shared.

    Shared, it keeps each template compiled, which a book of 250 pages would otherwise
    compile 250 times.

    Args:
        html: Escape values (HTML output). Only the Calculators page template, which
            writes Markdown from the committed placement map, turns it off.
    """
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=html,  # noqa: S701 - off only for the Markdown page written from committed data
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
