"""Scoring against gold, exactly as spec section 7: per-document multiset
matching, tuple and value precision/recall/F1, per-field accuracy over
value-matched pairs, and every false positive and false negative."""
from __future__ import annotations

import itertools
import math
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

import regex

from ..core.values import to_base

FIELDS = ("model", "hardware", "metric", "baseline")
_DROP = regex.compile(r"[\s\-_.—–‐]")


def norm_name(name: str) -> str:
    """Name normalisation for matching: NFKC, casefold, drop spaces, - _ . and dashes.

    >>> norm_name("DGX-A100") == norm_name("dgx a100")
    True
    >>> norm_name("ResNet—50") == norm_name("ResNet50")
    True
    """
    return _DROP.sub("", unicodedata.normalize("NFKC", name or "").casefold())


@dataclass(frozen=True)
class Row:
    doc: str
    model: str
    hardware: str
    metric: str
    value: float
    unit: str
    baseline: str
    evidence: str = ""

    @property
    def converted(self) -> tuple[str, float]:
        return to_base(self.value, self.unit)

    def same_value(self, other: "Row") -> bool:
        (d1, v1), (d2, v2) = self.converted, other.converted
        return d1 == d2 and math.isclose(v1, v2, rel_tol=1e-6, abs_tol=0.0) if v1 or v2 else d1 == d2

    def agreement(self, other: "Row") -> int:
        return sum(self.field_equal(other, f) for f in FIELDS)

    def field_equal(self, other: "Row", name: str) -> bool:
        a, b = getattr(self, name), getattr(other, name)
        return a == b if name == "metric" else norm_name(a) == norm_name(b)

    def tuple_match(self, other: "Row") -> bool:
        return self.same_value(other) and all(self.field_equal(other, f) for f in FIELDS)


@dataclass(frozen=True)
class PRF:
    tp: int
    n_pred: int
    n_gold: int

    @property
    def precision(self) -> float:
        return self.tp / self.n_pred if self.n_pred else 0.0

    @property
    def recall(self) -> float:
        return self.tp / self.n_gold if self.n_gold else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {"tp": self.tp, "predicted": self.n_pred, "gold": self.n_gold,
                "precision": round(self.precision, 4), "recall": round(self.recall, 4), "f1": round(self.f1, 4)}


@dataclass
class Report:
    tuple: PRF
    value: PRF
    field_accuracy: dict[str, float]
    false_positives: list[Row] = field(default_factory=list)   # tuple-level
    false_negatives: list[Row] = field(default_factory=list)
    mismatches: list[tuple[Row, Row]] = field(default_factory=list)  # value-matched pairs (pred, gold) that differ
    per_doc: dict[str, PRF] = field(default_factory=dict)

    def as_dict(self) -> dict:
        def row(r: Row) -> dict:
            return {"doc": r.doc, "model": r.model, "hardware": r.hardware, "metric": r.metric,
                    "value": r.value, "unit": r.unit, "baseline": r.baseline, "evidence": r.evidence}
        return {
            "tuple": self.tuple.as_dict(), "value": self.value.as_dict(),
            "field_accuracy": {k: round(v, 4) for k, v in self.field_accuracy.items()},
            "false_positives": [row(r) for r in self.false_positives],
            "false_negatives": [row(r) for r in self.false_negatives],
            "per_doc": {d: p.as_dict() for d, p in self.per_doc.items()},
        }


def _tuple_matches(pred: list[Row], gold: list[Row]) -> tuple[list[Row], list[Row], int]:
    unmatched = list(pred)
    fns = []
    tp = 0
    for g in gold:
        hit = next((i for i, p in enumerate(unmatched) if p.tuple_match(g)), None)
        if hit is None:
            fns.append(g)
        else:
            unmatched.pop(hit)
            tp += 1
    return unmatched, fns, tp


