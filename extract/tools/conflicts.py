"""Claims that different documents contradict: the same model, hardware,
metric and baseline (with a hardware or a model named) reported with
different values, after unit conversion.

Two documents contradict each other when each reports a value the other does
not: {80 GB} against {94 GB}, or {6 x, 9 x} against {6 x, 12 x}. A document
that reports a subset of another's values ({6 x} against {6 x, 9 x}: the
other also covers a second workload or scenario) does not.

Names are grouped as the scorer compares them (``DGX-A100`` = ``DGX A100``);
``x`` and ``%`` are different dimensions and never conflict with each other.
Claims are grouped further by what makes two honest values differ:

* the **precision** (FP64 34 TFLOPS and FP8 3958 TFLOPS are both right);
* its **kind**, read from the evidence: for bandwidth memory (HBM, 显存),
  die-to-die (NV-HBI, 裸片) or interconnect (NVLink, 互联, PCIe ...), for
  memory a CPU's host memory (LPDDR) apart from the accelerator's; NVLink
  1.8 TB/s and HBM 8 TB/s are both right;
* the **scale**: a claim whose evidence counts accelerators (``3584块H100``)
  or names a server, pod or cluster is about that system, not the chip
  alone, and is grouped with claims of the same count only.

Values agree within a relative **tolerance** (default
:data:`DEFAULT_TOLERANCE`, 5 %: 10.9 vs 10.94 min and 2 TB/s vs 2039 GB/s
are rounding, not contradictions; ``claims conflicts --tolerance``).
"""
from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd

from .. import lexicons
from ..core.values import to_base
from .score import norm_name

CONFLICT_COLUMNS = ("group", "model", "hardware", "metric", "baseline", "precision", "kind", "scale",
                    "doc", "value", "unit", "evidence")
#: Values within this relative difference agree (rounding: 10.9 vs 10.94).
DEFAULT_TOLERANCE = 0.05

_WORDS = lexicons.load_yaml("conflicts.yaml")  # the evidence words, as data


def _any_of(key: str) -> re.Pattern:
    """conflicts.yaml's ``key``: one case-blind pattern of its alternatives."""
    return re.compile("|".join(_WORDS[key]), re.I)


_MEMORY = _any_of("memory")
_INTERCONNECT = _any_of("interconnect")
_DIE_TO_DIE = _any_of("die_to_die")
_HOST_MEMORY = _any_of("host_memory")
_PER_USER = _any_of("per_user")
_CHINESE_DIGITS: dict[str, int] = _WORDS["count_numerals"]
_MEASURES = "|".join(_WORDS["count_measures"])
# "双卡", "八张GPU": a Chinese count of accelerators (numerals longest first: 十六 before 十)
_CHINESE_COUNT = re.compile(rf"({'|'.join(sorted(_CHINESE_DIGITS, key=len, reverse=True))})\s*(?:块|塊|张|張|颗|顆|个|個)?"
                            r"\s*(?:卡|GPU|芯片)")
# "8卡", "16块H100": an Arabic count of accelerators; or of anything counted in 块/张/颗
_COUNT = re.compile(rf"(\d[\d,]*)\s*(?:{_MEASURES})?\s*(?:{'|'.join(_WORDS['counted_parts'])})"
                    r"|(\d[\d,]*)\s*(?:块|塊|张|張|颗|顆)", re.I)
_SYSTEM = _any_of("system")


@dataclass(frozen=True)
class Conflict:
    model: str
    hardware: str
    metric: str
    baseline: str
    claims: tuple[Mapping[str, Any], ...]   # every claim of the group, by document
    precision: str = ""
    kind: str = ""                           # bandwidth: memory | interconnect | ""
    scale: str = ""                          # "" (the chip), "N accelerators" or "system"

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


def _text(row: Mapping[str, Any], name: str) -> str:
    value = row.get(name, "")
    return value if isinstance(value, str) else ""


def precision_of(row: Mapping[str, Any]) -> str:
    return _text(row, "precision").strip().upper()


def bandwidth_kind(row: Mapping[str, Any]) -> str:
    """The kind of a bandwidth or memory claim, read from its evidence:
    bandwidth ``memory``, ``die-to-die`` or ``interconnect``; memory
    ``host memory`` (a CPU's LPDDR/DDR) or ``""``; ``""`` when unknown.

    >>> bandwidth_kind({"metric": "bandwidth", "evidence": "第五代NVLink为每颗GPU提供1.8TB/s的双向带宽"})
    'interconnect'
    >>> bandwidth_kind({"metric": "bandwidth", "evidence": "两颗B200裸片之间通过10TB/s的NV-HBI接口互联"})
    'die-to-die'
    >>> bandwidth_kind({"metric": "bandwidth", "evidence": "显存带宽为8TB/s"})
    'memory'
    >>> bandwidth_kind({"metric": "memory", "evidence": "CPU侧还挂着480GB LPDDR5X内存"})
    'host memory'
    """
    evidence = _text(row, "evidence")
    if row.get("metric") == "memory":
        return "host memory" if _HOST_MEMORY.search(evidence) else ""
    if row.get("metric") != "bandwidth":
        return ""
    if _DIE_TO_DIE.search(evidence):
        return "die-to-die"
    memory, link = bool(_MEMORY.search(evidence)), bool(_INTERCONNECT.search(evidence))
    return "memory" if memory and not link else "interconnect" if link and not memory else ""


