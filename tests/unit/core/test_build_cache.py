"""The build's cache: an entry made once, however many builds ask for it at the same time."""

from __future__ import annotations

import fcntl
import os
import threading
import time
from pathlib import Path

import pytest

from build_scripts.core.build_cache import BuildCache, Job, Made


def made_where(text: str) -> bytes:
    """An entry that says which process made it (a worker process imports this module)."""
    return f"{text} by {os.getpid()}".encode()


def never(text: str) -> bytes:
    raise AssertionError(f"{text} was made here, but another build was making it")


def test_an_entry_is_made_once_then_read(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path)
    first = cache.make("a.bin", lambda: b"one")
    assert (first.data, first.made) == (b"one", True)
    again = cache.make("a.bin", lambda: b"two")
    assert (again.data, again.made) == (b"one", False)
    assert again == Made(tmp_path / "a.bin", made=False)
    assert cache.get("a.bin") == b"one"
    assert not list(tmp_path.glob("*.part")), "written whole: no partial file stays"


def test_an_entry_is_linked_into_the_site_not_written_again(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    made = cache.make("card.png", lambda: b"image")
    site = tmp_path / "site"
    site.mkdir()
    (site / "card.png").write_bytes(b"an older build's image")
    made.link_to(site / "card.png")
    assert (site / "card.png").read_bytes() == b"image"
    assert (site / "card.png").stat().st_ino == (tmp_path / "cache" / "card.png").stat().st_ino


def test_an_error_leaves_no_entry_and_no_lock(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path)

    def broken() -> bytes:
        raise RuntimeError("the compiler failed")

    with pytest.raises(RuntimeError, match="the compiler failed"):
        cache.make("a.bin", broken)
    assert cache.get("a.bin") is None
    assert cache.make("a.bin", lambda: b"one") == Made(tmp_path / "a.bin", made=True)


def test_two_builds_at_once_make_an_entry_once_and_the_second_waits_for_it(tmp_path: Path) -> None:
    calls: list[str] = []
    started = threading.Event()

    def slow(who: str) -> bytes:
        calls.append(who)
        started.set()
        time.sleep(0.5)  # slow work: the second build asks meanwhile
        return who.encode()

    results: dict[str, Made] = {}
    first = threading.Thread(target=lambda: results.update(first=BuildCache(tmp_path).make("a", lambda: slow("first"))))
    first.start()
    started.wait(5)
    results["second"] = BuildCache(tmp_path).make("a", lambda: slow("second"))
    first.join()
    assert calls == ["first"]
    assert results == {"first": Made(tmp_path / "a", made=True), "second": Made(tmp_path / "a", made=False)}
    assert results["second"].data == b"first"


def test_many_entries_are_made_in_worker_processes_in_the_jobs_order(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path)
    cache.make("kept", lambda: b"from an earlier build")
    jobs = {name: Job(made_where, name) for name in ("c", "kept", "a", "b")}
    made = cache.make_all(jobs, workers=2)
    assert list(made) == ["c", "kept", "a", "b"]
    assert (made["kept"].data, made["kept"].made) == (b"from an earlier build", False)
    makers = set()
    for name in ("c", "a", "b"):
        text, _, pid = made[name].data.decode().partition(" by ")
        assert (text, made[name].made, cache.get(name)) == (name, True, made[name].data)
        makers.add(int(pid))
    assert os.getpid() not in makers, "made in worker processes, not in the build's own"
    assert cache.make_all(jobs, workers=2) == {name: Made(tmp_path / name, made=False) for name in jobs}


def test_an_entry_another_build_is_making_is_left_to_it_and_read_when_done(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path)
    (tmp_path / ".locks").mkdir()
    other_build = (tmp_path / ".locks" / "b").open("a")
    fcntl.flock(other_build, fcntl.LOCK_EX)

    def finish_it() -> None:
        time.sleep(1.0)  # the other build is still making b while this one makes a and c
        (tmp_path / "b").write_bytes(b"the other build's b")
        fcntl.flock(other_build, fcntl.LOCK_UN)
        other_build.close()

    other = threading.Thread(target=finish_it)
    other.start()
    made = cache.make_all({"a": Job(made_where, "a"), "b": Job(never, "b"), "c": Job(made_where, "c")}, workers=2)
    other.join()
    assert (made["b"].data, made["b"].made) == (b"the other build's b", False)
    assert [made["a"].made, made["c"].made] == [True, True]
