"""Claims-table diff: identity, multiset pairing, kinds and output."""
import pandas as pd
import pytest

from extract import extract_claims
from extract.io.frames import claims_frame
from extract.tools.diff import DIFF_COLUMNS, diff_frame, diff_frames, diff_rows, identity, render_diff, summary_lines


def row(value=6.0, unit="x", doc="a.txt", model="", hardware="H100", metric="speed", baseline="previous",
        evidence=None, start=0):
    return {"doc": doc, "model": model, "hardware": hardware, "metric": metric, "value": value, "unit": unit,
            "baseline": baseline, "evidence": evidence if evidence is not None else f"提升{value:g}{unit}",
            "start": start}


def kinds(diff):
    return [(c.kind, c.old["value"] if c.old else None, c.new["value"] if c.new else None, c.fields)
            for c in diff.changes]


@pytest.mark.parametrize("old, new, expected, unchanged", [
    # identical tables; only offsets moved (an edit elsewhere in the document)
    ([row(6), row(80, "GB", metric="memory", baseline="")], [row(6, start=40), row(80, "GB", metric="memory", baseline="")],
     [], 2),
    # a changed value is "changed", not removed + added
    ([row(6, evidence="提升6倍")], [row(9, evidence="提升6倍")], [("changed", 6, 9, ("value",))], 0),
    ([row(6, evidence="提升6倍")], [row(9, evidence="提升9倍")], [("changed", 6, 9, ("value", "evidence"))], 0),
    # same quantity in another unit of the same dimension: changed (unit), paired first
    ([row(2, "min", metric="latency", baseline="", evidence="e")],
     [row(120, "s", metric="latency", baseline="", evidence="e")], [("changed", 2, 120, ("value", "unit"))], 0),
    # names compared as the scorer does for identity; the new spelling is a change
    ([row(6, hardware="DGX-A100")], [row(6, hardware="DGX A100")], [("changed", 6, 6, ("hardware",))], 0),
    # another system, metric, baseline, document or dimension is another claim
    ([row(6)], [row(6, hardware="A100")], [("added", None, 6, ()), ("removed", 6, None, ())], 0),
    ([row(6)], [row(6, metric="throughput")], [("added", None, 6, ()), ("removed", 6, None, ())], 0),
    ([row(6)], [row(6, baseline="A100")], [("added", None, 6, ()), ("removed", 6, None, ())], 0),
    ([row(6)], [row(6, doc="b.txt")], [("removed", 6, None, ()), ("added", None, 6, ())], 0),  # by document
    ([row(50, "x")], [row(50, "%")], [("added", None, 50, ()), ("removed", 50, None, ())], 0),
    ([], [row(6)], [("added", None, 6, ())], 0),
    ([row(6)], [], [("removed", 6, None, ())], 0),
    # multisets: equal values pair first, whatever the order
    ([row(6), row(9)], [row(9), row(6)], [], 2),
    ([row(6), row(6)], [row(6)], [("removed", 6, None, ())], 1),
    ([row(6)], [row(6), row(6)], [("added", None, 6, ())], 1),
    ([row(6), row(9)], [row(10), row(6)], [("changed", 9, 10, ("value", "evidence"))], 1),
    # ...then equal values after conversion (here the evidence changed), whatever the order
    ([row(6, evidence="a"), row(9, evidence="b")], [row(9, evidence="b2"), row(6, evidence="a2")],
     [("changed", 9, 9, ("evidence",)), ("changed", 6, 6, ("evidence",))], 0),  # listed in new-table order
    ([row(2, "min", evidence="a"), row(3, "min", evidence="b")], [row(180, "s", evidence="b"), row(120, "s", evidence="a")],
     [("changed", 3, 180, ("value", "unit")), ("changed", 2, 120, ("value", "unit"))], 0),
    # ...then the rest by order
    ([row(6), row(9)], [row(7), row(10)],
     [("changed", 6, 7, ("value", "evidence")), ("changed", 9, 10, ("value", "evidence"))], 0),
    ([row(6), row(9), row(12)], [row(7)],
     [("changed", 6, 7, ("value", "evidence")), ("removed", 9, None, ()), ("removed", 12, None, ())], 0),
])
def test_diff_rows(old, new, expected, unchanged):
    result = diff_rows(old, new)
    assert kinds(result) == expected
    assert result.unchanged == unchanged
    assert result.equal is (not expected)


