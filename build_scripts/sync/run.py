"""One sync: fetch the new revisions, replay them on the history, check, then write.

Nothing is written until everything is known to be good: the page files, ``revisions.jsonl``,
``wiki.json``, the history, the lock and ``wiki.toml`` are first written beside their
places, then moved over them (a moved page's old file removed last), so a sync that fails
leaves the source and the history as they were.

Pages are kept by their wiki page id: a page moved on the wiki is followed, the move
recorded in ``wiki.json``, ``wiki.toml`` rewritten to name its new title, and only the
revisions after the last sync are replayed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from build_scripts.cards.rule_history import RuleHistory
from build_scripts.core.errors import RulebookError
from build_scripts.rulebook.anchor_lock import AnchorLock
from build_scripts.rulebook.wiki_files import FILES_FOLDER
from build_scripts.rulebook.wiki_inline import Unshown
from build_scripts.rulebook.wikitext import parse_blocks
from build_scripts.settings.options import CONFIG_FILE
from build_scripts.settings.wiki import WikiSettings
from build_scripts.sync.fetched import Fetched, PageFetch
from build_scripts.sync.from_api import fetch_from_api
from build_scripts.sync.from_export import fetch_from_export
from build_scripts.sync.images import image_files
from build_scripts.sync.model import (
    REVISIONS_NAME,
    STATE_NAME,
    Move,
    PageState,
    Revision,
    SyncError,
    SyncState,
    file_name,
    load_revisions,
)
from build_scripts.sync.replay import keep_older, replay
from build_scripts.sync.settings import SiteFiles, load_settings, rename_pages

__all__ = ["SyncReport", "sync"]

T = TypeVar("T")


@dataclass
class SyncReport:
    """What a sync did, for the maintainer."""

    revisions: list[Revision] = field(default_factory=list)
    versions: int = 0
    refused: list[str] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    lock_added: int = 0
    aliased: list[str] = field(default_factory=list)
    #: Aliases taken back: their rules answer at their own ids again (a rename reverted).
    taken_back: list[str] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    #: The line of wiki.toml to change by hand, when the sync could not rewrite it after a move.
    settings_line: str = ""
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    #: Markup of the pages now that the site cannot show yet: kept as written, with a note.
    unshown: list[str] = field(default_factory=list)
    #: The images the pages show that the site cannot keep, each with why.
    not_kept: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The report, a line each."""
        if not self.revisions and not self.moves:
            files = [f"sync: wrote {name}" for name in self.written] + [f"sync: removed {n}" for n in self.removed]
            if files:  # the pages' words are the wiki's already; a picture of theirs changed there
                return ["sync: in step with the wiki's words; its images changed", *files]
            return ["sync: in step with the wiki; nothing to bring in"]
        out = [f"sync: followed the wiki's move of {m.label()}" for m in self.moves]
        if self.settings_line:
            out.append(f"sync: wiki.toml could not be rewritten; change its pages line to: {self.settings_line}")
        if self.revisions:
            out.append(f"sync: {len(self.revisions)} revision(s) brought in, up to {self.revisions[-1].label()}")
            out += [f"sync: {r.label()}" for r in self.revisions[:-1][-20:]]
        out.append(
            f"sync: {self.versions} new version(s) of rules' words; {self.lock_added} new rule id(s) in the lock"
        )
        out += [
            f"sync: hidden on the wiki, passed over (the next revision carries its change): {r}" for r in self.hidden
        ]
        out += [
            f"sync: passed over (the build refuses it; the next revision carries its change): {r}" for r in self.refused
        ]
        out += [f"sync: aliased (the old link lands on the rule): {a}" for a in self.aliased]
        out += [f"sync: alias taken back (the rule answers at its own id again): {a}" for a in self.taken_back]
        out += [f"sync: kept from before (the wiki does not give these words now): {d}" for d in self.kept]
        out += [f"sync: shown as written (the site cannot show it yet): {u}" for u in self.unshown]
        out += [f"sync: image not kept: {n}" for n in self.not_kept]
        out += [f"sync: wrote {name}" for name in self.written]
        out += [f"sync: removed {name}" for name in self.removed]
        return out


