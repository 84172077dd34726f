"""The build's cache of what is slow to make: compressed copies, the compiled stdlib, card images.

An entry is a file named by a hash of everything that makes it, so it is never stale, only
unused. Builds running at once (the test suite's workers, a changed copy of the project
beside it) share one cache folder:

* an entry is made by one build while the others wait for it (a lock per entry, held by
  ``flock``, which the system releases if a build dies), and written whole (to a private
  file first, then renamed), so no build makes it twice and none reads half of it;
* :meth:`BuildCache.make_all` makes many entries on the machine's cores (each worker process
  writes its own), skipping the entries another build is making, and waits for those.

An entry is handed back as its file (:class:`Made`): read it, or link it into the site
(:meth:`Made.link_to`, a hard link where the file system allows one), so a build that finds
everything made writes none of those bytes again.
"""

from __future__ import annotations

import contextlib
import fcntl
import multiprocessing
import os
import shutil
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

__all__ = ["BuildCache", "Job", "Made"]


@dataclass(frozen=True)
class Job:
    """How to make an entry: a module-level function (a worker process runs it) of one argument."""

    make: Callable[[Any], bytes]
    argument: Any

    def run(self) -> bytes:
        """Make the entry here, in this process."""
        return self.make(self.argument)


@dataclass(frozen=True)
class Made:
    """An entry's file, and whether this build made it (``False``: found in the cache)."""

    path: Path
    made: bool

    @property
    def data(self) -> bytes:
        """The entry's bytes."""
        return self.path.read_bytes()

    def link_to(self, target: Path) -> None:
        """Put the entry at ``target`` (replacing what is there): a hard link, or a copy.

        A copy where the file system has no link (another device). Entries are never changed
        once written, so a link is as good as a copy.
        """
        target.unlink(missing_ok=True)
        try:
            os.link(self.path, target)
        except OSError:
            shutil.copyfile(self.path, target)


def _cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0))


class BuildCache:
    """A folder of entries, each made once however many builds ask for it at the same time."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def get(self, name: str) -> bytes | None:
        """The entry ``name``, or ``None`` if no build has made it."""
        path = self.folder / name
        return path.read_bytes() if path.is_file() else None

    def _found(self, name: str) -> Made | None:
        path = self.folder / name
        return Made(path, made=False) if path.is_file() else None

    def make(self, name: str, make: Callable[[], bytes]) -> Made:
        """The entry ``name``, made now by ``make`` unless it is here or another build is making it.

        Waits for the other build's entry; an error of ``make`` leaves no entry.
        """
        found = self._found(name)
        if found is not None:
            return found
        with self._lock(name):
            found = self._found(name)  # made by the build this one waited for
            if found is not None:
                return found
            _put(self.folder, name, make())
            return Made(self.folder / name, made=True)

    def make_all(self, jobs: Mapping[str, Job], *, workers: int | None = None) -> dict[str, Made]:
        """Every entry of ``jobs`` (name → how to make it), in their order.

        The missing ones are made ``workers`` at a time (the cores, by default) in worker
        processes, the first ones first (give the slowest first); an entry another build is
        making is left to it and read when it is done.
        """
        done: dict[str, Made] = {}
        missing: deque[str] = deque()
        for name in jobs:
            found = self._found(name)
            if found is None:
                missing.append(name)
            else:
                done[name] = found
        workers = max(1, min(workers or _cores(), len(missing)))
        theirs: list[str] = []
        if workers == 1:
            for name in missing:
                done[name] = self.make(name, jobs[name].run)
        elif missing:
            theirs = self._make_side_by_side(missing, jobs, workers, done)
        for name in theirs:
            done[name] = self.make(name, jobs[name].run)
        return {name: done[name] for name in jobs}

    def _make_side_by_side(
        self, missing: deque[str], jobs: Mapping[str, Job], workers: int, done: dict[str, Made]
    ) -> list[str]:
        """Make the ``missing`` entries in ``workers`` processes (into ``done``).

        Returns:
            The names another build was making: read them when it is done.
        """
        theirs: list[str] = []
        running: dict[Future[None], tuple[str, IO[str]]] = {}
        # Spawned, not forked: a fork of a process with threads may deadlock (and Python 3.12 warns).
        with (
            ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool,
            _releasing(running),
        ):
            while missing or running:
                while missing and len(running) < 2 * workers:
                    name = missing.popleft()
                    handle = self._claim(name)
                    if handle is None:
                        theirs.append(name)
                        continue
                    found = self._found(name)  # made just before the claim
                    if found is not None:
                        _release(handle)
                        done[name] = found
                        continue
                    job = jobs[name]
                    running[pool.submit(_make_entry, self.folder, name, job)] = (name, handle)
                if not running:
                    break
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    name, handle = running.pop(future)
                    try:
                        future.result()
                    finally:
                        _release(handle)
                    done[name] = Made(self.folder / name, made=True)
        return theirs

    def _lock_file(self, name: str) -> IO[str]:
        locks = self.folder / ".locks"
        locks.mkdir(parents=True, exist_ok=True)
        return (locks / name).open("a")

    def _claim(self, name: str) -> IO[str] | None:
        """The entry's lock if no other build holds it now (release with :func:`_release`)."""
        handle = self._lock_file(name)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            return None
        return handle

    @contextlib.contextmanager
    def _lock(self, name: str) -> Iterator[None]:
        """Hold the entry's lock (waiting for another build that holds it)."""
        handle = self._lock_file(name)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
            yield
        finally:
            _release(handle)


def _put(folder: Path, name: str, data: bytes) -> None:
    """Write the entry whole: a reader sees all of it or none."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    partial = target.with_name(f"{target.name}.{os.getpid()}.part")
    partial.write_bytes(data)
    partial.replace(target)


def _make_entry(folder: Path, name: str, job: Job) -> None:
    """In a worker process: make the entry and write it (the build holds its lock meanwhile)."""
    _put(folder, name, job.run())


@contextlib.contextmanager
def _releasing(running: dict[Future[None], tuple[str, IO[str]]]) -> Iterator[None]:
    """On an error, release the locks of the entries still being made (their builds gave up)."""
    try:
        yield
    finally:
        for _, handle in running.values():
            _release(handle)


def _release(handle: IO[str]) -> None:
    fcntl.flock(handle, fcntl.LOCK_UN)
    handle.close()
