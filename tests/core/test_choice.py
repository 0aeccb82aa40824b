"""The binder: candidates scored by named features, weights as data (issue 11)."""
import pytest

from extract.cli import main
from extract.core import choice
from extract.core.bind import explain_claims, extract_claims
from extract.core.choice import FIELDS, Candidate, choose, ranked, weights
from extract.io.files import read_document

from ..conftest import CORPUS, DEV

# (text, the system the value is about) — one named feature decides each; sentences written for the test
FEATURE_CASES = [
    # peer_of_context: chips counted as used, of the same line as the heading's chip, are the subject
    ("二、AMD：MI355X首次提交\n伙伴用4个节点共32块MI300X运行Llama 2 70B，吞吐量达到每秒103,182个token。", 103182.0, "MI300X"),
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
    ("该卡采用7nm工艺，集成48GB LPDDR5内存，整卡最大训练功耗250W。", 250.0, ""),
    ("堆栈\n可以使得 AI 加速器能够在8个HBM堆栈配置中拥有高达 384GB 的HBM3E容量。", 384.0, ""),
    # ...but a stack (12-Hi) is a memory product
    ("三星宣布完成 12-Hi 36GB HBM3E 内存堆叠的开发。", 36.0, "12-Hi HBM3E"),
    # appositive also across the metric word, and for a compared name
    ("InfiniBand延迟(2.8μs)优于RoCE(3.6μs)。", 0.0036, "RoCE"),
    # class_in_unit: a class word that is part of a unit of work is no subject (model-side claims)
    ("训练\nQwen3-Next 所消耗的 GPU Hours 仅为 Qwen3-32B 模型的 9.3%。", 9.3, ""),
    # replaced: what a new part replaced is no subject
    ("规格\nCPU使用ARM Cortex-A78AE CPU 取代了 NVIDIA Carmel CPU，每个核心具有 64KB 的指令缓存。", 64.0, "Cortex-A78AE"),
    # per_unit_part: a per-card clause is about the counted part the sentence built in, not the whole
    ("实例\ngn8v实例搭载8块K9，单卡显存96GB，整机显存768GB。", 96.0, "K9"),
    ("实例\ngn8v实例搭载8块K9，单卡显存96GB，整机显存768GB。", 768.0, "gn8v"),
    # class_modifier: a class word as a per-unit measure before a metric word ("单GPU带宽")
    ("互联\nNVLink 5.0的单GPU带宽为1.8TB/s。", 1.8, "NVLink 5.0"),
    # unnamed_class: a class word with a qualifier of kind (国产GPU, 传统GPU) is no system
    ("生态\n国产GPU需通过兼容层转换，性能损耗高达70%。", 70.0, ""),
    # unnamed_subject: ...and when such a kind is the clause's subject, the paragraph's system is not it
    ("利用率\nK9的算力利用率达90%。传统GPU的利用率仅60%。", 60.0, ""),
    ("利用率\nK9的算力利用率达90%。传统GPU的利用率仅60%。", 90.0, "K9"),
    ("显存\n在K50显卡上，其显存位宽继续沿用K40显卡的256bit规格，但显存带宽直接达到了960Gb/s。", 960.0, "K50"),
    # described: a figure that describes the name after it, across a class word; a quoted code name
    # is the same system unquoted later in the document
    ("发布\n公司展示了全新GPU架构“花港”。\n会上不仅有算力密度提升50%的新架构花港，还有K9芯片。", 50.0, "花港"),
    # chips counted as the resources used do not become the paragraph's subject
    ("训练\n仅需2048个K8 GPU即达到最先进性能。FP8混合精度训练使内存消耗降低50%。", 50.0, ""),
    # a comparator whose phrase is long ("比 Nvidia 目前 Blackwell 处理器的显存容量高出 50%")
    ("对比\nAMD 的 K7 处理器还将提供更大显存，比 Nvidia 目前 Blackwell 处理器的显存容量高出 50%。", 50.0, "K7"),
    # table_column for a gain: after the two figures of a flattened row, the better system's
    ("对比\n测试项K7英伟达H200提升幅度\n训练速度8.3小时/epoch19.1小时/epoch130%", 130.0, "K7"),
    ("对比\n测试项K7英伟达H200提升幅度\n显存带宽3.35 TB/s4.8 TB/s43%", 43.0, "H200"),
    # counted: counted chips are parts of the whole the introducing line names...
    ("方案\nMeta推出“Olympus”算力集群方案：\n  • 单机柜配置：128颗MTIA v4芯片，提供320PFLOPS算力。", 320.0, "Olympus"),
    # ...and name it when no whole is named; chips where something ran are no parts
    ("方案\n单机柜配置：128颗MTIA v4芯片，提供320PFLOPS算力。", 320.0, "MTIA v4"),
    ("结果\n在4096颗TPU v5e芯片上训练的性价比是TPU v4的2.3倍。", 2.3, "TPU v5e"),
    # demoted: a class word that refers back to the paragraph's system, also with a memory product beside it
    ("发布\nAMD发布了K9。这款GPU配备288GB HBM3E显存。", 288.0, "K9"),
    # stale: a long flattened paragraph moves on from a system it named long before (reach.paragraph_hardware)
    ("观察\n该中心的集群采用K9，单卡算力约为320 TFLOPS。" + "其他城市的中心也在扩容，交付节奏受制于供货和电力增容，"
     * 12 + "据运营方介绍，整个中心的算力利用率可达到60%。", 60.0, ""),
    ("观察\n该中心的集群采用K9，单卡算力约为320 TFLOPS。其他城市的中心也在扩容。算力利用率可达到60%。", 60.0, "K9"),
    # part_of_whole: chips counted as used name the system when the sentence names no other
    ("成绩\n英伟达使用3584块K9完成同一测试耗时10.94分钟。", 10.94, "K9"),
    ("成绩\nK10使用3584块K9，完成同一测试耗时10.94分钟。", 10.94, "K10"),
    # compared_elsewhere: a peer the subject is measured against (对标, 媲美) is no subject
    ("发布\n据介绍，K9的FP16算力达到256 TFLOPS，性能对标英伟达K8，显存容量为80GB。", 80.0, "K9"),
    ("K9发布：单卡性能媲美K8\n显存容量为80GB。", 80.0, "K9"),
    # a class word in the title names no subject for the body, a vendor's own class does
    ("寒武纪发布全新AI训练GPU\n\n首款产品的显存为80GB。", 80.0, ""),
    ("Groq LPU推理速度创纪录\n\n独立测试显示，首token延迟为0.3秒。", 0.3, "LPU"),
    # clause position: the nearest name before the value in its clause
    ("A100的显存为80GB，H100的显存为80GB，MI300X则为192GB。", 192.0, "MI300X"),
    # whole_pronoun: 该系统 points to the whole the paragraph built of parts, not to the part named last
    ("评测\nK9集群由X公司打造，采用Z100芯片。每颗Z100配备128GB内存。该系统的峰值算力为2 EFLOPS。", 2.0, "K9"),
    # software_release: a sentence about a software release names no system, so the context's is not it
    ("K9发布\n软件生态方面，MUSA 5.0版本对编译器进行了优化，通信效率达97%。", 97.0, ""),
    # closing_setup: a bracket closing the sentence names the setup of a figure before it, also in a
    # later clause; a name before the figure still wins
    ("评测\n相比 vLLM 吞吐提升 1.8 倍，相比 TGI 提升 2.5 倍（Llama 2 13B，A100 80GB）。", 1.8, "A100 80GB"),
    ("评测\nK9的吞吐提升1.8倍（A100 80GB）。", 1.8, "K9"),
    # context_class: a bare class word the paragraph named is a kind of chips, no system of a later figure;
    # a vendor's own class (Groq LPU) is its product
    ("评测\n新一代GPU采用了全新架构。实现算力利用率提升40%以上。", 40.0, ""),
    ("评测\nGroq LPU采用了全新架构。Llama 3 8B的生成速度达800 tokens/s。", 800.0, "LPU"),
    # coordinated: one of a pair named in an earlier clause is no subject of a later figure (the paragraph's
    # system, or nothing, wins)
    ("评测\nK9集群由X公司打造。一期部署加速卡4096张，主要为Z100和Z200，智能算力达1000 PFLOPS。", 1000.0, "K9"),
    ("评测\n一期部署加速卡4096张，主要为Z100和Z200，智能算力达1000 PFLOPS。", 1000.0, ""),
]


