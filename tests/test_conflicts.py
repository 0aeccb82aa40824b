"""Cross-document conflicts: same model, hardware, metric and baseline,
different values after unit conversion."""
import pytest

from extract.conflicts import CONFLICT_COLUMNS, conflicts_frame, find_conflicts, render_conflicts


def row(doc, value, unit="GB", model="", hardware="H100", metric="memory", baseline=""):
    return {"doc": doc, "model": model, "hardware": hardware, "metric": metric, "value": value, "unit": unit,
            "baseline": baseline, "evidence": f"{hardware}的值为{value:g}{unit}"}


@pytest.mark.parametrize("rows, expected", [
    # two documents disagree
    ([row("a.txt", 80), row("b.txt", 94)], [("H100", ["a.txt", "b.txt"], ["80 GB", "94 GB"])]),
    # agreement after unit conversion is no conflict
    ([row("a.txt", 80), row("b.txt", 0.08, "TB")], []),
    ([row("a.txt", 2, "min", metric="latency"), row("b.txt", 120, "s", metric="latency")], []),
    # different values in one document only are not a cross-document conflict
    ([row("a.txt", 80), row("a.txt", 94)], []),
    # a document reporting a subset of another's values agrees with it
    ([row("a.txt", 80), row("a.txt", 94), row("b.txt", 80)], []),
    ([row("a.txt", 80), row("a.txt", 94), row("b.txt", 94), row("b.txt", 80)], []),
    # ...each reporting a value the other does not is a conflict, shown with all its claims
    ([row("a.txt", 80), row("a.txt", 94), row("b.txt", 80), row("b.txt", 96)],
     [("H100", ["a.txt", "b.txt"], ["80 GB", "94 GB", "96 GB"])]),
    ([row("a.txt", 80), row("b.txt", 80), row("c.txt", 96)], [("H100", ["a.txt", "b.txt", "c.txt"], ["80 GB", "96 GB"])]),
    # names compared as the scorer compares them
    ([row("a.txt", 6, "x", hardware="DGX-A100", metric="speed", baseline="V100"),
      row("b.txt", 5, "x", hardware="dgx a100", metric="speed", baseline="V100")],
     [("DGX-A100", ["a.txt", "b.txt"], ["5 x", "6 x"])]),
    # other metric, baseline, model or dimension: another claim
    ([row("a.txt", 80), row("b.txt", 94, metric="bandwidth", unit="GB/s")], []),
    ([row("a.txt", 6, "x", metric="speed", baseline="A100"), row("b.txt", 9, "x", metric="speed", baseline="V100")], []),
    ([row("a.txt", 6, "x", metric="speed", model="BERT"), row("b.txt", 9, "x", metric="speed", model="GPT-3")], []),
    ([row("a.txt", 50, "x", metric="speed"), row("b.txt", 40, "%", metric="speed")], []),
    # claims about nothing named are never grouped
    ([row("a.txt", 80, hardware=""), row("b.txt", 94, hardware="")], []),
    # a model alone is enough
    ([row("a.txt", 76.2, "%", hardware="", model="ResNet-50", metric="accuracy"),
      row("b.txt", 75.9, "%", hardware="", model="ResNet-50", metric="accuracy")], [("", ["a.txt", "b.txt"], ["75.9 %", "76.2 %"])]),
])
def test_find_conflicts(rows, expected):
    assert [(c.hardware, c.docs, c.values) for c in find_conflicts(rows)] == expected


def test_conflict_output_lists_each_document_with_evidence():
    found = find_conflicts([row("b.txt", 94), row("a.txt", 80), row("c.txt", 700, "W", metric="power"),
                            row("d.txt", 600, "W", metric="power")])
    assert render_conflicts(found).splitlines() == [
        "1. H100  memory: 2 documents, values 80 GB, 94 GB",
        "    a.txt: 80 GB  H100的值为80GB",
        "    b.txt: 94 GB  H100的值为94GB",
        "2. H100  power: 2 documents, values 600 W, 700 W",
        "    c.txt: 700 W  H100的值为700W",
        "    d.txt: 600 W  H100的值为600W",
    ]
    with_precision = [dict(row("a.txt", 989, "TFLOPS", metric="compute"), precision="FP16"),
                      dict(row("b.txt", 34, "TFLOPS", metric="compute"), precision="")]
    assert render_conflicts(find_conflicts(with_precision)).splitlines()[1:] == [
        "    a.txt: 989 TFLOPS [FP16]  H100的值为989TFLOPS", "    b.txt: 34 TFLOPS  H100的值为34TFLOPS"]
    df = conflicts_frame(found)
    assert tuple(df.columns) == CONFLICT_COLUMNS
    assert df["group"].tolist() == [1, 1, 2, 2] and df["doc"].tolist() == ["a.txt", "b.txt", "c.txt", "d.txt"]
