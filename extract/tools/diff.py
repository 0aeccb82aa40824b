"""Comparing two claims tables: which claims were added, removed or changed.

A claim's *identity* is its document, model, hardware, metric, baseline and
unit dimension (names compared as the scorer compares them: NFKC, casefold,
spaces and dashes dropped). Claims with the same identity are paired as
multisets: first rows that are identical, then rows with the same value
after unit conversion, then the rest in table order; a pair that differs in
any spec field (value, unit, evidence, the spelling of a name) is *changed*,
unpaired rows are *added* or *removed*. Offsets, ids and other extra columns
are not compared: an edit elsewhere in a document moves offsets without
changing a claim.
"""
from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ..core.values import to_base
from .score import norm_name

#: The spec fields a diff compares (``doc`` and ``metric`` are in the identity).
COMPARED = ("model", "hardware", "baseline", "value", "unit", "evidence")
KINDS = ("changed", "added", "removed")
DIFF_COLUMNS = ("kind", "doc", "metric", "fields") + tuple(
    f"{side}_{name}" for name in COMPARED for side in ("old", "new"))


@dataclass(frozen=True)
class Change:
    kind: str                        # added | removed | changed
    old: Mapping[str, Any] | None    # the old row (None when added)
    new: Mapping[str, Any] | None    # the new row (None when removed)
    fields: tuple[str, ...] = ()     # compared fields that differ (changed)

    @property
    def row(self) -> Mapping[str, Any]:
        return self.new if self.new is not None else self.old  # type: ignore[return-value]


@dataclass
class Diff:
    changes: list[Change] = field(default_factory=list)
    unchanged: int = 0

    @property
    def equal(self) -> bool:
        return not self.changes

    def counts(self) -> dict[str, int]:
        counts = {kind: 0 for kind in KINDS}
        for c in self.changes:
            counts[c.kind] += 1
        counts["unchanged"] = self.unchanged
        return counts


def identity(row: Mapping[str, Any]) -> tuple[str, ...]:
    """What makes two rows "the same claim" across tables.

    >>> identity({"doc": "a.txt", "model": "ResNet-50", "hardware": "IPU—POD16", "metric": "speed",
    ...           "baseline": "", "unit": "min"})
    ('a.txt', 'resnet50', 'ipupod16', 'speed', '', 'time')
    """
    return (
        str(row["doc"]), norm_name(str(row["model"])), norm_name(str(row["hardware"])), str(row["metric"]),
        norm_name(str(row["baseline"])), to_base(1.0, str(row["unit"]))[0],
    )


