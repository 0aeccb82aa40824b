"""Scorer on hand-computed cases (spec section 7)."""
import pytest

from extract.tools.score import Row, norm_name, score


def row(doc="a.txt", model="", hardware="", metric="speed", value=1.0, unit="x", baseline="", evidence=""):
    return Row(doc, model, hardware, metric, value, unit, baseline, evidence)


def test_perfect_match():
    gold = [row(hardware="A100", value=2), row(metric="memory", value=80, unit="GB")]
    r = score(list(gold), gold)
    assert (r.tuple.tp, r.tuple.precision, r.tuple.recall, r.tuple.f1) == (2, 1.0, 1.0, 1.0)


def test_units_convert_within_a_dimension():
    r = score([row(metric="time_to_train", value=120, unit="s")], [row(metric="time_to_train", value=2, unit="min")])
    assert r.tuple.tp == 1


def test_x_and_percent_never_match():
    r = score([row(value=50, unit="%")], [row(value=50, unit="x")])
    assert r.tuple.tp == 0 and r.value.tp == 0


def test_names_normalised_before_matching():
    r = score([row(hardware="DGX-A100", baseline="ipu—pod16")], [row(hardware="DGX A100", baseline="IPU-POD16")])
    assert r.tuple.tp == 1


def test_multiset_matching_counts_each_row_once():
    gold = [row(value=5, baseline="GPU"), row(value=5, baseline="GPU")]
    r = score([row(value=5, baseline="GPU")], gold)
    # 1 of 2 gold found, the 1 prediction is right: P=1, R=0.5, F1=2/3
    assert (r.tuple.precision, r.tuple.recall) == (1.0, 0.5)
    assert r.tuple.f1 == pytest.approx(2 / 3)
    assert len(r.false_negatives) == 1 and not r.false_positives


def test_value_match_ignores_fields_and_field_accuracy():
    pred = [row(hardware="IPU", metric="speed", value=3), row(hardware="H100", metric="memory", value=80, unit="GB")]
    gold = [row(hardware="IPU", metric="throughput", value=3), row(hardware="H100", metric="memory", value=80, unit="GB"),
            row(value=9)]
    r = score(pred, gold)
    assert r.tuple.tp == 1 and r.value.tp == 2
    assert r.value.recall == pytest.approx(2 / 3)
    assert r.field_accuracy == {"model": 1.0, "hardware": 1.0, "metric": 0.5, "baseline": 1.0}


def test_value_pairs_aligned_to_maximise_agreement():
    pred = [row(hardware="B", value=2), row(hardware="A", value=2)]
    gold = [row(hardware="A", value=2), row(hardware="B", value=2)]
    assert score(pred, gold).field_accuracy["hardware"] == 1.0


def test_documents_without_gold_are_not_scored():
    r = score([row(doc="other.txt")], [row(doc="a.txt")])
    assert r.tuple.n_pred == 0 and r.tuple.n_gold == 1


def test_norm_name_drops_separators():
    assert norm_name("ResNet—50 v1.5") == norm_name("resnet50v15")