# (text, value, model) — the model binder (lexicons/binder.yaml, section model)
MODEL_CASES = [
    # sentence_before: the nearest model before the value
    ("评测\n在ResNet-50上X1比X2快2倍，在BERT上快3倍。", 3.0, "BERT"),
    # clause_after: a model after the value in its clause, when none is before it
    ("评测\nX1实现2倍的BERT推理吞吐量提升。", 2.0, "BERT"),
    # paragraph: the paragraph's workload for a performance figure, not for a spec figure
    ("评测\n我们在BERT上测试。X1的吞吐量提升2倍，X1的显存为80GB。", 2.0, "BERT"),
    ("评测\n我们在BERT上测试。X1的吞吐量提升2倍，X1的显存为80GB。", 80.0, ""),
    # unnamed_workload: an unnamed workload is not the one named before
    ("评测\n我们在BERT上测试。在某千亿参数模型的推理中，X1的吞吐量提升2倍。", 2.0, ""),
    ("评测\nBERT训练性能达2055.8 tokens/秒；编译器使RMSNorm等关键算子速度提升4倍，X系列模型平均性能提升27.4%。", 4.0, ""),
    # 分别 over joined models: one model each, in order
    ("评测\nX1在Llama 2 70B和GPT-J上的推理性能分别提升了2倍和3倍。", 2.0, "Llama 2 70B"),
    ("评测\nX1在Llama 2 70B和GPT-J上的推理性能分别提升了2倍和3倍。", 3.0, "GPT-J"),
    # a title's workload is the workload of the body's performance figures, not of its spec figures
    ("K9训练Llama 2快50%\nK9集成128GB HBM2e，训练吞吐提升2倍。", 128.0, ""),
    ("K9训练Llama 2快50%\nK9集成128GB HBM2e，训练吞吐提升2倍。", 2.0, "Llama 2"),
    # heading: the heading's workload scopes what is under it
    ("评测\n## BERT推理\nX1的吞吐量提升2倍。", 2.0, "BERT"),
    # closing_setup: the workload in a bracket closing the sentence, after the figure's clause
    ("评测\n相比 vLLM 吞吐提升 1.8 倍，相比 TGI 提升 2.5 倍（Llama 2 13B，A100 80GB）。", 1.8, "Llama 2 13B"),
]

