"""A synthetic whole book: the project's own exports grown N times, deterministically.

``make bench-scale`` builds the site from books of 1×, 10× and 50× today's rules, to show
what grows with the book. Copy ``k`` (2..N) of the rulebook is "Book k": the two exports
that hold every section (``battlefield-terrain.wiki`` and ``unit-types.wiki``; the other
two repeat sections of the first) become ``docs/rulebook/book-kk.wiki``, shown as five
pages in the navigation group ``Books 11–20 › Book k`` (ten books a shelf). Each copy is
changed so that it is a book of its own, never a repeat the build could merge:

- every section heading (``==…==``, ``===…===``) gets `` (Book k)``, so pages stay apart;
- a sentence that asks the players to agree or decide (a ``[[signal]]`` of
  ``build_scripts/maps/table.toml``) is left out: the table's coverage check wants each of
  those answered by a question, and a copy asks nothing new;
- a share of the words (``NEW_WORDS``, 12 % of the distinct words of four letters or more,
  the same word the same way throughout the copy) is replaced by made-up words, so the
  vocabulary grows as a real book's does (Heaps' law: about √N times today's at N times the
  words, 7× at 50×), and every line changes at least one word (so no two copies share a
  sentence, and no rule's words are another's);
- each ``page XX`` keeps its place: the word before it is made up afresh, and the copy's
  ``xrefs.toml`` gets an entry for it that means what the original's entry means.

The copy is a folder of its own (``mkdocs.yml``, the exports, the maps; ``node_modules``
linked), built as ``make build`` builds. Nothing is random: the same N gives the same bytes.

    .venv/bin/python -m harness.synthetic_book 10 /tmp/book-10
"""

from __future__ import annotations

import argparse
import hashlib
import re
import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path

from build_scripts.settings.options import CONFIG_FILE, load_project
from harness.project import ROOT

