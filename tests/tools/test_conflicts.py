"""Cross-document conflicts: same model, hardware, metric and baseline,
different values after unit conversion."""
import pytest

from extract.tools.conflicts import CONFLICT_COLUMNS, conflicts_frame, find_conflicts, render_conflicts


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
    """Exact comparison (tolerance 0); the default tolerance is tested below."""
    assert [(c.hardware, c.docs, c.values) for c in find_conflicts(rows, tolerance=0)] == expected


def with_(r, **fields):
    return dict(r, **fields)


@pytest.mark.parametrize("rows, n", [
    # rounding within the default 5 %: 10.9 vs 10.94 min, 2 TB/s vs 2039 GB/s
    ([row("a.txt", 10.9, "min", metric="time_to_train"), row("b.txt", 10.94, "min", metric="time_to_train")], 0),
    ([row("a.txt", 2, "TB/s", metric="bandwidth"), row("b.txt", 2039, "GB/s", metric="bandwidth")], 0),
    ([row("a.txt", 80), row("b.txt", 94)], 1),
    # precision: FP64 34 TFLOPS and FP8 3958 TFLOPS are both right
    ([with_(row("a.txt", 34, "TFLOPS", metric="compute"), precision="FP64"),
      with_(row("b.txt", 3958, "TFLOPS", metric="compute"), precision="FP8")], 0),
    ([with_(row("a.txt", 34, "TFLOPS", metric="compute"), precision="FP64"),
      with_(row("b.txt", 67, "TFLOPS", metric="compute"), precision="fp64")], 1),
    # kinds of bandwidth: NVLink vs HBM
    ([with_(row("a.txt", 1.8, "TB/s", metric="bandwidth"), evidence="第五代NVLink带宽为1.8TB/s"),
      with_(row("b.txt", 8, "TB/s", metric="bandwidth"), evidence="显存带宽为8TB/s")], 0),
    ([with_(row("a.txt", 3.35, "TB/s", metric="bandwidth"), evidence="HBM3带宽为3.35TB/s"),
      with_(row("b.txt", 2, "TB/s", metric="bandwidth"), evidence="显存带宽为2TB/s")], 1),
    # a chip and its server, a per-user speed and a system's throughput
    ([row("a.txt", 80), with_(row("b.txt", 640), evidence="DGX H100服务器共有640GB显存")], 0),
    ([with_(row("a.txt", 10.94, "min", metric="time_to_train"), evidence="使用3584块H100耗时10.94分钟"),
      with_(row("b.txt", 3.92, "min", metric="time_to_train"), evidence="10752块H100仅用3.92分钟")], 0),
    ([with_(row("a.txt", 38, "tokens/s", metric="throughput"), evidence="单用户生成速度约为每秒38个token"),
      with_(row("b.txt", 31200, "tokens/s", metric="throughput"), evidence="输出吞吐为每秒31,200个token")], 0),
    # qualifiers: "about" allows twice the tolerance, bounds are bounds
    ([with_(row("a.txt", 3, "x", metric="speed"), qualifier="approx"), row("b.txt", 3.2, "x", metric="speed")], 0),
    ([with_(row("a.txt", 0.5, "min", metric="time_to_train"), qualifier="less_than"),
      row("b.txt", 0.18, "min", metric="time_to_train")], 0),
    ([with_(row("a.txt", 0.5, "min", metric="time_to_train"), qualifier="at_least"),
      row("b.txt", 0.18, "min", metric="time_to_train")], 1),
])
def test_conflicts_group_by_precision_kind_and_scale_with_a_tolerance(rows, n):
    assert len(find_conflicts(rows)) == n


def test_the_tolerance_can_be_changed():
    rows = [row("a.txt", 80), row("b.txt", 94)]
    assert len(find_conflicts(rows)) == 1 and find_conflicts(rows, tolerance=0.2) == []


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
                      dict(row("b.txt", 34, "TFLOPS", metric="compute"), precision="FP16")]
    assert render_conflicts(find_conflicts(with_precision)).splitlines() == [
        "1. H100  compute (FP16): 2 documents, values 34 TFLOPS, 989 TFLOPS",
        "    a.txt: 989 TFLOPS [FP16]  H100的值为989TFLOPS", "    b.txt: 34 TFLOPS [FP16]  H100的值为34TFLOPS"]
    df = conflicts_frame(found)
    assert tuple(df.columns) == CONFLICT_COLUMNS
    assert df["group"].tolist() == [1, 1, 2, 2] and df["doc"].tolist() == ["a.txt", "b.txt", "c.txt", "d.txt"]
