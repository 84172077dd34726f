"""Each calculator's first answer, in its page: the page is painted as it stays.

Until Python has started on the phone, a calculator would show a status line where its
answer goes, and every part the answer adds or hides (the answer bar, the chart, the fields
a value leaves unused) would move the rules under a player's thumb. So the build puts in the
answer for the form as the page comes: the form's values read by the page's own
``formValues``, the answer calculated by the calculators (CPython, the same code Pyodide runs),
rendered by the page's own ``showResult`` in linkedom's DOM (``render.mjs``). The page script
then keeps that layout: no status while the answer is the form's, and an answer the form has
left shown as stale until Python answers (``assets/js/calculators/render.mjs``).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from build_scripts.core.errors import RulebookError
from build_scripts.core.node import run_node_script
from calculators.web import compute

__all__ = ["write_first_answers"]

_RENDERER = Path(__file__).with_name("render.mjs")


def _answers(values: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each page's sections' first answers, from the values their forms read.

    Raises:
        RulebookError: when a form's own values are refused (a placement or default out of range).
    """
    answers: dict[str, dict[str, Any]] = {}
    for page, sections in values.items():
        for section, form in sections.items():
            answer = json.loads(compute(str(form["calc"]), json.dumps(form["inputs"])))
            if "errors" in answer:
                raise RulebookError(f"{page}: #{section} refuses the values its form comes with: {answer['errors']}")
            answers.setdefault(page, {})[section] = {"inputs": form["inputs"], **answer}
    return answers


def write_first_answers(
    site_dir: Path,
    project_dir: Path,
    places: Mapping[str, list[dict[str, Any]]],
    tables: Mapping[str, dict[str, Any]],
) -> int:
    """Render every calculator's first answer into its page; how many were rendered.

    Args:
        site_dir: The built site.
        project_dir: The project folder (Node runs there, with linkedom from its npm packages).
        places: Calculator → where it is placed (the runtime's manifest: each place's ``page``).
        tables: Page address (``buildings/``) → the table's data its calculators read, as the
            pages' step gave it to the page: those the table fills in get its choice of pieces.

    Raises:
        RulebookError: when Node or linkedom fails, or a form's values are refused.
    """
    pages = sorted({f"{place['page']}index.html" for spots in places.values() for place in spots})
    if not pages:
        return 0
    fed = {page: tables.get(page.removesuffix("index.html")) for page in pages}
    with tempfile.TemporaryDirectory() as tmp:
        spec = Path(tmp) / "spec.json"
        spec.write_text(json.dumps({"site": str(site_dir), "pages": pages}), "utf-8")
        read = run_node_script(_RENDERER, ["values", str(spec)], cwd=project_dir, what="first answers: forms")
        answers = _answers(read["values"])
        everything = {"site": str(site_dir), "pages": pages, "answers": answers, "tables": fed}
        spec.write_text(json.dumps(everything), "utf-8")
        done = run_node_script(_RENDERER, ["render", str(spec)], cwd=project_dir, what="first answers: render")
    return int(done["rendered"])