def test_identity_uses_unit_dimension_and_normalised_names():
    assert identity(row(2, "min", hardware="IPU—POD16")) == identity(row(3, "h", hardware="ipu pod16"))
    assert identity(row(2, "x")) != identity(row(2, "%"))


def test_changes_are_listed_in_document_order():
    old = [row(1, doc="b.txt", start=5), row(2, doc="a.txt", start=50, hardware="A100")]
    new = [row(3, doc="a.txt", start=10, hardware="B200"), row(1, doc="b.txt", start=5, hardware="X")]
    assert [(c.kind, c.row["doc"], c.row["start"]) for c in diff_rows(old, new).changes] == [
        ("added", "a.txt", 10), ("removed", "a.txt", 50), ("added", "b.txt", 5), ("removed", "b.txt", 5)]
    old = [row(1, start=30, hardware="A"), row(2, start=10, hardware="B"), row(3, start=20, hardware="C")]
    new = [row(1, start=5, hardware="D"), row(9, start=30, hardware="C"), row(2, start=1, hardware="E")]
    assert [(c.kind, c.row["hardware"]) for c in diff_rows(old, new).changes] == [
        ("changed", "C"), ("added", "E"), ("added", "D"), ("removed", "B"), ("removed", "A")]


BEFORE = """H100评测

H100的FP8算力高达3958 TFLOPS。H100的显存为80GB。

在推理方面，H100的吞吐量是A100的30倍。

H100的功耗为700W。
"""
AFTER = """H100评测（更新）

H100的FP8算力高达3958 TFLOPS。H100的显存为94GB。

在推理方面，H100的吞吐量是A100的30倍。

新增：H100的显存带宽为3.35TB/s。
"""


def test_diff_of_an_edited_article():
    old = claims_frame(extract_claims(BEFORE, "h100.txt"))
    new = claims_frame(extract_claims(AFTER, "h100.txt"))
    result = diff_frames(old, new)
    assert [(c.kind, c.row["metric"], c.old["value"] if c.old else None, c.new["value"] if c.new else None)
            for c in result.changes] == [
        ("changed", "memory", 80, 94), ("added", "bandwidth", None, 3.35), ("removed", "power", 700, None)]
    assert result.unchanged == 2  # compute and throughput moved (the title grew) but did not change
    assert summary_lines(result) == ["changed: 1", "added: 1", "removed: 1", "unchanged: 2"]
    listing = render_diff(result)
    assert "changed  h100.txt  memory  [- | H100]  80 GB -> 94 GB  (value, evidence)" in listing
    assert "    - H100的显存为80GB\n    + H100的显存为94GB" in listing
    assert "added    h100.txt  bandwidth" in listing and "removed  h100.txt  power" in listing


def test_diff_frame_has_old_and_new_of_every_compared_field():
    df = diff_frame(diff_rows([row(6), row(1)], [row(9), row(2, hardware="A100")]))
    assert tuple(df.columns) == DIFF_COLUMNS
    assert df["kind"].tolist() == ["changed", "added", "removed"]
    changed = df.iloc[0]
    assert (changed["old_value"], changed["new_value"], changed["fields"]) == (6.0, 9.0, "value,evidence")
    assert (changed["old_evidence"], changed["new_evidence"]) == ("提升6x", "提升9x")
    added = df[df["kind"] == "added"].iloc[0]
    assert pd.isna(added["old_value"]) and added["old_hardware"] == "" and added["new_hardware"] == "A100"
    assert diff_frame(diff_rows([], [])).empty