# (text, value, baseline) — the baseline binder (section baseline)
BASELINE_CASES = [
    # comparator_before: the nearest comparator before the value
    ("评测\n与A100相比，X1快2倍；与H100相比，快1.5倍。", 1.5, "H100"),
    # on_this_basis: "在此基础上" measures against the system the paragraph was about before
    ("评测\n深算一号的算力为128 TFLOPS。深算二号在此基础上性能提升超过100%。", 100.0, "深算一号"),
    # respective_comparator: after 分别, the k-th system of a joined comparator for the k-th figure
    ("评测\nB200的算力分别是H100和A100的2.5倍和5倍。", 5.0, "A100"),
    # comparator_after: the comparator after the value, when none is before it (also in brackets)
    ("评测\nX1的推理性能提升了30 倍（相比A100）。", 30.0, "A100"),
    ("评测\nX1快2倍，超过A100。", 2.0, "A100"),
    # 较X方案节能67%: X is compared against; 比同性能GPU低44%: a class of equal performance names nothing
    ("方案\nK7方案：\n  • 功耗仅38kW，较英伟达HGX H200方案节能67%；\n  • 每小时成本比同性能GPU低44%。", 67.0, "HGX H200"),
    ("方案\nK7方案：\n  • 功耗仅38kW，较英伟达HGX H200方案节能67%；\n  • 每小时成本比同性能GPU低44%。", 44.0, ""),
    # share_of with a pronoun: the system its sentence named before it
    ("K9详解：对标K8，训练性能达其80%\n\n正文。", 80.0, "K8"),
    # share_of: a share takes only the comparator right before it
    ("评测\nX1的算力为A100的60%。", 60.0, "A100"),
    # spec 9: a comparator applies to the relative values after it in the sentence (改善 is a change, not a share)
    ("评测\nK3 其晶片效能较K2提升四倍，能源效率改善40%。", 40.0, "K2"),
    # gain_over_column: ...measured against the other column
    ("对比\n测试项K7英伟达H200提升幅度\n训练速度8.3小时/epoch19.1小时/epoch130%", 130.0, "H200"),
    # from_value_before: a ratio of a change from an old figure of the same metric is against that figure
    ("评测\nK3的算力从18TOPS增加到了38TOPS，达到了两倍多的提升。", 2.0, "18 TOPS"),
    ("评测\nK3能把显存占用从 80GB 降到 48GB，推理速度提升了 2.3 倍。", 2.3, ""),
    # paragraph_comparator: spec 9, the comparator carries over within the paragraph
    ("评测\n与A100相比，X1的训练速度提升2倍。推理速度也提升3倍。", 3.0, "A100"),
    # other_of_pair: "A和B…，后者快了约10%"
    ("评测\nX1约为20 tokens/s，X2则在22 tokens/s左右，后者快了约10%。", 10.0, "X1"),
    # ...also by name: two figures in one unit, then a bare comparison of one of the two
    ("评测\nX1集群为2,850 tokens/s，X2集群为2,310 tokens/s，X1领先约23%。", 23.0, "X2"),
    ("评测\nX1的算力为100 TFLOPS，X2的显存为80GB，X2的带宽提升了30%。", 30.0, ""),
    # contrast: the one other system the paragraph gave a figure in the same unit
    ("评测\nX1每秒处理580张图像。X2每秒处理3480张图像，提升6倍。", 6.0, "X1"),
    # heading_comparator: a heading that names what the list below is compared with
    ("评测\n与A100相比：\nX1的训练速度提升2倍。", 2.0, "A100"),
]


