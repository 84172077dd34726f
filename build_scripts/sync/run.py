"""One sync: fetch the new revisions, replay them on the history, check, then write.

Nothing is written until everything is known to be good: the page files, ``revisions.jsonl``,
``wiki.json``, the history and the lock are first written beside their places, then moved
over them, so a sync that fails leaves the source and the history as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from build_scripts.cards.rule_history import RuleHistory
from build_scripts.core.errors import RulebookError
from build_scripts.rulebook.anchor_lock import AnchorLock
from build_scripts.settings.options import CONFIG_FILE
from build_scripts.settings.wiki import WikiSettings
from build_scripts.sync.fetched import Fetched
from build_scripts.sync.from_api import fetch_from_api
from build_scripts.sync.from_export import fetch_from_export
from build_scripts.sync.model import (
    REVISIONS_NAME,
    STATE_NAME,
    PageState,
    Revision,
    SyncError,
    SyncState,
    file_name,
    load_revisions,
)
from build_scripts.sync.replay import keep_older, replay
from build_scripts.sync.settings import SiteFiles, load_settings

__all__ = ["SyncReport", "sync"]

T = TypeVar("T")


@dataclass
class SyncReport:
    """What a sync did, for the maintainer."""

    revisions: list[Revision] = field(default_factory=list)
    versions: int = 0
    refused: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    lock_added: int = 0
    written: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The report, a line each."""
        if not self.revisions:
            return ["sync: in step with the wiki; nothing to bring in"]
        out = [f"sync: {len(self.revisions)} revision(s) brought in, up to {self.revisions[-1].label()}"]
        out += [f"sync: {r.label()}" for r in self.revisions[:-1][-20:]]
        out.append(
            f"sync: {self.versions} new version(s) of rules' words; {self.lock_added} new rule id(s) in the lock"
        )
        out += [
            f"sync: passed over (the build refuses it; the next revision carries its change): {r}" for r in self.refused
        ]
        out += [f"sync: not kept (newer than the wiki's first version of the rule): {d}" for d in self.dropped]
        out += [f"sync: wrote {name}" for name in self.written]
        return out


def sync(root: Path, *, api: str = "", export: Path | None = None, retries: int = 2) -> SyncReport:
    """Bring the wiki's new revisions into the project at ``root``.

    Args:
        root: The project (its ``mkdocs.yml``, which names ``wiki.toml``).
        api: The wiki's ``api.php``, over ``wiki.toml``'s.
        export: A Special:Export XML file to read instead of the API.
        retries: For the API: how often to try again after a dropped connection or a 5xx.

    Raises:
        SyncError: for anything that stops the sync; nothing is written then.
    """
    wiki, site = load_settings(root / CONFIG_FILE)
    state_path = wiki.into / STATE_NAME
    state = SyncState.loads(state_path.read_text("utf-8"), str(state_path)) if state_path.exists() else None
    since = {p.title: p.rev for p in state.pages} if state else {}
    if export is not None:
        fetched = fetch_from_export(export, wiki.titles, since)
    elif api or wiki.api:
        fetched = fetch_from_api(api or wiki.api, wiki.titles, since, retries=retries)
    else:
        raise SyncError(f"no wiki to sync from: set api in {wiki.file.name}, or give WIKI_API=… (or EXPORT=file.xml)")
    new = [r for title in wiki.titles for r in fetched.pages[title]]
    report = SyncReport(sorted(new, key=lambda r: (r.time, r.rev)))
    if not new:
        return report
    outputs = _outputs(wiki, site, state, fetched, report)
    _write_all(outputs)
    report.written = [str(p.relative_to(root)) if p.is_relative_to(root) else str(p) for p in outputs]
    return report


def _outputs(
    wiki: WikiSettings, site: SiteFiles, state: SyncState | None, fetched: Fetched, report: SyncReport
) -> dict[Path, bytes]:
    """Every file the sync writes, and its bytes: all checked before any is written."""
    into = wiki.into
    known = {p.title: p for p in state.pages} if state else {}
    texts = {t: (into / known[t].file).read_text("utf-8") for t in wiki.titles if t in known}
    history = _read(site.history, RuleHistory.loads, RuleHistory())
    lock = _read(site.lock, AnchorLock.loads, AnchorLock())
    first = state is None
    replayed = replay(
        wiki.titles,
        texts,
        report.revisions,
        site.pages,
        history=RuleHistory() if first else history,
        lock=lock,
        lock_name=site.lock.name,
    )
    out_history = replayed.history
    if first:
        out_history, report.dropped = keep_older(out_history, history)
    try:
        RuleHistory.loads(out_history.dumps(), site.history.name)
    except RulebookError as exc:
        raise SyncError(f"the history after this sync would not load ({exc})") from None
    report.versions, report.refused, report.lock_added = replayed.versions, replayed.refused, len(replayed.lock.added)
    outputs: dict[Path, bytes] = {}
    pages = []
    for title in wiki.titles:
        revs = fetched.pages[title]
        name = file_name(title)
        if revs:
            outputs[into / name] = (revs[-1].text or "").encode("utf-8")
        pages.append(PageState(title, name, revs[-1].rev if revs else known[title].rev))
    before = _read(into / REVISIONS_NAME, lambda text, _name: text, "")
    load_revisions(before, str(into / REVISIONS_NAME))
    outputs[into / REVISIONS_NAME] = (before + "".join(r.line() + "\n" for r in report.revisions)).encode("utf-8")
    api = fetched.api or (state.api if state else "")
    index = fetched.index or (state.index if state else "")
    outputs[into / STATE_NAME] = SyncState(api, index, tuple(pages)).dumps().encode("utf-8")
    history_bytes = out_history.dumps().encode("utf-8")
    if not site.history.exists() or site.history.read_bytes() != history_bytes:
        outputs[site.history] = history_bytes
    if replayed.lock.is_updated:
        outputs[site.lock] = replayed.lock.lock.dumps().encode("utf-8")
    return outputs


def _read(path: Path, parse: Callable[[str, str], T], empty: T) -> T:
    """``path`` parsed, or ``empty`` when it does not exist; a file that does not parse stops the sync."""
    if not path.exists():
        return empty
    try:
        return parse(path.read_text("utf-8"), path.name)
    except RulebookError as exc:
        raise SyncError(f"{exc}; fix it before syncing") from None


def _write_all(outputs: dict[Path, bytes]) -> None:
    """Write every file beside its place, then move each over its place (nothing half-written)."""
    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in outputs.items():
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
