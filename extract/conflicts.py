"""Claims that different documents contradict: the same model, hardware,
metric and baseline (with a hardware or a model named) reported with
different values, after unit conversion.

Two documents contradict each other when each reports a value the other does
not: {80 GB} against {94 GB}, or {6 x, 9 x} against {6 x, 12 x}. A document
that reports a subset of another's values ({6 x} against {6 x, 9 x}: the
other also covers a second workload or scenario) does not.

Names are grouped as the scorer compares them (``DGX-A100`` = ``DGX A100``);
``x`` and ``%`` are different dimensions and never conflict with each other.
"""
from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd

from .numbers import to_base
from .score import norm_name

CONFLICT_COLUMNS = ("group", "model", "hardware", "metric", "baseline", "doc", "value", "unit", "evidence")


@dataclass(frozen=True)
class Conflict:
    model: str
    hardware: str
    metric: str
    baseline: str
    claims: tuple[Mapping[str, Any], ...]   # every claim of the group, by document

    @property
    def docs(self) -> list[str]:
        return sorted({str(c["doc"]) for c in self.claims})

    @property
    def values(self) -> list[str]:
        """The distinct values, as written (``6 x``, ``9 x``)."""
        seen: dict[float, str] = {}
        for c in self.claims:
            seen.setdefault(_base(c)[1], f"{float(c['value']):g} {c['unit']}")
        return [seen[k] for k in sorted(seen)]


def _base(row: Mapping[str, Any]) -> tuple[str, float]:
    return to_base(float(row["value"]), str(row["unit"]))


def _key(row: Mapping[str, Any]) -> tuple[str, ...]:
    return (norm_name(str(row["model"])), norm_name(str(row["hardware"])), str(row["metric"]),
            norm_name(str(row["baseline"])), _base(row)[0])


def _covers(values: list[float], others: list[float]) -> bool:
    """Every one of ``others`` is among ``values`` (relative tolerance 1e-6)."""
    return all(any(math.isclose(o, v, rel_tol=1e-6, abs_tol=1e-12) for v in values) for o in others)


def _contradict(a: list[float], b: list[float]) -> bool:
    return not _covers(a, b) and not _covers(b, a)


def find_conflicts(rows: Iterable[Mapping[str, Any]]) -> list[Conflict]:
    """Groups in which two documents contradict each other (see above), with
all the group's claims.

    >>> rows = [
    ...   {"doc": "a.txt", "model": "", "hardware": "H100", "metric": "memory", "baseline": "", "value": 80, "unit": "GB"},
    ...   {"doc": "b.txt", "model": "", "hardware": "H100", "metric": "memory", "baseline": "", "value": 94, "unit": "GB"},
    ...   {"doc": "c.txt", "model": "", "hardware": "H100", "metric": "memory", "baseline": "", "value": 0.08, "unit": "TB"},
    ... ]
    >>> [(c.hardware, c.docs, c.values) for c in find_conflicts(rows)]
    [('H100', ['a.txt', 'b.txt', 'c.txt'], ['80 GB', '94 GB'])]
    """
    groups: dict[tuple[str, ...], list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        if not (str(row["model"]).strip() or str(row["hardware"]).strip()):
            continue
        groups[_key(row)].append(row)
    conflicts = []
    for members in groups.values():
        by_doc: dict[str, list[float]] = defaultdict(list)
        for row in members:
            by_doc[str(row["doc"])].append(_base(row)[1])
        docs = list(by_doc.values())
        if not any(_contradict(a, b) for i, a in enumerate(docs) for b in docs[i + 1:]):
            continue
        first = members[0]
        claims = tuple(sorted(members, key=lambda r: (str(r["doc"]), _base(r)[1])))
        conflicts.append(Conflict(str(first["model"]), str(first["hardware"]), str(first["metric"]),
                                  str(first["baseline"]), claims))
    conflicts.sort(key=lambda c: (c.hardware.casefold(), c.model.casefold(), c.metric, c.baseline.casefold()))
    return conflicts


def conflicts_frame(conflicts: list[Conflict]) -> pd.DataFrame:
    """One row per claim, numbered by group."""
    rows = [
        {"group": n, "model": c.model, "hardware": c.hardware, "metric": c.metric, "baseline": c.baseline,
         "doc": r["doc"], "value": float(r["value"]), "unit": r["unit"], "evidence": r["evidence"]}
        for n, c in enumerate(conflicts, 1) for r in c.claims
    ]
    return pd.DataFrame(rows, columns=list(CONFLICT_COLUMNS)).astype({"value": "float64"})


def render_conflicts(conflicts: list[Conflict]) -> str:
    """Grouped listing: the group, then each document's value (with its
    precision when the table has one: FP8 and FP64 peaks differ) and evidence."""
    out = []
    for n, c in enumerate(conflicts, 1):
        what = " | ".join(x for x in (c.model, c.hardware) if x)
        vs = f" vs {c.baseline}" if c.baseline else ""
        out.append(f"{n}. {what}  {c.metric}{vs}: {len(c.docs)} documents, values {', '.join(c.values)}")
        for r in c.claims:
            precision = f" [{r['precision']}]" if isinstance(r.get("precision"), str) and r["precision"] else ""
            out.append(f"    {r['doc']}: {float(r['value']):g} {r['unit']}{precision}  {r['evidence']}")
    return "\n".join(out)
