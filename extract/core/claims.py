"""Value types shared by every stage: the claim row and the error family."""
from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any, NamedTuple

#: The spec's columns, in order (section 6).
SPEC_FIELDS: tuple[str, ...] = (
    "doc", "model", "hardware", "metric", "value", "unit", "baseline", "evidence",
)
#: Optional columns the extractor adds for the ledger.
EXTRA_FIELDS: tuple[str, ...] = (
    "start", "end", "claim_id", "task", "precision", "qualifier", "value_max", "raw", "direction",
)
ALL_FIELDS: tuple[str, ...] = SPEC_FIELDS + EXTRA_FIELDS

METRICS: frozenset[str] = frozenset({
    "throughput", "time_to_train", "latency", "speed", "memory", "compute",
    "accuracy", "power", "efficiency", "bandwidth", "cost",
})


class Span(NamedTuple):
    """A half-open interval ``[start, end)`` of character offsets (a clause, a
    sentence, a name), in the text the stage works on.

    >>> clause = Span(3, 9)
    >>> clause.end - clause.start, clause == (3, 9)
    (6, True)
    """

    start: int
    end: int


class Baseline(str, Enum):
    """The baselines that are a kind rather than a name as written.

    ``PREVIOUS`` is the spec's word for an unnamed earlier self (上一代, 首次提交;
    section 2) and is written out as it is. The pronouns (前者, 后者, 其, 它) stand
    for a system named elsewhere until the binder resolves them to its name.
    A baseline field holds plain text, a member's ``.value``; a member equals
    its value (``Baseline.PREVIOUS == "previous"``), so fields compare to it."""

    PREVIOUS = "previous"
    FORMER = "@前者"    # the first of the systems named before
    LATTER = "@后者"    # the last of them, or what was compared against
    ITS = "@其"         # the system named before
    IT = "@它"

    @classmethod
    def pronoun(cls, word: str) -> str:
        """The baseline of a pronoun comparator: 前者, 后者, 其 or 它."""
        return cls("@" + word).value

    @staticmethod
    def is_pronoun(baseline: str) -> bool:
        """Whether ``baseline`` still stands for a system named elsewhere."""
        return baseline in _PRONOUNS


_PRONOUNS = frozenset({Baseline.FORMER.value, Baseline.LATTER.value, Baseline.ITS.value, Baseline.IT.value})


@dataclass(frozen=True, slots=True)
class Claim:
    """One number a text asserts about a system's performance.

    ``raw`` keeps the surface text of the value and unit beside the
    normalised ``value``/``unit`` (like price-parser's ``Price``), and
    ``start``/``end`` index the *original* document text so that
    ``text[start:end] == evidence``.
    """

    doc: str
    model: str
    hardware: str
    metric: str
    value: float
    unit: str
    baseline: str
    evidence: str
    start: int
    end: int
    task: str = ""
    precision: str = ""
    qualifier: str = ""
    value_max: float | None = None
    raw: str = ""
    value_start: int = field(default=-1, compare=False)
    #: the same claim written again in the same words in the same document (two identical rows of a table): which
    #: repeat this is (0: the first), so that each row keeps an id of its own
    repeat: int = field(default=0, compare=False)
    #: ``up`` / ``down`` / empty: which way a relative or from-to value moves (提升 vs 降低)
    direction: str = ""

    @property
    def claim_id(self) -> str:
        """Stable id: same document, evidence span content and fields give the
        same id on any machine. The offset is not hashed, so an edit elsewhere
        in the document leaves untouched claims' ids alone; the occurrence of
        the same evidence text is disambiguated by the value's surface."""
        parts = [self.doc, self.evidence, self.raw, self.model, self.hardware,
                 self.metric, repr(float(self.value)), self.unit, self.baseline]
        occurrence = self.evidence[:self.value_start - self.start].count(self.raw) \
            if self.raw and self.start <= self.value_start else 0
        if occurrence:
            # "3x better performance per TCO and 3x greater energy efficiency": the same surface again
            # later in its clause is told apart by which occurrence it is (a first one keeps its id)
            parts.append(str(occurrence))
        if self.repeat:
            parts.append(f"repeat {self.repeat}")  # (a first one keeps its id)
        key = "\x1f".join(parts)
        return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:16]

    def to_row(self) -> dict[str, Any]:
        row = asdict(self)
        row.pop("value_start")
        row["claim_id"] = self.claim_id
        return {name: row[name] for name in ALL_FIELDS}


class ClaimsError(Exception):
    """Base of every error this package raises on purpose."""


class InputError(ClaimsError):
    """A document could not be read or decoded. Names the file."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class TableError(ClaimsError):
    """A claims table or gold file is malformed. Names file and line/row."""

    def __init__(self, path: str, reason: str, line: int | None = None) -> None:
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {reason}")
        self.path = path
        self.line = line
        self.reason = reason