def _value_pairs(pred: list[Row], gold: list[Row]) -> list[tuple[Row, Row]]:
    """Value-matched pairs, aligned to maximise field agreement: exhaustive
    within small groups of equal values, greedy by agreement beyond that."""
    pairs: list[tuple[Row, Row]] = []
    groups: dict[int, tuple[list[Row], list[Row]]] = defaultdict(lambda: ([], []))
    keys: list[Row] = []
    for g in gold:
        k = next((i for i, r in enumerate(keys) if r.same_value(g)), None)
        if k is None:
            keys.append(g)
            k = len(keys) - 1
        groups[k][1].append(g)
    for p in pred:
        k = next((i for i, r in enumerate(keys) if r.same_value(p)), None)
        if k is not None:
            groups[k][0].append(p)
    for ps, gs in groups.values():
        if not ps:
            continue
        small, large = (ps, gs) if len(ps) <= len(gs) else (gs, ps)
        if len(large) <= 7:
            best = max(itertools.permutations(range(len(large)), len(small)),
                       key=lambda perm: sum(small[i].agreement(large[j]) for i, j in enumerate(perm)))
            chosen = [(small[i], large[j]) for i, j in enumerate(best)]
        else:
            cands = sorted(((s.agreement(l), i, j) for i, s in enumerate(small) for j, l in enumerate(large)),
                           reverse=True)
            used_i, used_j, chosen = set(), set(), []
            for _, i, j in cands:
                if i not in used_i and j not in used_j:
                    used_i.add(i)
                    used_j.add(j)
                    chosen.append((small[i], large[j]))
        pairs.extend((a, b) if small is ps else (b, a) for a, b in chosen)
    return pairs


def score(pred: list[Row], gold: list[Row]) -> Report:
    """Score predictions against gold. Only documents with gold are scored."""
    gold_docs = {g.doc for g in gold}
    by_doc_pred: dict[str, list[Row]] = defaultdict(list)
    by_doc_gold: dict[str, list[Row]] = defaultdict(list)
    for p in pred:
        if p.doc in gold_docs:
            by_doc_pred[p.doc].append(p)
    for g in gold:
        by_doc_gold[g.doc].append(g)
    t_tp = v_tp = n_pred = 0
    fps: list[Row] = []
    fns: list[Row] = []
    agree = {f: 0 for f in FIELDS}
    n_pairs = 0
    mismatches = []
    per_doc = {}
    for doc in sorted(gold_docs):
        ps, gs = by_doc_pred[doc], by_doc_gold[doc]
        n_pred += len(ps)
        unmatched, missing, tp = _tuple_matches(ps, gs)
        t_tp += tp
        fps.extend(unmatched)
        fns.extend(missing)
        per_doc[doc] = PRF(tp, len(ps), len(gs))
        pairs = _value_pairs(ps, gs)
        v_tp += len(pairs)
        for p, g in pairs:
            n_pairs += 1
            for f in FIELDS:
                agree[f] += p.field_equal(g, f)
            if not p.tuple_match(g):
                mismatches.append((p, g))
    accuracy = {f: (agree[f] / n_pairs if n_pairs else 0.0) for f in FIELDS}
    return Report(PRF(t_tp, n_pred, len(gold)), PRF(v_tp, n_pred, len(gold)), accuracy, fps, fns, mismatches, per_doc)


def render(report: Report) -> str:
    lines = []
    for name, prf in (("tuple", report.tuple), ("value", report.value)):
        lines.append(f"{name:5} P={prf.precision:.3f} R={prf.recall:.3f} F1={prf.f1:.3f}  "
                     f"(tp={prf.tp} pred={prf.n_pred} gold={prf.n_gold})")
    lines.append("field accuracy over value-matched pairs: "
                 + "  ".join(f"{k}={v:.3f}" for k, v in report.field_accuracy.items()))
    lines.append(f"false positives ({len(report.false_positives)}):")
    lines += [f"  FP {_fmt_row(r)}" for r in report.false_positives]
    lines.append(f"false negatives ({len(report.false_negatives)}):")
    lines += [f"  FN {_fmt_row(r)}" for r in report.false_negatives]
    return "\n".join(lines)


def _fmt_row(r: Row) -> str:
    return (f"{r.doc} | {r.model or '-'} | {r.hardware or '-'} | {r.metric} | {r.value:g} {r.unit} | "
            f"{r.baseline or '-'} | {r.evidence}")


def rows_from_records(records: list[dict]) -> list[Row]:
    return [Row(str(r["doc"]), r["model"], r["hardware"], r["metric"], float(r["value"]), r["unit"],
                r["baseline"], r.get("evidence", "")) for r in records]
