"""The binder: candidates scored by named features, weights as data (issue 11)."""
import pytest

from extract import binder
from extract.assemble import explain_claims, extract_claims
from extract.binder import Candidate, choose, hardware_weights, ranked
from extract.cli import main
from extract.io import read_document

from .conftest import CORPUS, DEV

# (text, the system the value is about) — one named feature decides each; sentences written for the test
FEATURE_CASES = [
    # possessive: an absolute figure right after "X的" is X's, even when X is compared against
    ("这款芯片的互联带宽达700GB/s，高于A800的400GB/s。", 400.0, "A800"),
    # appositive: a figure in brackets right after a name
    ("节点内走NVLink(160GB/s)，节点间走InfiniBand(50GB/s)。", 160.0, "NVLink"),
    ("节点内走NVLink(160GB/s)，节点间走InfiniBand(50GB/s)。", 50.0, "InfiniBand"),
    # technology: a chip named in the sentence beats the memory it carries
    ("H100的HBM3显存带宽达3.35TB/s。", 3.35, "H100"),
    # ...and the memory is the subject when nothing else is
    ("新一代HBM3E的单堆栈带宽超过1.2TB/s。", 1.2, "HBM3E"),
    # copula: the name the figure is predicated of, in its own clause
    ("多机互联时GPU之间走两种网络，InfiniBand 为 85GB/s。", 85.0, "InfiniBand"),
    # class_modifier: a class word qualifying the metric yields to the system of the sentence
    ("CloudMatrix 384上线后，NPU利用率提高至60%。", 60.0, "CloudMatrix 384"),
    # described: "…的X系统" — the figure describes the name after it
    ("拥有1.4 EFLOPS AI算力的Polaris系统已经上线。", 1.4, "Polaris"),
    # table_column: a flattened row of figures after a flattened header of systems
    ("参数特性H1002022H2002023B2002024显存带宽3.35 TB/s4.8 TB/s8 TB/s典型功耗700W700W1,000W", 4.8, "H200"),
    ("参数特性H1002022H2002023B2002024显存带宽3.35 TB/s4.8 TB/s8 TB/s典型功耗700W700W1,000W", 1000.0, "B200"),
    # table_column with the flattened header on the heading line above
    ("对比\n测试项X9英伟达H200提升幅度\n训练速度8.3小时/epoch19.1小时/epoch130%", 19.1, "H200"),
    # table_column with the header a line of systems above a block of rows (a table without bars)
    ("产品对比\n参数 X1 (2019) X2 (2022) X3 (2024)\n片上内存 18GB 40GB 44GB\n峰值算力 9 PFLOPS 20 PFLOPS 125 PFLOPS",
     20.0, "X2"),
    ("产品对比\n参数 X1 (2019) X2 (2022) X3 (2024)\n片上内存 18GB 40GB 44GB\n峰值算力 9 PFLOPS 20 PFLOPS 125 PFLOPS",
     44.0, "X3"),
    # memory_kind: a bare memory type right after a capacity is the kind of memory, not the subject
    ("该卡集成48GB LPDDR5内存，适合推理。", 48.0, ""),
    # ...but a stack (12-Hi) is a memory product
    ("三星宣布完成 12-Hi 36GB HBM3E 内存堆叠的开发。", 36.0, "HBM3E"),
    # appositive also across the metric word, and for a compared name
    ("InfiniBand延迟(2.8μs)优于RoCE(3.6μs)。", 0.0036, "RoCE"),
    # clause position: the nearest name before the value in its clause
    ("A100的显存为80GB，H100的显存为80GB，MI300X则为192GB。", 192.0, "MI300X"),
]


@pytest.mark.parametrize("text,value,hardware", FEATURE_CASES)
def test_feature_decides(text, value, hardware):
    found = [c.hardware for c in extract_claims(text) if c.value == value]
    assert found == [hardware]


def test_choose_takes_the_highest_score_and_keeps_gathered_order_on_ties():
    weights = {"a": 2.0, "b": 1.0, "empty": 0.0}
    x, y = Candidate("X", "sentence", {"b": 1.0}), Candidate("Y", "sentence", {"a": 1.0})
    assert choose([x, y, Candidate.empty()], weights).name == "Y"
    assert choose([Candidate.empty(), Candidate("Z", "sentence", {"empty": 1.0})], weights).name == ""
    assert choose([], weights).name == ""
    assert [c.name for _, c in ranked([x, y], weights)] == ["Y", "X"]


def test_contributions_are_weight_times_feature():
    cand = Candidate("X", "sentence", {"a": 0.5, "b": 1.0, "unknown": 1.0})
    assert cand.contributions({"a": 4.0, "b": -1.0}) == [("a", 2.0), ("b", -1.0)]
    assert cand.score({"a": 4.0, "b": -1.0}) == 1.0


def _emitted_features() -> set[str]:
    names: set[str] = set()
    texts = [read_document(p) for p in [*sorted(CORPUS.glob("*.txt")), *sorted((DEV / "corpus").glob("*.txt"))]]
    for text in texts + [case[0] for case in FEATURE_CASES]:
        for _, decisions in explain_claims(text):
            for d in decisions:
                for _, cand in d.candidates:
                    names.update(cand.features)
    return names


def test_weights_integrity():
    """Every feature the binder emits has a weight, and every weight is for a
    feature the binder emits on the corpus (no dead or misspelt entries)."""
    weights = hardware_weights()
    assert all(isinstance(w, float) for w in weights.values())
    emitted = _emitted_features()
    assert emitted - set(weights) == set(), "features without a weight"
    assert set(weights) - emitted == set(), "weights for features never emitted"


def test_explanations_agree_with_the_claims():
    """The winner of each recorded decision is the claim's hardware (or one of
    the systems joined to it: A和B均…)."""
    checked = 0
    for path in sorted(CORPUS.glob("*.txt"))[:40]:
        explained = explain_claims(read_document(path), path.name)
        for claim, decisions in explained:
            assert decisions, f"{path.name}: no decision recorded for {claim.evidence}"
            winners = {d.candidates[0][1].name for d in decisions}
            joined = {c.hardware for c, ds in explained if c.value_start == claim.value_start}
            assert claim.hardware in winners or winners & joined
            checked += 1
    assert checked > 300


def test_recording_is_off_outside_a_recorder():
    assert not binder.recording()
    with binder.Recorder() as decisions:
        assert binder.recording()
        extract_claims("H100的显存为80GB。")
    assert not binder.recording()
    assert [d.field for d in decisions] == ["hardware"]


def test_cli_explain(tmp_path, capsys):
    doc = tmp_path / "a.txt"
    doc.write_text("标题\n这款芯片的互联带宽达700GB/s，高于A800的400GB/s。\n", encoding="utf-8")
    assert main(["explain", str(doc), "--value", "400"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("") and "400 GB/s" in lines[0] and "A800" in lines[0]
    assert lines[1].strip() == "hardware:"
    assert lines[2].lstrip().startswith("* A800") and "possessive" in lines[2]
    assert "700" not in out.split("hardware:")[0]  # --value keeps only the asked claim
