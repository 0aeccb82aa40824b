"""Which system a value is about: gather candidates, score them with named
features, choose the best (issue 11).

The assembler gathers, for one value, every system it could be about: the
names of its clause and sentence (with where they stand and what role the
sentence gives them), the system the paragraph is about so far, the heading's
and the title's, a pronoun's antecedent, and the empty choice. Each candidate
carries named features; its score is the dot product with the weights in
``lexicons/binder.yaml``. The weights are data: an analyst can read them,
change them and ask, for any claim, why it went to A100 (``claims explain``).

>>> table = {"bias": 0.0, "clause_before": 10.0, "proximity": 1.0}
>>> near = Candidate("A100", "clause", {"clause_before": 1.0, "proximity": 0.2})
>>> far = Candidate("H100", "clause", {"clause_before": 1.0, "proximity": 0.1})
>>> choose([far, near, Candidate.empty()], table).name
'A100'
"""
from __future__ import annotations

import contextvars
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from .. import lexicons


class Candidate(NamedTuple):
    """One possible answer for a field, with the evidence for it. A tuple: a value
    gathers several (63,000 on the 2 MB bench corpus), and a NamedTuple builds in a
    fraction of a frozen dataclass's time; it compares, field by field, alike."""

    name: str                 # "" is the empty choice
    source: str               # clause | sentence | paragraph | heading | title | pronoun | comparator | empty
    features: dict[str, float] = {}  # (never mutated: every caller passes its own dict)
    start: int = -1           # where the mention is in the normalised text (-1: from context)

    @staticmethod
    def empty() -> "Candidate":
        return Candidate("", "empty", {"empty": 1.0})

    def score(self, weights: dict[str, float]) -> float:
        return sum(weights.get(name, 0.0) * value for name, value in self.features.items())

    def contributions(self, weights: dict[str, float]) -> list[tuple[str, float]]:
        """Each feature's share of the score, largest first."""
        parts = [(name, weights.get(name, 0.0) * value) for name, value in self.features.items()]
        return sorted((p for p in parts if p[1]), key=lambda p: -abs(p[1]))


#: the fields a binder chooses, each with its section of ``lexicons/binder.yaml``
FIELDS: tuple[str, ...] = ("hardware", "model", "baseline")


@lru_cache(maxsize=None)
def weights(field_name: str) -> dict[str, float]:
    """One field's binder weights (``lexicons/binder.yaml``, the section named after the field)."""
    return {name: float(w) for name, w in lexicons.load_yaml("binder.yaml")[field_name].items()}


def ranked(candidates: list[Candidate], weights: dict[str, float]) -> list[tuple[float, Candidate]]:
    """Candidates by score, best first; ties keep the order they were gathered in."""
    scored = [(c.score(weights), i, c) for i, c in enumerate(candidates)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(s, c) for s, _, c in scored]


def decide(field_name: str, value_start: int, candidates: list[Candidate]) -> Candidate:
    """The field's best candidate under its weights, the decision recorded while
    someone asks why (``claims explain``)."""
    table = weights(field_name)
    if recording():
        record(field_name, value_start, candidates, table)
    return choose(candidates, table)


def choose(candidates: list[Candidate], weights: dict[str, float]) -> Candidate:
    """The best-scoring candidate (the empty choice when there is none)."""
    if not candidates:
        return Candidate.empty()
    # ranked(...)[0][1] in one pass: the first candidate of the highest score (a later
    # one must score strictly higher to replace it, as the stable sort keeps ties in order)
    best, top = candidates[0], candidates[0].score(weights)
    for c in candidates[1:]:
        score = c.score(weights)
        if score > top:
            best, top = c, score
    return best


# --- explanations: recorded only while someone asks (claims explain) -------------------------------

@dataclass(frozen=True)
class Decision:
    field: str
    value_start: int          # offset of the value in the original text
    candidates: tuple[tuple[float, Candidate], ...]
    weights: dict[str, float] = field(default_factory=dict)  # what the scores were computed with


_RECORDER: contextvars.ContextVar[list[Decision] | None] = contextvars.ContextVar("binder_recorder", default=None)


def recording() -> bool:
    return _RECORDER.get() is not None


def record(field_name: str, value_start: int, candidates: list[Candidate], weights: dict[str, float]) -> None:
    decisions = _RECORDER.get()
    if decisions is not None:
        decisions.append(Decision(field_name, value_start, tuple(ranked(candidates, weights)), weights))


class Recorder:
    """``with Recorder() as decisions: extract_claims(...)`` collects every binder decision."""

    def __enter__(self) -> list[Decision]:
        self._decisions: list[Decision] = []
        self._token = _RECORDER.set(self._decisions)
        return self._decisions

    def __exit__(self, *exc: object) -> None:
        _RECORDER.reset(self._token)


def explain_lines(decision: Decision, top: int = 5) -> list[str]:
    """Readable lines: each candidate's score and the features that made it. The metric is
    a decision list, not a score: its line names the rule that decided."""
    lines = []
    for rank, (score, cand) in enumerate(decision.candidates[:top]):
        mark = "*" if rank == 0 else " "
        if decision.field == "metric":
            why = (f"rule: {next(iter(cand.features))}" if rank == 0
                   else f"also in the sentence: {next(iter(cand.features))}")
            lines.append(f"  {mark} {cand.name:<24} [{cand.source}] {why}")
            continue
        why = ", ".join(f"{name} {share:+.2f}" for name, share in cand.contributions(decision.weights))
        lines.append(f"  {mark} {cand.name or '(empty)':<24} {score:7.2f}  [{cand.source}] {why}")
    return lines
