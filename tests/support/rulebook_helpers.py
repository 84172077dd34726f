"""Build the rulebook in-process from the committed source, for unit and golden tests."""

from __future__ import annotations

from build_scripts.cards.rule_history import RuleHistory
from build_scripts.core.errors import Source
from build_scripts.core.model import AnchoredBlock, Block, BlockKind, Inline
from build_scripts.finish.search.question_words import QuestionWords
from build_scripts.pages.table_file import load_table
from build_scripts.pages.table_spec import TableSpec
from build_scripts.rulebook.anchor_lock import AnchorLock
from build_scripts.rulebook.terms import load_terms
from build_scripts.rulebook.wikitext import parse_blocks
from build_scripts.steps.pipeline import BuildResult, PageSpec, RulebookInputs, build_rulebook
from harness.project import PROJECT
from support import EXPORTS, RULEBOOK

PAGES = [PageSpec(name, section) for name, section in PROJECT.options.rulebook_sections]
OPTIONS = PROJECT.options
#: Where a rule made in a test is, unless it says.
MADE_HERE = Source("t.wiki", 1)


def rule(
    rule_id: str,
    *inlines: Inline,
    kind: BlockKind = "paragraph",
    body: tuple[Inline, ...] = (),
    path: tuple[str, ...] = (),
    at: Source = MADE_HERE,
) -> AnchoredBlock:
    """A rule made in a test, as the build anchors it: its id, its runs and where it is."""
    return AnchoredBlock(rule_id, Block(kind, inlines, at, body=body), path)


def committed_lock() -> AnchorLock:
    return AnchorLock.loads(PROJECT.path(OPTIONS.anchors_lock).read_text("utf-8"))


def committed_history() -> RuleHistory:
    return RuleHistory.loads(PROJECT.path(OPTIONS.rule_history).read_text("utf-8"))


def xref_map() -> str:
    return PROJECT.path(OPTIONS.xref_map).read_text("utf-8")


def term_map() -> str:
    return PROJECT.path(OPTIONS.terms).read_text("utf-8")


def committed_table() -> TableSpec:
    return load_table(PROJECT.path(OPTIONS.table).read_text("utf-8"))


def exports(overrides: dict[str, bytes] | None = None) -> list[tuple[str, bytes]]:
    overrides = overrides or {}
    return [(name, overrides.get(name, (RULEBOOK / name).read_bytes())) for name in EXPORTS]


def build(
    overrides: dict[str, bytes] | None = None,
    *,
    lock: AnchorLock | None = None,
    frozen: bool = True,
    xrefs: str | None = None,
    terms: str | None = None,
    history: RuleHistory | None = None,
    today: str = "2026-12-02",
    table: TableSpec | None = None,
    readings_page: str | None = None,
    question_words: QuestionWords | None = None,
) -> BuildResult:
    """The rulebook as the site builds it (the committed maps and history unless given;
    ``terms=""`` links none; new words are dated ``today``; the table's checks and marks
    only with ``table``, e.g. :func:`committed_table`; the readings page and its markers only
    with ``readings_page``)."""
    return build_rulebook(
        RulebookInputs(
            sources=exports(overrides),
            pages=PAGES,
            lock=committed_lock() if lock is None else lock,
            xref_map=xref_map() if xrefs is None else xrefs,
            frozen=frozen,
            terms=load_terms(term_map() if terms is None else terms, "terms.toml"),
            history=committed_history() if history is None else history,
            today=today,
            table=table,
            readings_page=readings_page,
            question_words=question_words or QuestionWords(),
        )
    )


def unlocked() -> AnchorLock:
    return AnchorLock()


def wiki_page(text: str) -> list[Block]:
    """A synced wiki page's blocks (file ``f.wiki``) after its ``==T==`` heading, read as the sync reads it."""
    return parse_blocks(f"==T==\n{text}\n", "f.wiki", banner=False, strict=False)[1:]


def wiki_shown(text: str) -> list[tuple[str, str]]:
    """What each block of :func:`wiki_page` is, and its words."""
    return [(b.kind, b.text) for b in wiki_page(text)]