def scale_of(row: Mapping[str, Any]) -> str:
    """What a claim is about: ``""`` for the chip (or the named system
    itself), ``"N accelerators"`` when its evidence counts them, ``"system"``
    when it names a server, pod or cluster the claim's hardware is part of.

    >>> scale_of({"hardware": "Eos", "evidence": "使用3584块H100完成同一测试耗时10.94分钟"})
    '3584 accelerators'
    >>> scale_of({"hardware": "H100", "evidence": "DGX H100服务器的显存为640GB"})
    'system'
    >>> scale_of({"hardware": "DGX H100", "evidence": "DGX H100服务器的显存为640GB"})
    ''
    """
    evidence = _text(row, "evidence")
    if _PER_USER.search(evidence):
        return "per user"
    for m in _COUNT.finditer(evidence):
        n = int((m.group(1) or m.group(2)).replace(",", ""))
        if n > 1:
            return f"{n} accelerators"
    m = _CHINESE_COUNT.search(evidence)
    if m and _CHINESE_DIGITS[m.group(1)] > 1:
        return f"{_CHINESE_DIGITS[m.group(1)]} accelerators"
    if _SYSTEM.search(evidence) and not _SYSTEM.search(_text(row, "hardware")):
        return "system"
    return ""


def _key(row: Mapping[str, Any]) -> tuple[str, ...]:
    return (norm_name(str(row["model"])), norm_name(str(row["hardware"])), str(row["metric"]),
            norm_name(str(row["baseline"])), _base(row)[0], precision_of(row), bandwidth_kind(row), scale_of(row))


def _interval(row: Mapping[str, Any], tolerance: float) -> tuple[float, float]:
    """The values a claim allows: its value within ``tolerance`` (twice that
    when it says "about"), or a bound (``at_least``, ``up_to``, ``less_than``).

    >>> _interval({"value": 10, "unit": "min", "qualifier": "up_to"}, 0.05)
    (0.0, 630.0)
    """
    v = _base(row)[1]
    t = max(tolerance, 1e-6)
    qualifier = _text(row, "qualifier")
    if qualifier == "approx":
        t *= 2
    lo, hi = v * (1 - t), v * (1 + t)
    if qualifier == "at_least":
        return lo, math.inf
    if qualifier in ("up_to", "less_than"):
        return 0.0, hi
    return lo, hi


def _covers(values: list[tuple[float, float]], others: list[tuple[float, float]]) -> bool:
    """Every one of ``others`` is allowed by one of ``values``."""
    return all(any(o[0] <= v[1] and v[0] <= o[1] for v in values) for o in others)


def _contradict(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    return not _covers(a, b) and not _covers(b, a)


def find_conflicts(rows: Iterable[Mapping[str, Any]], tolerance: float = DEFAULT_TOLERANCE) -> list[Conflict]:
    """Groups in which two documents contradict each other (see above), with
all the group's claims.

    >>> rows = [
    ...   {"doc": "a.txt", "model": "", "hardware": "H100", "metric": "memory", "baseline": "", "value": 80, "unit": "GB"},
    ...   {"doc": "b.txt", "model": "", "hardware": "H100", "metric": "memory", "baseline": "", "value": 94, "unit": "GB"},
    ...   {"doc": "c.txt", "model": "", "hardware": "H100", "metric": "memory", "baseline": "", "value": 0.08, "unit": "TB"},
    ... ]
    >>> [(c.hardware, c.docs, c.values) for c in find_conflicts(rows)]
    [('H100', ['a.txt', 'b.txt', 'c.txt'], ['80 GB', '94 GB'])]
    >>> find_conflicts(rows, tolerance=0.2)
    []
    """
    groups: dict[tuple[str, ...], list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        if not (str(row["model"]).strip() or str(row["hardware"]).strip()):
            continue
        groups[_key(row)].append(row)
    conflicts = []
    for members in groups.values():
        by_doc: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for row in members:
            by_doc[str(row["doc"])].append(_interval(row, tolerance))
        docs = list(by_doc.values())
        if not any(_contradict(a, b) for i, a in enumerate(docs) for b in docs[i + 1:]):
            continue
        first = members[0]
        claims = tuple(sorted(members, key=lambda r: (str(r["doc"]), _base(r)[1])))
        conflicts.append(Conflict(str(first["model"]), str(first["hardware"]), str(first["metric"]),
                                  str(first["baseline"]), claims, precision_of(first), bandwidth_kind(first),
                                  scale_of(first)))
    conflicts.sort(key=lambda c: (c.hardware.casefold(), c.model.casefold(), c.metric, c.baseline.casefold(),
                                  c.precision, c.kind, c.scale))
    return conflicts


def conflicts_frame(conflicts: list[Conflict]) -> pd.DataFrame:
    """One row per claim, numbered by group."""
    rows = [
        {"group": n, "model": c.model, "hardware": c.hardware, "metric": c.metric, "baseline": c.baseline,
         "precision": c.precision, "kind": c.kind, "scale": c.scale, "doc": r["doc"], "value": float(r["value"]), "unit": r["unit"], "evidence": r["evidence"]}
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
        about = ", ".join(x for x in (c.precision, c.kind, c.scale) if x)
        about = f" ({about})" if about else ""
        out.append(f"{n}. {what}  {c.metric}{vs}{about}: {len(c.docs)} documents, values {', '.join(c.values)}")
        for r in c.claims:
            precision = f" [{r['precision']}]" if isinstance(r.get("precision"), str) and r["precision"] else ""
            out.append(f"    {r['doc']}: {float(r['value']):g} {r['unit']}{precision}  {r['evidence']}")
    return "\n".join(out)