#: The exports a copy is made from (the others repeat their sections).
SOURCES = ("battlefield-terrain.wiki", "unit-types.wiki")
BANNER = "Editing Scrollhammer Rulebook (section)"
#: The share of a copy's distinct words (four letters or more) that it replaces by made-up ones.
NEW_WORDS = 0.12
#: How many books a shelf of the navigation holds.
SHELF = 10
#: A copy's pages: (name, title, the section heading they show).
PAGES = (
    ("terrain", "Terrain", "Types of Terrain"),
    ("buildings", "Buildings", "Buildings"),
    ("ruins", "Ruins", "Ruins"),
    ("other-terrain", "Other terrain", "Other Terrain Types"),
    ("unit-types", "Unit types", "Unit Types"),
)
REFERENCE = "page XX"
_HEADING = re.compile(r"^(=+)(.*?)(=+)\s*$")
_WORD = re.compile(r"[A-Za-z]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in ("a", "e", "i", "o", "u", "ar", "en", "or")]
#: Words left alone: the reference's own words, and markup-like ones.
_KEEP = frozenset({"page"})


@dataclass(frozen=True)
class Reference:
    """A ``page XX`` of a copy and the entry of the map that resolves it."""

    context: str
    target: str | None
    unresolved: str | None


def _made_up(*key: object) -> str:
    """A pronounceable made-up word for ``key`` (the same key, the same word)."""
    digest = hashlib.sha256(repr(key).encode()).digest()
    return "".join(_SYLLABLES[b % len(_SYLLABLES)] for b in digest[:3])


def _cased(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    return word.capitalize() if like[:1].isupper() else word


class Copy:
    """The words of copy ``k``: which are replaced, and by what."""

    def __init__(self, k: int, known: set[str]) -> None:
        self.k = k
        self.known = known
        self._words: dict[str, str] = {}

    def fresh(self, *key: object) -> str:
        """A made-up word no book has used yet."""
        n = 0
        while True:
            word = _made_up(self.k, *key, n)
            if word not in self.known:
                self.known.add(word)
                return word
            n += 1

    def replaced(self, word: str) -> str | None:
        """What the copy says instead of ``word`` (``None``: the word stays)."""
        low = word.lower()
        if len(low) < 4 or low in _KEEP:
            return None
        roll = int.from_bytes(hashlib.sha256(f"{self.k}:{low}".encode()).digest()[:4], "big") / 2**32
        if roll >= NEW_WORDS:
            return None
        if low not in self._words:
            self._words[low] = self.fresh(low)
        return _cased(self._words[low], word)

    def line(self, text: str, where: object) -> str:
        """A line of rule text in this copy's words, at least one word changed."""
        changed = False

        def swap(match: re.Match[str]) -> str:
            nonlocal changed
            new = self.replaced(match.group())
            if new is None:
                return match.group()
            changed = True
            return new

        out = _WORD.sub(swap, text)
        if not changed:
            words = [m for m in _WORD.finditer(out) if len(m.group()) >= 4 and m.group().lower() not in _KEEP]
            if words:
                m = max(words, key=lambda w: len(w.group()))
                out = out[: m.start()] + _cased(self.fresh("line", where), m.group()) + out[m.end() :]
        return out


def _map(project: Path, option: str) -> Path:
    """The map file a plugin option names (``table``, ``xref_map``), as the project's own settings give it."""
    settings = load_project(project / CONFIG_FILE)
    return settings.path(getattr(settings.options, option))


def _signals(project: Path) -> list[re.Pattern[str]]:
    data = tomllib.loads(_map(project, "table").read_text("utf-8"))
    return [re.compile(s["pattern"], re.IGNORECASE) for s in data["signal"]]


def _xref_entries(project: Path) -> list[dict[str, str]]:
    return list(tomllib.loads(_map(project, "xref_map").read_text("utf-8"))["ref"])


def _plain(text: str) -> str:
    return text.replace("'''", "").replace("''", "")


def _without_signals(text: str, signals: list[re.Pattern[str]]) -> str:
    kept = [s for s in _SENTENCE_END.split(text) if not any(p.search(s) for p in signals)]
    return " ".join(kept)


def copy_text(k: int, sources: list[str], known: set[str], project: Path = ROOT) -> tuple[str, list[Reference]]:
    """The export of Book ``k`` and its references, from the original exports' texts."""
    signals = _signals(project)
    entries = _xref_entries(project)
    copy = Copy(k, known)
    lines = [BANNER, ""]
    refs: list[Reference] = []
    for source in sources:
        body = source.split("\n", 1)[1]  # the banner is the wiki's, once per file
        for n, raw in enumerate(body.split("\n")):
            heading = _HEADING.match(raw)
            if heading:
                lines.append(f"{heading[1]}{heading[2]} (Book {k}){heading[3]}")
                continue
            if not raw.strip():
                lines.append(raw)
                continue
            text = _without_signals(raw, signals)
            if not text.strip():
                lines.append("")
                continue
            line = copy.line(text, (len(lines), n))
            line, found = _references(copy, text, line, entries, (len(lines), n))
            refs += found
            lines.append(line)
    return "\n".join(lines), refs


def _references(
    copy: Copy, original: str, line: str, entries: list[dict[str, str]], where: object
) -> tuple[str, list[Reference]]:
    """Make the word before each ``page XX`` new, and an entry that resolves it as the original's does."""
    if REFERENCE not in line:
        return line, []
    old_parts = original.split(REFERENCE)
    parts = line.split(REFERENCE)
    refs = []
    for i in range(len(parts) - 1):
        before_old = _plain(REFERENCE.join(old_parts[: i + 1]) + REFERENCE)
        entry = next((e for e in entries if before_old.endswith(e["context"])), None)
        words = [m for m in _WORD.finditer(parts[i]) if len(m.group()) >= 4]
        if not words or entry is None:
            raise ValueError(f"no word to make new before {REFERENCE!r} in {line!r}")
        last = words[-1]
        fresh = _cased(copy.fresh("ref", where, i), last.group())
        rest = parts[i][last.end() :]
        parts[i] = parts[i][: last.start()] + fresh + rest
        context = fresh + _plain(rest) + REFERENCE
        refs.append(Reference(context, entry.get("target"), entry.get("unresolved")))
    return REFERENCE.join(parts), refs


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def shelf(k: int) -> str:
    """The navigation group of Book ``k``'s shelf (``Books 11–20``; the first is ``Books 2–10``)."""
    first = max(2, (k - 1) // SHELF * SHELF + 1)
    last = (k - 1) // SHELF * SHELF + SHELF
    return f"Books {first}–{last}"


def _copy_project(project: Path, dest: Path, cache: Path | None) -> None:
    ignore = shutil.ignore_patterns(
        ".venv", "node_modules", "site", ".git", "build", "test-results", "mutants", "*.pyc", "__pycache__", "bench"
    )
    shutil.copytree(project, dest, ignore=ignore)
    (dest / "node_modules").symlink_to(ROOT / "node_modules")
    if cache is not None:  # a shared build cache (the tests'); the benchmark builds cold
        (dest / "build").mkdir()
        cache.mkdir(parents=True, exist_ok=True)
        (dest / "build" / "cache").symlink_to(cache)


def _insert_after(text: str, anchor: str, added: str) -> str:
    if text.count(anchor) != 1:
        raise ValueError(f"mkdocs.yml: expected {anchor!r} once")
    return text.replace(anchor, anchor + added)


def make_book(times: int, dest: Path, *, project: Path = ROOT, flat: bool = False, cache: Path | None = None) -> Path:
    """Write a copy of ``project`` whose rulebook is ``times`` books (1: today's), and return it.

    ``flat``: no navigation groups (for a project from before they existed: every page at the top).
    ``cache``: a build cache to share (linked as the copy's ``build/cache``); none: the copy builds cold.
    """
    if times < 1:
        raise ValueError("times must be 1 or more")
    if dest.exists():
        shutil.rmtree(dest)
    _copy_project(project, dest, cache)
    rulebook = dest / "docs" / "rulebook"
    sources = [(rulebook / name).read_text("utf-8") for name in SOURCES]
    known = {w.lower() for text in sources for w in _WORD.findall(text)}
    exports, pages, refs = "", "", []
    for k in range(2, times + 1):
        text, found = copy_text(k, sources, known, project)
        name = f"book-{k:02d}.wiki"
        (rulebook / name).write_text(text, "utf-8")
        refs += found
        exports += f"        - {name}\n"
        for page, title, section in PAGES:
            group = "" if flat else f", group: [{_toml_string(shelf(k))}, {_toml_string(f'Book {k}')}]"
            pages += f'        - {{name: b{k:02d}-{page}, title: {title}, section: "{section} (Book {k})"{group}}}\n'
    config = dest / "mkdocs.yml"
    yml = config.read_text("utf-8")
    yml = _insert_after(yml, "        - unit-types.wiki\n", exports)
    yml = _insert_after(yml, "        - {name: calculators, title: Calculators, kind: calculators}\n", pages)
    config.write_text(yml, "utf-8")
    with _map(dest, "xref_map").open("a", encoding="utf-8") as out:
        for ref in refs:
            out.write(f"\n[[ref]]\ncontext = {_toml_string(ref.context)}\n")
            if ref.target:
                out.write(f"target = {_toml_string(ref.target)}\n")
            else:
                out.write(f"unresolved = {_toml_string(str(ref.unresolved))}\n")
    return dest


def edit_one_export(book: Path, times: int) -> Path:
    """Change one sentence of one export (the middle book's, or today's terrain at 1×): the edit a maintainer makes."""
    name = f"book-{(times + 2) // 2:02d}.wiki" if times > 1 else "battlefield-terrain.wiki"
    path = book / "docs" / "rulebook" / name
    text = path.read_text("utf-8")
    at = text.find(".", text.find("Open ground covers everything") if times == 1 else len(text) // 2)
    path.write_text(text[:at] + ", as the players will find" + text[at:], "utf-8")
    return path


def main() -> None:
    """Write a synthetic book: ``harness/synthetic_book.py N DEST``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("times", type=int, help="how many times today's rules (1, 10, 50)")
    parser.add_argument("dest", type=Path, help="the folder to write the project copy into")
    parser.add_argument("--project", type=Path, default=ROOT, help="the project to copy (default: this one)")
    parser.add_argument("--flat", action="store_true", help="no navigation groups (a project from before them)")
    args = parser.parse_args()
    print(make_book(args.times, args.dest, project=args.project.resolve(), flat=args.flat))  # noqa: T201 - its answer


if __name__ == "__main__":
    main()