def sync(
    root: Path, *, api: str = "", export: Path | None = None, retries: int = 2, aliases: bool = True
) -> SyncReport:
    """Bring the wiki's new revisions into the project at ``root``.

    Args:
        root: The project (its ``mkdocs.yml``, which names ``wiki.toml``).
        api: The wiki's ``api.php``, over ``wiki.toml``'s.
        export: A Special:Export XML file to read instead of the API.
        retries: For the API: how often to try again after a dropped connection or a 5xx.
        aliases: Write the aliases of renamed rules found beyond doubt (else stop for a person).

    Raises:
        SyncError: for anything that stops the sync; nothing is written then.
    """
    wiki, site = load_settings(root / CONFIG_FILE)
    state_path = wiki.into / STATE_NAME
    state = SyncState.loads(state_path.read_text("utf-8"), str(state_path)) if state_path.exists() else None
    synced = state.pages if state else ()
    if export is not None:
        fetched = fetch_from_export(export, wiki.titles, synced)
    elif api or wiki.api:
        known = {p.title: (wiki.into / p.file).read_text("utf-8") for p in synced if (wiki.into / p.file).exists()}
        fetched = fetch_from_api(api or wiki.api, wiki.titles, synced, retries=retries, known=known)
    else:
        raise SyncError(f"no wiki to sync from: set api in {wiki.file.name}, or give WIKI_API=… (or EXPORT=file.xml)")
    new = [r for title in wiki.titles for r in fetched.pages[title].revisions]
    report = SyncReport(sorted(new, key=lambda r: (r.time, r.rev)))
    report.moves = [m for title in wiki.titles for m in fetched.pages[title].moves]
    renamed = [title for title in wiki.titles if fetched.pages[title].title != title]
    if not new and not renamed and all(p.id for p in synced):
        # No new words, but a file the pages show may have a new version on the wiki.
        outputs = image_files(wiki.into / FILES_FOLDER, fetched.images) if fetched.images is not None else {}
    else:
        outputs = _outputs(wiki, site, state, fetched, report, aliases=aliases)
    _write_all(outputs)
    shown = [str(p.relative_to(root)) if p.is_relative_to(root) else str(p) for p, data in outputs.items()]
    report.written = [name for name, data in zip(shown, outputs.values(), strict=True) if data is not None]
    report.removed = [name for name, data in zip(shown, outputs.values(), strict=True) if data is None]
    return report


def _outputs(
    wiki: WikiSettings,
    site: SiteFiles,
    state: SyncState | None,
    fetched: Fetched,
    report: SyncReport,
    *,
    aliases: bool,
) -> dict[Path, bytes | None]:
    """Every file the sync writes, and its bytes (``None``: the file is removed): all checked before any is written."""
    into = wiki.into
    found: list[PageFetch] = [fetched.pages[title] for title in wiki.titles]
    before_of = {f.title: f.synced for f in found}
    texts = {title: (into / was.file).read_text("utf-8") for title, was in before_of.items() if was}
    history = _read(site.history, RuleHistory.loads, RuleHistory())
    lock = _read(site.lock, AnchorLock.loads, AnchorLock())
    first = state is None
    replayed = replay(
        [f.title for f in found],
        texts,
        list(report.revisions),
        site.pages,
        history=RuleHistory() if first else history,
        lock=lock,
        lock_name=site.lock.name,
        aliases=aliases,
        page_of={r.rev: f.title for f in found for r in f.revisions},
    )
    out_history = replayed.history
    if first:
        out_history, report.kept = keep_older(out_history, history)
    try:
        RuleHistory.loads(out_history.dumps(), site.history.name)
    except RulebookError as exc:
        raise SyncError(f"the history after this sync would not load ({exc})") from None
    report.versions, report.refused, report.hidden = replayed.versions, replayed.refused, replayed.hidden
    report.lock_added = len(replayed.lock.added)
    report.aliased = [f"{old} → {new} ({_WHY.get(why, why)})" for old, (new, why) in replayed.lock.aliased.items()]
    report.taken_back = [str(old) for old in replayed.lock.taken_back]
    outputs, pages = _page_files(into, found, before_of)
    report.unshown = _unshown({p.file: outputs.get(into / p.file) or (into / p.file).read_bytes() for p in pages})
    if fetched.images is not None:
        outputs |= image_files(into / FILES_FOLDER, fetched.images)
        report.not_kept = list(fetched.not_kept)
    before = _read(into / REVISIONS_NAME, lambda text, _name: text, "")
    load_revisions(before, str(into / REVISIONS_NAME))
    outputs[into / REVISIONS_NAME] = (before + "".join(r.line() + "\n" for r in report.revisions)).encode("utf-8")
    api = fetched.api or (state.api if state else "")
    index = fetched.index or (state.index if state else "")
    moves = (*(state.moves if state else ()), *report.moves)
    missing = fetched.missing if fetched.missing is not None else (state.missing if state else ())
    outputs[into / STATE_NAME] = SyncState(api, index, tuple(pages), moves, missing).dumps().encode("utf-8")
    history_bytes = out_history.dumps().encode("utf-8")
    if not site.history.exists() or site.history.read_bytes() != history_bytes:
        outputs[site.history] = history_bytes
    if replayed.lock.is_updated:
        outputs[site.lock] = replayed.lock.lock.dumps().encode("utf-8")
    settings = _settings_after_moves(wiki, fetched, report)
    if settings is not None:
        outputs[wiki.file] = settings
    return outputs


