"""The site reads a line's apostrophes exactly as MediaWiki 1.39's own ``Parser::doQuotes`` does.

Every line of up to eight characters made of apostrophes, a letter and a space (and longer
lines of the shapes editors write) is read by the wiki's PHP and by
:func:`build_scripts.rulebook.wiki_quotes.quote_tags`; the two must agree on every one.
"""

from __future__ import annotations

import itertools
import json
import random
import subprocess
from pathlib import Path

from support.wiki import MEDIAWIKI

from build_scripts.rulebook.wiki_quotes import quote_tags

SCRIPT = Path(__file__).parent.parent / "support" / "do_quotes.php"


def mediawiki_reads(lines: list[str]) -> list[str]:
    """Each line as MediaWiki's ``doQuotes`` returns it."""
    done = subprocess.run(
        ["php", str(SCRIPT), str(MEDIAWIKI)], input=json.dumps(lines), capture_output=True, text=True, check=True
    )
    return list(json.loads(done.stdout))


def every_line(letters: str, longest: int) -> list[str]:
    """Every line of ``letters`` up to ``longest`` characters."""
    return ["".join(p) for n in range(1, longest + 1) for p in itertools.product(letters, repeat=n)]


WRITTEN = [
    "The ''Sergeant'''s '''rule''' is ''l'''amour'' of it.",
    "'''''Bold italic text '''with bold deactivated''' in between.'''''",
    "'''This year''''s election ''should'' beat '''last year''''s.",
    "''Tom'''s car is bigger than ''Susan'''s.",
    "plain'''''bold-italic''bold'''plain",
    "plain''italic'''bold-italic'''''plain",
    "A ''''''six'''''' and '''''''seven'''''''",
    "ab'''c d'''e f'''g''",
    "Ünits ''ä'''b '''c",
    "x'''''",
    "'''''",
]


def test_every_short_line_of_apostrophes_is_read_as_mediawiki_reads_it() -> None:
    lines = every_line("'a ", 8)
    assert len(lines) == 9840
    ours = [quote_tags(line)[0] for line in lines]
    theirs = mediawiki_reads(lines)
    differ = [(line, o, t) for line, o, t in zip(lines, ours, theirs, strict=True) if o != t]
    assert differ == []


def test_ten_thousand_longer_lines_are_read_as_mediawiki_reads_them() -> None:
    rng = random.Random(62)  # noqa: S311 - a fixed sample of lines, not a secret
    pieces = ["'", "''", "'" * 3, "a", "ab", " ", " a", "é"]
    lines = ["".join(rng.choices(pieces, k=rng.randint(4, 16))) for _ in range(10_000)]
    ours = [quote_tags(line)[0] for line in lines]
    assert [(line, o) for line, o, t in zip(lines, ours, mediawiki_reads(lines), strict=True) if o != t] == []


def test_lines_as_editors_write_them_are_read_as_mediawiki_reads_them() -> None:
    assert [quote_tags(line)[0] for line in WRITTEN] == mediawiki_reads(WRITTEN)
