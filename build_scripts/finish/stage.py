"""Stage 4 on its own: what finishing needs, in one file the pages' step writes, and the run.

The site generator's plugin (or any step before the generator) writes ``finish.json``
(:class:`FinishState`): the site's address and name, the build id, the page scripts'
module graph, where each calculator sits, the offline book's pages, the options, and every
rule card. ``python -m build_scripts.finish SITE`` then finishes a site that any generator
wrote from it, reading nothing but that file, the built HTML and the project's own files
(Pyodide, the calculators, the cache). The MkDocs plugin runs the same :func:`run_finish`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from build_scripts.cards.rule_cards import Card
from build_scripts.cards.rule_history import Edit
from build_scripts.core.errors import RulebookError
from build_scripts.core.model import RuleRef
from build_scripts.finish.book.parts import PrintPart
from build_scripts.finish.finish_site import Finished, finish_site
from build_scripts.finish.generated_pages import finish_generated_pages
from build_scripts.runtime.assets import Runtime, prepare_runtime

__all__ = ["FINISH_STATE", "FinishState", "run_finish"]

#: Where the pages' step leaves the finish stage's state, from the project.
FINISH_STATE = "build/stages/finish.json"


@dataclass(frozen=True)
class FinishState:
    """Everything stage 4 needs besides the built site; paths are relative to the project."""

    site_url: str
    site_root: str
    site_name: str
    build_id: str
    modules: list[str]
    calculator_pages: list[str]
    places: dict[str, list[dict[str, Any]]]
    book_pages: list[str]
    #: Pages the service worker keeps only when read (globs from the site root: the older changes).
    unkept: list[str]
    #: The changes' Atom feed, from the site root ("" when the site has none), linked from every page's head.
    feed: str
    #: The calculators' page, from the site root ("" when the site has none): every page's header links it.
    calculators_page: str
    #: What the missing page (404) says in the theme's "404 - Not found" place: HTML, its links from the site root.
    not_found: str
    #: The search's words for questions (``{"stop": [...], "same": {...}}``), written as ``search/words.json``.
    question_words: dict[str, Any]
    # The options stage 4 reads, as the pages' step read them (their defaults are the options').
    pyodide_dir: str
    calculators_dir: str
    cache_dir: str
    service_worker: bool
    precompress: bool
    host_headers: str | None
    card_images: bool
    #: The printed book's parts (``name``, ``file``, ``pages``), in order; none: no PDF.
    print_parts: list[dict[str, Any]]
    cards: list[Card]

    def dumps(self) -> str:
        """The state as JSON (the cards as plain records)."""
        data = asdict(self)
        data["cards"] = [_card_record(card) for card in self.cards]
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def write(self, path: Path) -> None:
        """Write the state (:meth:`dumps`) at ``path``, its folder made if need be."""
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.dumps(), "utf-8")

    @classmethod
    def loads(cls, text: str, name: str = FINISH_STATE) -> FinishState:
        """Read the state.

        Raises:
            RulebookError: naming the file, when it is not a finish state (run the pages' step again).
        """
        try:
            data = json.loads(text)
            data["cards"] = [_card(record) for record in data["cards"]]
            return cls(**data)
        except (ValueError, KeyError, TypeError) as exc:
            raise RulebookError(f"{name} is not the finish stage's state ({exc}); build the pages again") from None


def run_finish(state: FinishState, site_dir: Path, project: Path, *, runtime: Runtime | None = None) -> Finished:
    """Finish the site at ``site_dir``: every page the generator wrote, then the site.

    ``runtime``: the runtime the pages' step prepared, when it runs in the same process
    (otherwise it is prepared again, from the cache).
    """
    cache_dir = project / state.cache_dir
    if runtime is None:
        runtime = prepare_runtime(
            pyodide_dir=project / state.pyodide_dir, package_dir=project / state.calculators_dir, cache_dir=cache_dir
        )
    moved = finish_generated_pages(
        site_dir,
        site_root=state.site_root,
        modules=state.modules,
        runtime=runtime.identity(),
        calculator_pages=set(state.calculator_pages),
        feed=state.feed,
        site_name=state.site_name,
        calculators_page=state.calculators_page,
        not_found=state.not_found,
        site_url=state.site_url,
    )
    return finish_site(
        site_dir,
        moved=moved,
        runtime=runtime,
        places=state.places,
        build_id=state.build_id,
        project_dir=project,
        cache_dir=cache_dir,
        service_worker=state.service_worker,
        precompress=state.precompress,
        host_headers=project / state.host_headers if state.host_headers else None,
        cards=state.cards,
        site_url=state.site_url,
        site_name=state.site_name,
        card_images=state.card_images,
        book_pages=state.book_pages,
        unkept=state.unkept,
        question_words=state.question_words,
        print_parts=[PrintPart(p["name"], p["file"], tuple(p["pages"])) for p in state.print_parts],
    )


def _card_record(card: Card) -> dict[str, Any]:
    record = asdict(card)
    record["rule"], record["leads_to"] = str(card.rule), str(card.leads_to)
    return record


def _card(record: Mapping[str, Any]) -> Card:
    edit = record.get("edit")
    return Card(
        **{
            **record,
            "rule": RuleRef.parse(record["rule"]),
            "leads_to": RuleRef.parse(record["leads_to"]),
            "edit": Edit(**edit) if edit else None,
        }
    )
