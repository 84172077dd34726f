"""What the page and the calculators' worker say to each other, typed once.

The page (``docs/assets/js/calculators/engine.mjs``) starts one Web Worker
(``worker.mjs``) per visit, which runs Pyodide and this package. Every message is JSON
data with one discriminant, ``type``; requests that expect an answer carry an ``id``,
which the reply repeats. ``build_scripts/tools/type_export.py`` writes these TypedDicts out as
the TypeScript declarations both scripts are checked against (``tsc``), and the
runtime identity's patterns as the page's check of it (``protocol.mjs``), so neither
script has a copy of its own.

Page → worker: :class:`Start` once, then :class:`Compute`, :class:`Play` and
:class:`Snapshot`. Worker → page: :class:`Ready` or :class:`Failed` once, then an
:class:`Answered` or :class:`Unanswered` for each request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, TypedDict

from calculators.contract import View
from calculators.played import Effect

__all__ = [
    "Answer",
    "Answered",
    "Calculation",
    "Compute",
    "Failed",
    "Pattern",
    "Play",
    "Ready",
    "Refusal",
    "Reply",
    "Request",
    "RollAnswer",
    "Rolled",
    "RuntimeIdentity",
    "Snapshot",
    "SnapshotStored",
    "Start",
    "Unanswered",
]


@dataclass(frozen=True)
class Pattern:
    """A regular expression a string must match in full (a constraint for ``Annotated``)."""

    regex: str


# ----------------------------------------------------------------------------- answers


class Calculation(TypedDict):
    """The worker's answer to a calculation: the result (as the CLI's JSON) and its view."""

    #: The calculator's result as JSON (its keys differ by calculator; the page never reads them).
    result: dict[str, object]
    view: View


class Refusal(TypedDict):
    """The worker's answer to bad input: a message per field (``""`` for the whole form)."""

    errors: dict[str, str]


class Rolled(TypedDict):
    """The worker's answer to Roll it: one line per step of the play-out, and what the page may apply."""

    lines: list[str]
    effects: list[Effect]
    faces_used: int


class SnapshotStored(TypedDict):
    """The worker's answer to a request to keep a snapshot of its Python for the next visit."""

    stored: bool
    #: The stored snapshot's size (0 when none was stored).
    bytes: int
    #: Why none was stored (``""`` when one was).
    reason: str


#: What a calculation answers.
Answer = Calculation | Refusal
#: What Roll it answers.
RollAnswer = Rolled | Refusal


# ----------------------------------------------------------------------------- page → worker


class RuntimeIdentity(TypedDict):
    """Which Python runtime a build ships: the build writes it into each page with calculators."""

    #: Pyodide's version, the folder of its files under ``assets/pyodide/``.
    pyodide: Annotated[str, Pattern(r"[0-9A-Za-z_.-]+")]
    #: The compiled stdlib's content hash.
    stdlib: Annotated[str, Pattern(r"[0-9a-f]{12}")]
    #: The calculators archive's content-hashed name, under ``assets/py/``.
    calculators: Annotated[str, Pattern(r"calculators-[0-9a-f]{12}\.zip")]


class Start(TypedDict):
    """Start Python: which runtime, whether to download at once, whether from a snapshot.

    Every download starts at once on a first visit; a stored snapshot is not used by a start
    again after a failure (the snapshot is set aside: the files are what it is checked against).
    """

    type: Literal["start"]
    runtime: RuntimeIdentity
    prefetch: bool
    snapshot: bool


class Compute(TypedDict):
    """Calculate: a calculator's name and the form's values."""

    type: Literal["compute"]
    id: int
    name: str
    inputs: dict[str, str]


class Play(TypedDict):
    """Play a calculation out with d6 faces the page rolled (Roll it)."""

    type: Literal["play"]
    id: int
    name: str
    inputs: dict[str, str]
    faces: list[int]


class Snapshot(TypedDict):
    """Keep a memory snapshot of this freshly started Python, for the next visit."""

    type: Literal["snapshot"]
    id: int


#: Everything the page sends the worker.
Request = Start | Compute | Play | Snapshot


# ----------------------------------------------------------------------------- worker → page


class Ready(TypedDict):
    """Python has started and answers."""

    type: Literal["ready"]
    #: How it started: from a memory snapshot, or from the files.
    source: Literal["snapshot", "files"]
    #: Why a stored snapshot was not used (``""`` when none was refused).
    fallback: str
    #: When each step of the start ended, in ms since the worker started.
    timings: dict[str, float]


class Failed(TypedDict):
    """Python could not start."""

    type: Literal["failed"]
    message: str


class Taken(TypedDict):
    """The worker has begun the request ``id``: the request's time limit runs from now.

    A request sent while the worker is busy (a snapshot being made) waits its turn without
    a limit of its own; the page knows the worker is not hung while what it took is in time.
    """

    type: Literal["taken"]
    id: int


class Answered(TypedDict):
    """The answer to the request ``id``: to a Compute, a Play or a Snapshot."""

    type: Literal["answer"]
    id: int
    answer: Calculation | Refusal | Rolled | SnapshotStored


class Unanswered(TypedDict):
    """The request ``id`` failed on the way (not bad input: that is a :class:`Refusal`)."""

    type: Literal["error"]
    id: int
    message: str


#: Everything the worker sends the page.
Reply = Ready | Failed | Taken | Answered | Unanswered