#: How the report says why an alias was written (from :mod:`build_scripts.rulebook.whereabouts`).
_WHY = {
    "the same text is now at": "the same words",
    "its paragraphs moved under": "its paragraphs moved there",
    "a very similar text is at": "a very similar text",
    "its rules are now under": "its rules are under it now",
}


def _page_files(
    into: Path, found: list[PageFetch], before_of: Mapping[str, PageState | None]
) -> tuple[dict[Path, bytes | None], list[PageState]]:
    """Each page's file (the latest text; a moved page's file renamed, its old one removed) and its state."""
    outputs: dict[Path, bytes | None] = {}
    pages = []
    for page in found:
        was = before_of[page.title]
        name = file_name(page.title)
        if page.revisions:
            outputs[into / name] = (page.revisions[-1].text or "").encode("utf-8")
        elif was and was.file != name:
            outputs[into / name] = (into / was.file).read_bytes()
        if was and was.file != name:
            outputs[into / was.file] = None
        rev = page.revisions[-1].rev if page.revisions else (was.rev if was else 0)
        pages.append(PageState(page.title, name, rev, page.id))
    return outputs, pages


def _unshown(files: Mapping[str, bytes]) -> list[str]:
    """What the pages' words hold that the site cannot show yet, each named by file and line."""
    found: list[Unshown] = []
    for name, data in files.items():
        parse_blocks(data.decode("utf-8"), name, banner=False, strict=False, unshown=found)
    return [str(u) for u in found]


def _settings_after_moves(wiki: WikiSettings, fetched: Fetched, report: SyncReport) -> bytes | None:
    """``wiki.toml`` naming the moved pages' new titles (``None``: no move, or the report gives the line)."""
    renamed = {title: fetched.pages[title].title for title in wiki.titles if fetched.pages[title].title != title}
    if not renamed:
        return None
    rewritten = rename_pages(wiki.file.read_text("utf-8"), renamed)
    if rewritten is None:
        titles = [fetched.pages[t].title for t in wiki.titles]
        report.settings_line = "pages = " + json.dumps(titles, ensure_ascii=False)
        return None
    return rewritten.encode("utf-8")


def _read(path: Path, parse: Callable[[str, str], T], empty: T) -> T:
    """``path`` parsed, or ``empty`` when it does not exist; a file that does not parse stops the sync."""
    if not path.exists():
        return empty
    try:
        return parse(path.read_text("utf-8"), path.name)
    except RulebookError as exc:
        raise SyncError(f"{exc}; fix it before syncing") from None


def _write_all(outputs: Mapping[Path, bytes | None]) -> None:
    """Write every file beside its place, then move each over its place, then remove the files that go.

    Nothing is half-written: a failure before the moves leaves everything as it was.
    """
    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in outputs.items():
            if data is None:
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            temp = path.with_name(f".{path.name}.sync-tmp")
            temp.write_bytes(data)
            staged.append((temp, path))
    except OSError as exc:
        for temp, _ in staged:
            temp.unlink(missing_ok=True)
        raise SyncError(f"cannot write {exc.filename}: {exc.strerror}; nothing was changed") from None
    for temp, path in staged:
        temp.replace(path)
    for path, data in outputs.items():
        if data is None:
            path.unlink(missing_ok=True)
