"""Which files a build reads the rulebook from: the wiki's pages once synced, else the exports.

Once ``wiki.toml``'s folder holds a sync (its ``wiki.json``), the build reads the pages it
names, in merge order, as whole wiki pages; before that, the hand-copied section exports,
as ever. A build never reaches the wiki: it reads only these files.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from build_scripts.core.errors import RulebookError
from build_scripts.rulebook.wiki_files import FILES_FOLDER, KeptImage, kept_images
from build_scripts.settings.wiki import WikiSettings
from build_scripts.sync.model import REVISIONS_NAME, STATE_NAME, Revision, SyncError, SyncState, load_revisions

__all__ = ["RulebookSource", "rulebook_source"]


@dataclass(frozen=True)
class RulebookSource:
    """The rulebook's files, and what the build knows of the wiki.

    The files as ``(name, bytes)`` in merge order; whether they are synced wiki pages; the
    wiki's ``index.php``; the synced revisions (``revisions.jsonl``, oldest first); the
    rulebook's page titles on the wiki and the pages its links name that the wiki lacks
    (what its links lead to); the images kept beside the files (``files/``), by name.
    """

    files: list[tuple[str, bytes]]
    synced: bool = False
    wiki_index: str = ""
    revisions: tuple[Revision, ...] = ()
    wiki_titles: tuple[str, ...] = ()
    wiki_missing: frozenset[str] = frozenset()
    images: dict[str, bytes] = field(default_factory=dict)

    @cached_property
    def kept_images(self) -> dict[str, KeptImage]:
        """The kept files that are pictures, each with its place on the site and its size (read once)."""
        return kept_images(self.images)


def rulebook_source(source_dir: Path, exports: Sequence[str], wiki: WikiSettings | None) -> RulebookSource:
    """The rulebook's files for a build: the synced pages in ``wiki``'s folder once it holds a sync, else the exports.

    Args:
        source_dir: The exports' folder.
        exports: The exports, in merge order.
        wiki: The project's ``wiki.toml`` (:func:`build_scripts.settings.wiki.read_wiki`), if it has one.

    Raises:
        RulebookError: naming the file, when a sync's ``wiki.json`` cannot be read, or a page
            it names is missing.
    """
    into = wiki.into if wiki is not None else None
    if into is None or not (into / STATE_NAME).exists():
        titles = wiki.titles if wiki is not None else ()
        files = [(name, (source_dir / name).read_bytes()) for name in exports]
        return RulebookSource(files, wiki_titles=titles, images=_images(source_dir / FILES_FOLDER))
    try:
        state = SyncState.loads((into / STATE_NAME).read_text("utf-8"), str(into / STATE_NAME))
    except SyncError as exc:
        raise RulebookError(str(exc)) from None
    missing = [p.file for p in state.pages if not (into / p.file).exists()]
    if missing:
        raise RulebookError(f"{into / STATE_NAME} names {', '.join(missing)}, which is not there; run make sync")
    files = [(p.file, (into / p.file).read_bytes()) for p in state.pages]
    log = into / REVISIONS_NAME
    try:
        revisions = load_revisions(log.read_text("utf-8"), str(log)) if log.exists() else []
    except SyncError as exc:
        raise RulebookError(str(exc)) from None
    return RulebookSource(
        files,
        synced=True,
        wiki_index=state.index,
        revisions=tuple(revisions),
        wiki_titles=(*(p.title for p in state.pages), *(wiki.titles if wiki else ())),
        wiki_missing=frozenset(state.missing),
        images=_images(into / FILES_FOLDER),
    )


def _images(folder: Path) -> dict[str, bytes]:
    """The files kept in ``folder``, by name (none when there is no such folder)."""
    if not folder.is_dir():
        return {}
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}