def same_value(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Equal after unit conversion (relative tolerance 1e-6, as in scoring)."""
    da, va = to_base(float(a["value"]), str(a["unit"]))
    db, vb = to_base(float(b["value"]), str(b["unit"]))
    return da == db and math.isclose(va, vb, rel_tol=1e-6, abs_tol=1e-12)


def changed_fields(old: Mapping[str, Any], new: Mapping[str, Any]) -> tuple[str, ...]:
    out = []
    for name in COMPARED:
        if name == "value":
            if float(old["value"]) != float(new["value"]):
                out.append(name)
        elif str(old[name]) != str(new[name]):
            out.append(name)
    return tuple(out)


Indexed = tuple[int, Mapping[str, Any]]   # a row with its index in its table


@dataclass
class Pairing:
    """Which old row is which new row: :func:`pair_rows`' answer."""
    unchanged: list[tuple[Indexed, Indexed]] = field(default_factory=list)
    changed: list[tuple[Indexed, Indexed]] = field(default_factory=list)
    removed: list[Indexed] = field(default_factory=list)    # old rows no new row pairs with
    added: list[Indexed] = field(default_factory=list)      # new rows no old row pairs with


def pair_rows(old: Iterable[Mapping[str, Any]], new: Iterable[Mapping[str, Any]]) -> Pairing:
    """Pair old rows with new rows of the same :func:`identity`, as multisets:
    first rows that are identical, then rows with the same value after unit
    conversion, then the rest in table order. The one pairing both
    :func:`diff_rows` and the ledger (:mod:`extract.tools.ledger`) follow claims by."""
    groups: dict[tuple[str, ...], tuple[list, list]] = defaultdict(lambda: ([], []))
    for i, row in enumerate(old):
        groups[identity(row)][0].append((i, row))
    for i, row in enumerate(new):
        groups[identity(row)][1].append((i, row))
    out = Pairing()
    for olds, news in groups.values():
        pairs, olds, news = _pair(olds, news, lambda a, b: not changed_fields(a, b))
        out.unchanged.extend(pairs)
        for same in (same_value, lambda a, b: True):
            pairs, olds, news = _pair(olds, news, same)
            out.changed.extend(pairs)
        out.removed.extend(olds)
        out.added.extend(news)
    return out


def diff_rows(old: Iterable[Mapping[str, Any]], new: Iterable[Mapping[str, Any]]) -> Diff:
    """The changes from ``old`` rows to ``new`` rows: per document, changed,
    then added, then removed claims, each in document order (``start`` when
    the table has it, else table order)."""
    pairing = pair_rows(old, new)
    found: list[tuple[Change, int]] = []    # with the row's index in its table
    found.extend((Change("changed", a, b, changed_fields(a, b)), j) for (_, a), (j, b) in pairing.changed)
    found.extend((Change("removed", a, None), i) for i, a in pairing.removed)
    found.extend((Change("added", None, b), j) for j, b in pairing.added)
    unchanged = len(pairing.unchanged)
    order = {kind: n for n, kind in enumerate(KINDS)}
    found.sort(key=lambda ci: (str(ci[0].row["doc"]), order[ci[0].kind], _position(ci[0]), ci[1]))
    return Diff([c for c, _ in found], unchanged)


def _position(change: Change) -> float:
    """Where the claim sits in its document, when the table says (``start``)."""
    try:
        start = float(change.row.get("start"))  # type: ignore[arg-type]
        return start if not math.isnan(start) else math.inf
    except (TypeError, ValueError):
        return math.inf


def _pair(olds, news, same):
    """Greedy pairing in table order: each old row takes the first new row ``same`` as it."""
    pairs = []
    left = []
    remaining = list(news)
    for i, a in olds:
        for k, (j, b) in enumerate(remaining):
            if same(a, b):
                pairs.append(((i, a), (j, b)))
                del remaining[k]
                break
        else:
            left.append((i, a))
    return pairs, left, remaining


def diff_frames(old: pd.DataFrame, new: pd.DataFrame) -> Diff:
    """:func:`diff_rows` over two validated claims tables."""
    return diff_rows(_records(old), _records(new))


def _records(df: pd.DataFrame) -> list[dict[str, Any]]:
    return df.to_dict(orient="records")


def diff_frame(diff: Diff) -> pd.DataFrame:
    """The changes as a table: kind, doc, metric, the differing fields, and
    the old and new value of every compared field."""
    rows = []
    for c in diff.changes:
        r = c.row
        out: dict[str, Any] = {"kind": c.kind, "doc": r["doc"], "metric": r["metric"], "fields": ",".join(c.fields)}
        for name in COMPARED:
            for side, src in (("old", c.old), ("new", c.new)):
                out[f"{side}_{name}"] = (float(src[name]) if name == "value" else str(src[name])) if src is not None else (
                    None if name == "value" else "")
        rows.append(out)
    df = pd.DataFrame(rows, columns=list(DIFF_COLUMNS))
    return df.astype({"old_value": "float64", "new_value": "float64"})


def summary_lines(diff: Diff) -> list[str]:
    """One line per kind: ``changed: 2`` ..."""
    return [f"{kind}: {n}" for kind, n in diff.counts().items()]


def render_diff(diff: Diff) -> str:
    """A readable listing, one block per change.

    >>> old = [{"doc": "a.txt", "model": "", "hardware": "H100", "metric": "speed", "value": 6.0, "unit": "x",
    ...         "baseline": "previous", "evidence": "速度提升6倍"}]
    >>> new = [dict(old[0], value=9.0, evidence="速度提升9倍")]
    >>> print(render_diff(diff_rows(old, new)))
    changed  a.txt  speed  [- | H100 vs previous]  6 x -> 9 x  (value, evidence)
        - 速度提升6倍
        + 速度提升9倍
    """
    out = []
    for c in diff.changes:
        r = c.row
        where = f"[{r['model'] or '-'} | {r['hardware'] or '-'}" + (f" vs {r['baseline']}" if r["baseline"] else "") + "]"
        if c.kind == "changed":
            assert c.old is not None and c.new is not None
            head = f"changed  {r['doc']}  {r['metric']}  {where}  {_value(c.old)} -> {_value(c.new)}  ({', '.join(c.fields)})"
            for name in ("model", "hardware", "baseline"):
                if name in c.fields:
                    head += f"\n    {name}: {c.old[name] or '-'} -> {c.new[name] or '-'}"
            out.append(head)
            if "evidence" in c.fields:
                out.append(f"    - {c.old['evidence']}\n    + {c.new['evidence']}")
            else:
                out.append(f"      {c.new['evidence']}")
        else:
            sign = "+" if c.kind == "added" else "-"
            out.append(f"{c.kind:8} {r['doc']}  {r['metric']}  {where}  {_value(r)}\n    {sign} {r['evidence']}")
    return "\n".join(out)


def _value(row: Mapping[str, Any]) -> str:
    return f"{float(row['value']):g} {row['unit']}"
