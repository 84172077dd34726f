"""Stage 4 on its own: what finishing needs, in one file the pages' step writes, and the run.

The site generator's plugin (or any step before the generator) writes ``finish.json``
(:class:`FinishState`): four small typed groups, as the pages' step knew them (the site,
the options, the pages, the rulebook's pages) and the printed book's parts and the rule
cards, each group loading itself. ``python -m build_scripts.finish SITE`` then finishes a
site that any generator wrote from it, reading nothing but that file, the built HTML and
the project's own files (Pyodide, the calculators, the cache). The MkDocs plugin runs the
same :func:`run_finish`. What the pages' step knew of a page (when its words last changed,
the table's data its calculators read, that it is a rulebook page) travels here; stage 4
never reads it back out of the HTML.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Self

from build_scripts.cards.rule_cards import Card
from build_scripts.core.errors import RulebookError
from build_scripts.core.model import LastChange
from build_scripts.finish.finish_site import Finished, finish_site
from build_scripts.finish.generated_pages import finish_generated_pages
from build_scripts.finish.print.parts import PrintPart
from build_scripts.runtime.assets import Runtime, prepare_runtime

__all__ = ["FINISH_STATE", "FinishOptions", "FinishState", "PagesState", "RulebookPage", "SiteState", "run_finish"]

#: Where the pages' step leaves the finish stage's state, from the project.
FINISH_STATE = "build/stages/finish.json"


class _Flat:
    """A group of plain fields that loads itself from its record.

    The record is as ``dataclasses.asdict`` wrote it: every field named, nothing else, so a
    stale state is refused.
    """

    @classmethod
    def load(cls, record: Mapping[str, Any]) -> Self:
        """The group from its record."""
        names = {f.name for f in fields(cls)}  # type: ignore[arg-type]  # every _Flat is a dataclass
        if set(record) != names:
            raise KeyError(", ".join(sorted(set(record) ^ names)))
        return cls(**record)  # a dataclass's own fields


@dataclass(frozen=True)
class SiteState(_Flat):
    """The site: its address, its path from the host's root, its name, this build's id."""

    url: str
    root: str
    name: str
    build_id: str


@dataclass(frozen=True)
class FinishOptions(_Flat):
    """The options stage 4 reads, as the pages' step read them (paths from the project)."""

    pyodide_dir: str
    calculators_dir: str
    cache_dir: str
    service_worker: bool
    precompress: bool
    host_headers: str | None
    card_images: bool


@dataclass(frozen=True)
class RulebookPage:
    """What the pages' step knew of one rulebook page that stage 4 needs."""

    #: When its words last changed (its sheets' foot, the PDF's title page).
    last_change: LastChange
    #: The table's data its calculators read (the first answers' choice of pieces); None: not fed.
    table: dict[str, Any] | None

    @classmethod
    def load(cls, record: Mapping[str, Any]) -> RulebookPage:
        """The page's facts from their record (as ``dataclasses.asdict`` wrote them)."""
        day, revision = record["last_change"]
        return cls(LastChange(str(day), int(revision)), record["table"])


@dataclass(frozen=True)
class PagesState(_Flat):
    """The site's pages, as the pages' step made them (addresses from the site root)."""

    #: The page scripts' module graph, preloaded on every page.
    modules: list[str]
    calculator_pages: list[str]
    #: Calculator → where it is placed (the runtime's manifest).
    places: dict[str, list[dict[str, Any]]]
    #: The pages of the offline's second tier (and the wiki's images' folder), stored only when the
    #: player keeps the whole book.
    book_pages: list[str]
    #: Pages the service worker keeps only when read (globs from the site root: the older changes).
    unkept: list[str]
    #: The changes' Atom feed ("" when the site has none), linked from every page's head.
    feed: str
    #: The calculators' page ("" when the site has none): every page's header links it.
    calculators_page: str
    #: What the missing page (404) says in the theme's "404 - Not found" place: HTML, its links from the site root.
    not_found: str
    #: The search's words for questions (``{"stop": [...], "same": {...}}``), written as ``search/words.json``.
    question_words: dict[str, Any]
    #: Each rulebook page by its address (``buildings/``).
    rulebook: dict[str, RulebookPage]

    @classmethod
    def load(cls, record: Mapping[str, Any]) -> PagesState:
        """The pages from their record (as ``dataclasses.asdict`` wrote them)."""
        rulebook = {url: RulebookPage.load(page) for url, page in record["rulebook"].items()}
        return super().load({**record, "rulebook": rulebook})


@dataclass(frozen=True)
class FinishState:
    """Everything stage 4 needs besides the built site."""

    site: SiteState
    options: FinishOptions
    pages: PagesState
    #: The printed book's parts, in order; none: no PDF.
    print_parts: list[PrintPart]
    #: Every rule card (none: no ``r/`` folder).
    cards: list[Card]

    def dumps(self) -> str:
        """The state as JSON (the cards as plain records)."""
        data = asdict(self)
        data["cards"] = [card.record() for card in self.cards]
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
            return cls(
                site=SiteState.load(data["site"]),
                options=FinishOptions.load(data["options"]),
                pages=PagesState.load(data["pages"]),
                print_parts=[PrintPart.load(part) for part in data["print_parts"]],
                cards=[Card.load(record) for record in data["cards"]],
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise RulebookError(f"{name} is not the finish stage's state ({exc}); build the pages again") from None


def run_finish(state: FinishState, site_dir: Path, project: Path, *, runtime: Runtime | None = None) -> Finished:
    """Finish the site at ``site_dir``: every page the generator wrote, then the site.

    ``runtime``: the runtime the pages' step prepared, when it runs in the same process
    (otherwise it is prepared again, from the cache).
    """
    options = state.options
    if runtime is None:
        runtime = prepare_runtime(
            pyodide_dir=project / options.pyodide_dir,
            package_dir=project / options.calculators_dir,
            cache_dir=project / options.cache_dir,
        )
    moved = finish_generated_pages(site_dir, state.site, state.pages, runtime=runtime.identity())
    return finish_site(site_dir, state, project=project, runtime=runtime, moved=moved)