@pytest.mark.parametrize("text,value,model", MODEL_CASES)
def test_model_feature_decides(text, value, model):
    assert [c.model for c in extract_claims(text) if c.value == value] == [model]


@pytest.mark.parametrize("text,value,baseline", BASELINE_CASES)
def test_baseline_feature_decides(text, value, baseline):
    assert [c.baseline for c in extract_claims(text) if c.value == value] == [baseline]


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


def _emitted_features() -> dict[str, set[str]]:
    names: dict[str, set[str]] = {f: set() for f in FIELDS}
    texts = [read_document(p) for p in [*sorted(CORPUS.glob("*.txt")), *sorted((DEV / "corpus").glob("*.txt"))]]
    for text in texts + [case[0] for case in FEATURE_CASES + MODEL_CASES + BASELINE_CASES]:
        for _, decisions in explain_claims(text):
            for d in decisions:
                for _, cand in d.candidates:
                    if d.field in names:
                        names[d.field].update(cand.features)
    return names


@pytest.mark.parametrize("field", FIELDS)
def test_weights_integrity(field):
    """Every feature a binder emits has a weight, and every weight is for a
    feature the binder emits on the corpus (no dead or misspelt entries)."""
    table = weights(field)
    assert all(isinstance(w, float) for w in table.values())
    emitted = _emitted_features()[field]
    assert emitted - set(table) == set(), "features without a weight"
    assert set(table) - emitted == set(), "weights for features never emitted"


def test_explanations_agree_with_the_claims():
    """The winner of each recorded decision is the claim's field (or one of
    the names joined to it: A和B均…)."""
    checked = 0
    for path in sorted(CORPUS.glob("*.txt"))[:40]:
        explained = explain_claims(read_document(path), path.name)
        for claim, decisions in explained:
            assert decisions, f"{path.name}: no decision recorded for {claim.evidence}"
            same_value = [c for c, _ in explained if c.value_start == claim.value_start]
            for field in ("hardware", "model", "metric", "baseline"):
                winners = {d.candidates[0][1].name for d in decisions if d.field == field}
                if not winners:
                    continue  # a table cell binds by position; an absolute figure has no baseline
                joined = {getattr(c, field) for c in same_value}
                # joined names (A和B均…) and coordinated metrics share one decision; after the choice a
                # baseline equal to the system is dropped, and so is the model of an average (平均) or
                # of a link's figure
                assert getattr(claim, field) in winners or winners & joined or (
                    field in ("baseline", "model") and not getattr(claim, field))
            checked += 1
    assert checked > 300


def test_recording_is_off_outside_a_recorder():
    assert not choice.recording()
    with choice.Recorder() as decisions:
        assert choice.recording()
        extract_claims("H100的显存为80GB。")
    assert not choice.recording()
    assert sorted(d.field for d in decisions) == ["hardware", "metric", "model"]


def test_cli_explain(tmp_path, capsys):
    doc = tmp_path / "a.txt"
    doc.write_text("标题\n这款芯片的互联带宽达700GB/s，高于A800的400GB/s。\n", encoding="utf-8")
    assert main(["explain", str(doc), "--value", "400"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "400 GB/s" in lines[0] and "A800" in lines[0]
    fields = [line.strip() for line in lines if line.strip().endswith(":")]
    assert fields == ["hardware:", "model:", "metric:"]  # an absolute figure has no baseline to choose
    after = lines[lines.index("  hardware:") + 1]
    assert after.lstrip().startswith("* A800") and "possessive" in after
    metric_line = lines[lines.index("  metric:") + 1]
    assert metric_line.lstrip().startswith("* bandwidth") and "rule: unit" in metric_line
    assert "700" not in out.split("hardware:")[0]  # --value keeps only the asked claim


def test_choose_is_the_first_of_ranked():
    # the one-pass choice is the head of the stable ranking, ties and negative scores included
    import itertools

    weights = {"a": 2.0, "b": 1.0, "c": -1.0, "empty": 0.0}
    pool = [Candidate("A", "sentence", {"a": 1.0}), Candidate("B", "sentence", {"b": 2.0}),
            Candidate("C", "sentence", {"c": 1.0}), Candidate("D", "sentence", {"c": 3.0}), Candidate.empty(),
            Candidate("E", "sentence", {"unknown": 1.0})]
    for n in range(1, 4):
        for cands in itertools.permutations(pool, n):
            assert choose(list(cands), weights) is ranked(list(cands), weights)[0][1]
