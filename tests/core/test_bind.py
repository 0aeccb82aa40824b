"""Context binding: spec section 8's worked examples, rewritten as short
texts of our own, plus the context rules of section 2."""
import pytest

from extract import extract_claims


def fields(text):
    return [(c.model, c.hardware, c.metric, c.value, c.unit, c.baseline) for c in extract_claims(text, "t.txt")]


# (text, expected rows) — named by the spec rule they exercise.
SPEC_SECTION_8 = {
    "model from the sentence before": (
        "我们用 ResNet-50 模型做测试。在 GPU 上训练，每秒只能处理 580 张图像。",
        [("ResNet-50", "GPU", "throughput", 580, "images/s", "")],
    ),
    "comparator from a contrasting sentence": (
        "用 BERT 做测试。在 GPU 上每秒处理 500 张图像。在 IPU 上每秒能处理 3000 张图像，提升了 6 倍。",
        [("BERT", "GPU", "throughput", 500, "images/s", ""), ("BERT", "IPU", "throughput", 3000, "images/s", ""),
         ("BERT", "IPU", "throughput", 6, "x", "GPU")],
    ),
    "与X相比 applies to every relative value of the sentence": (
        "与A100 GPU相比，IPU-M2000的ResNet50的吞吐量提升2.6倍，ResNeXt101的吞吐量提升了3.6倍。",
        [("ResNet50", "IPU-M2000", "throughput", 2.6, "x", "A100"),
         ("ResNeXt101", "IPU-M2000", "throughput", 3.6, "x", "A100")],
    ),
    "counted comparator": (
        "IPU-POD64训练BERT-Large的时间比3台DGX-A100快1.8倍。",
        [("BERT-Large", "IPU-POD64", "time_to_train", 1.8, "x", "3×DGX-A100")],
    ),
    "from A to B": (
        "新版能把显存占用从 80GB 降到 48GB。",
        [("", "", "memory", 48, "GB", "80 GB")],
    ),
    "predecessor": (
        "与首次提交的结果相比，对于ResNet-50模型，在IPU-POD64上实现了41%的性能提升。",
        [("ResNet-50", "IPU-POD64", "speed", 41, "%", "previous")],
    ),
    "spec figure, vendor and em-dash": (
        "Graphcore IPU—POD16由4个IPU—M2000构成，可提供4 petaFLOPS的AI算力。",
        [("", "IPU-POD16", "compute", 4, "PFLOPS", "")],
    ),
    "two comparators in one sentence": (
        "IPU比CPU快50倍，比GPU快5倍。",
        [("", "IPU", "speed", 50, "x", "CPU"), ("", "IPU", "speed", 5, "x", "GPU")],
    ),
    "spun text": (
        "IPU—POD64练习BERT—Large的时光比1台DGX—A100快5.3倍。",
        [("BERT-Large", "IPU-POD64", "time_to_train", 5.3, "x", "DGX-A100")],
    ),
    "list shares model and metric": (
        "ResNet-50的训练时间：在IPU-POD16上是28.33分钟，在IPU-POD64上只需要8.5分钟。",
        [("ResNet-50", "IPU-POD16", "time_to_train", 28.33, "min", ""),
         ("ResNet-50", "IPU-POD64", "time_to_train", 8.5, "min", "")],
    ),
    "unnamed comparator gives no baseline": (
        "昇腾910的算力比业界主流芯片高出2倍。",
        [("", "昇腾910", "compute", 2, "x", "")],
    ),
    "pronoun comparator resolves to the system named before": (
        "Orin-X算力为254 TOPS，征程6P的算力约为其2.2倍。",
        [("", "Orin-X", "compute", 254, "TOPS", ""), ("", "征程6P", "compute", 2.2, "x", "Orin-X")],
    ),
    "分别 assigns values to systems in order": (
        "MI300X和H100的显存分别为192GB和80GB。",
        [("", "MI300X", "memory", 192, "GB", ""), ("", "H100", "memory", 80, "GB", "")],
    ),
    "a value inside the comparator phrase belongs to the comparator": (
        "与上一代征程5的128 TOPS相比，征程6P的算力提升了4倍。",
        [("", "征程5", "compute", 128, "TOPS", ""), ("", "征程6P", "compute", 4, "x", "征程5")],
    ),
    "a name the lexicon lacks, used as a subject": (
        "Trillium的峰值算力是TPU v5e的4.7倍。",
        [("", "Trillium", "compute", 4.7, "x", "TPU v5e")],
    ),
    "後者 resolves to the second system of the previous sentence": (
        "骁龙8 Gen3和天玑9300运行Llama 2 7B分别为每秒20个token和22个token。后者快了约10%。",
        [("Llama 2 7B", "骁龙8 Gen3", "throughput", 20, "tokens/s", ""),
         ("Llama 2 7B", "天玑9300", "throughput", 22, "tokens/s", ""),
         ("Llama 2 7B", "天玑9300", "speed", 10, "%", "骁龙8 Gen3")],
    ),
    "one ratio for two coordinated metrics": (
        "MLU370-X8的内存容量和带宽都比MLU370-X4翻倍。",
        [("", "MLU370-X8", "memory", 2, "x", "MLU370-X4"), ("", "MLU370-X8", "bandwidth", 2, "x", "MLU370-X4")],
    ),
    "a ratio after a figure measures the same thing": (
        "DGX H200达到59,022 tokens/s，比第二名高出约40%。",
        [("", "DGX H200", "throughput", 59022, "tokens/s", ""), ("", "DGX H200", "throughput", 40, "%", "")],
    ),
    "分别 over the figures listed before": (
        "MI300X配备了192GB HBM3显存，峰值显存带宽达到5.3TB/s，分别是H100的2.4倍和1.6倍。",
        [("", "MI300X", "memory", 192, "GB", ""), ("", "MI300X", "bandwidth", 5.3, "TB/s", ""),
         ("", "MI300X", "memory", 2.4, "x", "H100"), ("", "MI300X", "bandwidth", 1.6, "x", "H100")],
    ),
    "后者 within one sentence": (
        "骁龙8 Gen3约为20 tokens/s，天玑9300则在22 tokens/s左右，后者快了约10%。",
        [("", "骁龙8 Gen3", "throughput", 20, "tokens/s", ""), ("", "天玑9300", "throughput", 22, "tokens/s", ""),
         ("", "天玑9300", "throughput", 10, "%", "骁龙8 Gen3")],
    ),
    # comparators the hardware lexicon does not know: software, formats, protocols (issue 11)
    "a software comparator is named as written": (
        "与 FlashAttention 相比，新内核带来了约 2 倍的加速。",
        [("", "", "speed", 2, "x", "FlashAttention")],
    ),
    "a format comparator before its metric word": (
        "实现了相比 TCP/IP 延迟降低 20 倍。",
        [("", "", "latency", 20, "x", "TCP/IP")],
    ),
    "a named predecessor by its name": (
        "相较上一代Meteor Lake能耗降低40%。",
        [("", "", "power", 40, "%", "Meteor Lake")],
    ),
    "the comparator after the ratio": (
        "H100的算力六倍于A100。",
        [("", "H100", "compute", 6, "x", "A100")],
    ),
    "a ratio of a system without 的": (
        "MI300X的吞吐量达 H200 五倍。",
        [("", "MI300X", "throughput", 5, "x", "H200")],
    ),
    "超X N倍 and 落后X约N倍 compare with X": (
        "评测\nSohu的推理性能超H100二十倍，思元690则落后H200约2-3倍。",
        [("", "Sohu", "speed", 20, "x", "H100"), ("", "思元690", "speed", 2, "x", "H200")],
    ),
    "a class comparator that names its system in brackets": (
        "评测\n天玑8100对比同级别竞品(骁龙888)CPU多核性能高12%、多核能效高44%。",
        [("", "天玑8100", "speed", 12, "%", "骁龙888"), ("", "天玑8100", "efficiency", 44, "%", "骁龙888")],
    ),
    "spec 9: the comparator carries over the next sentences of the paragraph": (
        "评测\nX2的推理性能比A100高30%。能效高20%。训练速度也提升了10%。",
        [("", "X2", "speed", 30, "%", "A100"), ("", "X2", "efficiency", 20, "%", "A100"),
         ("", "X2", "speed", 10, "%", "A100")],
    ),
    "a ratio takes the metric of the figure it reaches (翻倍到3.6Gbps)": (
        "评测\n骁龙8平台的Wi-Fi 速度则翻倍到3.6Gbps。",
        [("", "骁龙8", "bandwidth", 2, "x", ""), ("", "骁龙8", "bandwidth", 3.6, "Gbit/s", "")],
    ),
    "a long comparator phrase before 的N倍 (its own figure is the comparator's)": (
        "评测\n第一份是FSD芯片,它144Tops的算力是当年最先进英伟达Drive Xavier芯片21Tops算力的7倍。",
        [("", "FSD", "compute", 144, "TOPS", ""), ("", "Drive Xavier", "compute", 21, "TOPS", ""),
         ("", "FSD", "compute", 7, "x", "Drive Xavier")],
    ),
    "the model compared against is not the workload": (
        "评测\nDeepSeek V3的训练成本仅为Llama 3 405B的 1/5。",
        [("DeepSeek V3", "", "cost", 20, "%", "Llama 3 405B")],
    ),
    "a model's short form later in the document is that model": (
        "Kimi K2 Thinking 发布\nK2 Thinking 的模型文件只有 594GB。",
        [("Kimi K2 Thinking", "", "memory", 594, "GB", "")],
    ),
    "bare 效率 that grows is a speed, 效率 as a level an efficiency": (
        "评测\nX1的训练效率提升68%。\nX2的算子效率超过98%。",
        [("", "X1", "speed", 68, "%", ""), ("", "X2", "efficiency", 98, "%", "")],
    ),
    "较上一代暴涨: the comparator before a vivid verb of change": (
        "评测\nX3的推理性能较上一代直接暴涨 4.4 倍。",
        [("", "X3", "speed", 4.4, "x", "previous")],
    ),
    "the latest generation is no predecessor": (
        "评测\nMaia 200的每美元性能比现有最新一代硬件提升30%。",
        [("", "Maia 200", "efficiency", 30, "%", "")],
    ),
    "a percentage score is an accuracy, a change of a score a speed": (
        "评测\nKimi K2 Thinking 在测试中获得了 93% 的成绩。\nX1的跑分成绩提升了20%。",
        [("Kimi K2 Thinking", "", "accuracy", 93, "%", ""), ("", "X1", "speed", 20, "%", "")],
    ),
    "spec 9: one number asserted of each named model is a row per model": (
        "评测结果\nGaudi 3 在 Llama2-7B、Llama2-13B 上将训练时间缩短到 H100 的一半。",
        [("Llama2-7B", "Gaudi 3", "time_to_train", 50, "%", "H100"),
         ("Llama2-13B", "Gaudi 3", "time_to_train", 50, "%", "H100")],
    ),
    "spec 9: an average over several models has no model": (
        "评测结果\nX1 在 Llama2-7B 和 Llama2-13B 上的推理吞吐量平均高出 50%。",
        [("", "X1", "throughput", 50, "%", "")],
    ),
    "a colon line that points back (它) introduces the lines below with the system it named": (
        "参数\nX5 搭载的新引擎是性能跃升的关键。与上一代相比，它新增了两项改进：\n\n  • 精度：其 FP8 算力达到 2517 TFLOPS。",
        [("", "X5", "compute", 2517, "TFLOPS", "")],
    ),
    "test-setup lines name the system and workload of their section, up to the next numbered heading": (
        "二、实测\n测试环境\n- GPU: H100 80GB\n- Model: Llama-2-70B (AWQ 4bit)\n结果\n短文本的吞吐量为12.5 requests/s。\n"
        "三、其他\n长文本的吞吐量为3.2 requests/s。",
        [("Llama-2-70B", "H100 80GB", "throughput", 12.5, "queries/s", ""),
         ("", "", "throughput", 3.2, "queries/s", "")],
    ),
    "a setup line that lists several systems or workloads names none": (
        "测试环境\n- GPU: A100/H100\n- 测试模型：DeepSeek-R1(14B/32B)、QwQ-32B\n结果\n短文本的吞吐量为12.5 requests/s。",
        [("", "", "throughput", 12.5, "queries/s", "")],
    ),
    "a bullet list flattened into one line: each ' - ' item is a sentence of its own": (
        "要点\nX1 架构创新 - 核心观点：采用Llama 2 架构，X1 训练速度提升2倍 [4] - X2 的显存带宽为 3 TB/s [7][8]",
        [("Llama 2", "X1", "speed", 2, "x", ""), ("", "X2", "bandwidth", 3, "TB/s", "")],
    ),
    "a figure in brackets after a compared name is that name's; a link's figure takes no earlier workload": (
        "网络\n在Llama 2 上测试。InfiniBand延迟(2.8μs)优于RoCE(3.6μs)。",
        [("", "InfiniBand", "latency", 0.0028, "ms", ""), ("", "RoCE", "latency", 0.0036, "ms", "")],
    ),
    "快 after a clause about memory is a speed-up, after a clause about training time that time": (
        "评测\nX1将模型权重存储在独立内存服务，比传统方案快20倍。\nX2训练BERT的时间为2小时，比X3快1.8倍。",
        [("", "X1", "speed", 20, "x", ""), ("BERT", "X2", "time_to_train", 2, "h", ""),
         ("BERT", "X2", "time_to_train", 1.8, "x", "X3")],
    ),
    "a product's number alone before a class word is that product; a version with its pod keeps its name": (
        "对比\n业内以昇腾384为参照。\n384超节点HBM总带宽达1229 TB/s。\n640卡的总算力为300PF。\n"
        "TPU v3\n规格 v3 Pod 值\n每个 Pod 的对分带宽 6.4 TB/秒",
        [("", "昇腾384", "bandwidth", 1229, "TB/s", ""), ("", "", "compute", 300, "PFLOPS", ""),
         ("", "v3 Pod", "bandwidth", 6.4, "TB/s", "")],
    ),
    "a share of peak FLOPs is an efficiency; a share of another system's compute stays compute": (
        "评测\nX1 仅达到理论最大 FLOPs/s 的 35%。\nX2的算力为X3的一半。\nK9的算力提升50%。",
        [("", "X1", "efficiency", 35, "%", ""), ("", "X2", "compute", 50, "%", "X3"),
         ("", "K9", "compute", 50, "%", "")],
    ),
    "与X相当 compares with X; a memory type after a capacity is not the subject": (
        "评测\n仅从规格来看，K7 处理器在算力方面可能与 Nvidia 的 K8 处理器大致相当。此外，还将提供高达 288 GB 的 HBM3E 显存。",
        [("", "K7", "memory", 288, "GB", "")],
    ),
    "a share of the peak on a system is that system's efficiency, not a comparison with it": (
        "评测\n该算法达到了 A100 上理论最大 FLOPs/s 的 50%。",
        [("", "A100", "efficiency", 50, "%", "")],
    ),
    "spec 9: the title introduces the body like a heading, until the first heading of the body": (
        "微软发布自研AI芯片K5，性能领先行业\n这款芯片在FP8精度下超5PFLOPS。\n## 对手\n某芯片在FP8精度下约4PFLOPS。",
        [("", "K5", "compute", 5, "PFLOPS", ""), ("", "", "compute", 4, "PFLOPS", "")],
    ),
    "a class word in the title names no subject for the body": (
        "寒武纪发布全新AI训练GPU\n整卡最大训练功耗250W。",
        [("", "", "power", 250, "W", "")],
    ),
    "a colon line introduces the block below it, not the prose after that block": (
        "实测\n以下是在典型配置下(K9 24GB + FP16精度)的真实测试数据:\n| 输入长度 | 吞吐量(token/s) |\n|---|---|\n| 512 | 32 |\n"
        "没错，即便处理长达8千token的上下文，生成速度仍可维持在 20 token/s，完全满足需求！",
        [("", "K9 24GB", "throughput", 32, "tokens/s", ""), ("", "", "throughput", 20, "tokens/s", "")],
    ),
    "a model compared against (X 模型的, X 模型十分之一) is the baseline, not the workload": (
        "训练\nQwen3-Next-80B-A3B 仅用不到 Qwen3-32B 模型十分之一的训练资源。\n所消耗的 GPU Hours 仅为 Qwen3-32B 模型的 9.3%。",
        [("Qwen3-Next-80B-A3B", "", "cost", 10, "%", "Qwen3-32B"), ("", "", "cost", 9.3, "%", "Qwen3-32B")],
    ),
    "a figure a product is held to (控制在) is a claim; a condition (前提是…控制在) is not": (
        "规格\n面向推理场景的K4则把功耗控制在300W。",
        [("", "K4", "power", 300, "W", "")],
    ),
    "the HBM of a memory product's name is no memory word": (
        "评测\n16层堆叠的 HBM3E 的AI训练性能提高了 18%。",
        [("", "16层堆叠HBM3E", "speed", 18, "%", "")],
    ),
    "性能超 X: X is compared with, so the title names no subject": (
        "AMD 跑 Llama 2 性能超 H200！吞吐量达 H200 五倍\n吞吐翻倍、延迟更低",
        [("Llama 2", "", "throughput", 5, "x", "H200"), ("Llama 2", "", "throughput", 2, "x", "")],
    ),
    "a figure's own noun after 的 names its metric (the compound's head: 内存带宽)": (
        "评测\nK3 节省 50% 的显存和 40% 的通信成本，并提供 1.5倍的内存带宽。",
        [("", "K3", "memory", 50, "%", ""), ("", "K3", "cost", 40, "%", ""), ("", "K3", "bandwidth", 1.5, "x", "")],
    ),
    "a pair of bare model numbers (910 和 310 型号), 前者 picks one for what follows, as written": (
        "昇騰 910 與昇騰 310 發布\n\n華為的昇騰人工智能晶片有 910 和 310 型號，前者用於伺服器。根據公布，單顆晶片的運算效能有 256 TFLOPS。",
        [("", "昇騰 910", "compute", 256, "TFLOPS", "")],
    ),
    "traditional characters keep the name as written": (
        "華為昇騰910處理器的訓練效能是上一代的兩倍。",
        [("", "昇騰910", "speed", 2, "x", "previous")],
    ),
}


@pytest.mark.parametrize("name", list(SPEC_SECTION_8))
def test_context_binding(name):
    text, expected = SPEC_SECTION_8[name]
    assert fields(text) == [tuple(float(x) if isinstance(x, int) else x for x in row) for row in expected]


@pytest.mark.parametrize("text", [
    "公司成立于2016年，已获得超过7.1亿美元投资。",
    "该芯片采用7nm工艺，集成了540亿个晶体管。",
    "延迟需要低于10ms才能满足要求。",
    "市场份额超过90%。",
    "一般一个开发者迁移一周便可以完成。",
    "```\nthroughput = 3000  # images/s 提升6倍\n```",
    "这件事一成不变。",
    "前提是单token输出时间控制在50ms以内。",
])
def test_out_of_scope_numbers_are_not_claims(text):
    assert fields(text) == []


def test_evidence_is_the_original_text():
    text = "ＩＰＵ—ＰＯＤ１６可提供４ petaFLOPS的AI算力。"
    (claim,) = extract_claims(text, "t.txt")
    assert text[claim.start:claim.end] == claim.evidence
    assert claim.value == 4 and claim.unit == "PFLOPS" and claim.hardware == "IPU-POD16"


def test_restatement_in_a_later_paragraph_is_not_a_new_claim():
    text = "H100的FP8算力为3958 TFLOPS。\n\n总之，H100的FP8算力为3958 TFLOPS。"
    assert len(extract_claims(text)) == 1


def test_restatement_in_a_later_sentence_of_the_paragraph_is_not_a_new_claim():
    # spec 2: "a later sentence that only restates an assertion … is not annotated again"
    text = "规格\nK9则采用192GB HBM3e显存组合。这一升级至关重要：192GB超大容量可容纳更大批处理数据。"
    assert [(c.hardware, c.value) for c in extract_claims(text)] == [("K9", 192.0)]
    # ...but table cells with the same figure are distinct assertions
    table = "对比\n| 型号 | 显存 | 显存带宽 |\n|---|---|---|\n| K9 | 80 GB | 80 GB/s |\n| K8 | 80 GB | 40 GB/s |"
    assert sorted((c.hardware, c.value, c.unit) for c in extract_claims(table)) == [
        ("K8", 40.0, "GB/s"), ("K8", 80.0, "GB"), ("K9", 80.0, "GB"), ("K9", 80.0, "GB/s")]


SETUP_SECTION_ARTICLE = """国产芯片横评

一、测试平台
- CPU：鲲鹏920
- 加速卡：K9 / K8
- 测试模型：Qwen2.5-72B

二、推理性能
K9的吞吐量为1850 tokens/s，其FP16算力为320 TFLOPS。

平均首token延迟为210ms。
"""


def test_the_setup_of_a_setup_section_holds_for_the_whole_article():
    rows = {(c.metric, c.model, c.hardware) for c in extract_claims(SETUP_SECTION_ARTICLE)}
    # the workload of the results, not of a spec figure; the host CPU is no subject of the accelerators' results
    assert rows == {("throughput", "Qwen2.5-72B", "K9"), ("compute", "", "K9"), ("latency", "Qwen2.5-72B", "")}
    # under an ordinary first section the setup ends at the next numbered heading, as before
    ordinary = SETUP_SECTION_ARTICLE.replace("测试平台", "背景")
    assert {(c.metric, c.model) for c in extract_claims(ordinary)} == {("throughput", ""), ("compute", ""), ("latency", "")}


def test_a_line_of_settings_names_the_workload_of_its_section():
    text = ("K9与K8推理实测\n测试环境：8×K9与8×K8，vLLM 0.6，模型为Llama 3.1 405B。\n吞吐测试\n"
            "K9集群的输出吞吐为2,850 tokens/s。\n————————\n另一位网友：K9的吞吐是K8的1.3倍。")
    assert [(c.model, c.value) for c in extract_claims(text) if c.metric == "throughput" or c.unit == "x"] == [
        ("Llama 3.1 405B", 2850.0), ("", 1.3)]  # a rule line between answers ends the setup


def test_a_bare_size_after_a_sentence_of_rates_is_the_same_rate():
    text = "带宽\nK9的芯片间传输带宽达每秒700GB，高于K8的400GB。K7只有392GB。"
    assert [(c.hardware, c.metric, c.unit) for c in extract_claims(text)][-1] == ("K7", "bandwidth", "GB/s")
    # a sentence that names its metric keeps its size
    text = "带宽\nK9的带宽为700GB/s。K8配备80GB显存。"
    assert [(c.hardware, c.metric, c.unit) for c in extract_claims(text)][-1] == ("K8", "memory", "GB")


def test_a_plural_pronoun_with_respectively_takes_the_systems_just_named():
    text = "评测\nK9的吞吐量为1850 tokens/s，K8为1420 tokens/s，K7为980 tokens/s。三者的首token延迟分别为210ms、260ms和340ms。"
    assert [(c.hardware, c.value) for c in extract_claims(text) if c.unit == "ms"] == [
        ("K9", 210.0), ("K8", 260.0), ("K7", 340.0)]
    # ...only when the counts agree
    text = "评测\nK9的吞吐量为1850 tokens/s，K8为1420 tokens/s。三者的首token延迟分别为210ms、260ms和340ms。"
    assert {c.hardware for c in extract_claims(text) if c.unit == "ms"} != {"K9", "K8"}


def test_a_plural_pronoun_with_each_gives_a_row_per_system_just_named():
    text = "延迟\nK9的TTFT为1.2秒，K8为1.5秒。两者的TPOT均在45毫秒左右。"
    assert sorted(c.hardware for c in extract_claims(text) if c.unit == "ms") == ["K8", "K9"]
    # the systems of an earlier paragraph are not carried (spec 2)
    text = "延迟\nK9的TTFT为1.2秒，K8为1.5秒。\n两者的TPOT均在45毫秒左右。"
    assert [c.hardware for c in extract_claims(text) if c.unit == "ms"] == [""]


def test_one_row_per_system_sharing_a_number():
    rows = fields("IPU-POD16和IPU-POD64的扩展效率均达到90%。")
    assert [r[1] for r in rows] == ["IPU-POD16", "IPU-POD64"]


# Value-layer scope and support for relative values, on hand-written sentences.
def _values(text):
    from extract import extract_claims
    return [(c.value, c.unit) for c in extract_claims(text, "t.txt")]


def test_ratio_verbs_and_shares_are_claims():
    assert _values("测试报告\n新卡的推理吞吐量较上一代直接暴涨 3.5 倍。") == [(3.5, "x")]
    assert _values("测试报告\n新芯片的算力是对手的两倍，但仍落后旗舰约2-3倍。")[-1] == (2.0, "x")
    assert _values("测试报告\n训练所消耗的 GPU 小时仅为基线模型的 8.5%。") == [(8.5, "%")]
    assert _values("测试报告\n量化后精度损失:<0.3%") == [(0.3, "%")]


def test_out_of_scope_ratios_and_prices():
    assert _values("测试报告\n新芯片的晶体管密度落后3倍以上。") == []
    assert _values("测试报告\n该团队的人数要比对手多两倍。") == []
    assert _values("测试报告\n整机售价约为8万美元，大约是同类方案的三分之二。") == []
    # compute per token is a workload's cost in no unit of the spec; a rate per second is a claim
    assert _values("测试报告\nMoE架构使计算成本降至250 GFLOPS/令牌，吞吐为3000 tokens/s。") == [(3000.0, "tokens/s")]
    # ...but a time per token is a latency
    assert [(c.metric, c.value) for c in extract_claims("测试报告\n新卡的解码速度为30ms/token。")] == [("latency", 30.0)]
    assert [(c.metric, c.value) for c in extract_claims("测试报告\n新卡出图约 2.1 秒/张。")] == [("latency", 2.1)]
    # a ratio of bus width is no claim; a size beside a width is
    assert _values("测试报告\n新一代的接口位宽从1024位翻倍至2048位。") == []
    assert _values("测试报告\n同时搭配512bit位宽的32GB GDDR7显存。") == [(32.0, "GB")]
    # a ratio describing a workload's size is no claim; one describing a metric is
    assert _values("测试报告\n新系统能够训练比K9大10倍的模型。") == []
    assert _values("测试报告\n新卡提供2倍的网络带宽。") == [(2.0, "x")]
    # a price comparison is no claim, also with a system compared; the performance beside it is
    assert _values("测试报告\n新卡比K9便宜20%，性能却高30%。") == [(30.0, "%")]
    assert _values("测试报告\n新卡比K9贵了30%。") == []
    # a facility's occupancy is business, not performance; its compute utilisation is a claim
    assert _values("测试报告\n该智算中心的上架率超过90%，签约率已达95%，算力利用率达60%。") == [(60.0, "%")]


def test_latin_threshold_words_are_whole_words():
    # SLA is a threshold word; inside a product name (TeslaV100) it is not
    assert _values("测试报告\n新卡的算力比TeslaV100要高一倍。") == [(1.0, "x")]


@pytest.mark.parametrize("text,values", [
    ("测试报告\n新卡的理论速度上限仅为8 tokens/s。", [(8.0, "tokens/s")]),  # the system's own bound
    ("测试报告\n新卡的带宽上限为900GB/s。", [(900.0, "GB/s")]),
    ("测试报告\n服务的延迟上限为100ms。", []),  # a bound of latency is a requirement
    ("测试报告\n要求吞吐不低于100 tokens/s，上限为200 tokens/s。", []),
])
def test_a_bound_is_a_capability_or_a_requirement(text, values):
    assert _values(text) == values


def test_gpu_hours_fractions_and_storage():
    assert _values("测试报告\n整个训练共使用了约 120万GPU小时。") == [(1200000.0, "h")]
    assert _values("测试报告\n新模型仅用不到旧模型五分之一的训练资源。") == [(20.0, "%")]
    assert _values("测试报告\n主机配备 32GB 内存和 1TB SSD(最高 4TB)。") == [(32.0, "GB")]


def test_table_rows_without_a_leading_pipe_join_the_table():
    text = "测试报告\n指标 | K10 | K20 | 改进 |\n---|---|---|---|\n算力 | 100 TFLOPS | 150 TFLOPS | 50% |\n"
    assert sorted(_values(text)) == [(50.0, "%"), (100.0, "TFLOPS"), (150.0, "TFLOPS")]


def test_percent_in_a_table_cell_and_ratios_of_areas_or_units():
    assert sorted(_values("测试报告\n资源占用 | CPU 55%、GPU 40% |\n")) == [(40.0, "%"), (55.0, "%")]
    assert _values("测试报告\n新芯片的面积达到800平方毫米，足足是对手的30倍。") == []
    assert _values("测试报告\n每组引擎内的运算单元增加1倍。") == []


def test_a_ratio_alone_in_parentheses_on_its_line_is_a_table_cell():
    text = "测试报告\n基准 训练时间 (min) (相对上一版)\n推荐模型 0.5\n(1.8×)\n图像分类 2.4\n(1.2×)\n"
    assert sorted(v for v, u in _values(text) if u == "x") == [1.2, 1.8]


def test_raw_is_the_value_as_the_original_writes_it():
    """Issue 13: `raw` is "as written": full-width digits and traditional characters stay."""
    text = "标题\nIPU的吞吐量提升２倍，功耗為３００瓦。"
    claims = extract_claims(text)
    assert [c.raw for c in claims] == ["２倍", "３００瓦"]
    assert all(text[c.value_start:c.value_start + len(c.raw)] == c.raw for c in claims)


# Ways press releases and reviews write "B against A" (each read by hand: subject, metric, comparator).
COMPARATOR_PHRASINGS = [
    ("以A100为基准，H100的训练速度提升4倍。", ("H100", "speed", 4.0, "x", "A100")),
    ("以A100为基线，H100的吞吐量提高了3倍。", ("H100", "throughput", 3.0, "x", "A100")),
    ("H100 vs A100：训练速度提升4倍。", ("H100", "speed", 4.0, "x", "A100")),
    ("在H100 vs A100的测试中，训练速度提升4倍。", ("H100", "speed", 4.0, "x", "A100")),
    ("H100的训练速度相对A100提升4倍。", ("H100", "speed", 4.0, "x", "A100")),
    ("H100的训练速度高出A100四倍。", ("H100", "speed", 4.0, "x", "A100")),
    ("H100的训练速度较A100提升至4倍。", ("H100", "speed", 4.0, "x", "A100")),
    ("H100的功耗相对较低，为700W。", ("H100", "power", 700.0, "W", "")),  # 相对 as an adverb compares nothing
    ("H100的性能高出30%。", ("H100", "speed", 30.0, "%", "")),
]


@pytest.mark.parametrize("text,expected", COMPARATOR_PHRASINGS)
def test_comparator_phrasings(text, expected):
    assert [row[1:] for row in fields(text)] == [expected]


# Session 9's probe articles (written by a second annotator who never saw the code: a forum thread on
# domestic cards, an MLPerf news report, a machine-translated press release, a Taiwanese review, a
# launch live blog, a Zhihu answer, a benchmark blog): each miss became the general rule tested here.
# (text, expected rows as (model, hardware, metric, value, unit, baseline)), every row read by hand.
PROBE_9_FINDINGS = {
    "a qualifier between 的 and a ratio": (
        "标题\nLlama 2 70B上B300的成绩是H200的整整3倍。",
        [("Llama 2 70B", "B300", "speed", 3.0, "x", "H200")]),
    "a Xeon's model number after its generation": (
        "标题\n至强6 6980P处理器的吞吐量达到每秒29,415张图像，比第五代至强提升了1.9倍。",
        [("", "至强6 6980P", "throughput", 29415.0, "images/s", ""),
         ("", "至强6 6980P", "throughput", 1.9, "x", "第五代至强")]),
    "a second name in brackets is the same system": (
        "标题\n谷歌则以TPU v6e（Trillium）参加了测试。该芯片的离线吞吐量为每秒5.48个样本。",
        [("", "TPU v6e", "throughput", 5.48, "samples/s", "")]),
    "a translated comparator after its figure, in the figure's clause": (
        "标题\nMI355X GPU 提供 up to 4 倍的 AI 计算能力比较于上一代，以及高达 35 倍的推理性能飞跃相较于 MI300X GPU。",
        [("", "MI355X", "compute", 4.0, "x", "previous"), ("", "MI355X", "speed", 35.0, "x", "MI300X")]),
    "power ratings and process nodes name no system": (
        "MI355X GPU 主要规格：\n- 制程工艺：TSMC N3P\n- 总板卡功耗（TBP）：up to 1400W\n",
        [("", "MI355X", "power", 1400.0, "W", "")]),
    "the time of one epoch is a training time": (
        "标题\nC500训练Llama 2 7B一个epoch大概3.5小时。",
        [("Llama 2 7B", "C500", "time_to_train", 3.5, "h", "")]),
    "approaching a share of another system": (
        "标题\n昇腾910C的FP16算力相当于A100的2.6倍，已接近H100的八成。",
        [("", "昇腾910C", "compute", 2.6, "x", "A100"), ("", "昇腾910C", "compute", 80.0, "%", "H100")]),
    "what is left of another system's figure": (
        "标题\nB200的单卡吞吐只剩H200的58%。",
        [("", "B200", "throughput", 58.0, "%", "H200")]),
    "a chip's CPU figure under the chip": (
        "标题\n骁龙8至尊版移动平台正式发布。CPU单核性能提升45%。",
        [("", "骁龙8至尊版", "speed", 45.0, "%", "")]),
    "a block symbol marks a section heading, not a bullet": (
        "标题\n■ 本地 LLM 實測：Llama 3.2 3B（INT4）\n各機台的結果如下：\n‧ Core Ultra 7 258V：生成速度 21.8 tokens/s\n",
        [("Llama 3.2 3B", "Core Ultra 7 258V", "throughput", 21.8, "tokens/s", "")]),
    "a model's short form after its full name": (
        "部署满血版 DeepSeek-R1 做推理\n两套环境都跑过满血 R1，H20 比 910B 高八成左右。",
        [("DeepSeek-R1", "H20", "speed", 80.0, "%", "910B")]),
    "the previous version, written with a classifier": (
        "标题\n同样在 910B 上，2.0 版的 TTFT 比上一个版本降了 40% 左右。",
        [("", "910B", "latency", 40.0, "%", "previous")]),
    "earlier, a place of a run is no comparator": (
        "标题\n星河智算此前用自研训练框架在自建的 H800 集群上完成了预训练，MFU 达到 43%。",
        [("", "H800", "efficiency", 43.0, "%", "")]),
    "a space table of configurations of the section's system": (
        "标题\n## 二、吞吐与延迟\n下面是稳态数据（Qwen3-235B-A22B，H100）：\n"
        "配置            输出吞吐(tokens/s)    TTFT(ms)\nBF16 TP=8       2860                  1420\n"
        "FP8 TP=8        3950                  980\n",
        [("Qwen3-235B-A22B", "H100", "throughput", 2860.0, "tokens/s", ""),
         ("Qwen3-235B-A22B", "H100", "latency", 1420.0, "ms", ""),
         ("Qwen3-235B-A22B", "H100", "throughput", 3950.0, "tokens/s", ""),
         ("Qwen3-235B-A22B", "H100", "latency", 980.0, "ms", "")]),
    "an architecture a named chip adopts is a part of it": (
        "标题\n征程6P采用了地平线自研的第四代BPU“纳什”架构，推理性能比上一代征程5提升了约7倍。",
        [("", "征程6P", "speed", 7.0, "x", "征程5")]),
    "an architecture alone is a subject": (
        "标题\nHopper架构的推理性能比Ampere提升了约7倍。",
        [("", "Hopper", "speed", 7.0, "x", "Ampere")]),
    "a laptop chip's SKU after its line": (
        "标题\nSnapdragon X Elite X1E-80-100的生成速度为18.6 tokens/s。",
        [("", "Snapdragon X Elite X1E-80-100", "throughput", 18.6, "tokens/s", "")]),
    "chips counted as used, of the same line as the heading's chip, are the subject": (
        "标题\n二、AMD：MI355X首次提交\nMangoBoost用4个节点共32块MI300X运行Llama 2 70B，离线吞吐量达到每秒103,182个token。",
        [("Llama 2 70B", "MI300X", "throughput", 103182.0, "tokens/s", "")]),
    "counted chips under a named whole are its parts": (
        "标题\n“Olympus”算力集群方案：\n单机柜配置：128颗MTIA v4芯片，提供320PFLOPS算力。",
        [("", "Olympus", "compute", 320.0, "PFLOPS", "")]),
    "faster after a training time is a training-time ratio": (
        "标题\n在MLPerf Training中，8卡B200系统用时11.2分钟，比8卡H200系统快2.5倍。",
        [("", "B200", "time_to_train", 11.2, "min", ""), ("", "B200", "time_to_train", 2.5, "x", "8×H200")]),
    "a comparator after a value applies only in its clause (spec 9)": (
        "标题\n该集群的线性加速比达到95%，完成一次完整预训练的时间由过去的45天缩短至27天。",
        [("", "", "efficiency", 95.0, "%", ""), ("", "", "time_to_train", 27.0, "day", "45 day")]),
    "...or when it is all the next clause says": (
        "标题\nH100训练速度快1.8倍，与A100相比。",
        [("", "H100", "speed", 1.8, "x", "A100")]),
    "a quoted name before 机柜 is a system": (
        "标题\n基于 MI400 的 “Helios” 机柜将集成 72 块 GPU，提供 up to 2.9 EFLOPS 的 FP4 计算。",
        [("", "Helios", "compute", 2.9, "EFLOPS", "")]),
    "a model's variant words": (
        "标题\n在训练盘古Ultra MoE（7180亿参数）时MFU达到41%。",
        [("盘古Ultra MoE", "", "efficiency", 41.0, "%", "")]),
    "a brand before a table row's code": (
        "|型号 | FP16算力 | 显存(GB) |\n|昇腾910C | 800 TFLOPS | 128 |\n|昆仑芯P800 | — | 96 |\n",
        [("", "昇腾910C", "compute", 800.0, "TFLOPS", ""), ("", "昇腾910C", "memory", 128.0, "GB", ""),
         ("", "P800", "memory", 96.0, "GB", "")]),
    "the size of a model's weights is the paragraph's model's": (
        "标题\nQwen3-235B-A22B 的 BF16 权重大约 470GB。换成 FP8 权重后，体积降到 235GB 左右。",
        [("Qwen3-235B-A22B", "", "memory", 470.0, "GB", ""), ("Qwen3-235B-A22B", "", "memory", 235.0, "GB", "")]),
    # the second round (a dev-forum post, a paper explainer, a spun brief, a news-flash page, a cloud
    # press release, a flattened product page)
    "a setup line's bracket describes the card's host": (
        "标题\n一、测试环境\n- 加速卡：昇腾910B（Atlas 800T A2服务器，单卡测试）\n- 测试模型：Qwen2-7B\n\n二、优化过程\n"
        "第一版单次调用耗时3.2ms。",
        [("Qwen2-7B", "昇腾910B", "latency", 3.2, "ms", "")]),
    "a kernel is software, never hardware": (
        "标题\n在H100上，完整的FlashAttention-3为648 TFLOPS。",
        [("", "H100", "compute", 648.0, "TFLOPS", "")]),
    "a name the text introduces as a framework is software": (
        "标题\n云溯科技开源了自研的FP8混合精度训练框架YunFP8。YunFP8的训练吞吐较BF16提升约1.52倍。",
        [("", "", "throughput", 1.52, "x", "BF16")]),
    "spun words for a shortened training time and its cost": (
        "标题\n与BF16相比，端到端练习时光收缩27%，整体练习本钱降低约30%。",
        [("", "", "time_to_train", 27.0, "%", "BF16"), ("", "", "cost", 30.0, "%", "BF16")]),
    "the first version is the same system earlier": (
        "标题\n在昇腾910B上，相比最初版本加速约2.9倍。",
        [("", "昇腾910B", "speed", 2.9, "x", "previous")]),
    "share prices moving are no claims": (
        "标题\n【算力板块早盘拉升】A股算力概念股集体走强，浪潮信息涨3.2%，工业富联+2.6%。",
        []),
    "a test's accuracy target is a condition": (
        "标题\nNF5688G7在BERT-Large（99.9%精度目标）场景下每秒处理查询数达到1.1万。",
        [("BERT-Large", "NF5688G7", "throughput", 11000.0, "queries/s", "")]),
    "an unnamed whole built on a chip is named by the chip": (
        "标题\n百度智能云宣布，基于昆仑芯P800的3万卡集群正式点亮，单卡显存96GB。",
        [("", "P800", "memory", 96.0, "GB", "")]),
    "性价比较 an unnamed rival": (
        "标题\n- 高能效：每瓦推理性能较上一代提升45%；\n- 高性价比：推理性价比较业界同类产品高出30%以上；\n",
        [("", "", "efficiency", 45.0, "%", "previous"), ("", "", "efficiency", 30.0, "%", "")]),
    "tokens output per second is a throughput": (
        "标题\ngn9i运行Llama 3.1 70B时每秒输出token数比业界同类产品高出25%。",
        [("Llama 3.1 70B", "gn9i", "throughput", 25.0, "%", "")]),
    "a drive is no detector model, a rack's power density no claim": (
        "标题\n内存 32条DDR5 RDIMM，容量最高8TB，存储 最多16块2.5英寸NVMe SSD。单机柜功率密度可达48kW。",
        [("", "", "memory", 8.0, "TB", "")]),
    "a stack height is part of a memory product's name, which is a subject of its own": (
        "标题\n美光的8层HBM3E容量为24GB，目前已用于H200。随后推出的12层HBM3E，功耗仍比对手的8层产品低20%。",
        [("", "8层HBM3E", "memory", 24.0, "GB", ""), ("", "12层HBM3E", "power", 20.0, "%", "")]),
    "a code name in brackets after 代号": (
        "标题\n三星的12层HBM3E(代号Shinebolt)则把每个堆叠的峰值带宽推高到1.28TB/s。",
        [("", "12层HBM3E", "bandwidth", 1.28, "TB/s", "")]),
    "an efficiency compared with the previous generation": (
        "标题\nSK海力士已完成12层HBM4的开发，能效比上一代产品提升40%以上。",
        [("", "12层HBM4", "efficiency", 40.0, "%", "previous")]),
    "a name heading a clause of what it carries is no part": (
        "标题\n搭载该内存的H200配备141GB显存。",
        [("", "H200", "memory", 141.0, "GB", "")]),
    "a section heading that states a figure still opens a section": (
        "标题\n二、16层HBM3E开始送样\nSK海力士的16层HBM3E单颗容量达到48GB。\n三、H200：显存容量翻倍\n"
        "其带宽可达4.8TB/s。",
        [("", "16层HBM3E", "memory", 48.0, "GB", ""), ("", "H200", "memory", 2.0, "x", ""),
         ("", "H200", "bandwidth", 4.8, "TB/s", "")]),
    "network cards and switches": (
        "标题\nConnectX-8的单端口速率为800Gb/s，较上一代ConnectX-7翻倍。Quantum-X800交换机的端口速率为800Gb/s。",
        [("", "ConnectX-8", "bandwidth", 800.0, "Gbit/s", ""), ("", "ConnectX-8", "bandwidth", 2.0, "x", "ConnectX-7"),
         ("", "Quantum-X800", "bandwidth", 800.0, "Gbit/s", "")]),
    "two systems just named, respectively, then the latter": (
        "标题\n其MI355X八卡服务器和明年推出的Helios机柜分别代表当前和下一代方案。两者的scale-up总带宽分别为1.1TB/s和"
        "260TB/s，后者基于UALink协议，总计配备31TB HBM4。",
        [("", "MI355X", "bandwidth", 1.1, "TB/s", ""), ("", "Helios", "bandwidth", 260.0, "TB/s", ""),
         ("", "Helios", "memory", 31.0, "TB", "")]),
    "the latter stays the subject of the clauses after it": (
        "标题\nA100和H100都很强，后者的显存为80GB，带宽3.35TB/s。",
        [("", "H100", "memory", 80.0, "GB", ""), ("", "H100", "bandwidth", 3.35, "TB/s", "")]),
    "a count with thousands separators; chips brought online are parts of the cluster": (
        "标题\nxAI 的 Colossus 是目前世界上最大的 training cluster 之一。它的 Phase 1 上线了 100,000 个 H100。在 dense BF16 "
        "下，该集群提供 ~98.9 EFLOPS 的峰值算力，per GPU 为 989 TFLOPS。",
        [("", "Colossus", "compute", 98.9, "EFLOPS", ""), ("", "Colossus", "compute", 989.0, "TFLOPS", "")]),
    "a plural pronoun over one named system and another thing names none": (
        "标题\nEos和Azure在各自的提交中都采用了10,752个H100。它们的表现相差不到2%。",
        [("", "", "speed", 2.0, "%", "")]),
    "relative to a system, then a copula and the ratio": (
        "标题\nGB200 NVL72 把 NVLink domain 扩大到 72 GPU。per GPU 的 training performance 相对 H100 是 up to 4x。",
        [("", "GB200 NVL72", "speed", 4.0, "x", "H100")]),
    "English metric words of a translated newsletter": (
        "标题\nSpectrum-X 在 100k 规模下保持了 95% 的 effective bandwidth 利用率；Colossus 的 goodput 保持在 90%+。",
        [("", "Spectrum-X", "efficiency", 95.0, "%", ""), ("", "Colossus", "efficiency", 90.0, "%", "")]),
    "millions of GPU hours; a utilisation is the run's workload's": (
        "标题\nLlama 3 405B的预训练共用了30.84M GPU小时。在16384张H100上训练时，Llama 3 405B的BF16 MFU为41%；缩小到8192张"
        "H100时，MFU为43%。",
        [("Llama 3 405B", "", "time_to_train", 30840000.0, "h", ""), ("Llama 3 405B", "H100", "efficiency", 41.0, "%", ""),
         ("Llama 3 405B", "H100", "efficiency", 43.0, "%", "")]),
    "a goodput written as a share of training time": (
        "标题\nMeta表示有效训练时间占比仍超过90%。",
        [("", "", "efficiency", 90.0, "%", "")]),
    "how often something happens is no time claim": (
        "标题\n一个 100k H100 的 cluster 大约每 ~30 minutes 就会有一次 interruption。",
        []),
    "a chip's figures for two of its parts are two assertions, though both are the chip's": (
        "骁龙8至尊版发布：NPU性能提升45%\n现场大屏显示：骁龙8至尊版CPU单核性能提升45%。",
        [("", "骁龙8至尊版", "speed", 45.0, "%", ""), ("", "骁龙8至尊版", "speed", 45.0, "%", "")]),
    "a rounded restatement in a second unit is one value": (
        "标题\n征程6P的内存频宽达到204.8GB/s（约0.2TB/s），DRIVE Thor算力2000TFLOPS，即2 PFLOPS。",
        [("", "征程6P", "bandwidth", 204.8, "GB/s", ""), ("", "DRIVE Thor", "compute", 2000.0, "TFLOPS", "")]),
    "a space before the slash of a unit": (
        "标题\nC500：64GB HBM2e，显存带宽1.8TB /s。",
        [("", "C500", "memory", 64.0, "GB", ""), ("", "C500", "bandwidth", 1.8, "TB/s", "")]),
    "ratios of counts and a cooling capacity are no claims": (
        "标题\n卡数规模是CloudMatrix 384的20多倍。该机柜支持高达 200kW 的液冷散热能力。",
        []),
    # the third round (a Taiwanese paper, Hong Kong media, a video transcript, a white paper, slides written out)
    "the 达 of a vendor's name opens no comparison": (
        "标题\n英伟达GB300算力较GB200提升1.5倍，辉达H100的吞吐量为A100的3倍。",
        [("", "GB300", "compute", 1.5, "x", "GB200"), ("", "H100", "throughput", 3.0, "x", "A100")]),
    "a ratio before English words, per-user rates, a figure after a class": (
        "标题\nSlide 4: 性能对比 — Llama 2 70B 单用户推理\n• Groq LPU：每用户 300 tokens/s\n"
        "• LPU：3.5x faster inference vs. H100\n• 首token时延：LPU 0.22 s，H100 0.61 s\n",
        [("Llama 2 70B", "LPU", "throughput", 300.0, "tokens/s", ""), ("Llama 2 70B", "LPU", "throughput", 3.5, "x", "H100"),
         ("Llama 2 70B", "LPU", "latency", 0.22, "s", ""), ("Llama 2 70B", "H100", "latency", 0.61, "s", "")]),
    "a version after a space stays part of the name": (
        "标题\n昇腾910的算力甚至是 Google TPU 3.0 的两倍多。",
        [("", "昇腾910", "compute", 2.0, "x", "TPU 3.0")]),
    "year-on-year and month-on-month growth are market statistics": (
        "标题\n全市智能算力规模比去年同期增长21.5%。廣達11月營收月增12.4％，年增58.7％。",
        []),
    "a space table with a column out of scope": (
        "标题\n名称 智能算力(EFLOPS) 单节点网络带宽(Gbps) PUE\n上海临港智算中心 5.2 3200 1.25\n鹏城云脑III 16 1600 1.22\n",
        [("", "上海临港智算中心", "compute", 5.2, "EFLOPS", ""), ("", "上海临港智算中心", "bandwidth", 3200.0, "Gbit/s", ""),
         ("", "鹏城云脑III", "compute", 16.0, "EFLOPS", ""), ("", "鹏城云脑III", "bandwidth", 1600.0, "Gbit/s", "")]),
    "Cantonese particles": (
        "标题\nMI355X 跑 DeepSeek-R1 嘅效能快咗3倍。",
        [("DeepSeek-R1", "MI355X", "speed", 3.0, "x", "")]),
    "a quantisation format is no system; a desktop computer is": (
        "标题\nMac Studio跑Llama 3.1 8B（Q8_0）约21 tokens/s。",
        [("Llama 3.1 8B", "Mac Studio", "throughput", 21.0, "tokens/s", "")]),
    "tokens per second written with a classifier": (
        "标题\nRTX 5090稳定在61个token每秒左右。",
        [("", "RTX 5090", "throughput", 61.0, "tokens/s", "")]),
    # the fourth round (a bilingual press release, Weibo, a journal paper, device reviews)
    "Chinese brand names of laptop chips with their tier and model number": (
        "标题\n锐龙AI 9 HX 370的NPU算力为50 TOPS，比上一代锐龙9 8945HS的16 TOPS提升约3倍。",
        [("", "锐龙AI 9 HX 370", "compute", 50.0, "TOPS", ""), ("", "锐龙9 8945HS", "compute", 16.0, "TOPS", ""),
         ("", "锐龙AI 9 HX 370", "compute", 3.0, "x", "锐龙9 8945HS")]),
    "a figure after a family is no model number": (
        "标题\n虽然高于Intel酷睿Ultra 11TOPS和AMD锐龙8040 16TOPS。",
        [("", "酷睿Ultra", "compute", 11.0, "TOPS", ""), ("", "锐龙8040", "compute", 16.0, "TOPS", "")]),
    "the parts a whole's figure is split into": (
        "标题\n酷睿Ultra 9 288V的平台AI总算力为120 TOPS，其中NPU为48 TOPS，GPU为67 TOPS。",
        [("", "酷睿Ultra 9 288V", "compute", 120.0, "TOPS", ""), ("", "酷睿Ultra 9 288V", "compute", 48.0, "TOPS", ""),
         ("", "酷睿Ultra 9 288V", "compute", 67.0, "TOPS", "")]),
    "a space table whose header line the rows were joined to": (
        "标题\n平台    吞吐量/(images/s)    时延/ms\n昇腾310P+TileFuse    2146    3.73\nTesla T4+TensorRT    1580    5.06\n",
        [("", "昇腾310P", "throughput", 2146.0, "images/s", ""), ("", "昇腾310P", "latency", 3.73, "ms", ""),
         ("", "Tesla T4", "throughput", 1580.0, "images/s", ""), ("", "Tesla T4", "latency", 5.06, "ms", "")]),
    "an English determiner and an analyst firm are no part of a name": (
        "标题\nEach Ascend 910C delivers approximately 781 TFLOPS of BF16 compute. 据TechInsights拆解，昇腾910C的HBM容量为96GB。",
        [("", "Ascend 910C", "compute", 781.0, "TFLOPS", ""), ("", "昇腾910C", "memory", 96.0, "GB", "")]),
    "a speed-up ratio; giga-operations; frames per second; a lower-case version after a code": (
        "标题\n本文提出的FPGA加速器HiCA的处理速度达到98.6帧/s，吞吐量为486.2 GOPS，是Intel Xeon E5-2680 v4 CPU的7.1倍，"
        "平均加速比为1.38倍。",
        [("", "HiCA", "throughput", 98.6, "images/s", ""), ("", "HiCA", "compute", 0.4862, "TOPS", ""),
         ("", "HiCA", "compute", 7.1, "x", "Xeon E5-2680 v4"), ("", "HiCA", "speed", 1.38, "x", "Xeon E5-2680 v4")]),
    "phones by their line and number": (
        "标题\niPhone 16 Pro的NPU算力为35 TOPS，Galaxy S25 Ultra运行内存为12GB。",
        [("", "iPhone 16 Pro", "compute", 35.0, "TOPS", ""), ("", "Galaxy S25 Ultra", "memory", 12.0, "GB", "")]),
    "a share a system can reach of another's": (
        "标题\n昇腾910C做推理能到H100的六成性能，性价比能做到H20的1.5倍。",
        [("", "昇腾910C", "speed", 60.0, "%", "H100"), ("", "昇腾910C", "efficiency", 1.5, "x", "H20")]),
    "battery life, a power mode and a drive are no claims": (
        "标题\nThinkPad X1在续航测试中坚持了14小时35分钟。在28W功耗模式下测试，存储为1TB PCIe 4.0 SSD，内存为32GB。",
        [("", "ThinkPad X1", "memory", 32.0, "GB", "")]),
    "a utilisation measured on the setup's workload": (
        "标题\n一、测试环境\n- 加速卡：昇腾910B\n- 测试模型：Qwen2-7B\n\n二、优化过程\n第一版的AI Core利用率只有31%。",
        [("Qwen2-7B", "昇腾910B", "efficiency", 31.0, "%", "")]),
    "FPGA resource occupancy is no claim": (
        "标题\nLUT占用61.4%，BRAM占用37.1%。",
        []),
}


@pytest.mark.parametrize("text,expected", PROBE_9_FINDINGS.values(), ids=PROBE_9_FINDINGS.keys())
def test_probe_9_findings(text, expected):
    assert fields(text) == expected


# Round 5 of the second annotator's articles (a README, a tender notice, a podcast, an HTML page...):
# each case a general reading the round's misses asked for, written anew.
PROBE_10_FINDINGS = {
    "a bracket closing the sentence states the setup of its figures": (
        "标题\n- 相比 vLLM 吞吐提升 1.8 倍，相比 TGI 提升 2.5 倍（Llama 2 13B，A100 80GB，详见下方基准）。",
        [("Llama 2 13B", "A100 80GB", "throughput", 1.8, "x", "vLLM"),
         ("Llama 2 13B", "A100 80GB", "throughput", 2.5, "x", "TGI")]),
    "...not against a name before the figure": (
        "标题\nH100的吞吐提升1.8倍（A100 80GB）。",
        [("", "H100", "throughput", 1.8, "x", "")]),
    "...nor when it holds a comparison": (
        "标题\n吞吐提升1.8倍（与A100相比）。",
        [("", "", "throughput", 1.8, "x", "A100")]),
    "the paragraph stays on its subject, not on the system compared against": (
        "标题\nX90的FP16算力为320 TFLOPS，略高于A100的312 TFLOPS。板卡配备64GB HBM2e，显存带宽1.8TB/s。",
        [("", "X90", "compute", 320.0, "TFLOPS", ""), ("", "A100", "compute", 312.0, "TFLOPS", ""),
         ("", "X90", "memory", 64.0, "GB", ""), ("", "X90", "bandwidth", 1.8, "TB/s", "")]),
    "卡时 after a count of cards is 'when', not card-hours": (
        "标题\nX90集群线性扩展效率达到92%，扩到1024卡时仍有约88%。",
        [("", "X90", "efficiency", 92.0, "%", ""), ("", "X90", "efficiency", 88.0, "%", "")]),
    "...card-hours are a cost": (
        "标题\n训练仅消耗30万卡时，成本降低40%。",
        [("", "", "cost", 40.0, "%", "")]),
    "相对X的性能 reaching a share": (
        "标题\n沐曦官方说C500在大模型训练上相对A100的性能能到九成以上。",
        [("", "C500", "speed", 90.0, "%", "A100")]),
    "bare 效率 as a share of a named system is how fast": (
        "标题\nK9的训练效率能到A100的60%。",
        [("", "K9", "speed", 60.0, "%", "A100")]),
    "...a bare 效率 alone is a level": (
        "标题\nK9的效率为95%。",
        [("", "K9", "efficiency", 95.0, "%", "")]),
    "signed percentages after a stocks label are share prices": (
        "标题\n相关股票：摩尔线程 +2.35% | 海光信息 -1.12% | 寒武纪 -3.06%",
        []),
    "a figure pointed at with 这 restates one": (
        "标题\nH20算力只有H100的15%左右。\n\n回复 @老张：你这15%只算了算力。",
        [("", "H20", "compute", 15.0, "%", "H100")]),
    "bounds under a heading of requirements are thresholds, no results": (
        "招标公告\n二、主要技术参数要求\n1 单卡FP16算力 ≥256TFLOPS\n2 单卡最大功耗 ≤550W\n三、记者观察\nK9的FP16算力约为320TFLOPS。",
        [("", "K9", "compute", 320.0, "TFLOPS", "")]),
    "...and after a line label of them": (
        "招标公告\n采购需求：分布式存储系统，可用容量不低于20PB。\nK9存储系统的可用容量达到30PB。",
        [("", "K9", "memory", 30000.0, "TB", "")]),
    "the title introduces the body across a byline": (
        "赣州人工智能计算中心二期建成后总算力将达1.2EFLOPS\n来源：赣州市公共资源交易中心　发布时间：2025-03-18\n"
        "二期将新增AI算力900PFLOPS，是一期的4倍。",
        [("", "赣州人工智能计算中心", "compute", 1.2, "EFLOPS", ""),
         ("", "赣州人工智能计算中心", "compute", 900.0, "PFLOPS", ""),
         ("", "赣州人工智能计算中心", "compute", 4.0, "x", "previous")]),
    "an infobox under a title that is a name takes the name": (
        "昇腾910\n中文名：昇腾910\n架构：达芬奇（Da Vinci）架构\n制程：7nm+ EUV\n半精度算力（FP16）：256 TFLOPS\n最大功耗：310W",
        [("", "昇腾910", "compute", 256.0, "TFLOPS", ""), ("", "昇腾910", "power", 310.0, "W", "")]),
    "a pronoun stays the subject past the chips counted as its parts": (
        "标题\n华为开始交付昇腾910C，并将其用于CloudMatrix 384超节点。前者采用双芯粒封装，把两颗910B级别的裸片整合在同一基板上，"
        "FP16算力接近800TFLOPS，HBM容量提升至128GB。",
        [("", "昇腾910C", "compute", 800.0, "TFLOPS", ""), ("", "昇腾910C", "memory", 128.0, "GB", "")]),
    "a size alone names an unnamed workload": (
        "标题\n一期集群训练LLaMA-65B的线性加速比达到91%。依托该平台，企业训练70亿参数行业模型的耗时由约20天缩短至6天。",
        [("LLaMA-65B", "", "efficiency", 91.0, "%", ""), ("", "", "time_to_train", 6.0, "day", "20 day")]),
    "a flattened row's cell may carry an approximation word": (
        "对比\n参数 昇腾910 昇腾910B 昇腾910C\n功耗 310W 400W 约550W",
        [("", "昇腾910", "power", 310.0, "W", ""), ("", "昇腾910B", "power", 400.0, "W", ""),
         ("", "昇腾910C", "power", 550.0, "W", "")]),
    "a digest's bold item title opens a section its sentences point back to": (
        "AI 周报\n\n**2. AMD 发布 MI325X：288GB HBM3E，带宽 6TB/s**\n该加速器 FP8 峰值算力约 2.6 PFLOPS，功耗由 MI300X 的 750 瓦提升至 1000 瓦。",
        [("", "MI325X", "memory", 288.0, "GB", ""), ("", "MI325X", "bandwidth", 6.0, "TB/s", ""),
         ("", "MI325X", "compute", 2.6, "PFLOPS", ""), ("", "MI325X", "power", 1000.0, "W", "750 W")]),
    "a count in ten thousands makes the chips parts": (
        "标题\n据披露，Colossus 一期 10 万张 H100 满载功耗约 150 兆瓦。",
        [("", "Colossus", "power", 150.0, "MW", "")]),
    "后者 after the section's system and one compared with it": (
        "标题\n**8. 昇腾 910C 开始小批量交付**\n该芯片 FP16 算力约 800 TFLOPS，约为 H100 的八成；后者的 FP16 稠密算力为 989 TFLOPS。",
        [("", "昇腾 910C", "compute", 800.0, "TFLOPS", ""), ("", "昇腾 910C", "compute", 80.0, "%", "H100"),
         ("", "H100", "compute", 989.0, "TFLOPS", "")]),
    "a stack height heading a section is its subject": (
        "标题\n**10. SK 海力士量产 12 层 HBM3E**\n单颗容量 36GB，带宽约 1.2TB/s。",
        [("", "12 层HBM3E", "memory", 36.0, "GB", ""), ("", "12 层HBM3E", "bandwidth", 1.2, "TB/s", "")]),
    "a pronoun of a whole points to the system the paragraph built of parts": (
        "标题\nEl Capitan由HPE以Cray EX平台打造，采用AMD Instinct MI300A APU。每颗MI300A在同一封装内集成CPU与GPU核心，"
        "并配备128GB HBM3内存。该系统的理论峰值效能（Rpeak）为2.746 EFLOPS，满载功耗约29,581千瓦（约29.6 MW）。",
        [("", "MI300A", "memory", 128.0, "GB", ""), ("", "El Capitan", "compute", 2.746, "EFLOPS", ""),
         ("", "El Capitan", "power", 29581.0, "kW", "")]),
    "success rates and yields are no performance": (
        "标题\n本轮测试成功率仅91.2%，据称良率已接近80%。",
        []),
    "a bare number before a figure after 分别 shares its unit": (
        "标题\nFrontier与Aurora则分别以52.6与26.1 GFLOPS/W排名第二、第三。",
        [("", "Frontier", "efficiency", 52.6, "GFLOPS/W", ""), ("", "Aurora", "efficiency", 26.1, "GFLOPS/W", "")]),
    "以X为对比对象 sets the paragraph's comparator; an advantage is a change": (
        "标题\nAMD给出的官方数据均以英伟达H200为对比对象。运行Mistral 7B时领先30%；在Llama 3.1 70B上也有约20%的优势。",
        [("Mistral 7B", "", "speed", 30.0, "%", "H200"), ("Llama 3.1 70B", "", "speed", 20.0, "%", "H200")]),
    "an advantage pointed back to keeps the metric of the figure before": (
        "标题\n昇腾910B集群的性价比约为A100集群的1.2倍；若计入软件迁移与运维成本，这一优势将收窄至1.05倍左右。",
        [("", "昇腾910B", "efficiency", 1.2, "x", "A100"), ("", "昇腾910B", "efficiency", 1.05, "x", "A100")]),
    "the system a model is deployed on is no part (a CamelCase line with its number glued)": (
        "标题\n华为云此前披露，基于CloudMatrix384部署的DeepSeek-R1单卡decode吞吐可达1920 tokens/s。",
        [("DeepSeek-R1", "CloudMatrix384", "throughput", 1920.0, "tokens/s", "")]),
    "a count with × is kept in the baseline; 劣化 against the previous version": (
        "标题\nAtlas 800I A2整机推理吞吐约为 8×A800（vLLM 0.5.4）的 1.1 倍。Atlas 300I Duo的首 token 时延较上一版本劣化约 8%。",
        [("", "Atlas 800I A2", "throughput", 1.1, "x", "8×A800"), ("", "Atlas 300I Duo", "latency", 8.0, "%", "previous")]),
    "a quantisation scheme is no system": (
        "标题\nW8A8 量化后，吞吐较 BF16 提升 45%。",
        [("", "", "throughput", 45.0, "%", "BF16")]),
    "a spoken percentage range": (
        "标题\nLlama 3 405B 是在一万六千张 H100 上训的，MFU 大概在百分之三十八到四十三之间。",
        [("Llama 3 405B", "H100", "efficiency", 38.0, "%", "")]),
    "a setup line of a post, with an emoji, is no heading": (
        "姐妹们！RTX 5090本地跑大模型到底值不值？\n🔥先说结论：真香\n🖥️ 配置：RTX 5090 + Ollama\n📍 全部Q4量化、单卡、上下文8K\n"
        "我自己测下来👇：\n✅ QwQ-32B：每秒52个token\n⚡️ 功耗实测\n满载整卡功耗在560W上下",
        [("QwQ-32B", "RTX 5090", "throughput", 52.0, "tokens/s", ""), ("", "RTX 5090", "power", 560.0, "W", "")]),
    "a bracket after a figure is an aside about another system, not a setup": (
        "## 关键数据一览（MTT S5000）\n\n- FP8算力：1 PFLOPS（MTT S4000不支持FP8）\n- FP16算力：500 TFLOPS（MTT S4000为100 TFLOPS）",
        [("", "MTT S5000", "compute", 1.0, "PFLOPS", ""), ("", "MTT S5000", "compute", 500.0, "TFLOPS", ""),
         ("", "MTT S4000", "compute", 100.0, "TFLOPS", "")]),
    "a memory-size variant before 的 and a metric is the variant; a collective is no system": (
        "标题\nA100 40GB的FP16 Tensor Core峰值算力为312 TFLOPS。\n\n单步梯度AllReduce的通信时延从38.2 ms降低到27.7 ms。",
        [("", "A100 40GB", "compute", 312.0, "TFLOPS", ""), ("", "", "latency", 27.7, "ms", "38.2 ms")]),
    "a chip the system a pronoun names adopts is its part": (
        "标题\nNVIDIA的DGX Spark终于开卖。它采用 GB10 Grace Blackwell 超级芯片，官方宣称在 FP4 精度下可提供 1 PFLOP 的 AI 效能。",
        [("", "DGX Spark", "compute", 1.0, "PFLOPS", "")]),
    "...and one a named system adopts; a chip heading a relative clause is none": (
        "标题\nAtlas 800采用昇腾910芯片，FP16算力达到2 PFLOPS。\n\n小鹏G9等采用的NVIDIA Orin-X芯片，其单颗算力为254TOPS。",
        [("", "Atlas 800", "compute", 2.0, "PFLOPS", ""), ("", "Orin-X", "compute", 254.0, "TOPS", "")]),
    "a review's spec rows and a benchmark tool": (
        "评测\n■ 规格重点\n型号 内存类型 容量 带宽\nDGX Spark LPDDR5x 128GB 273GB/s\nRTX 5090 GDDR7 32GB 1792GB/s\n"
        "■ 内存带宽\n在 AIDA64 的内存读取测试中，DGX Spark 实测带宽约 221GB/s。",
        [("", "DGX Spark", "memory", 128.0, "GB", ""), ("", "DGX Spark", "bandwidth", 273.0, "GB/s", ""),
         ("", "RTX 5090", "memory", 32.0, "GB", ""), ("", "RTX 5090", "bandwidth", 1792.0, "GB/s", ""),
         ("", "DGX Spark", "bandwidth", 221.0, "GB/s", "")]),
    "slide notes: P3： heads a slide; a vs line introduces the comparison; English predecessors": (
        "Hot Chips 2024 笔记｜Tenstorrent Blackhole\nP3：Blackhole 总览\n- BF16 约372 TFLOPS\nP5：对比上一代\n"
        "讲者给出的是Blackhole p150a vs Wormhole n300：\n- FP8算力约1.6倍\n- 2.5x perf/W vs. prior gen***",
        [("", "Blackhole", "compute", 372.0, "TFLOPS", ""), ("", "Blackhole p150a", "compute", 1.6, "x", "Wormhole n300"),
         ("", "Blackhole p150a", "efficiency", 2.5, "x", "previous")]),
    "a pronoun opening a bracket is the subject of the figures in it": (
        "标题\n个人点评：Blackhole单芯片FP8只有H100的近四成（后者稠密1979 TFLOPS，稀疏3958 TFLOPS*）。",
        [("", "Blackhole", "compute", 40.0, "%", "H100"), ("", "H100", "compute", 1979.0, "TFLOPS", ""),
         ("", "H100", "compute", 3958.0, "TFLOPS", "")]),
    "homophone typos of forum posts": (
        "标题\n2楼：这卡FP16算立标称320TFLOPS，显寸64GB。",
        [("", "", "compute", 320.0, "TFLOPS", ""), ("", "", "memory", 64.0, "GB", "")]),
    "memory that computes is a product; a competitor's class is unnamed": (
        "标题\nGDDR6-AiM与一般DRAM相比运算速度最多快16倍。\n\nMONAKA的电力效率是竞争公司CPU的约２倍。",
        [("", "GDDR6-AiM", "speed", 16.0, "x", ""), ("", "MONAKA", "efficiency", 2.0, "x", "")]),
    "a metric word inside the comparator is not the figure's": (
        "标题\nMN-Core 2的存储器带宽据说可以达到HBM的约３倍。\n\n测量的延迟改进显示与传统内存访问方法相比减少了高达65%。",
        [("", "MN-Core 2", "bandwidth", 3.0, "x", ""), ("", "", "latency", 65.0, "%", "")]),
    "a translated comparative before the figure's noun": (
        "标题\nWSE-3 提供 7,000 倍更多的内存带宽。",
        [("", "WSE-3", "bandwidth", 7000.0, "x", "")]),
    "a slide mark heads a title of up to 60 characters": (
        "笔记\nP6：Llama 3.1 70B推理（Blackhole Galaxy，32芯片）\n- Blackhole Galaxy服务器由32颗Blackhole组成\n- 每用户生成速度约20 tokens/s（batch 32）",
        [("Llama 3.1 70B", "Blackhole Galaxy", "throughput", 20.0, "tokens/s", "")]),
    "a forum's bare T after 算力, a spoken range of 成, a llama.cpp quantisation": (
        "标题\n这卡FP16算立标称320T左右。\n\n我们跑ResNet-50训练大概快了六七成。\n\n我4090单卡跑Llama3.1-70B IQ2量化能到9 tokens/s。",
        [("", "", "compute", 320.0, "TFLOPS", ""), ("ResNet-50", "", "speed", 60.0, "%", ""),
         ("Llama3.1-70B", "4090", "throughput", 9.0, "tokens/s", "")]),
    "a setup line's one system with a remark after a comma": (
        "调优笔记\n## 0. 测试环境\n- GPU：NVIDIA L40S，单卡\n- CPU：2 × Intel Xeon Gold 6430\n## 1. 基线\n64 并发下总吞吐只有 410 tokens/s。",
        [("", "L40S", "throughput", 410.0, "tokens/s", "")]),
    "a counted configuration labelling its line is the subject; a token count is no code": (
        "标题\n- 1024 卡 H800：MFU 约 52%\n- 1024 卡 910B：MFU 在 33%~38% 之间波动\n\n910B 上续训 300B tokens 一共用了 11 天。",
        [("", "H800", "efficiency", 52.0, "%", ""), ("", "910B", "efficiency", 33.0, "%", ""),
         ("", "910B", "time_to_train", 11.0, "day", "")]),
    "the figure of the system used before is that system's": (
        "标题\n910B 上续训一共用了 11 天，此前用 A800 集群跑同样规模的数据需要 15 天。",
        [("", "910B", "time_to_train", 11.0, "day", ""), ("", "A800", "time_to_train", 15.0, "day", "")]),
    "a unit's definition is no claim": (
        "标题\n1 GB/s 表示每秒传输10亿字节的数据，因此1 GB/s相当于8 Gb/s。1 μs等于1000 ns。\n\nH100的带宽为1 TB/s，相当于A100的2倍。",
        [("", "H100", "bandwidth", 1.0, "TB/s", ""), ("", "H100", "bandwidth", 2.0, "x", "A100")]),
    "spun words and a codename's generation ordinal": (
        "标题\n谷歌发布第七代Ironwood芯片，单芯片运算才能高达4614 TFLOPS，装备了192GB的高带宽显示存储。",
        [("", "Ironwood", "compute", 4614.0, "TFLOPS", ""), ("", "Ironwood", "memory", 192.0, "GB", "")]),
    "a Chinese brand the document writes before several codes is part of each name": (
        "标题\n衡算科技推出训练卡衡山S2，FP16算力为400 TFLOPS。下一代衡山S3的目标FP8算力达到1.6 PFLOPS。",
        [("", "衡山S2", "compute", 400.0, "TFLOPS", ""), ("", "衡山S3", "compute", 1.6, "PFLOPS", "")]),
    "...not a word's tail, a count or a common noun": (
        "标题\n英伟达H200的显存为141GB，英伟达H100为80GB。单块B200的算力是单块H100的2.5倍。",
        [("", "H200", "memory", 141.0, "GB", ""), ("", "H100", "memory", 80.0, "GB", ""),
         ("", "B200", "compute", 2.5, "x", "H100")]),
    "a cloud instance's full size name": (
        "标题\necs.gn8is-2x.8xlarge实例的网络带宽为32 Gbit/s。",
        [("", "ecs.gn8is-2x.8xlarge", "bandwidth", 32.0, "Gbit/s", "")]),
    "a memory heading a section, with a figure in the heading, is its subject": (
        "台积电新闻\n■ HBM4明年放量 频宽翻倍\nHBM4介面位宽由1024位元倍增至2048位元，单堆叠频宽可达2TB/s，能效亦改善约40%。",
        [("", "HBM4", "bandwidth", 2.0, "x", ""), ("", "HBM4", "bandwidth", 2.0, "TB/s", ""),
         ("", "HBM4", "efficiency", 40.0, "%", "")]),
    "后者 is of the pair named before it, not the memory named after it": (
        "标题\nAMD发表MI350X及MI355X两款，后者采用液冷设计，配备288GB HBM3E，记忆体频宽8TB/s。",
        [("", "MI355X", "memory", 288.0, "GB", ""), ("", "MI355X", "bandwidth", 8.0, "TB/s", "")]),
    "a count with × before a Chinese family; market words of a quote box": (
        "标题\n以8×H20为基准，8×昇腾910B则低约19%。\n\n英伟达盘后涨超2%。52周最高 153.13",
        [("", "昇腾910B", "speed", 19.0, "%", "8×H20")]),
    "a bare Pod is the pod of the system in context": (
        "标题\n谷歌Ironwood芯片发布。整个Pod的总运算才能可达42.5 EFLOPS。",
        [("", "Ironwood", "compute", 42.5, "EFLOPS", "")]),
    "a space table headed by a class word, under a section's workload": (
        "博客\n2.2 Qwen2.5-14B + QLoRA（4bit）\n这一组把表格贴成了纯文本：\nGPU 每epoch耗时 峰值显存\nRTX 4090 205min 14.8GB\nA100 132min 15.0GB",
        [("Qwen2.5-14B", "RTX 4090", "time_to_train", 205.0, "min", ""), ("Qwen2.5-14B", "RTX 4090", "memory", 14.8, "GB", ""),
         ("Qwen2.5-14B", "A100", "time_to_train", 132.0, "min", ""), ("Qwen2.5-14B", "A100", "memory", 15.0, "GB", "")]),
    "an earlier self before a ratio without 的; an adverb between comparator and outcome": (
        "标题\nMI355X的AI算力达上代4倍。\n\nROCm 7的推理性能相比ROCm 6平均提升3.5倍。",
        [("", "MI355X", "compute", 4.0, "x", "previous"), ("", "", "speed", 3.5, "x", "ROCm 6")]),
    "stability tests and training targets are no results": (
        "标题\nR5500 G7通过2000小时稳定性测试。BERT需训练至72.0%的掩码语言模型准确率，训练至收敛只需2小时。",
        [("BERT", "R5500 G7", "time_to_train", 2.0, "h", "")]),
    "a named variant alone after the full model name is that model": (
        "标题\nMeta训练Llama 4 Behemoth用了H100。Behemoth的模型算力利用率（MFU）只有两成左右。",
        [("Llama 4 Behemoth", "H100", "efficiency", 20.0, "%", "")]),
    "switches named with Photonics": (
        "标题\nQuantum-X Photonics InfiniBand交换机提供144个800Gb/s端口。",
        [("", "Quantum-X Photonics", "bandwidth", 800.0, "Gbit/s", "")]),
    "a forum's llama.cpp post: t/s, a quantisation after the model, a size without its B": (
        "V2EX\nM4 Max 128G 跑 Qwen2.5-32B Q4，tg 稳定在 22~24 t/s，pp 大概 180 t/s。",
        [("Qwen2.5-32B", "M4 Max 128G", "throughput", 22.0, "tokens/s", ""),
         ("Qwen2.5-32B", "M4 Max 128G", "throughput", 180.0, "tokens/s", "")]),
    "an NVL edition of a card; shares of a count": (
        "标题\nH200 NVL跑Llama 3 70B推理的速度比H100 NVL快1.7倍。新增的10万张里H100和H200各占一半。",
        [("Llama 3 70B", "H200 NVL", "speed", 1.7, "x", "H100 NVL")]),
    "a metric word before an earlier figure of the clause is that figure's": (
        "AMD发布MI355X：AI算力达上代4倍 推理性能暴涨35倍",
        [("", "MI355X", "compute", 4.0, "x", "previous"), ("", "MI355X", "speed", 35.0, "x", "previous")]),
    "a share of an unnamed peer's compute is compute, not a utilisation": (
        "标题\n国产旗舰芯片单卡算力约为英伟达同代旗舰的30%~80%。",
        [("", "", "compute", 30.0, "%", "")]),
    "a Chinese model's short form after its full name; a rate named before its number; AI TOPS": (
        "标题\n科大讯飞发布讯飞星火X1.5。星火X1.5训练阶段的MFU达到52%，有效训练时长占比超过98%。\n\n"
        "RTX 5080的AI TOPS为1801，上代RTX 4080则为780 AI TOPS。",
        [("讯飞星火X1.5", "", "efficiency", 52.0, "%", ""), ("讯飞星火X1.5", "", "efficiency", 98.0, "%", ""),
         ("", "RTX 5080", "compute", 1801.0, "TOPS", ""), ("", "RTX 4080", "compute", 780.0, "TOPS", "")]),
    "a metric label before a colon, the subject after it": (
        "标题\nMFU：BR100集群达到46%。",
        [("", "BR100", "efficiency", 46.0, "%", "")]),
    "ratios of counts written after the figure, figures per TFLOPS, data sets are no claims or systems": (
        "标题\nCloudMatrix 384依靠5倍于NVL72的芯片数量。CloudMatrix 384每TFLOPS耗电约1.87W。\n\n在CIFAR-10上的准确率达到90.2%。",
        [("", "", "accuracy", 90.2, "%", "")]),
    "a Hong Kong computing centre; a CPX edition": (
        "标题\n數碼港人工智能超算中心第一階段已提供１３００ PFLOPS算力。\n\n搭载该芯片的Vera Rubin NVL144 CPX机柜整体算力达8 EFLOPS。",
        [("", "數碼港人工智能超算中心", "compute", 1300.0, "PFLOPS", ""), ("", "Vera Rubin NVL144 CPX", "compute", 8.0, "EFLOPS", "")]),
    "a requirement to meet is no result": (
        "标题\n全部 1,286 个用例需在 15 分钟内跑完，训练只需2小时。",
        [("", "", "time_to_train", 2.0, "h", "")]),
}


@pytest.mark.parametrize("text,expected", PROBE_10_FINDINGS.values(), ids=PROBE_10_FINDINGS.keys())
def test_probe_10_findings(text, expected):
    assert fields(text) == expected


#: Probe round 10 (a video transcript, a paper explainer, a government news item): what the second
#: annotator labelled and the extractor missed, as general rules.
PROBE_ROUND_10_FINDINGS = {
    "an unpunctuated transcript pauses where it has spaces: each phrase is a sentence": (
        "标题\n最后M4这台 用的是MLX 这个就很猛了 每秒能到31个token 首字延迟只有0.6秒左右 基本上是这四台里面体验最好的",
        [("", "M4", "throughput", 31.0, "tokens/s", ""), ("", "M4", "latency", 0.6, "s", "")]),
    "counted chips a colon line runs on are its platform, not parts it uses": (
        "标题\n作者在DeepSeek-V3、8×H800上逐个去掉三个模块，结果如下：\n- 去掉专家预取：吞吐下降31%；\n- 去掉计算重叠：吞吐下降22%。",
        [("DeepSeek-V3", "H800", "throughput", 31.0, "%", ""), ("DeepSeek-V3", "H800", "throughput", 22.0, "%", "")]),
    "memory a run occupies is the workload's, like a performance figure": (
        "标题\n在DeepSeek-V3上测试，去掉热专家常驻后，HBM占用减少约9GB。",
        [("DeepSeek-V3", "", "memory", 9.0, "GB", "")]),
    "a size code after a parameter word is the model's size, no chip": (
        "标题\n以DeepSeek-V3为例，总参数671B。PCIe的实测带宽只有约50GB/s。",
        [("", "", "bandwidth", 50.0, "GB/s", "")]),
    "翻一倍 doubles (2 x), 提升一倍 is 1 x as written": (
        "标题\nMoE推理吞吐再翻一倍，显存容量提升一倍。",
        [("", "", "throughput", 2.0, "x", ""), ("", "", "memory", 1.0, "x", "")]),
    "a centre named with a district the place list lacks": (
        "标题\n洛阳伊滨智算中心一期正式投运，智能算力规模达1000P。",
        [("", "洛阳伊滨智算中心", "compute", 1000.0, "PFLOPS", "")]),
    "...but not with words about what is done with a centre": (
        "标题\n武汉新建智算中心算力达800P。",
        [("", "", "compute", 800.0, "PFLOPS", "")]),
    "one of a pair named in an earlier clause is no subject: the paragraph's system is": (
        "标题\n洛阳伊滨智算中心由区政府联合打造。一期部署加速卡4096张，主要为昇腾910B和沐曦曦云C500，智能算力规模达1000 PFLOPS。",
        [("", "洛阳伊滨智算中心", "compute", 1000.0, "PFLOPS", "")]),
    "...unless a word gives the figure to each": (
        "标题\nH100和H200，算力均为989 TFLOPS。",
        [("", "H100", "compute", 989.0, "TFLOPS", ""), ("", "H200", "compute", 989.0, "TFLOPS", "")]),
    "a spec sheet's 型号 line names the product of the fields below it": (
        "规格与包装\n品牌：华为（HUAWEI）\n型号：Atlas 300I Duo\n性能\nFP16算力：140 TFLOPS\n显存带宽：408GB/s",
        [("", "Atlas 300I Duo", "compute", 140.0, "TFLOPS", ""), ("", "Atlas 300I Duo", "bandwidth", 408.0, "GB/s", "")]),
    "a question with 几 asserts nothing": (
        "直播\n@AI小白：1.1E的算力能同时跑几个DeepSeek？",
        []),
    "ratings, meetings and stream counts are no performance": (
        "商品\n累计评价 2000+ ｜ 好评率 98%\n会议持续约1.5小时。\n视频解码路数提升超一倍。",
        []),
    "a superchip's name after a time stamp is no unit": (
        "直播\n01:18 GB300 NVL72整机柜：72颗Blackwell Ultra GPU加36颗Grace CPU，HBM总容量约20TB。",
        [("", "GB300 NVL72", "memory", 20.0, "TB", "")]),
    "what an unnamed whole is built on names it, also from an earlier clause": (
        "业绩会\n他举例称，曙光基于深算三号打造的液冷整机柜，单柜FP16算力可达10 PFLOPS。",
        [("", "深算三号", "compute", 10.0, "PFLOPS", "")]),
    "...and a whole the paragraph names keeps its parts parts": (
        "集群\n华为发布了Atlas 900。它由数千颗昇腾910组成，总算力达256 PFLOPS。",
        [("", "Atlas 900", "compute", 256.0, "PFLOPS", "")]),
    "the lines of a page's navigation above the title are no title": (
        "市政府门户网站　无障碍 | 长者模式 | 繁體 | English\n首页　政务公开　政务服务　互动交流\n您当前的位置：首页 > 新闻中心 > 区县动态\n"
        "洛阳伊滨智算中心一期正式投运\n来源：伊滨区管委会　发布时间：2025-07-16\n整体算力利用率稳定在80%以上。",
        [("", "洛阳伊滨智算中心", "efficiency", 80.0, "%", "")]),
    "a later bare figure restates an earlier claim of it that names the system": (
        "标题\nK9集群的智能算力规模达1000 PFLOPS。\n一图读懂\n1000P（FP16）",
        [("", "K9", "compute", 1000.0, "PFLOPS", "")]),
    "a lead over a system (对X的领先) compares with it": (
        "标题\nBlackwell架构在推理上对Hopper的领先幅度普遍在2.5到4倍之间。",
        [("", "Blackwell", "speed", 2.5, "x", "Hopper")]),
    "from A to B with words between, or with A written bare": (
        "标题\nCS-3速度从 launch 时候的 1,800 tokens/s 被提升到了 2,900 tokens/s。\nH20 的输出吞吐从 1873 涨到了 2210 tok/s。",
        [("", "CS-3", "throughput", 2900.0, "tokens/s", "1800 tokens/s"),
         ("", "H20", "throughput", 2210.0, "tokens/s", "1873 tokens/s")]),
    "...but not a figure with a unit of its own no value took": (
        "标题\n将分子动力学模拟从1年压缩至2天。",
        [("", "", "time_to_train", 2.0, "day", "")]),
    "a table's row named by a workload with its setting in brackets": (
        "标题\n二、生成速度（单位 tokens/s）\n| 模型（量化） | RTX 4090 | RTX 3090 |\n|---|---|---|\n| Llama 3.1 8B（Q4_K_M） | 128.6 | 106.3 |",
        [("Llama 3.1 8B", "RTX 4090", "throughput", 128.6, "tokens/s", ""),
         ("Llama 3.1 8B", "RTX 3090", "throughput", 106.3, "tokens/s", "")]),
    "a table with workloads in its columns and software in its rows": (
        "标题\n解码吞吐（tokens/s）\n| 系统 | DeepSeek-V3 | Qwen1.5-MoE-A2.7B |\n| vLLM 0.6.3 | 1,846 | 9,420 |\n| StreamMoE | 3,902 | 15,730 |",
        [("DeepSeek-V3", "", "throughput", 1846.0, "tokens/s", ""), ("Qwen1.5-MoE-A2.7B", "", "throughput", 9420.0, "tokens/s", ""),
         ("DeepSeek-V3", "", "throughput", 3902.0, "tokens/s", ""), ("Qwen1.5-MoE-A2.7B", "", "throughput", 15730.0, "tokens/s", "")]),
    "a heading's counted chips with 上的 are where its figures were measured": (
        "标题\n1. 8×H800上的解码吞吐\nvLLM的吞吐为1846 tokens/s。",
        [("", "H800", "throughput", 1846.0, "tokens/s", "")]),
    "a bare product number stands for the one system of the document that ends with it": (
        "标题\nRTX 4090和RTX 3090都测了。4090的显存带宽是1008GB/s，只比3090的936GB/s高了不到8%。",
        [("", "RTX 4090", "bandwidth", 1008.0, "GB/s", ""), ("", "RTX 3090", "bandwidth", 936.0, "GB/s", ""),
         ("", "RTX 4090", "bandwidth", 8.0, "%", "RTX 3090")]),
    "...and stays as written when none does": (
        "标题\n4090的显存带宽是1008GB/s。",
        [("", "4090", "bandwidth", 1008.0, "GB/s", "")]),
    "a quotation of the article's own words restates them": (
        "标题\n4090只比3090的936GB/s高了不到8%。\n评论：作者那句“只比3090的936GB/s高了不到8%”才是重点。",
        [("", "3090", "bandwidth", 936.0, "GB/s", ""), ("", "4090", "bandwidth", 8.0, "%", "3090")]),  # (the ratio of the figure it compares)
    "...but a quotation of words the article has not written is a claim": (
        "标题\n黄仁勋说：“Blackwell的推理性能比Hopper快30倍”。",
        [("", "Blackwell", "speed", 30.0, "x", "Hopper")]),
    "a power supply's rating is no system's power; N分多钟 is N minutes": (
        "标题\n电源至少上1000W金牌。整卡功耗450W。M2 Ultra的首token延迟要等两分多钟。",
        [("", "", "power", 450.0, "W", ""), ("", "M2 Ultra", "latency", 2.0, "min", "")]),
    "English cost in mixed text is the cost metric; a procurement forecast is no claim": (
        "标题\n相比 DGX H100，CS-3 的总的 cost 降低了 60%。我们预计国内AI推理算力采购规模将达到2024年的3倍以上。",
        [("", "CS-3", "cost", 60.0, "%", "DGX H100")]),
    "...and a pair joined by 与 is a comparison": (
        "标题\nMI325X与MI300X采用同样的计算芯粒，显存却比MI300X多出约33%。",
        [("", "MI325X", "memory", 33.0, "%", "MI300X")]),
}


#: Probe round 11 (cloud instance pages, reviews, social threads, datasheets, white papers, TOP500 news).
PROBE_ROUND_11_FINDINGS = {
    "cloud instance families of any vendor, in a table with a binary unit in its header": (
        "标题\n规格列表：\n实例规格 | vCPU | 内存（GiB） | GPU | 网络带宽（Gbit/s）\n"
        "ecs.gh3e.6xlarge | 24 | 240 | H20 × 1 | 25\necs.gh3e.48xlarge | 192 | 1920 | H20 × 8 | 200",
        [("", "ecs.gh3e.6xlarge", "memory", 257.69803776, "GB", ""), ("", "ecs.gh3e.6xlarge", "bandwidth", 25.0, "Gbit/s", ""),
         ("", "ecs.gh3e.48xlarge", "memory", 2061.58430208, "GB", ""), ("", "ecs.gh3e.48xlarge", "bandwidth", 200.0, "Gbit/s", "")]),
    "lines of a system and its bare figure under a line that names the unit": (
        "标题\n▲Qwen3-8B（Q4_K_M）生成速度，单位：tokens/s：\nRTX 5070 Ti：118.6\nRTX 4070 Ti SUPER：93.2",
        [("Qwen3-8B", "RTX 5070 Ti", "throughput", 118.6, "tokens/s", ""),
         ("Qwen3-8B", "RTX 4070 Ti SUPER", "throughput", 93.2, "tokens/s", "")]),
    "...also as bullets, with a count before a name, the unit in brackets": (
        "标题\n以下是 Llama 3.1 70B 在不同的 platform 上面的 output speed（tokens/s，越高越好）：\n- Cerebras CS-3：2,148\n"
        "- Groq LPU：250\n- 8x H100 (vLLM)：~98",
        [("Llama 3.1 70B", "CS-3", "throughput", 2148.0, "tokens/s", ""), ("Llama 3.1 70B", "LPU", "throughput", 250.0, "tokens/s", ""),
         ("Llama 3.1 70B", "H100", "throughput", 98.0, "tokens/s", "")]),
    "a ranking table: the rank names nothing, a column of systems names its cells": (
        "标题\n排名 | 系统 | 所在机构 | Rmax（PFlop/s）\n1 | El Capitan | LLNL（美国） | 1,742.00\n4 | Eagle | 微软（美国） | 561.20",
        [("", "El Capitan", "compute", 1742.0, "PFLOPS", ""), ("", "Eagle", "compute", 561.2, "PFLOPS", "")]),
    "a header line of systems written with spaces over rows of a label with its unit and bare figures": (
        "标题\n型号 昇腾910C 深算三号 P800\nFP16算力（TFLOPS） 781 512 345\n显存带宽（TB/s） 3.2 2.4 2.8",
        [("", "昇腾910C", "compute", 781.0, "TFLOPS", ""), ("", "深算三号", "compute", 512.0, "TFLOPS", ""),
         ("", "P800", "compute", 345.0, "TFLOPS", ""), ("", "昇腾910C", "bandwidth", 3.2, "TB/s", ""),
         ("", "深算三号", "bandwidth", 2.4, "TB/s", ""), ("", "P800", "bandwidth", 2.8, "TB/s", "")]),
    "...also when the name ends with a digit (RTX 5090：96.4)": (
        "标题\nQwen2.5-14B 生成速度，单位：tokens/s：\nRTX 5090：96.4\nRTX 4090：71.2",
        [("Qwen2.5-14B", "RTX 5090", "throughput", 96.4, "tokens/s", ""),
         ("Qwen2.5-14B", "RTX 4090", "throughput", 71.2, "tokens/s", "")]),
    "a name given as an example of a kind is no topic of the paragraph": (
        "标题\n总体来说 Blackwell这种数据中心卡就不用比了 我们说回笔记本 苹果这一代的内存带宽从100GB/s提到了120GB/s 跑本地模型确实吃香",
        [("", "", "bandwidth", 120.0, "GB/s", "100 GB/s")]),
    "a resolution after a model is no part of its name": (
        "标题\nRTX 5070 Ti跑一张SDXL 1024×1024大约3.4秒。",
        [("SDXL", "RTX 5070 Ti", "latency", 3.4, "s", "")]),
    "a family of instances before 实例 is a name; a question with 还是 asserts nothing": (
        "标题\ngh3e实例的网络时延低至2 μs。\n小透明：MFU 40%是BF16还是FP16？",
        [("", "gh3e", "latency", 0.002, "ms", "")]),
    "a ratio of a rate said as a 速度 is a speed-up; the rate itself stays throughput": (
        "标题\nRTX 5070 Ti的生成速度比RTX 4070 Ti SUPER快了约27%。RTX 5070 Ti的生成速度为每秒118个token。",
        [("", "RTX 5070 Ti", "speed", 27.0, "%", "RTX 4070 Ti SUPER"), ("", "RTX 5070 Ti", "throughput", 118.0, "tokens/s", "")]),
    "...but a byline's time is no figure of a name": (
        "【求助】微调Llama 2 7B怎么选？\n楼主 发表于 2024-03-12 14:22\n我实测L40S的微调速度大约是A100的0.7倍。",
        [("", "L40S", "speed", 0.7, "x", "A100")]),
}


#: Probe round 12 (aggregated news, server press releases, forum benchmarks, HK news, investor Q&A, listicles,
#: engine comparisons, paper abstracts, edge boxes, news flashes, memory and links, Korean MT).
PROBE_ROUND_12_FINDINGS = {
    "a product name in single quotes is one the article introduces (Korean and Japanese news)": (
        "标题\n瑞贝利恩发表了把4个芯片连接的'REBEL-Quad'。该产品搭载HBM3E共144GB。\n"
        "第二代NPU'RNGD(热尼格德)'量产。RNGD搭载了48GB的HBM3，存储器带宽是1.5TB/s。",
        [("", "REBEL-Quad", "memory", 144.0, "GB", ""), ("", "RNGD", "memory", 48.0, "GB", ""),
         ("", "RNGD", "bandwidth", 1.5, "TB/s", "")]),
    "an image's caption is no heading of what follows": (
        "标题\nREBEL-Quad 实物照片（照片=瑞贝利恩 提供）\n业界评价说，该产品的数据处理速度是每秒2TB以上。",
        [("", "", "bandwidth", 2.0, "TB/s", "")]),
    "a site's bar of links above the title is navigation, not a table": (
        "ZDNet Korea 中文版 | 首页 | 半导体 | AI·云 | 移动\nK9芯片性能公开：FP8算力2 PFLOPS\n该芯片功耗为600W。",
        [("", "K9", "compute", 2.0, "PFLOPS", ""), ("", "K9", "power", 600.0, "W", "")]),
    "a setup line names its one model despite remarks after a comma": (
        "标题\n一、测试环境\n- GPU：NVIDIA H20，单卡\n- 模型：Qwen2.5-32B-Instruct，BF16 权重，未量化\n二、单并发解码延时\n"
        "TensorRT-LLM 的 TPOT P50 为 24.1ms。",
        [("Qwen2.5-32B-Instruct", "H20", "latency", 24.1, "ms", "")]),
    "...but two models after a comma are two": (
        "标题\n一、测试环境\n- 测试模型：DeepSeek-R1，QwQ-32B\n二、延时\nTPOT P50 为 24.1ms。",
        [("", "", "latency", 24.1, "ms", "")]),
    "a table cell of slash alternatives under a header with their unit: one value each": (
        "标题\n结果如下：\n| 引擎 | 输出吞吐 (tok/s) | TTFT P50 / P99 (ms) |\n|---|---|---|\n| vLLM | 1,482 | 412 / 1,896 |",
        [("", "", "throughput", 1482.0, "tokens/s", ""), ("", "", "latency", 412.0, "ms", ""),
         ("", "", "latency", 1896.0, "ms", "")]),
    "a setting in brackets a result was measured at is no claim": (
        "标题\n- Atlas 200I A2（20 TOPS 档）：约 210 FPS\n- Jetson Orin NX（25W 模式）：300 FPS",
        [("", "Atlas 200I A2", "throughput", 210.0, "images/s", ""), ("", "Jetson Orin NX", "throughput", 300.0, "images/s", "")]),
    "a model number with a space before 的 and a metric is a system; a word without a digit is not": (
        "标题\n而 Hailo-8 的能效比约 10 TOPS/W。\nKV Cache 的显存占用降低45%。",
        [("", "Hailo-8", "efficiency", 10.0, "TOPS/W", ""), ("", "", "memory", 45.0, "%", "")]),
    "one duration in two units is one value (2小时40分钟 is 160 min)": (
        "标题\n单卡RTX 4090训练用了大约2小时40分钟，A100 80G只要1小时25分钟。",
        [("", "RTX 4090", "time_to_train", 160.0, "min", ""), ("", "A100 80G", "time_to_train", 85.0, "min", "")]),
    "a gain column beside a column of labels names no baseline": (
        "标题\n| 模型 | 场景 | 吞吐 | 较上一轮提升 |\n|---|---|---|---|\n| Llama 2 70B | Offline | 34,988 tokens/s | 12.6% |",
        [("Llama 2 70B", "", "throughput", 34988.0, "tokens/s", ""), ("Llama 2 70B", "", "throughput", 12.6, "%", "previous")]),
    "a quoted name before a computing platform is a system; a menu of long items above the title is navigation": (
        "首页\u3000\u3000学校概况\u3000\u3000院系设置\u3000\u3000科学研究\u3000\u3000English\n"
        "我校“天枢”智能计算平台正式上线 FP16总算力达512 PFLOPS\n平台千卡规模的线性扩展效率达到91.3%。",
        [("", "天枢", "compute", 512.0, "PFLOPS", ""), ("", "天枢", "efficiency", 91.3, "%", "")]),
    "a bound a test keeps (在…的前提下) is its condition, no claim": (
        "标题\n在保证每路不低于10 tokens/s的前提下，元脑R1可支持64路并发。\n在TPOT控制在50ms以内的前提下，单卡Decode吞吐为1943 tokens/s。",
        [("", "", "throughput", 1943.0, "tokens/s", "")]),
    "a wait for the first character is a latency": (
        "标题\nMac Studio跑Qwen2.5-32B，2000 token的提示词要等12秒左右才吐第一个字。",
        [("Qwen2.5-32B", "Mac Studio", "latency", 12.0, "s", "")]),
    "a figure heading a line is the subject of the clause after its colon (listicles)": (
        "标题\n35倍：MI355X推理性能较上代暴涨\n40%：MI355X对B200的性价比优势",
        [("", "MI355X", "speed", 35.0, "x", "previous"), ("", "MI355X", "efficiency", 40.0, "%", "B200")]),
    "commodity prices and questions with 是不是 are no claims": (
        "标题\n【国际油价】布伦特原油期货收涨1.86%。\n请问GB200单柜功耗是不是超过120kW？",
        []),
}


PROBE_ROUND_14_FINDINGS = {
    "names in a bracket right after a heading's system qualify it (SXM5, Hopper架构, 第七代TPU)": (
        "三、主流推理卡对比\n4. 英伟达H100（SXM5，Hopper架构）\nFP8算力达到3958 TFLOPS，显存80GB。\n"
        "5. Ironwood（第七代TPU，面向推理）\n单芯片峰值算力4614 TFLOPS。",
        [("", "H100", "compute", 3958.0, "TFLOPS", ""), ("", "H100", "memory", 80.0, "GB", ""),
         ("", "Ironwood", "compute", 4614.0, "TFLOPS", "")]),
    "a generation word before two codes is no brand (上代T4, 上代A10)": (
        "标题\nA10G做量化推理比上代T4快5倍。\nL20的推理速度比上代A10快3倍。",
        [("", "A10G", "speed", 5.0, "x", "T4"), ("", "L20", "speed", 3.0, "x", "A10")]),
    "a spec table flattened into one line: header words far before the cells name no cell's metric": (
        "标题\n参数对比 型号 显存 显存带宽 FP16算力 H20 96GB HBM3 4.0TB/s 148 TFLOPS L20 48GB GDDR6 864GB/s",
        [("", "H20", "memory", 96.0, "GB", ""), ("", "H20", "bandwidth", 4.0, "TB/s", ""),
         ("", "H20", "compute", 148.0, "TFLOPS", ""), ("", "L20", "memory", 48.0, "GB", ""),
         ("", "L20", "bandwidth", 864.0, "GB/s", "")]),
    "a capacity before a memory type is no variant of the name before it (L20 48GB GDDR6)": (
        "标题\n型号 显存 带宽\nL20 48GB GDDR6 864GB/s\nRTX 4090 24G GDDR6X 1008GB/s",
        [("", "L20", "memory", 48.0, "GB", ""), ("", "L20", "bandwidth", 864.0, "GB/s", ""),
         ("", "RTX 4090", "memory", 24.0, "GB", ""), ("", "RTX 4090", "bandwidth", 1008.0, "GB/s", "")]),
}


PROBE_ROUND_15_FINDINGS = {
    "a setup line of the machine outranks its CPU line": (
        "标题\n## 1. 测试环境\n- 机器：8× H100 SXM5\n- CPU：2× Xeon Platinum 8480+\n## 2. 结果\nall_reduce的busbw稳定在470GB/s以上。",
        [("", "H100 SXM5", "bandwidth", 470.0, "GB/s", "")]),
    "the architecture a named system is built on is no subject (X基于…架构“Y”)": (
        "标题\n摩尔线程MTT S4000基于第三代MUSA架构“曲院”，单卡FP32算力25 TFLOPS。",
        [("", "MTT S4000", "compute", 25.0, "TFLOPS", "")]),
    "...also when a description stands between (X是…芯片，采取自研Y架构)": (
        "标题\n昇腾910B是华为推出的AI芯片，采取自研达芬奇架构，其FP16算力大略为320 TFLOPS。",
        [("", "昇腾910B", "compute", 320.0, "TFLOPS", "")]),
    "a predecessor's ordinal before its code is not part of its name (第二代R200), a generation's name keeps it": (
        "标题\n思元590的训练性能较第二代R200提升约2.7倍。\n至强6的推理性能是第五代至强的1.9倍。\nK9的推理性能较第二代TQ-210提升1.8倍。",
        [("", "思元590", "speed", 2.7, "x", "R200"), ("", "至强6", "speed", 1.9, "x", "第五代至强"),
         ("", "K9", "speed", 1.8, "x", "TQ-210")]),
    "a lag behind a counted system and a gap with 相差 compare with it": (
        "标题\nMI325X的离线吞吐量仅落后8卡H200系统约3%。\nMI300X的吞吐量与H200相差不到5%。",
        [("", "MI325X", "throughput", 3.0, "%", "8×H200"), ("", "MI300X", "throughput", 5.0, "%", "H200")]),
    "a table of rows flattened into one line; a bare number in a row is the name the thread writes in full": (
        "标题\nRTX 4090跑不动满血版。\n并发测试（Qwen2.5-72B-Instruct，并发32）：\n"
        "显卡 总吞吐(tokens/s) TTFT P50(ms) 2×4090 410 2900 A100 80GB 520 1850",
        [("Qwen2.5-72B-Instruct", "RTX 4090", "throughput", 410.0, "tokens/s", ""),
         ("Qwen2.5-72B-Instruct", "RTX 4090", "latency", 2900.0, "ms", ""),
         ("Qwen2.5-72B-Instruct", "A100 80GB", "throughput", 520.0, "tokens/s", ""),
         ("Qwen2.5-72B-Instruct", "A100 80GB", "latency", 1850.0, "ms", "")]),
    "a sub-section number after a bullet list opens a section, also when its bracket holds a figure": (
        "标题\n2.2 gn8t（英伟达H20，Hopper架构）\n- 整机GPU显存768GB\n2.3 gn7e（英伟达A100 80GB，Ampere架构）\n"
        "上一代主力训练实例。\n- GPU显存总计640GB",
        [("", "gn8t", "memory", 768.0, "GB", ""), ("", "gn7e", "memory", 640.0, "GB", "")]),
    "memory a named system carries is its part; a ratio against a figure in its clause is in that figure's metric": (
        "标题\nMI355X搭载8个12层HBM3E堆栈，显存总容量达288GB，较MI300X的192GB提升50%。",
        [("", "MI355X", "memory", 288.0, "GB", ""), ("", "MI300X", "memory", 192.0, "GB", ""),
         ("", "MI355X", "memory", 50.0, "%", "MI300X")]),
    "the partner of an equality is the last one before it (A和B的算力已与C基本持平); 两者…均 gives a row each": (
        "标题\n昇腾910B和思元590的FP16算力已与A100基本持平，但两者的显存带宽均只有A100的约八成。",
        [("", "昇腾910B", "bandwidth", 80.0, "%", "A100"), ("", "思元590", "bandwidth", 80.0, "%", "A100")]),
    "two metrics joined before 皆 share the figure (HBM 容量和頻寬皆翻倍)": (
        "标题\nTrillium的HBM 容量和頻寬皆翻倍。",
        [("", "Trillium", "memory", 2.0, "x", ""), ("", "Trillium", "bandwidth", 2.0, "x", "")]),
    "the same setup measured at an earlier time is the previous self (和1月份测的版本相比)": (
        "标题\nH20跑DeepSeek-R1的吞吐为2100 tokens/s。和我们1月份用vLLM测的版本相比，吞吐提升了约65%。",
        [("DeepSeek-R1", "H20", "throughput", 2100.0, "tokens/s", ""),
         ("DeepSeek-R1", "H20", "throughput", 65.0, "%", "previous")]),
    "the cards a heading counts are what its section measures": (
        "标题\n## 2. NCCL all_reduce：8卡H100之间能跑多少\n大消息下busbw稳定在470GB/s以上。",
        [("", "H100", "bandwidth", 470.0, "GB/s", "")]),
    "a test's constraint is no claim, for every item of its list (需满足TTFT≤450ms、TPOT≤40ms)": (
        "标题\n注：交互场景需满足TTFT≤450ms、TPOT≤40ms。\n服务器场景的约束则为TTFT 6秒、TPOT 175毫秒。\n"
        "H100的TTFT为450ms、TPOT为40ms。",
        [("", "H100", "latency", 450.0, "ms", ""), ("", "H100", "latency", 40.0, "ms", "")]),
    "a caption 附表：… heads the table below it with its workload and unit": (
        "标题\n附表：Llama 2 70B部分成绩（单位：tokens/s，数据来源：MLCommons官网）\n系统 | 离线 | 服务器\n8×H200 | 34,988 | 33,071",
        [("Llama 2 70B", "H200", "throughput", 34988.0, "tokens/s", ""),
         ("Llama 2 70B", "H200", "throughput", 33071.0, "tokens/s", "")]),
    "Cloud TPU is a product's name, not a modifier before a class word": (
        "标题\n與 2018 年推出的第一代 Cloud TPU 相比，Ironwood 的電源效率提高了近三十倍。",
        [("", "Ironwood", "efficiency", 30.0, "x", "Cloud TPU")]),
    "a machine line naming a vendor's own code outranks the CPU line; 同样基于…架构“Y” is X's": (
        "标题\n## 6. 讨论串\n- 机器：XH-8H20（8× H20 96GB）\n- CPU：2× Xeon Gold 6548Y+\n128并发时输出吞吐约1,520 tokens/s。\n"
        "MTT S5000同样基于第三代自研架构“云衢”，FP8算力达到1.6 PFLOPS。",
        [("", "XH-8H20", "throughput", 1520.0, "tokens/s", ""), ("", "MTT S5000", "compute", 1.6, "PFLOPS", "")]),
    "...the same with pangu spacing (落后 8 卡 H200, 附表 1：)": (
        "标题\nMI325X 的离线吞吐量仅落后 8 卡 H200 系统约 3%。\n附表 1：Llama 2 70B 成绩（单位：tokens/s）\n系统 | 离线 | 服务器\n"
        "8×H200 | 34,988 | 33,071",
        [("", "MI325X", "throughput", 3.0, "%", "8×H200"), ("Llama 2 70B", "H200", "throughput", 34988.0, "tokens/s", ""),
         ("Llama 2 70B", "H200", "throughput", 33071.0, "tokens/s", "")]),
    "per FLOP, per token name no system; a rate per watt is outside the vocabulary": (
        "标题\nCloudMatrix 384每FLOP的能效低了2.3倍。\n一套8卡H200服务器能效约为6.2 tokens/s/W。",
        [("", "CloudMatrix 384", "efficiency", 2.3, "x", "")]),
}


PROBE_ROUND_16_FINDINGS = {
    "a system that gathers (集合/汇聚/整合) named chips is the whole; the chips are its parts": (
        "标题\n该超节点集合了384颗昇腾910C，总算力达300 PFLOPS。\nAtlas 900汇聚了数千颗昇腾910，算力达256 PFLOPS。",
        [("", "", "compute", 300.0, "PFLOPS", ""), ("", "Atlas 900", "compute", 256.0, "PFLOPS", "")]),
    "a number format glued to its figure is no system's name (MXFP84.5 PFLOPS)": (
        "标题\nB300 | FP4 | MXFP42 PFLOPS\nFP8 算力：MXFP84.5 PFLOPS",
        [("", "B300", "compute", 2.0, "PFLOPS", ""), ("", "", "compute", 4.5, "PFLOPS", "")]),
    "a named rack that adopts (改採) a GPU keeps the GPU's figures": (
        '标题\nGB300 NVL72改採Blackwell Ultra GPU，每顆搭載288GB HBM3e，較GB200的192GB增加50%。',
        [('', 'GB300 NVL72', 'memory', 288.0, 'GB', ''),
         ('', 'GB200', 'memory', 192.0, 'GB', ''),
         ('', 'GB300 NVL72', 'memory', 50.0, '%', 'GB200')]),
    "an index's and its shares' moves are market figures (上证指数…涨0.90%, 分别上涨5.6%)": (
        '标题\n上证指数收于3828.11点,涨0.90%,两市成交额2.17万亿元;寒武纪、海光信息分别上涨5.6%、4.2%。',
        []),
    "a centre's storage capacity is no memory claim": (
        '标题\n该中心存储总容量60PB，显存总量达1.2PB。',
        [('', '', 'memory', 1200.0, 'TB', '')]),
    "a table's metric column (指标) between the workload and the systems labels each row": (
        '标题\n| 模型 | 指标 | T4 | R200 | R200 vs T4 |\n|---|---|---|---|---|\n| ResNet-50 | 吞吐(images/s) | 4,580 | 9,860 | 2.15x |\n| Llama 2 7B | 首token延迟(ms) | 185 | 96 | 降低48% |',
        [('ResNet-50', 'T4', 'throughput', 4580.0, 'images/s', ''),
         ('ResNet-50', 'R200', 'throughput', 9860.0, 'images/s', ''),
         ('ResNet-50', 'R200', 'throughput', 2.15, 'x', 'T4'),
         ('Llama 2 7B', 'T4', 'latency', 185.0, 'ms', ''),
         ('Llama 2 7B', 'R200', 'latency', 96.0, 'ms', ''),
         ('Llama 2 7B', 'R200', 'latency', 48.0, '%', 'T4')]),
    "the row whose gain cell says 基准 is the gain column's baseline (not the header of figures)": (
        '标题\n## H100 单机 8 卡\n| 引擎 | 输出吞吐 (tokens/s) | 吞吐加速比 |\n|---|---|---|\n| vLLM 0.7.2 | 2,870 | 基准 |\n| SGLang 0.4.3 | 3,720 | 1.30x |',
        [('', 'H100', 'throughput', 2870.0, 'tokens/s', ''),
         ('', 'H100', 'throughput', 3720.0, 'tokens/s', ''),
         ('', 'H100', 'throughput', 1.3, 'x', 'vLLM')]),
    "a heading's workload does not scope a peak compute or bandwidth figure under it": (
        '标题\n## 三、H20 + Qwen2.5-72B-Instruct\nH20 的 FP16 稠密算力只有 148 TFLOPS，但显存带宽给到了 4.0TB/s。vLLM 跑下来输出吞吐 1160 tokens/s。',
        [('', 'H20', 'compute', 148.0, 'TFLOPS', ''),
         ('', 'H20', 'bandwidth', 4.0, 'TB/s', ''),
         ('Qwen2.5-72B-Instruct', 'H20', 'throughput', 1160.0, 'tokens/s', '')]),
    "a share of a named system's 成绩 is in the metric of the figure before, not a score": (
        '标题\nSGLang 在 8×A800 上跑出 2,150 tokens/s，大约是 H100 同引擎成绩的 58%。\n该模型在MMLU上获得了93%的成绩。',
        [('', 'A800', 'throughput', 2150.0, 'tokens/s', ''),
         ('', 'A800', 'throughput', 58.0, '%', 'H100'),
         ('', '', 'accuracy', 93.0, '%', '')]),
    'machine translation from Japanese: the name before 比/比较 and a figure is the comparator (X と比較して)': (
        "标题\nMN-Core 3的消费电力是约600瓦特，エヌビディアの最新GPU'B200'（1000瓦特）比较约4成少。\nH20 比 910B 高八成左右。",
        [('', 'MN-Core 3', 'power', 600.0, 'W', ''),
         ('', 'B200', 'power', 1000.0, 'W', ''),
         ('', 'MN-Core 3', 'power', 40.0, '%', 'B200'),
         ('', 'H20', 'speed', 80.0, '%', '910B')]),
    "per 1 W (1瓦特当的性能) is a unit of reference, and its aside's figure is not what a ratio compares; 佩塔FLOPS is PFLOPS": (
        '标题\nMN-Core 3的FP16理论演算性能是1.2佩塔FLOPS。\n电力效率（1瓦特当的性能）中，MN-Core 3是H100的约3.2倍。',
        [('', 'MN-Core 3', 'compute', 1.2, 'PFLOPS', ''),
         ('', 'MN-Core 3', 'efficiency', 3.2, 'x', 'H100')]),
    "a Latin name the text presents as a model (BEVFusion感知模型, LLM'PLaMo 2 8B') is the model wherever the text writes it": (
        "标题\n在BEVFusion感知模型上，征程6P端到端推理延迟约28ms。\n在BEVFusion上，征程6P的延迟比单颗Orin-X低了约35%。\n自社的LLM'PLaMo 2 8B'的事前学习中，H100服务器是约410小时。\nPyTorch模型在H100上的吞吐为900 tokens/s。",
        [('BEVFusion', '征程6P', 'latency', 28.0, 'ms', ''),
         ('BEVFusion', '征程6P', 'latency', 35.0, '%', 'Orin-X'),
         ('PLaMo 2 8B', 'H100', 'time_to_train', 410.0, 'h', ''),
         ('', 'H100', 'throughput', 900.0, 'tokens/s', '')]),
    '学习时间 (machine-translated 学習時間) is a time to train; a bare 百 names no figure (百纳秒级)': (
        '标题\nH100服务器是约410小时，MN-Core 3服务器是约165小时完了，学习时间约6成削减了。\n單跳時延壓到了百納秒級。',
        [('', 'H100', 'time_to_train', 410.0, 'h', ''),
         ('', 'MN-Core 3', 'time_to_train', 165.0, 'h', ''),
         ('', 'MN-Core 3', 'time_to_train', 60.0, '%', 'H100')]),
    "a scalper's price (黄牛要2.5w) and a power cap the test ran under (在400W功耗墙下) are no claims": (
        '标题\nRTX 5090现在黄牛要2.5w，我这张5090在400W功耗墙下跑同样的32B，生成61 tokens/s。满载功耗548W左右。',
        [('', 'RTX 5090', 'throughput', 61.0, 'tokens/s', ''),
         ('', 'RTX 5090', 'power', 548.0, 'W', '')]),
    "a forum's quoted reply (a line copying an earlier one) states nothing new": (
        '标题\nRTX 5090：生成 61.3 tokens/s，显存占用 21.8GB\n3楼 ZenFan 发表于 2025-2-19\n引用：显卡吃灰中 发表于 2025-2-18 22:41\nRTX 5090：生成 61.3 tokens/s，显存占用 21.8GB\n楼主功耗墙拉满的吧?',
        [('', 'RTX 5090', 'throughput', 61.3, 'tokens/s', ''),
         ('', 'RTX 5090', 'memory', 21.8, 'GB', '')]),
    'Snapdragon Ride (Flex) and FSD HW4 are products of their own; a heading naming one heads its section': (
        '标题\n四、高通Snapdragon Ride：可扩展路线\n官方宣称最高算力可达700 TOPS，功耗约130W。\n五、特斯拉FSD HW4\nFSD HW4单板算力在300~500 TOPS之间。',
        [('', 'Snapdragon Ride', 'compute', 700.0, 'TOPS', ''),
         ('', 'Snapdragon Ride', 'power', 130.0, 'W', ''),
         ('', 'FSD HW4', 'compute', 300.0, 'TOPS', '')]),
    'cars (理想L7、蔚来ET5等车型) carry a system and are none': (
        '标题\n英伟达Orin-X单颗算力254 TOPS。理想L7、蔚来ET5等车型都搭载了双Orin-X，总算力508 TOPS。',
        [('', 'Orin-X', 'compute', 254.0, 'TOPS', ''),
         ('', 'Orin-X', 'compute', 508.0, 'TOPS', '')]),
    "a space table of engines (引擎 输出吞吐 / vLLM 1,160) under the unit its intro line gives runs on the section's system": (
        '标题\n## 三、H20 + Qwen2.5-72B-Instruct\n8 卡 TP=8，下面只有三家（单位 tokens/s）：\n引擎 输出吞吐\nvLLM 1,160\nSGLang 1,385\nLMDeploy 在这张卡上反超了，吞吐比 vLLM 高 30% 左右。',
        [('Qwen2.5-72B-Instruct', 'H20', 'throughput', 1160.0, 'tokens/s', ''),
         ('Qwen2.5-72B-Instruct', 'H20', 'throughput', 1385.0, 'tokens/s', ''),
         ('Qwen2.5-72B-Instruct', 'H20', 'throughput', 30.0, '%', 'vLLM')]),
    "a duration in Chinese numerals set against an earlier clause's training time is a time to train": (
        '标题\n以前租卡训练动辄二十多天，现在一周左右就能跑完。',
        [('', '', 'time_to_train', 20.0, 'day', ''),
         ('', '', 'time_to_train', 1.0, 'week', '')]),
}

PROBE_ROUND_17_FINDINGS = {
    "Cantonese 係 (系 after t2s) is the copula of a ratio; inline LaTeX ($2.1\\times$) is read as its figure": (
        "标题\nMI355X嘅AI算力係上一代嘅4倍。\n在4090上已经比FlashAttention2快 $2.1\\times$，显存节省约 $48\\%$。",
        [("", "MI355X", "compute", 4.0, "x", "previous"), ("", "4090", "speed", 2.1, "x", "FlashAttention2"),
         ("", "4090", "memory", 48.0, "%", "FlashAttention2")]),
    'a line naming the unit right above a table gives the unit of its bare cells': (
        '标题\n## 生成速度矩阵\ntg128 生成速度，单位：tokens/s，越高越好。\n| 硬件 | Llama 3.1 8B (Q4_K_M) | Qwen2.5-14B (Q4_K_M) |\n|---|---:|---:|\n| RTX 4090 | 128.6 | 71.9 |\n| M3 Max | 57.2 | 31.8 |',
        [('Llama 3.1 8B', 'RTX 4090', 'throughput', 128.6, 'tokens/s', ''),
         ('Qwen2.5-14B', 'RTX 4090', 'throughput', 71.9, 'tokens/s', ''),
         ('Llama 3.1 8B', 'M3 Max', 'throughput', 57.2, 'tokens/s', ''),
         ('Qwen2.5-14B', 'M3 Max', 'throughput', 31.8, 'tokens/s', '')]),
    'a memory type right after a size makes it memory, whatever bandwidth word follows': (
        '标题\nRTX 5090和RTX 4090怎么选 5090是32GB GDDR7显存 显存带宽1792GB/s 4090是24GB的GDDR6X 带宽1008GB/s',
        [('', 'RTX 5090', 'memory', 32.0, 'GB', ''),
         ('', 'RTX 5090', 'bandwidth', 1792.0, 'GB/s', ''),
         ('', 'RTX 4090', 'memory', 24.0, 'GB', ''),
         ('', 'RTX 4090', 'bandwidth', 1008.0, 'GB/s', '')]),
    "a memory maker's memory (美光HBM4) is the subject of its figures": (
        'AI芯片快讯｜谷歌Ironwood全面开放，美光HBM4送样带宽超2.8TB/s\n英伟达H200搭载141GB HBM3e，带宽4.8TB/s。',
        [('', 'HBM4', 'bandwidth', 2.8, 'TB/s', ''),
         ('', 'H200', 'memory', 141.0, 'GB', ''),
         ('', 'H200', 'bandwidth', 4.8, 'TB/s', '')]),
    '占比 (a share) opens no comparison with what stands before it': (
        '标题\nHBM3E与HBM4合计占比有望达到九成。\n与A100比，H100快3倍。',
        [('', 'H100', 'speed', 3.0, 'x', 'A100')]),
    "a ranking table flattened into one line: each row's rank is glued to the cell before it": (
        '标题\n【表】TOP500前三名\n排名 | 系統 | 國家 | Rmax (PFlop/s) 1 | El Capitan | 美國 | 1,742.00 2 | Frontier | 美國 | 1,353.00 3 | JUPITER Booster | 德國 | 793.40',
        [('', 'El Capitan', 'compute', 1742.0, 'PFLOPS', ''),
         ('', 'Frontier', 'compute', 1353.0, 'PFLOPS', ''),
         ('', 'JUPITER Booster', 'compute', 793.4, 'PFLOPS', '')]),
    '...and an excerpt cut inside its last row keeps the whole rows before it': (
        '标题\n【表】TOP500前三名\n排名 | 系統 | 國家 | Rmax (PFlop/s) 1 | El Capitan | 美國 | 1,742.00 2 | Frontier | 美國 | 1,353.00 3 | JUPITER Booster | 德',
        [('', 'El Capitan', 'compute', 1742.0, 'PFLOPS', ''),
         ('', 'Frontier', 'compute', 1353.0, 'PFLOPS', '')]),
    'a list of bare numbers before one unit after 分别 shares it, one per system; the list ends with its clause': (
        '标题\n以Qwen2.5-7B-Instruct单卡推理为例，H100 SXM5、A100 80GB PCIe、RTX 4090的输出吞吐分别约为3150、1480、1020 tokens/s，L20约为1150 tokens/s。',
        [('Qwen2.5-7B-Instruct', 'H100 SXM5', 'throughput', 3150.0, 'tokens/s', ''),
         ('Qwen2.5-7B-Instruct', 'A100 80GB PCIe', 'throughput', 1480.0, 'tokens/s', ''),
         ('Qwen2.5-7B-Instruct', 'RTX 4090', 'throughput', 1020.0, 'tokens/s', ''),
         ('Qwen2.5-7B-Instruct', 'L20', 'throughput', 1150.0, 'tokens/s', '')]),
    "a share's rise said with 升 beside the market's words is a share price": (
        '标题\nAMD股價周四收報118.5美元，跌2.18%；英偉達則逆市升0.8%，收報145.5美元。港股方面，ASMPT升3.1%。',
        []),
    'Cantonese 同 joins two systems that 都 give the figure to each': (
        '标题\nMI350X同MI355X都配備２８８ＧＢ HBM3E記憶體，記憶體頻寬同為8TB/s。',
        [('', 'MI350X', 'memory', 288.0, 'GB', ''),
         ('', 'MI355X', 'memory', 288.0, 'GB', ''),
         ('', 'MI350X', 'bandwidth', 8.0, 'TB/s', ''),
         ('', 'MI355X', 'bandwidth', 8.0, 'TB/s', '')]),
    "a rental's terms and a cloud disk are no claims": (
        '标题\n最短租期1小时，释放后数据盘保留7天，单盘最大32TB。',
        []),
    "on a spec line the next field's price word (\u3000价格：…) is not the figure's": (
        '标题\nA100 80GB PCIe 通用型\u3000型号：NVIDIA A100 80GB PCIe\u3000显存：80GB HBM2e\u3000带宽：1935GB/s\u3000价格：￥5.90/卡/小时',
        [('', 'A100 80GB PCIe', 'memory', 80.0, 'GB', ''),
         ('', 'A100 80GB PCIe', 'bandwidth', 1935.0, 'GB/s', '')]),
    "a course's length (14天手把手带你) and a bound a test holds (把TPOT卡到15ms以内) are no claims": (
        '标题\n?【广告】大模型推理部署实战营·第6期开班：14天手把手带你把DeepSeek-R1跑上国产卡！\n- 把TPOT卡到15ms以内，单卡解码吞吐仍有538 tokens/s',
        [('', '', 'throughput', 538.0, 'tokens/s', '')]),
    'a space table whose cells write the unit after a space (450 TFLOPS) and an empty cell (-)': (
        '标题\n规格 曦云C600 曦云C500 H20 FP8算力 900 TFLOPS - 296 TFLOPS FP16算力 450 TFLOPS 280 TFLOPS 148 TFLOPS',
        [('', '曦云C600', 'compute', 900.0, 'TFLOPS', ''),
         ('', 'H20', 'compute', 296.0, 'TFLOPS', ''),
         ('', '曦云C600', 'compute', 450.0, 'TFLOPS', ''),
         ('', '曦云C500', 'compute', 280.0, 'TFLOPS', ''),
         ('', 'H20', 'compute', 148.0, 'TFLOPS', '')]),
    'a space table of workloads down and systems across (模型 M3 Ultra RTX 5090) takes its unit from the heading': (
        '标题\n■ 生成速度實測（單位tokens/s，越高越好）\n模型                    M3 Ultra   RTX 5090\nLlama 3.1 8B Q4_K_M     92.4       213.6\nDeepSeek-R1 671B Q4     17.5       跑不動',
        [('Llama 3.1 8B', 'M3 Ultra', 'throughput', 92.4, 'tokens/s', ''),
         ('Llama 3.1 8B', 'RTX 5090', 'throughput', 213.6, 'tokens/s', ''),
         ('DeepSeek-R1 671B', 'M3 Ultra', 'throughput', 17.5, 'tokens/s', '')]),
    "a space table whose rows are settings (size(B) time(us) busbw(GB/s)) measures the section's system; a header in columns is no code": (
        '标题\nA800 单机 8 卡的 all_reduce_perf 输出节选（只列 busbw）：\n\nsize(B)       time(us)    busbw(GB/s)\n1048576       38.52       47.64\n67108864      652.10      180.09',
        [('', 'A800', 'latency', 0.03852, 'ms', ''),
         ('', 'A800', 'bandwidth', 47.64, 'GB/s', ''),
         ('', 'A800', 'latency', 0.6521, 'ms', ''),
         ('', 'A800', 'bandwidth', 180.09, 'GB/s', '')]),
    "a Latin name ending in its parameter count (Qiming-MoE-235B) is a model; a setup line's variant refines its heading's family": (
        '标题\n## 三、YOLOv8实测\n测试模型：YOLOv8s，640×640输入。\nOrin Nano Super的吞吐为236 images/s。\n## 四、训练\nQiming-MoE-235B在天衡集群上训练，总耗时58天。',
        [('YOLOv8s', 'Orin Nano Super', 'throughput', 236.0, 'images/s', ''),
         ('Qiming-MoE-235B', '', 'time_to_train', 58.0, 'day', '')]),
    "a space table of workloads down, counted systems across and a last 'X vs Y' column of gains": (
        '标题\n吞吐方面，英特尔给出了8卡Gaudi 3与8卡H100的对比（FP8精度，单位tokens/s）：\n模型&nbsp;&nbsp;8×Gaudi 3&nbsp;&nbsp;8×H100&nbsp;&nbsp;Gaudi 3 vs H100\nLlama 3.1 8B&nbsp;&nbsp;25,310&nbsp;&nbsp;21,870&nbsp;&nbsp;1.16x',
        [('Llama 3.1 8B', 'Gaudi 3', 'throughput', 25310.0, 'tokens/s', ''),
         ('Llama 3.1 8B', 'H100', 'throughput', 21870.0, 'tokens/s', ''),
         ('Llama 3.1 8B', 'Gaudi 3', 'throughput', 1.16, 'x', 'H100')]),
    "English in bilingual releases: 'versus the H100', 'than an H100' name the comparator; time-to-first-token is a latency; 每TCO性能 an efficiency": (
        'Corsair发布\nCorsair cuts time-to-first-token by about 60% versus the H100.\nCorsair的每TCO性能提升3倍。',
        [('', 'Corsair', 'latency', 60.0, '%', 'H100'),
         ('', 'Corsair', 'efficiency', 3.0, 'x', '')]),
    "a post's date and the device it was sent from (3月1日 20:15 来自 Redmi K70) is page chrome, no heading": (
        '标题\n算力民工小周\n3月1日 20:15 来自 Redmi K70\n首token延迟也压到了1.2秒。',
        [('', '', 'latency', 1.2, 's', '')]),
    "a colon line whose tail an emoji's ? parted off still introduces the lines below": (
        '标题\n按卡均摊算了下DeepSeek-R1的decode吞吐（口径各不相同，仅供吃瓜?）：\nH800：每卡约1850 tokens/s\nH20：每卡约225 tokens/s',
        [('DeepSeek-R1', 'H800', 'throughput', 1850.0, 'tokens/s', ''),
         ('DeepSeek-R1', 'H20', 'throughput', 225.0, 'tokens/s', '')]),
    'a topic tag (#昇腾#) names no system; 能有X的N% is a share of X': (
        '标题\nH20的decode吞吐能有H800的40%就烧高香了。\n实际跑下来算力利用率也就35%左右…… #国产算力# #昇腾#',
        [('', 'H20', 'throughput', 40.0, '%', 'H800'),
         ('', '', 'efficiency', 35.0, '%', '')]),
    "a power supply's rating (3200W钛金电源) is no system's power": (
        '标题\n整机配置12块3200W钛金电源，整机功耗10.2kW。',
        [('', '', 'power', 10.2, 'kW', '')]),
    "a bare 4090 is the document's one RTX 4090 even where a tag (#RTX4090) or the bare number itself stands elsewhere": (
        '实测｜4090本出图是M4 Max的3倍\n?B：i9-14900HX + RTX 4090（笔记本版，16GB显存），到手18499\n4090显存带宽576GB/s。\n#MacBookPro #M4Max #RTX4090 #游戏本',
        [('', 'RTX 4090', 'speed', 3.0, 'x', 'M4 Max'),
         ('', 'RTX 4090', 'memory', 16.0, 'GB', ''),
         ('', 'RTX 4090', 'bandwidth', 576.0, 'GB/s', '')]),
    'an OAM edition is part of the name (P800 OAM), as SXM and PCIe are': (
        '标题\n测试平台：单机8卡P800 OAM\nP800 OAM的TDP为500 W，P800 PCIe为350 W。',
        [('', 'P800 OAM', 'power', 500.0, 'W', ''),
         ('', 'P800 PCIe', 'power', 350.0, 'W', '')]),
    "a card's number before its tier is its name, no count (4060 Ti 16G); a power supply is no system's power": (
        '标题\n4070 Ti SUPER和4060 Ti 16G都是16GB，4060 Ti 16G才165W，电源是海韵750W的。',
        [('', '4070 Ti SUPER', 'memory', 16.0, 'GB', ''),
         ('', '4060 Ti 16G', 'memory', 16.0, 'GB', ''),
         ('', '4060 Ti 16G', 'power', 165.0, 'W', '')]),
    'a list of counted systems (8×Gaudi 3 / 8×H100 SXM) holds no ratios; a Transformer引擎 is a part of a chip, no workload': (
        '标题\n加速卡：8×Gaudi 3 / 8×H100 SXM / 8×MI300X\nB200配备第二代Transformer引擎，FP8稠密算力达4.5 PFLOPS。',
        [('', 'B200', 'compute', 4.5, 'PFLOPS', '')]),
    'what a test holds fixed (在功耗和价格不变的前提下) is no metric of the figure; spoken verbs of change (从1500干到了2100 tokens/s)': (
        '标题\nWSE-3在功耗和价格不变的前提下性能翻倍。\nH20开了MTP投机解码以后DeepSeek-R1吞吐从1500干到了2100 tokens/s。',
        [('', 'WSE-3', 'speed', 2.0, 'x', ''),
         ('DeepSeek-R1', 'H20', 'throughput', 2100.0, 'tokens/s', '1500 tokens/s')]),
    'a question with 什么 asserts nothing': (
        '标题\n分析师：H20的毛利率下半年回到75%左右的路径是什么？\nH20的FP8算力为296 TFLOPS。',
        [('', 'H20', 'compute', 296.0, 'TFLOPS', '')]),
}

#: Round 20 (tender notice, shop page, GitHub issue, paper abstracts, slide OCR, podcast, newsletter,
#: Russian MT, leaderboard, Singapore news, funding news, NGA thread)
PROBE_ROUND_20_FINDINGS = {
    'a ranking written with spaces: rank, one token per label, the system column may hold spaces, rows glued on one line': (
        '榜单\n单位：tokens/s\n排名 提交方 系统 加速器 数量 吞吐量\n1 戴尔 PowerEdge XE9680 H100 8 31,200 2 微软 ND H100 v5 H100 8 27,500\n3 AMD 8×MI325X服务器 MI325X 8 26,100',
        [('', 'PowerEdge XE9680', 'throughput', 31200.0, 'tokens/s', ''),
         ('', 'ND H100 v5', 'throughput', 27500.0, 'tokens/s', ''),
         ('', 'MI325X', 'throughput', 26100.0, 'tokens/s', '')]),
    'a decimal comma of a translation (1,7倍, 3,2 ТБ/с) and Cyrillic units': (
        '标题\n按算力系统X1超过B200在1,7倍。每个芯片拥有96 ГБ的内存和带宽3,2 ТБ/с，功耗约12 кВт。',
        [('', 'X1', 'compute', 1.7, 'x', 'B200'),
         ('', 'X1', 'memory', 96.0, 'GB', ''),
         ('', 'X1', 'bandwidth', 3.2, 'TB/s', ''),
         ('', 'X1', 'power', 12.0, 'kW', '')]),
    "a variant joined by an underscore is part of the name (K100_AI); a shop's terms (7天价保) are no claim": (
        '标题\n海光K100_AI单卡FP16算力为192 TFLOPS。\n7天价保，质保3年。',
        [('', 'K100_AI', 'compute', 192.0, 'TFLOPS', '')]),
    "throughput per watt (每瓦吞吐) is an efficiency of the run: the paragraph's workload": (
        '标题\n运行Qwen2.5-72B推理时，按每瓦吞吐计算，MI300X比H100高出两成。',
        [('Qwen2.5-72B', 'MI300X', 'efficiency', 20.0, '%', 'H100')]),
    'Megatron-LM is the framework (the baseline), not a model; a company in quotes is no system; 第一代产品X and X原生实现 name X': (
        '推理芯片「澜芯科技」新品吞吐达H20的1.8倍\n在昇腾910B集群上训练DeepSeek-V2-Lite，相比Megatron-LM基线，训练吞吐提升41%。\n与第一代产品LX-R1相比，推理卡LX-R2的推理性能提升了3.2倍。\nXInfer在MTT S4000上的吞吐是vLLM原生实现的2.3倍。',
        [('', '', 'throughput', 1.8, 'x', 'H20'),
         ('DeepSeek-V2-Lite', '昇腾910B', 'throughput', 41.0, '%', 'Megatron-LM'),
         ('', 'LX-R2', 'speed', 3.2, 'x', 'LX-R1'),
         ('', 'MTT S4000', 'throughput', 2.3, 'x', 'vLLM')]),
    'spoken figures: a classifier before a bare G/T (148个T, 96个G), a loose range read as its lower bound (两三百, 一千四五百), 二十来个': (
        '访谈\n嘉宾：H20的FP16算力才148个T，但是显存有96个G。\n嘉宾：910B跑Qwen2.5-72B，吞吐大概一千四五百个token每秒，首token两三百毫秒，单路也就二十来个token每秒。',
        [('', 'H20', 'compute', 148.0, 'TFLOPS', ''),
         ('', 'H20', 'memory', 96.0, 'GB', ''),
         ('Qwen2.5-72B', '910B', 'throughput', 1400.0, 'tokens/s', ''),
         ('Qwen2.5-72B', '910B', 'latency', 200.0, 'ms', ''),
         ('Qwen2.5-72B', '910B', 'throughput', 20.0, 'tokens/s', '')]),
    "a facility's power (58兆瓦数据中心) is out of scope; 百千瓦 names no figure; a year before 天垓 is no duration": (
        '标题\n新加坡电信将在58兆瓦数据中心引进H200。新机柜功耗逾百千瓦。\n路线图：2026 天垓200，FP8算力 1 PFLOPS。',
        [('', '天垓200', 'compute', 1.0, 'PFLOPS', '')]),
    "a table's header may hold a name the document introduced (推理卡LX-R2) beside a known one": (
        '标题\n公司主推第二代推理卡LX-R2，与H20相比参数如下：\n参数 | LX-R2 | H20\n显存带宽 | 760GB/s | 4.0TB/s\nTDP | 350W | 400W',
        [('', 'LX-R2', 'bandwidth', 760.0, 'GB/s', ''),
         ('', 'H20', 'bandwidth', 4.0, 'TB/s', ''),
         ('', 'LX-R2', 'power', 350.0, 'W', ''),
         ('', 'H20', 'power', 400.0, 'W', '')]),
    'a family code the document presents (推理卡LX-R2) makes its siblings names (LX-R3 written alone)': (
        '标题\n公司主推第二代推理卡LX-R2，吞吐很高。\n明年量产的LX-R3，FP8算力会是LX-R2的两倍，单卡显存提升到256GB。',
        [('', 'LX-R3', 'compute', 2.0, 'x', 'LX-R2'),
         ('', 'LX-R3', 'memory', 256.0, 'GB', '')]),
}

#: Round 21 (a GPU review, a launch live blog, a B2B server listing, a provincial plan, a code-mixed dev blog, an
#: interview question bank, a corrected news report, 2019 news, a news aggregator, a phone-chip ranking, a Bilibili
#: page, a lab test report)
PROBE_ROUND_21_FINDINGS = {
    "a setup line above the first numbered heading (型号规格：YK-A8000 on a report's cover) holds for the whole report; FP16 after 整机 is no code; ResNet-50 8卡: 8 is a count; a message size is no claim": (
        '检测报告\n型号规格：YK-A8000\n一、检测结果\n序号 检测项目 技术要求 检测结果 单项结论\n5 整机FP16稠密算力 ≥2150 TFLOPS 2184.6 TFLOPS 符合\n4 8卡AllReduce总线带宽（1 GB消息） ≥150 GB/s 168.2 GB/s 符合\n8 ResNet-50 8卡扩展效率 ≥85% 93.1% 符合',
        [('', 'YK-A8000', 'compute', 2184.6, 'TFLOPS', ''),
         ('', 'YK-A8000', 'bandwidth', 168.2, 'GB/s', ''),
         ('ResNet-50', 'YK-A8000', 'efficiency', 93.1, '%', '')]),
    "what holds counted parts is a system (XR-G4808搭载8张RTX 4090); a shop's ratings and delivery times are no claims": (
        '商品详情\n综合服务 4.6分\u3000回头率 38%\n发货：现货48小时内发货\nXR-G4808搭载8张RTX 4090 48G涡轮卡，整机合计超过1.3 PFLOPS。',
        [('', 'XR-G4808', 'compute', 1.3, 'PFLOPS', '')]),
    "a number one of the document's systems ends with stands for it as a subject (395的, 和395都在); a figure after a one-word name is no model number (Spark 38.6 tok/s)": (
        '视频简介\n本期对比DGX Spark和锐龙AI Max+ 395。\n395的内存带宽256GB/s。\ngpt-oss-120b生成速度：Spark 38.6 tok/s，M4 Max 61.7 tok/s',
        [('', '锐龙AI Max+ 395', 'bandwidth', 256.0, 'GB/s', ''),
         ('gpt-oss-120b', 'Spark', 'throughput', 38.6, 'tokens/s', ''),
         ('gpt-oss-120b', 'M4 Max', 'throughput', 61.7, 'tokens/s', '')]),
    'a migration names the baseline (从 A100 迁到 H100 后); a from-to change may name the new system between (从 A100 上的 24ms 降到 H100 上的 15ms)': (
        '标题\n从 A100 迁到 H100 后 p99 latency 降了 40%。\nTPOT 从 A100 上的 24ms 降到 H100 上的 15ms。',
        [('', 'H100', 'latency', 40.0, '%', 'A100'),
         ('', 'H100', 'latency', 15.0, 'ms', '24 ms')]),
    "a ranking flattened into its header's line, chips in a column headed 芯片, a two-word label (AI Benchmark总分) and empty cells (未公布, a dash between spaces)": (
        '天梯榜\n排名 芯片 NPU算力（TOPS） AI Benchmark总分 制程 1 骁龙8至尊版 未公布 2,916,550 3nm 2 天玑9400 50 2,804,273 3nm 3 苹果M4 38 — 3nm',
        [('', '天玑9400', 'compute', 50.0, 'TOPS', ''),
         ('', 'M4', 'compute', 38.0, 'TOPS', '')]),
    'a doubling between an old and a new figure (从16GB翻倍至32GB): the new figure and the doubling, both against the old': (
        '标题\n英伟达将Tesla V100的显存容量从16GB翻倍至32GB。',
        [('', 'Tesla V100', 'memory', 2.0, 'x', '16 GB'),
         ('', 'Tesla V100', 'memory', 32.0, 'GB', '16 GB')]),
    'a markdown heading that states figures still heads the lines below (### 为什么 H100 SXM 的 FP8 算力有人说 1979 TFLOPS…？)': (
        '面试题\n### Q2 为什么 H100 SXM 的 FP8 算力有人说 1979 TFLOPS，有人说 3958 TFLOPS？\n参考答案：稠密算力是 1979 TFLOPS，同理 BF16 稠密 989 TFLOPS。',
        [('', 'H100 SXM', 'compute', 1979.0, 'TFLOPS', ''),
         ('', 'H100 SXM', 'compute', 989.0, 'TFLOPS', '')]),
    "out of scope: a withdrawn figure (误作, 说成了), a setting a test holds (固定在), a region's total (全省), a bound (不高于), a power supply's rating (1600W钛金)": (
        '标题\n思元590的显存带宽为2.4TB/s，本文初版误作3.2TB/s。\nrequest rate 固定在 6 req/s。全省算力总规模超过12EFLOPS，网络时延不高于5毫秒。\n电源：海韵 PRIME TX-1600 1600W钛金',
        [('', '思元590', 'bandwidth', 2.4, 'TB/s', '')]),
    'a block of a named chip (X的Hexagon NPU, X至尊版Hexagon NPU) is its part: the chip is the subject': (
        '标题\n骁龙X Elite的Hexagon NPU算力为45 TOPS。\n高通称骁龙8至尊版Hexagon NPU的AI性能较骁龙8 Gen3提升45%。',
        [('', '骁龙X Elite', 'compute', 45.0, 'TOPS', ''),
         ('', '骁龙8至尊版', 'speed', 45.0, '%', '骁龙8 Gen3')]),
    "a chart's bars flattened into one line under its caption (图3：Llama 3.1 8B 生成速度（tokens/s）); a decimal's last digit is no count of the next system": (
        '评测\n图3：Llama 3.1 8B 生成速度（tokens/s，越高越好）\nRTX PRO 6000 218.7 RTX 5090 211.3 RTX 6000 Ada 121.5',
        [('Llama 3.1 8B', 'RTX PRO 6000', 'throughput', 218.7, 'tokens/s', ''),
         ('Llama 3.1 8B', 'RTX 5090', 'throughput', 211.3, 'tokens/s', ''),
         ('Llama 3.1 8B', 'RTX 6000 Ada', 'throughput', 121.5, 'tokens/s', '')]),
    "spoken Chinese numerals with a classifier (算力大概八百个T, 显存有一百二十八个G); 五百多千瓦 is 500 kW; a slide's arrow is a change (32GB → 96GB)": (
        '口播\n昇腾910C的FP16算力大概八百个T，显存有一百二十八个G。\n384超节点功耗五百多千瓦。\nP800：HBM 容量 32GB → 96GB',
        [('', '昇腾910C', 'compute', 800.0, 'TFLOPS', ''),
         ('', '昇腾910C', 'memory', 128.0, 'GB', ''),
         ('', '', 'power', 500.0, 'kW', ''),
         ('', 'P800', 'memory', 96.0, 'GB', '32 GB')]),
    'a remark after a comma in a setup line is no second system (机器：Ryzen AI Max+ 395，BIOS里给核显划了96GB); memory set aside (划了) is a setting': (
        '帖子\n先交代环境：\n- 机器：Ryzen AI Max+ 395，BIOS里给核显划了96GB\n- 模型：Llama 3.3 70B（Q4_K_M）\n结果：生成 5.1 tok/s，prompt处理约 68 tok/s。',
        [('Llama 3.3 70B', 'Ryzen AI Max+ 395', 'throughput', 5.1, 'tokens/s', ''),
         ('Llama 3.3 70B', 'Ryzen AI Max+ 395', 'throughput', 68.0, 'tokens/s', '')]),
    'counted parts in brackets after a whole ("夸娥"千卡智算集群（1024张MTT S4000）) are its parts: the whole is the subject': (
        '白皮书\n课题组在摩尔线程“夸娥”千卡智算集群（1024张MTT S4000）上开展了测试，该集群的模型算力利用率（MFU）达到52.1%。',
        [('', '夸娥', 'efficiency', 52.1, '%', '')]),
}

#: Rounds 23-24 (this session), and what the corpus's earlier probe articles still taught
PROBE_ROUND_23_FINDINGS = {
    "an adverb between the comparator and its verb (比 BF16 再涨 35%) keeps the comparison": (
        '博客\nH100 上开 FP8 之后 throughput 比 BF16 再涨 35%。',
        [('', 'H100', 'throughput', 35.0, '%', 'BF16')]),
    "a class word before a named system of the same clause (纯CPU党报到：双路 EPYC 9654) yields to the name": (
        '帖子\n纯CPU党报到：双路 EPYC 9654，理论带宽920GB/s左右，llama.cpp跑 DeepSeek-V3 671B Q4 生成 8.3 tok/s。',
        [('', 'EPYC 9654', 'bandwidth', 920.0, 'GB/s', ''),
         ('DeepSeek-V3 671B', 'EPYC 9654', 'throughput', 8.3, 'tokens/s', '')]),
    "MLPerf's benchmark names keep their variant (Llama 2 70B LoRA, DLRM-dcnv2, R-GAT) and so does Gemini Nano": (
        '新闻\nLlama 2 70B LoRA微调仅需11.2分钟，DLRM-dcnv2训练用时2.1分钟，R-GAT训练用时6.8分钟。端侧Gemini Nano模型输出速度约为每秒45个token。',
        [('Llama 2 70B LoRA', '', 'time_to_train', 11.2, 'min', ''),
         ('DLRM-dcnv2', '', 'time_to_train', 2.1, 'min', ''),
         ('R-GAT', '', 'time_to_train', 6.8, 'min', ''),
         ('Gemini Nano', '', 'throughput', 45.0, 'tokens/s', '')]),
    "edge boards: Hailo modules, lower-case yolov8n, fps/W as images/s/W; JetPack is software; an attachment's size and eMMC are no memory": (
        '评测\nHailo-8 跑 yolov8n 跑出来 118 fps，约 47 fps/W。\nimage.png (356.21 KB, 下载次数: 0)\n'
        '手头有一块 Jetson Orin Nano（JetPack 6.0），标称 40 TOPS。\n存储：64GB eMMC',
        [('yolov8n', 'Hailo-8', 'throughput', 118.0, 'images/s', ''),
         ('yolov8n', 'Hailo-8', 'efficiency', 47.0, 'images/s/W', ''),
         ('', 'Jetson Orin Nano', 'compute', 40.0, 'TOPS', '')]),
    "a README's table: a system column with counts after the name (昇腾910B ×8) and vendors before it (昆仑芯 P800); "
    "a baseline column's engine in brackets (1,896 (MindIE)) is the row's gain's baseline": (
        '## 性能\n| 模型 | 硬件 | 吞吐 (tokens/s) | 基线吞吐 (tokens/s) | 加速比 |\n|------|------|------|------|------|\n'
        '| Qwen2.5-72B-Instruct | 昇腾910B ×8 | 1,275 | 802 (MindIE) | 1.59x |\n'
        '| DeepSeek-V2-Lite | 昆仑芯 P800 ×1 | 2,238 | 1,604 (vLLM-XPU) | 1.40x |',
        [('Qwen2.5-72B-Instruct', '昇腾910B', 'throughput', 1275.0, 'tokens/s', ''),
         ('Qwen2.5-72B-Instruct', '昇腾910B', 'throughput', 802.0, 'tokens/s', ''),
         ('Qwen2.5-72B-Instruct', '昇腾910B', 'speed', 1.59, 'x', 'MindIE'),
         ('DeepSeek-V2-Lite', 'P800', 'throughput', 2238.0, 'tokens/s', ''),
         ('DeepSeek-V2-Lite', 'P800', 'throughput', 1604.0, 'tokens/s', ''),
         ('DeepSeek-V2-Lite', 'P800', 'speed', 1.4, 'x', 'vLLM-XPU')]),
    "a European translation: decimal commas before Chinese scale words (23,5 千万亿次, 4,5 天) and thousands grouped with a space (2 950 tokens)": (
        '新闻稿\n新系统的峰值性能 在双精度（FP64）从 23,5 千万亿次 被提高到 61,2 千万亿次浮点运算每秒。训练 Llama 3.1 70B 被完成 在 4,5 天。'
        '模型 Mistral Large 2 达到 一个吞吐量 为 2 950 tokens 每秒。',
        [('', '', 'compute', 61.2, 'PFLOPS', '23.5 PFLOPS'),
         ('Llama 3.1 70B', '', 'time_to_train', 4.5, 'day', ''),
         ('Mistral Large 2', '', 'throughput', 2950.0, 'tokens/s', '')]),
    "a code one named system ends with, written alone later (258V of Core Ultra 7 258V, HX 375), is that system as written": (
        '帖子\nA機：Core Ultra 7 258V；B機：Ryzen AI 9 HX 375\nHX 375大概比258V快21%左右，跑的時候封裝功耗衝到54W。',
        [('', 'HX 375', 'speed', 21.0, '%', '258V'),
         ('', 'HX 375', 'power', 54.0, 'W', '')]),
    "a shop's price line under a markdown heading that names a card with its memory is no heading; a rise after a price is no claim": (
        '导购\n## 2. 微星 RTX 4070 Ti SUPER 16GB ｜ 甜点卡\n\n👉 参考价：¥6499   [去购买]\n'
        '- 显存 16GB GDDR6X，256bit，672GB/s\n- 功耗 285W',
        [('', 'RTX 4070 Ti SUPER 16GB', 'memory', 16.0, 'GB', ''),
         ('', 'RTX 4070 Ti SUPER 16GB', 'bandwidth', 672.0, 'GB/s', ''),
         ('', 'RTX 4070 Ti SUPER 16GB', 'power', 285.0, 'W', '')]),
    "an architecture's product (Blackwell架构的B200 GPU) is no block of it: the product is the subject": (
        '新闻\n英伟达Blackwell架构的B200 GPU FP4推理算力达20 PFLOPS，训练性能是H100的2.5倍。',
        [('', 'B200', 'compute', 20.0, 'PFLOPS', ''),
         ('', 'B200', 'speed', 2.5, 'x', 'H100')]),
    "a change and the new figure (提升约20%至50 PFLOPS) are no range; a letter after a family code makes a sibling (XQ-I300L)": (
        'XQ-I300推理加速卡常见问题\n答：XQ-I300加速卡的FP4算力较旧版规格提升约20%至50 PFLOPS。\n'
        '答：Llama 3 70B推理吞吐量在XQ-I300上提升约35%。\n答：另有精简版XQ-I300L，XQ-I300L典型功耗为150W。',
        [('', 'XQ-I300', 'compute', 20.0, '%', 'previous'),
         ('', 'XQ-I300', 'compute', 50.0, 'PFLOPS', ''),
         ('Llama 3 70B', 'XQ-I300', 'throughput', 35.0, '%', ''),
         ('', 'XQ-I300L', 'power', 150.0, 'W', '')]),
    "a bilingual newsletter: a code before 实例 names a system also in English lines (HCCPNV7), its family sibling too (HCCPNV5); "
    "Compared with the previous-generation X; English names its measure after the figure (2.5x faster training, 4x higher inference "
    "throughput); a Western full stop after a figure ends the sentence before an English one": (
        'Newsletter\nHCCPNV7实例搭载8颗B200 GPU。\nCompared with the previous-generation HCCPNV5 (H800), HCCPNV7 delivers up to 2.5x faster '
        'training on Llama 3 70B and up to 4x higher inference throughput. A single HCCPNV7 instance provides 18 PFLOPS '
        'of dense FP8 compute.',
        [('Llama 3 70B', 'HCCPNV7', 'speed', 2.5, 'x', 'HCCPNV5'),
         ('Llama 3 70B', 'HCCPNV7', 'throughput', 4.0, 'x', 'HCCPNV5'),
         ('', 'HCCPNV7', 'compute', 18.0, 'PFLOPS', '')]),
    "markup left in a text: a table's tags are its cells (<tr><td>…</td></tr>), other tags and entities are nothing; "
    "a power supply's row is no claim": (
        '<p>规格参数对比</p>\n<table><tbody><tr><th>型号</th><th>R8900 G5</th><th>R6800 G5</th></tr>\n'
        '<tr><td>整机FP16算力</td><td>1.18&nbsp;PFLOPS</td><td>0.48&nbsp;PFLOPS</td></tr>\n'
        '<tr><td>电源</td><td>6 × 3200W 钛金</td><td>4 × 2700W 白金</td></tr>\n</tbody></table>',
        [('', 'R8900 G5', 'compute', 1.18, 'PFLOPS', ''),
         ('', 'R6800 G5', 'compute', 0.48, 'PFLOPS', '')]),
    "a brand's product family (衡川T10, 衡川T30) keeps its brand in a table written with spaces, a tier after a name makes "
    "the tier's product (衡川T30 Pro); a code glued to a family ending in a digit (衡川T50, not T5) is no model": (
        '百科\n2021年启衡发布衡川T10，2023年发布衡川T30，下一代衡川T50预计FP8算力将达到1PFLOPS。\n'
        '参数 衡川T10 衡川T30 衡川T30 Pro 制程 12nm 7nm 7nm FP16算力 64TFLOPS 256TFLOPS 256TFLOPS',
        [('', '衡川T50', 'compute', 1.0, 'PFLOPS', ''),
         ('', '衡川T10', 'compute', 64.0, 'TFLOPS', ''),
         ('', '衡川T30', 'compute', 256.0, 'TFLOPS', ''),
         ('', '衡川T30 Pro', 'compute', 256.0, 'TFLOPS', '')]),
    "Japanese machine translation: an earlier self before a postfix 比 (前代比约3.2倍, 前世代比約2.4倍) is previous; "
    "消费电力 is power": (
        '新闻\n推理加速器「LC-200」发表　前代比约3.2倍的推理性能实现\n「LC-200」的电力效率是前世代比約2.4倍的改善，以及約45%的消费电力削减实现了。',
        [('', 'LC-200', 'speed', 3.2, 'x', 'previous'),
         ('', 'LC-200', 'efficiency', 2.4, 'x', 'previous'),
         ('', 'LC-200', 'power', 45.0, '%', 'previous')]),
    "a translated thread: 令牌/秒 is tokens/s; a TPU's lettered version written alone (v5e, v5p) is that TPU as written": (
        '帖子\nGoogle 的 TPU v5e 和 TPU v5p 都在用。\nv5e 每芯片大约能做到 2,200 令牌/秒，ICI 在 v5p 上每芯片 4,800 Gbps。',
        [('', 'v5e', 'throughput', 2200.0, 'tokens/s', ''),
         ('', 'v5p', 'bandwidth', 4800.0, 'Gbit/s', '')]),
    "a quote table's moves and turnover (代码 名称 最新价 涨跌幅 换手率 …) and an OCR'd broken decimal (提升 1. 4×) are no claims; "
    "a tender's required bound before the offered figure is none either": (
        '快讯\n代码 名称 最新价 涨跌幅 换手率 总市值 688256 寒武纪-U 176.50 +8.31% 6.12% 736.9亿\n'
        'Prefill 吞吐提升 1. 4×，decode 吞吐 5,820 tokens/s。\n★2 单服务器FP16算力 ≥2.5 PFLOPS 2.8 PFLOPS 正偏离',
        [('', '', 'throughput', 5820.0, 'tokens/s', ''),
         ('', '', 'compute', 2.8, 'PFLOPS', '')]),
    "a column-aligned table of workloads down and engines across under its caption (模型  MindIE  Ours  加速比(vs MindIE)): "
    "the caption's unit and system, the gain against the engine it names": (
        '海报\n表 2  单卡昇腾910B 端到端 decode 吞吐（tokens/s，batch=32）\n模型                MindIE    Ours     加速比(vs MindIE)\n'
        'Mixtral-8x7B        412*      796      1.93×\nDeepSeek-V2-Lite    1,105     1,874    1.70×\n* MindIE 需 2 卡 TP',
        [('Mixtral-8x7B', '昇腾910B', 'throughput', 412.0, 'tokens/s', ''),
         ('Mixtral-8x7B', '昇腾910B', 'throughput', 796.0, 'tokens/s', ''),
         ('Mixtral-8x7B', '昇腾910B', 'speed', 1.93, 'x', 'MindIE'),
         ('DeepSeek-V2-Lite', '昇腾910B', 'throughput', 1105.0, 'tokens/s', ''),
         ('DeepSeek-V2-Lite', '昇腾910B', 'throughput', 1874.0, 'tokens/s', ''),
         ('DeepSeek-V2-Lite', '昇腾910B', 'speed', 1.7, 'x', 'MindIE')]),
    "a per-unit figure named with the part's class (每颗GPU配备180GB, 单GPU双向互联带宽) is the counted part's; 每秒N个samples": (
        '新闻\n测试平台为擎川QC8860-G7服务器，搭载8颗NVIDIA B200 GPU，单机1.44TB HBM3E，每颗GPU配备180GB HBM3E显存，'
        '单GPU双向互联带宽1.8TB/s。\n最快的8卡系统达到每秒22,460个samples。',
        [('', 'QC8860-G7', 'memory', 1.44, 'TB', ''),
         ('', 'B200', 'memory', 180.0, 'GB', ''),
         ('', 'B200', 'bandwidth', 1.8, 'TB/s', ''),
         ('', '', 'throughput', 22460.0, 'samples/s', '')]),
    "a table's column of an earlier generation (上一代 E100) is that system's; a power adapter's rating is no claim": (
        '规格\nEdgeMind E300 与上一代EdgeMind E100 对比\n对比项 | EdgeMind E300 | 上一代 E100\n--- | --- | ---\n'
        'INT8算力 | 200 TOPS | 80 TOPS\n典型功耗 | 35W | 25W\n包装清单：电源适配器（120W）×1',
        [('', 'EdgeMind E300', 'compute', 200.0, 'TOPS', ''),
         ('', 'E100', 'compute', 80.0, 'TOPS', ''),
         ('', 'EdgeMind E300', 'power', 35.0, 'W', ''),
         ('', 'E100', 'power', 25.0, 'W', '')]),
    "a header written with spaces keeps a memory variant with its name (指标 曜石S60 A100 80GB H20)": (
        'P6\n核心参数对比\n指标 S60 A100 80GB H20\nFP16算力（TFLOPS） 384 312 148',
        [('', 'S60', 'compute', 384.0, 'TFLOPS', ''),
         ('', 'A100 80GB', 'compute', 312.0, 'TFLOPS', ''),
         ('', 'H20', 'compute', 148.0, 'TFLOPS', '')]),
    "a rise after a price is no claim (首发 ¥12999，一年涨了 30%)": (
        '导购\n## 4. 华硕 RTX 4090 24GB\n👉 参考价：¥16999（首发 ¥12999，一年涨了 30%）\n- TGP 450W',
        [('', 'RTX 4090 24GB', 'power', 450.0, 'W', '')]),
}

PROBE_ROUND_26_FINDINGS = {
    "a goal is no result (目标是把…提升到, 带宽目标超过)": (
        '融资新闻\n下一代MTT S5000的目标是把INT8算力提升到1,000 TOPS以上，内存带宽目标超过3TB/s。MTT S4000的INT8算力为400 TOPS。',
        [('', 'MTT S4000', 'compute', 400.0, 'TOPS', '')]),
    "a figure before 的 SLO is the objective, not a measurement": (
        '评测\n910C 在 DeepSeek-V3 上 TTFT P99 超出 2s 的 SLO，H20 的 TTFT P99 为 1.2s。',
        [('DeepSeek-V3', 'H20', 'latency', 1.2, 's', '')]),
    "a power supply's rating before 金牌 is no system's power": (
        '帖子\n电源我用的1200W金牌，5090 满载功耗 575W。',
        [('', '5090', 'power', 575.0, 'W', '')]),
    "a vendor's promise to call back is no time": (
        '页面\nL20 的显存为48GB。如需报价，我们的售前工程师将在24小时内与您联系。',
        [('', 'L20', 'memory', 48.0, 'GB', '')]),
    "a share (比重) is out of scope": (
        '白皮书\n8个国家枢纽节点新增算力占全国新增算力的比重超过60%，我国算力规模超过300 EFLOPS。',
        [('', '', 'compute', 300.0, 'EFLOPS', '')]),
    "能量消耗 is power": (
        '新闻\nHBM-PIM与现有HBM相比，能量消耗减少了70%以上。',
        [('', 'HBM-PIM', 'power', 70.0, '%', '')]),
    "throughput per money (每万元吞吐) is an efficiency": (
        '测评\nH20 每万元吞吐比 910C 高约 25%。',
        [('', 'H20', 'efficiency', 25.0, '%', '910C')]),
    "since launch (相比发布时) is the system's earlier self; a timestamp's minutes are no weeks": (
        '直播\n14:10 周岳：“通过软件栈的持续优化，X2的大模型推理性能相比发布时提升了35%。”',
        [('', 'X2', 'speed', 35.0, '%', 'previous')]),
    "the first version (较首个版本) is the earlier self": (
        '新闻\nWS-Infer在望舒100上运行Llama 3.1 70B的吞吐较首个版本提升了2.6倍。',
        [('Llama 3.1 70B', '', 'throughput', 2.6, 'x', 'previous')]),
    "a spec list's part lines (• GPU：8 × B200) and network line leave the list on the system its colon line names": (
        '新聞稿\nGX-8800L主要規格：\n• GPU：8 × NVIDIA B200 SXM\n• 處理器：2 × 第五代Intel Xeon可擴充處理器\n'
        '• 系統記憶體：最高4TB DDR5-5600\n• 網絡：8 × 400Gb/s InfiniBand\n• 整機滿載功耗：約14.3kW',
        [('', 'GX-8800L', 'memory', 4.0, 'TB', ''),
         ('', 'GX-8800L', 'bandwidth', 400.0, 'Gbit/s', ''),
         ('', 'GX-8800L', 'power', 14.3, 'kW', '')]),
    "an architecture's codename in quotes after a colon (X：基于…架构“曲院”) describes X": (
        '测评\n📌 摩尔线程MTT S4000：基于第二代MUSA架构“曲院”，FP16算力100 TFLOPS，整卡TDP 450W。',
        [('', 'MTT S4000', 'compute', 100.0, 'TFLOPS', ''),
         ('', 'MTT S4000', 'power', 450.0, 'W', '')]),
    "counted chips opening their own clause after 而 are its topic, not parts of the whole named before": (
        '新闻\n8块B200显卡组成的DGX B200系统训练时间为11.0分钟，而8块H100显卡的成绩是27.9分钟。',
        [('', 'DGX B200', 'time_to_train', 11.0, 'min', ''),
         ('', 'H100', 'time_to_train', 27.9, 'min', '')]),
    "spun text: 锻炼 for 训练, 迅速 for 快 (相比于上一代Hopper架构迅速了2.2倍)": (
        '新闻\nBlackwell架构显卡的锻炼速度相比于上一代Hopper架构迅速了2.2倍。',
        [('', 'Blackwell', 'speed', 2.2, 'x', 'Hopper')]),
    "a broker report's table under its caption: a header with form factors (H100 SXM) and rows of bare figures": (
        '研报\n图表12：国内外主流AI加速卡关键参数对比\n产品 H100 SXM H20 昇腾910B\n显存容量（GB） 80 96 64\n'
        '显存带宽（TB/s） 3.35 4.0 1.6\n功耗（W） 700 400 400',
        [('', 'H100 SXM', 'memory', 80.0, 'GB', ''), ('', 'H20', 'memory', 96.0, 'GB', ''),
         ('', '昇腾910B', 'memory', 64.0, 'GB', ''),
         ('', 'H100 SXM', 'bandwidth', 3.35, 'TB/s', ''), ('', 'H20', 'bandwidth', 4.0, 'TB/s', ''),
         ('', '昇腾910B', 'bandwidth', 1.6, 'TB/s', ''),
         ('', 'H100 SXM', 'power', 700.0, 'W', ''), ('', 'H20', 'power', 400.0, 'W', ''),
         ('', '昇腾910B', 'power', 400.0, 'W', '')]),
    "a column of ratios headed '吞吐 vs H200' is measured against H200 (the row's own system is the subject)": (
        '评测\n### 3.2 DeepSeek-V3（FP8）\n| 平台 | Throughput (tokens/s) | 吞吐 vs H200 |\n|---|---|---|\n'
        '| H200 ×8 | 3,150 | — |\n| H20 ×8 | 1,720 | 0.55x |',
        [('DeepSeek-V3', 'H200', 'throughput', 3150.0, 'tokens/s', ''),
         ('DeepSeek-V3', 'H20', 'throughput', 1720.0, 'tokens/s', ''),
         ('DeepSeek-V3', 'H20', 'throughput', 0.55, 'x', 'H200')]),
    "a stability run (连续训练了30天) and a share of requests that defines a percentile are no claims": (
        '直播\nX3 的训练吞吐比上一代提升 2 倍，我们连续训练了30天没有中断。\nP99：99% 的请求都低于这个值，H20 为 2.1s。',
        [('', 'X3', 'throughput', 2.0, 'x', 'previous'), ('', 'H20', 'latency', 2.1, 's', '')]),
    "a Chinese product's name written with a space where it turns script (pangu spacing) is still its name": (
        '新闻\n公司发布推理芯片“望舒 100”。望舒 100 的 INT8 算力为 480 TOPS。\n'
        '衡川 T10 的 FP16 算力为 64 TFLOPS，衡川 T30 的 FP16 算力为 256 TFLOPS。',
        [('', '望舒 100', 'compute', 480.0, 'TOPS', ''),
         ('', '衡川 T10', 'compute', 64.0, 'TFLOPS', ''),
         ('', '衡川 T30', 'compute', 256.0, 'TFLOPS', '')]),
    "compared with another memory (与前一代HBM3E相比), the paragraph's memory (HBM4) is the subject": (
        '新闻\n此次的HBM4是每秒可以处理2TB以上数据的带宽首次实现了。与前一代HBM3E相比速度提高了60%以上。',
        [('', 'HBM4', 'bandwidth', 2.0, 'TB/s', ''), ('', 'HBM4', 'speed', 60.0, '%', 'HBM3E')]),
}

PROBE_ROUND_27_FINDINGS = {
    "a cloud instance with a size suffix (gc7i.2xlarge) names its table row; a GPU column is what the row holds": (
        '文档\ngc7i 包括的实例规格及指标数据如下。\n实例规格\tvCPU\t内存（GB）\tGPU\tGPU显存（GB）\n'
        'gc7i.2xlarge\t8\t30\tNVIDIA A10 × 1\t24\ngc7i.8xlarge\t32\t128\tNVIDIA A10 × 1\t24',
        [('', 'gc7i.2xlarge', 'memory', 30.0, 'GB', ''), ('', 'gc7i.2xlarge', 'memory', 24.0, 'GB', ''),
         ('', 'gc7i.8xlarge', 'memory', 128.0, 'GB', ''), ('', 'gc7i.8xlarge', 'memory', 24.0, 'GB', '')]),
    "an instance family written alone (gc8is) is the family of its sized instances": (
        '文档\ngc8is.4xlarge 与 gc8is.8xlarge 已上线。\ngc8is 的单位算力成本相较上一代 gc7i 降低约 30%。',
        [('', 'gc8is', 'cost', 30.0, '%', 'gc7i')]),
    "a Japanese postfix comparison machine-translated as 以X比, and a clause opening with X的N倍": (
        '新闻\nH200上市。大规模语言模型的推论性能是以H100比最大1.9倍。H200的容量是141GB，H100的約1.76倍的容量。',
        [('', 'H200', 'speed', 1.9, 'x', 'H100'), ('', 'H200', 'memory', 141.0, 'GB', ''),
         ('', 'H200', 'memory', 1.76, 'x', 'H100')]),
    "rows that each name their system and workload under a header the readers do not know (benchmark | system)": (
        '通讯\n格式：benchmark | scenario | system | result\n- ResNet-50 | Offline | DGX H200 | 781,500 samples/s\n'
        '- RetinaNet | Offline | DGX B200 | 22,100 samples/s',
        [('ResNet-50', 'DGX H200', 'throughput', 781500.0, 'samples/s', ''),
         ('RetinaNet', 'DGX B200', 'throughput', 22100.0, 'samples/s', '')]),
    "a README's table: bold figures, a 'vs vLLM' column of gains in the section's measure; 相对 vLLM 的…加速比": (
        '说明\n### 1. 吞吐（Llama 3 8B，tokens/s）\n| GPU | LumenInfer | vLLM | vs vLLM |\n|---|---|---|---|\n'
        '| H100 SXM 80GB | **15,820** | 9,410 | **1.68x** |\n在高并发场景下，LumenInfer 相对 vLLM 的吞吐加速比超过 2.1x。\n'
        '> 运行 Llama 3 70B 至少需要 2 张 80GB 显卡，测试覆盖率提升至 85%',
        [('Llama 3 8B', 'H100 SXM 80GB', 'throughput', 15820.0, 'tokens/s', ''),
         ('Llama 3 8B', 'H100 SXM 80GB', 'throughput', 9410.0, 'tokens/s', ''),
         ('Llama 3 8B', 'H100 SXM 80GB', 'throughput', 1.68, 'x', 'vLLM'),
         ('Llama 3 8B', '', 'speed', 2.1, 'x', 'vLLM')]),
    "a product spec list's host CPU line (处理器：Xeon …) is no test setup: GPU figures below it are not the CPU's": (
        '文档\n处理器：2.9 GHz 主频的 Intel® Xeon® Platinum 8369B\n\n显存带宽 4.0 TB/s，卡间双向互联带宽 900 GB/s\n'
        '测试\nCPU：Xeon 6980P\n模型：ResNet-50\n\nOffline 场景吞吐 27,500 samples/s',
        [('', '', 'bandwidth', 4.0, 'TB/s', ''), ('', '', 'bandwidth', 900.0, 'GB/s', ''),
         ('ResNet-50', 'Xeon 6980P', 'throughput', 27500.0, 'samples/s', '')]),
}

PROBE_ROUND_28_FINDINGS = {
    "subtitles: spoken figures with a Latin unit are read (一百二十六TOPS, 九十六个G), lines spaced into clauses stay lines": (
        '视频字幕\n00:12\n先看显存这一块 这张卡是二十四个G的显存\n这台机器呢 每秒能跑三十五点二个token 整机功耗四百五十瓦\n'
        '官方说这颗芯片一共一百二十六TOPS\n它可以把最多九十六个G划给核显用',
        [('', '', 'memory', 24.0, 'GB', ''), ('', '', 'throughput', 35.2, 'tokens/s', ''), ('', '', 'power', 450.0, 'W', ''),
         ('', '', 'compute', 126.0, 'TOPS', ''), ('', '', 'memory', 96.0, 'GB', '')]),
    "Ascend codes as forums write them (910B3, 300I Duo, 800T A2) name the sentence's system, not the thread's server": (
        '论坛\n我们在Atlas 800T A2上做了测试。\n910B3的HBM带宽是1.6TB/s，单卡910B3大概350W。\n300I Duo单卡是96GB显存。\n'
        '800T A2整机跑满在5.2kW左右。',
        [('', '910B3', 'bandwidth', 1.6, 'TB/s', ''), ('', '910B3', 'power', 350.0, 'W', ''),
         ('', '300I Duo', 'memory', 96.0, 'GB', ''), ('', '800T A2', 'power', 5.2, 'kW', '')]),
    "a price difference (贵百分之三十) is no claim; 比旧驱动 is the earlier self; glued Ti names (5070Ti)": (
        '评测\n5070Ti比4070Ti贵百分之三十 性能才高百分之二十\n换了新驱动以后，4070Ti比旧驱动快了8%。',
        [('', '5070Ti', 'speed', 20.0, '%', '4070Ti'), ('', '4070Ti', 'speed', 8.0, '%', 'previous')]),
    "a slide deck: a code before what it is for (ZQ-I8 大模型推理服务器), 对比X： over signed gains, a heading's bracket comparator": (
        '智擎 ZQ-I8 大模型推理服务器 新品发布会\n\nZQ-A2 推理加速卡\n• TDP 750W，全高全长双宽\n'
        '• 对比上一代 ZQ-A1：算力 2.5x ｜ 显存容量 +80% ｜ 能效 +60%\n* 数据为智擎实验室实测，同等精度对比\n'
        '机密 仅供内部 | 智擎科技 2025 新品发布会 | 第 14 页 / 共 32 页\n\nZQ-I8 能效与 TCO（对比 8×H20 服务器）\n'
        '• 每瓦吞吐提升 2.1 倍\n• 单 token 推理成本降低 55%',
        [('', 'ZQ-A2', 'power', 750.0, 'W', ''), ('', 'ZQ-A2', 'compute', 2.5, 'x', 'ZQ-A1'),
         ('', 'ZQ-A2', 'memory', 80.0, '%', 'ZQ-A1'), ('', 'ZQ-A2', 'efficiency', 60.0, '%', 'ZQ-A1'),
         ('', 'ZQ-I8', 'efficiency', 2.1, 'x', '8×H20'), ('', 'ZQ-I8', 'cost', 55.0, '%', '8×H20')]),
    "a spaced table with a column of makers between the system and its figures (型号 厂商 …)": (
        '百科\n型号 厂商 FP16算力(TFLOPS) 显存(GB) 功耗(W)\n昇腾910B 华为 320 64 400\nA100 英伟达 312 80 400',
        [('', '昇腾910B', 'compute', 320.0, 'TFLOPS', ''), ('', '昇腾910B', 'memory', 64.0, 'GB', ''),
         ('', '昇腾910B', 'power', 400.0, 'W', ''), ('', 'A100', 'compute', 312.0, 'TFLOPS', ''),
         ('', 'A100', 'memory', 80.0, 'GB', ''), ('', 'A100', 'power', 400.0, 'W', '')]),
    "a generation column before a versioned name (第四代 TPU v4) and a year column after it (Trillium 2024) are no part of it": (
        '百科\n代数 型号 发布 峰值算力 HBM 带宽\n第四代 TPU v4 2021 275 TFLOPS 32GB 1200GB/s\n'
        '第六代 Trillium 2024 918 TFLOPS 32GB 1640GB/s',
        [('', 'TPU v4', 'compute', 275.0, 'TFLOPS', ''), ('', 'TPU v4', 'memory', 32.0, 'GB', ''),
         ('', 'TPU v4', 'bandwidth', 1200.0, 'GB/s', ''), ('', 'Trillium', 'compute', 918.0, 'TFLOPS', ''),
         ('', 'Trillium', 'memory', 32.0, 'GB', ''), ('', 'Trillium', 'bandwidth', 1640.0, 'GB/s', '')]),
    "spec 9: an edition that makes another product stays in the name (中国特供版H20); a PE ratio is no claim": (
        '帖子\n中国特供版H20的FP8算力是296TFLOPS，笔记本版RTX 4090的显存只有16GB。PE（TTM）已经到了300多倍。',
        [('', '中国特供版H20', 'compute', 296.0, 'TFLOPS', ''), ('', '笔记本版RTX 4090', 'memory', 16.0, 'GB', '')]),
    "Korean news in translation writes a stack height after the memory (HBM3E 12段); 与前作X对比 names X": (
        '新闻\n三星的HBM3E 12段产品的容量是36GB，与HBM3E 8段对比带宽提高了50%以上。\nREBEL-Quad芯片发布。REBEL-Quad与前作ATOM对比，性能提高了约4倍。',
        [('', 'HBM3E 12段', 'memory', 36.0, 'GB', ''), ('', 'HBM3E 12段', 'bandwidth', 50.0, '%', 'HBM3E 8段'),
         ('', 'REBEL-Quad', 'speed', 4.0, 'x', 'ATOM')]),
    "a Chinese brand's one code presented with its class (擎芯Q2 加速卡) is a system; 8 × before it counts, no ratio; QT-SuperPod 256": (
        'QT-880 发布\n\n· 8 × 擎芯Q2 加速卡，单卡FP8算力 960 TFLOPS\n· 擎芯Q2 卡间互联带宽 896GB/s\n\nQT-SuperPod 256 超节点总显存 36.9TB',
        [('', '擎芯Q2', 'compute', 960.0, 'TFLOPS', ''), ('', '擎芯Q2', 'bandwidth', 896.0, 'GB/s', ''),
         ('', 'QT-SuperPod 256', 'memory', 36.9, 'TB', '')]),
    "a spoken decimal whose unit the tokenizer glues to the next word (零点零八秒|左右) is a figure": (
        '字幕\n5090D的首字延迟是零点零八秒左右\n4090D的首字延迟是零点一五秒',
        [('', '5090D', 'latency', 0.08, 's', ''), ('', '4090D', 'latency', 0.15, 's', '')]),
    "a Hong Kong release: 能源效益 is an efficiency; a goal with its deadline (目标于…) and 按年 growth are no claims": (
        '新聞稿\n集團目標於2027年底前將總算力擴展至30 EFLOPS。GB200 NVL72能源效益則提升二十五倍。首兩月新股集資額按年升兩倍。',
        [('', 'GB200 NVL72', 'efficiency', 25.0, 'x', '')]),
    "a magazine's sidebar: a unit explained (1 PFLOPS即每秒…) and a rack position's kW are no claims": (
        '专题\n1 PFLOPS即每秒1000万亿次浮点运算，1 EFLOPS则是它的一千倍。\n机房：单柜42kW。\n'
        'NVL72整柜功耗大概120kW，HBM总容量达1.5PB。',
        [('', 'NVL72', 'power', 120.0, 'kW', ''), ('', 'NVL72', 'memory', 1500.0, 'TB', '')]),
    "numbered setup keys (GPU 1：/GPU 2：) list several systems, so the host CPU line is no subject; 比X稳定快": (
        '测试环境\n- GPU 1：NVIDIA H20，96GB HBM3\n- GPU 2：NVIDIA L40S，48GB GDDR6\n- CPU：2 × Xeon Platinum 8480+（H20 机器）\n\n'
        '结果\n7B 上 SGLang 比 vLLM 稳定快 10%。\n码龄5年 原创 86 周排名 2万+',
        [('', 'H20', 'memory', 96.0, 'GB', ''), ('', 'L40S', 'memory', 48.0, 'GB', ''), ('', '', 'speed', 10.0, '%', 'vLLM')]),
    "a digest's figure-first items (0.8 秒：昆仑芯 P800 运行…) take their fields from the gloss; polls and surveys are no claims": (
        '周报\n\n【数字一览】\n• 288GB：B300 单卡 HBM3e 容量\n• 0.8 秒：昆仑芯 P800 运行 Qwen3-235B 的首 token 时延\n'
        '• 42%：夸娥集群训练 DeepSeek-V3 的 MFU\n\n读者投票\nA. 增加50%以上   B. 增加20%-50%   C. 基本不变\n'
        '62%的读者表示已经部署了国产加速卡。谷歌几乎在同一周内发布新品。',
        [('', 'B300', 'memory', 288.0, 'GB', ''), ('Qwen3-235B', 'P800', 'latency', 0.8, 's', ''),
         ('DeepSeek-V3', '夸娥', 'efficiency', 42.0, '%', '')]),
    "a precision stands for 算力 before a spoken shorthand figure (FP16只有148T, INT8 2000T)": (
        '播客\nH20的FP16只有148T。\n那张卡INT8 2000T。\nFP16 80GB显存。',
        [('', 'H20', 'compute', 148.0, 'TFLOPS', ''), ('', '', 'compute', 2000.0, 'TOPS', ''),
         ('', '', 'memory', 80.0, 'GB', '')]),
    "a model family written in lower case with its version (llama 3.1 8B), never the engine llama.cpp": (
        '笔记\n4090D跑llama 3.1 8B，每秒120个token。\n用llama.cpp跑的时候显存占用是9GB。',
        [('llama 3.1 8B', '4090D', 'throughput', 120.0, 'tokens/s', ''), ('', '', 'memory', 9.0, 'GB', '')]),
}

#: Round 29 (content-farm analyses, Discuz tables, flattened analyst notes, Taiwanese news, MT reviews, SEO reposts,
#: tutorials with arithmetic, test reports, AI-search answers, trade news, vendor blogs, advertorials...)
PROBE_ROUND_29_FINDINGS = {
    "Hong Kong and Taiwan write days as 日 after a duration word (由約90日縮短至不足14日); a date or yen stays out": (
        '新聞\n訓練一個模型的時間由約90日縮短至不足14日。\n3月12日，H100集群的訓練只需3日。\n費用是每小時約1,000日元。',
        [('', '', 'time_to_train', 14.0, 'day', '90 day'), ('', 'H100', 'time_to_train', 3.0, 'day', '')]),
    "a server named by its cards (單台8卡H200伺服器) is the subject, not the cluster of an earlier clause; "
    "a Chinese model name quoted after 模型 (『港話通』) is a model": (
        '新聞稿\n總監表示：「我們在維港一號上以Llama 3.1 70B進行測試，單台8卡H200伺服器的推理吞吐量達每秒21,000個token。」\n'
        '客戶把自家的客服模型『港話通』遷移到H200上，首字延遲低於200毫秒。',
        [('Llama 3.1 70B', 'H200', 'throughput', 21000.0, 'tokens/s', ''), ('港話通', 'H200', 'latency', 200.0, 'ms', '')]),
    "servers counted by a deployment (部署256台…服务器) are parts of the centre the paragraph is about": (
        '新闻\n「天穹一号」AI超算中心首期部署256台HGX H200服务器，峰值AI算力逾4000 PFLOPS。',
        [('', '天穹一号', 'compute', 4000.0, 'PFLOPS', '')]),
    "a size code in a model's brackets or before 模型 (671B) is no chip; ZFLOPS is a thousand EFLOPS; HiF8 is a format": (
        '报道\n在昇腾910C上部署DeepSeek V3.2（671B，W8A8量化），單卡Decode吞吐達到每秒1920 tokens。\n'
        '昇腾950支持HiF8，FP8算力达到1 PFLOPS。\nAtlas 960 SuperCluster的FP4总算力4 ZFLOPS。',
        [('DeepSeek V3.2', '昇腾910C', 'throughput', 1920.0, 'tokens/s', ''), ('', '昇腾950', 'compute', 1.0, 'PFLOPS', ''),
         ('', 'Atlas 960 SuperCluster', 'compute', 4000.0, 'EFLOPS', '')]),
    "a table one cell per line with a column of words (精度) and names with their memory (Jetson Orin Nano 8GB)": (
        '测试报告\n表1：YOLOv8n\n平台\n精度\nFPS\n平均延迟(ms)\nJetson Orin Nano 8GB\nINT8\n138\n7.2\n'
        'Hailo-8\nINT8\n312\n3.2\n\n结论：Hailo-8最省电。',
        [('YOLOv8n', 'Jetson Orin Nano 8GB', 'throughput', 138.0, 'images/s', ''),
         ('YOLOv8n', 'Jetson Orin Nano 8GB', 'latency', 7.2, 'ms', ''),
         ('YOLOv8n', 'Hailo-8', 'throughput', 312.0, 'images/s', ''), ('YOLOv8n', 'Hailo-8', 'latency', 3.2, 'ms', '')]),
    "a recovery time, a subsidy, a throttling delay and an aggregator's 24小时热闻 are no performance": (
        '新闻\n24小时热闻\n故障恢复时间由小时级缩短至10分钟以内。\n对企业使用中心算力给予最高50%的费用补贴。\n'
        'RK3588 不加风扇的话 20 分钟左右就会到 85℃ 触发降频。\nH100训练只需10分钟。',
        [('', 'H100', 'time_to_train', 10.0, 'min', '')]),
    "shares listed after one comparator (8卡H200系统的97%和95%) share it; 跑到X的八成 compares; 16G before 显存带宽 is no size; "
    "a benchmark's 完成时间 is its time to train": (
        '评测\nMI325X分别达到英伟达8卡H200系统的97%和95%左右。\n7900XTX 在 ROCm 下已经能跑到 3090 的八成左右。\n'
        '4060Ti 16G 的显存带宽只有 288GB/s。\nMI355X 的完成时间比 B200 快 10%。',
        [('', 'MI325X', 'speed', 97.0, '%', '8×H200'), ('', 'MI325X', 'speed', 95.0, '%', '8×H200'),
         ('', '7900XTX', 'speed', 80.0, '%', '3090'), ('', '4060Ti', 'bandwidth', 288.0, 'GB/s', ''),
         ('', 'MI355X', 'time_to_train', 10.0, '%', 'B200')]),
    "a rounded restatement after 即 is one claim; 相较X有N倍 compares; 因为后者 is the latter system, no comparator": (
        '分析\n整柜FP4推理算力达到1440 PFLOPS（即1.4 EFLOPS）。\nB200在推理吞吐上相较H100有3-4倍的提升。\n'
        'Ryzen AI Max+ 395的每秒token数是RTX 4090的2.2倍，因为后者24GB的显存放不下整个模型。',
        [('', '', 'compute', 1440.0, 'PFLOPS', ''), ('', 'B200', 'throughput', 3.0, 'x', 'H100'),
         ('', 'Ryzen AI Max+ 395', 'throughput', 2.2, 'x', 'RTX 4090'), ('', 'RTX 4090', 'memory', 24.0, 'GB', '')]),
    "Taiwanese AI PC names: a two-word codename before its figures (Panther Lake 50 TOPS), X2 Elite Extreme, Xe3": (
        '新聞\n晶片 NPU算力 最大記憶體\nX2 Elite Extreme 80 TOPS 128GB\nPanther Lake 50 TOPS 96GB\n\nXe3內顯可提供120 TOPS。',
        [('', 'X2 Elite Extreme', 'compute', 80.0, 'TOPS', ''), ('', 'X2 Elite Extreme', 'memory', 128.0, 'GB', ''),
         ('', 'Panther Lake', 'compute', 50.0, 'TOPS', ''), ('', 'Panther Lake', 'memory', 96.0, 'GB', ''),
         ('', 'Xe3', 'compute', 120.0, 'TOPS', '')]),
    "memory trade news: a JEDEC standard and a signalling (JESD239, PAM3) are no systems; tickers (▲0.8%), average prices "
    "and promotions are out of scope": (
        '存储资讯\nDRAM现货价 DDR5 16Gb 4800  5.120 ▲0.8%\n2025年HBM3E 12层产品均价较8层产品高出约30%。\n'
        '首月立减20%，再送1TB对象存储。\n三星推出了业界首款40Gbps GDDR7，符合JESD239标准，采用PAM3信号，单颗带宽160GB/s。',
        [('', 'GDDR7', 'bandwidth', 40.0, 'Gbit/s', ''), ('', 'GDDR7', 'bandwidth', 160.0, 'GB/s', '')]),
    "an earlier version of the software stack (上個月的版本, 適配初期) is the previous self; 約X的九成 compares": (
        '自媒體\n思元590跑Kimi K2，吞吐比上個月的版本提升了40%。\n思元590跑DeepSeek V3.1的吞吐比適配初期提升了一倍。\n'
        '昇騰910C跑DeepSeek：約H800的九成性能',
        [('Kimi K2', '思元590', 'throughput', 40.0, '%', 'previous'),
         ('DeepSeek V3.1', '思元590', 'throughput', 1.0, 'x', 'previous'), ('', '昇騰910C', 'speed', 90.0, '%', 'H800')]),
    "a centre in a place the list lacks, written with its 市 (临江市人工智能计算中心), is a system; 该市 is no place": (
        '新闻\n临江市人工智能计算中心总算力规模达到2440 PFLOPS。\n该市智算中心算力达到100 PFLOPS。',
        [('', '临江市人工智能计算中心', 'compute', 2440.0, 'PFLOPS', ''), ('', '', 'compute', 100.0, 'PFLOPS', '')]),
    "an NCCL blog's setups (H800+IB, H20+RoCE) are the systems, busbw a bandwidth; MT 首个令牌时间 is a latency": (
        '博客\nH800+IB：busbw 约 92 GB/s\n16 机时 H20+RoCE 的 busbw 只剩 IB 的 74%。\nM5 的首个令牌时间比 M4 快 3.6 倍。',
        [('', 'H800+IB', 'bandwidth', 92.0, 'GB/s', ''), ('', 'H20+RoCE', 'bandwidth', 74.0, '%', 'IB'),
         ('', 'M5', 'latency', 3.6, 'x', 'M4')]),
    "a table flattened into one line with a column of makers before the systems (提交方 加速器 离线(tokens/s) …)": (
        '快讯\nLlama 2 70B 成绩：\n提交方 加速器 离线(tokens/s) 服务器(tokens/s) 英伟达 8×B200 98858 98443 戴尔 8×H200 34988 32790',
        [('Llama 2 70B', 'B200', 'throughput', 98858.0, 'tokens/s', ''), ('Llama 2 70B', 'B200', 'throughput', 98443.0, 'tokens/s', ''),
         ('Llama 2 70B', 'H200', 'throughput', 34988.0, 'tokens/s', ''), ('Llama 2 70B', 'H200', 'throughput', 32790.0, 'tokens/s', '')]),
    "GPU-hours of a chip named inside the unit (278.8万H800 GPU小时); a frame rate (帧率) is a throughput": (
        '问答\nDeepSeek-V3 仅用278.8万H800 GPU小时。\nOrin NX 的帧率大约是 Orin Nano 的 1.7 倍。',
        [('DeepSeek-V3', 'H800', 'time_to_train', 2788000.0, 'h', ''), ('', 'Orin NX', 'throughput', 1.7, 'x', 'Orin Nano')]),
    "a censored vendor before a table's system (英*达 GB200 NVL72) and 硬刚/对标 with a spaced name before a colon": (
        '评测\nCloudMatrix 384硬刚GB200 NVL72：算力1.7倍\n\n对比总结\n指标 | CloudMatrix 384 | 英*达 GB200 NVL72 | 倍数\n'
        'HBM带宽 | 1229TB/s | 576TB/s | 2.1倍',
        [('', 'CloudMatrix 384', 'compute', 1.7, 'x', 'GB200 NVL72'), ('', 'CloudMatrix 384', 'bandwidth', 1229.0, 'TB/s', ''),
         ('', 'GB200 NVL72', 'bandwidth', 576.0, 'TB/s', ''), ('', 'CloudMatrix 384', 'bandwidth', 2.1, 'x', 'GB200 NVL72')]),
    "an example of a kind opening its clause (比如一颗50 TOPS的NPU) is no figure; a system's own (将提供一个45 TOPS的NPU) is": (
        '科普\n比如一颗50 TOPS的NPU足以运行Copilot+。\n昇腾910B是一颗320 TFLOPS的芯片。\n'
        '英特尔下一代Lunar Lake CPU将提供一个45 TOPS的NPU。',
        [('', '昇腾910B', 'compute', 320.0, 'TFLOPS', ''), ('', 'Lunar Lake', 'compute', 45.0, 'TOPS', '')]),
}

#: Round 30 (Zhihu tables, Weibo threads, funding news, Japanese MT, MLPerf releases, PDF papers, cloud docs,
#: Bilibili pages, broker excerpts, WeChat posts, GitHub issues, roundups, HK financial news, encyclopedia entries,
#: Chiphell threads, spun copies, tender notices, chat exports)
PROBE_ROUND_30_FINDINGS = {
    "a forum's furniture (回复  使用道具 举报, 5#, a user's name, the site's banner) is no heading: the title's card stays "
    "the thread's system; RTX PRO 6000 Blackwell and its Max-Q are names; a motherboard and a llama.cpp build are not": (
        '[原创] RTX PRO 6000 Blackwell 本地大模型实测 - 显卡 - Chiphell - 分享与交流用户体验\nChiphell - 分享与交流用户体验\n'
        '返回列表 发新帖\n带宽 1792 GB/s\n回复  使用道具 举报\nkimi_raikkonen\n5#\n发表于 2025-6-12 22:31 | 只看该作者\n'
        '待机 20W。\n主板是华硕 WRX90E，llama.cpp b5600，TDP 300W 的 RTX PRO 6000 Max-Q 版跑 70B 吞吐低 15%。\n'
        '出 4090 涡轮卡 1.35w 不刀',
        [('', 'RTX PRO 6000 Blackwell', 'bandwidth', 1792.0, 'GB/s', ''), ('', 'RTX PRO 6000 Blackwell', 'power', 20.0, 'W', ''),
         ('', 'RTX PRO 6000 Max-Q', 'power', 300.0, 'W', ''), ('', 'RTX PRO 6000 Max-Q', 'throughput', 15.0, '%', '')]),
    "a laptop's and a desktop's card are products of their own without 版 (笔记本5090, 桌面5090); 只有X六成 compares; "
    "a desktop GPU is a kind; a desktop's card owns no bare number (RTX 4090 … 4090)": (
        '微博\n笔记本5090只有桌面5090六成速度。\n而一个桌面 GPU 可能只有 2 到 3 TOPS/W。\n\n小红书\n'
        '我的是RTX 4090笔记本，台式4090跑SDXL更快。\n4090显存带宽576GB/s。',
        [('', '笔记本5090', 'speed', 60.0, '%', '桌面5090'), ('', 'GPU', 'efficiency', 2.0, 'TOPS/W', ''),
         ('', 'RTX 4090', 'bandwidth', 576.0, 'GB/s', '')]),
    "a spaced table whose rows of words or counts (HBM代际 HBM3E …, HBM堆栈数 6 8) do not end it; a generation's corner (代际)": (
        '研报\n图表13：规格对比\n型号 H200 B200 Rubin Ultra\nHBM代际 HBM3E HBM3E HBM4E\nHBM堆栈数 6 8 16\n'
        'HBM容量（GB） 141 192 1024\n\n图表12：HBM各代际参数\n代际 HBM3 HBM4\n单堆栈带宽（GB/s） 819 2048',
        [('', 'H200', 'memory', 141.0, 'GB', ''), ('', 'B200', 'memory', 192.0, 'GB', ''),
         ('', 'Rubin Ultra', 'memory', 1024.0, 'GB', ''), ('', 'HBM3', 'bandwidth', 819.0, 'GB/s', ''),
         ('', 'HBM4', 'bandwidth', 2048.0, 'GB/s', '')]),
}

#: Probe round 31 (a Toutiao page, a CSDN benchmark post, an IR Q&A, a video transcript, a JD product page, an MT press
#: release, a Taiwanese server review, call minutes, a WeChat post, a ZOL evaluation, an MLPerf roundup, a Zhihu thread,
#: a GitHub README, a spun Baijiahao post, a city's compute plan, a cloud price list, a garbled aggregator, a live blog).
PROBE_ROUND_31_FINDINGS = {
    "a menu written one item per line is no title; a byline under the title (author, date, follow button) and an ad's "
    "mark are no headings: the title's system heads the body": (
        '网易号\n首页\n新闻\n体育\n财经\n科技\n寒武纪思元690发布，INT8算力是上一代的2倍\n数码观察员\n'
        '2025-06-01 10:20 北京\n关注\n据介绍，芯片的显存带宽达到3.2TB/s。\n广告\n【特惠】云主机1元起\n官方表示，整卡功耗为450W。',
        [('', '思元690', 'compute', 2.0, 'x', 'previous'), ('', '思元690', 'bandwidth', 3.2, 'TB/s', ''),
         ('', '思元690', 'power', 450.0, 'W', '')]),
    "A…，而B…，是后者的N倍: the figure is the former's against the latter (not when one of the pair is compared itself)": (
        '评测\nAtlas 900 SuperPoD整机功耗约为480kW，而DGX SuperPOD约为160kW，耗电是后者的3倍。\n'
        '其单NPU带宽为392GB/s，总带宽约为GB200 NVL72的2.1倍，scale-out带宽更是后者的5倍。',
        [('', 'Atlas 900 SuperPoD', 'power', 480.0, 'kW', ''), ('', 'DGX SuperPOD', 'power', 160.0, 'kW', ''),
         ('', 'Atlas 900 SuperPoD', 'power', 3.0, 'x', 'DGX SuperPOD'), ('', '', 'bandwidth', 392.0, 'GB/s', ''),
         ('', '', 'bandwidth', 2.1, 'x', 'GB200 NVL72'), ('', '', 'bandwidth', 5.0, 'x', 'GB200 NVL72')]),
    "a blog's code box (a language line … AI写代码) is code, whatever it prints": (
        '评测\n测试结果如下：\ntext\nThroughput: 9.5 requests/s, 2100 tokens/s\nAI写代码\n可以看到H20的吞吐约为2100 tokens/s。',
        [('', 'H20', 'throughput', 2100.0, 'tokens/s', '')]),
    "a table's column headed X/Y holds X's figure over Y's, in what the columns beside measure": (
        '评测\n吞吐汇总（单位：tokens/s）：\n场景\tH20\tL20\tH20/L20\n短文本\t1800\t1200\t150%',
        [('', 'H20', 'throughput', 1800.0, 'tokens/s', ''), ('', 'L20', 'throughput', 1200.0, 'tokens/s', ''),
         ('', 'H20', 'throughput', 150.0, '%', 'L20')]),
    "out of scope: an index code's digits, a purchase price, a tax rate, a video format's frame rate, rack space; "
    "a model's appliance (DeepSeek一体机) is no system": (
        '评测\n索引号：91350100MB0X00000A/2025-00042\nAtlas 300I Duo采购价只有L20的一半左右，性价比比L20高出约40%。\n'
        '企业采购可开13%增值税专票。\n买了两台DeepSeek一体机，首字延迟约1.5秒。\n支持128路1080P 30FPS视频解码，较传统方案节省机柜空间60%。',
        [('', 'Atlas 300I Duo', 'efficiency', 40.0, '%', 'L20'), ('', '', 'latency', 1.5, 's', '')]),
    "a code a Chinese brand's product ends with (昇腾950PR) names it alone (950PR); Slim is a tier; bare-metal cloud "
    "families (ebmgn8v) are instances": (
        '评测\n华为发布昇腾950PR和昇腾950DT。950PR的FP8算力1 PFLOPS，950DT的内存带宽达到4TB/s。\n'
        'Untether AI 的 speedAI240 Slim 在 ResNet-50 单流场景中延迟仅为 0.15 毫秒。\n相较上一代ebmgn7e，ebmgn8v的训练用时缩短约40%。',
        [('', '950PR', 'compute', 1.0, 'PFLOPS', ''), ('', '950DT', 'bandwidth', 4.0, 'TB/s', ''),
         ('ResNet-50', 'speedAI240 Slim', 'latency', 0.15, 'ms', ''), ('', 'ebmgn8v', 'time_to_train', 40.0, '%', 'ebmgn7e')]),
    "chips that compose an unnamed whole (由8颗H200组成的系统) name it in the sentence's later clauses too": (
        '评测\n由 8 颗 H200 组成的系统离线吞吐达到 31,000 tokens/s，较半年前提升约 25%。',
        [('', 'H200', 'throughput', 31000.0, 'tokens/s', ''), ('', 'H200', 'throughput', 25.0, '%', 'previous')]),
    "power supplies' rating (80 PLUS Platinum) and a rate per watt after a verb (每瓦約可產生) are out of scope": (
        '评测\n电源：4 × 2700W 80 PLUS Platinum（3+1 備援）\nX100 每瓦約可產生 0.6 tokens/s。', []),
    "a share's comparator may stand apart from its figure by spaces and a qualifier (只有 H100 的约 15%); a repository's "
    "commit age and file size, and a build time, are no claims": (
        '评测\nH20 的 FP16 算力只有 H100 的约 15%。\nb7e2d0c · 5 days ago\n210 lines (160 loc) · 8.1 KB\n从源码编译约需 25 分钟。',
        [('', 'H20', 'compute', 15.0, '%', 'H100')]),
    "an earlier month is the previous self (较今年3月); 带宽超英伟达X两倍 compares with X; tokens/s per TFLOPS is no unit": (
        '评测\nCloudMatrix 384的吞吐较今年3月提升约20%。\nCloudMatrix 384的内存带宽超英伟达NVL72两倍。\n预填充为4.45 tokens/s/TFLOPS。',
        [('', 'CloudMatrix 384', 'throughput', 20.0, '%', 'previous'), ('', 'CloudMatrix 384', 'bandwidth', 2.0, 'x', 'NVL72')]),
    "spoken sizes and rates in Chinese numerals: 显存六十四G, 每秒六个多token": (
        '视频\n910B显存六十四G，跑70B只有每秒六个多token。',
        [('', '910B', 'memory', 64.0, 'GB', ''), ('', '910B', 'throughput', 6.0, 'tokens/s', '')]),
    "a centre of a city the document names with its 市 (青岚市 … 青岚超算中心) is a system without the 市": (
        '青岚市人民政府\n关于算力设施的通知\n第五条 升级青岚超算中心，双精度峰值性能达到200 PFLOPS。',
        [('', '青岚超算中心', 'compute', 200.0, 'PFLOPS', '')]),
}

#: Probe round 32 (a Xueqiu post, a broker digest, a bilingual brief, a vendor FAQ, a Xiaohongshu note, a Korean MT
#: news item, a procurement award, a conference transcript, a translated HN thread, a PDF datasheet, a 36Kr feature, a
#: zh-TW wiki entry, a page with HTML remnants, a Weibo repost, a worked-arithmetic lesson, a blog of CSV exports, a
#: translated LinkedIn post, a Huxiu opinion piece).
PROBE_ROUND_32_FINDINGS = {
    "a CSV export pasted into a page is a table: a header of identifiers, units after underscores (board_power_w)": (
        '评测\n原始数据如下：\ncard,model,output_tps,ttft_ms,board_power_w\nH20,Qwen2.5-7B,2100,90,380\n'
        'L20,Qwen2.5-7B,1500,120,300\n说明,见下文',
        [('Qwen2.5-7B', 'H20', 'throughput', 2100.0, 'tokens/s', ''), ('Qwen2.5-7B', 'H20', 'latency', 90.0, 'ms', ''),
         ('Qwen2.5-7B', 'H20', 'power', 380.0, 'W', ''), ('Qwen2.5-7B', 'L20', 'throughput', 1500.0, 'tokens/s', ''),
         ('Qwen2.5-7B', 'L20', 'latency', 120.0, 'ms', ''), ('Qwen2.5-7B', 'L20', 'power', 300.0, 'W', '')]),
    "a procurement table's make-and-model column names its row; a tender's required bound in a cell is no claim": (
        '中标结果公告\n序号\t货物名称\t品牌型号\t技术参数\t数量\n1\t推理加速卡\t寒武纪 MLU370-X8\tINT8算力：招标要求≥200TOPS，'
        '投标响应256TOPS；最大功耗：招标要求≤300W，投标响应250W\t16块\n2\t边缘终端\t瑞芯微 RK3588\tNPU算力：投标响应6TOPS\t10台',
        [('', 'MLU370-X8', 'compute', 256.0, 'TOPS', ''), ('', 'MLU370-X8', 'power', 250.0, 'W', ''),
         ('', 'RK3588', 'compute', 6.0, 'TOPS', '')]),
    "an HTML table left in a page whose rows span several lines (<tr> / <td>… / </tr>) is read row by row": (
        '评测\n<table>\n<tr><th>指标</th><th>H20</th><th>L20</th></tr>\n<tr>\n<td>显存容量</td>\n<td>96 GB</td>\n'
        '<td>48 GB</td>\n</tr>\n</table>\n<p>正文</p>',
        [('', 'H20', 'memory', 96.0, 'GB', ''), ('', 'L20', 'memory', 48.0, 'GB', '')]),
    "spoken figures: 七百六十八个G每秒 (GB/s), INT8算力三十二T (TOPS), 一秒半 (1.5 s); a post's age alone on its last line "
    "(1周 赞 · 12) is no duration": (
        '演讲\nMTT S4000的显存带宽七百六十八个G每秒，INT8算力三十二T。\nH20的首token延迟能压在一秒半以内。\n2周 • 已编辑\n1周 赞 · 12',
        [('', 'MTT S4000', 'bandwidth', 768.0, 'GB/s', ''), ('', 'MTT S4000', 'compute', 32.0, 'TOPS', ''),
         ('', 'H20', 'latency', 1.5, 's', '')]),
    "a share in 成 after a name and a qualifier, no 的 (为H100约八成), compares with the name": (
        '研报\n910C单卡FP16约800T，为H100约八成。',
        [('', '910C', 'compute', 800.0, 'TFLOPS', ''), ('', '910C', 'compute', 80.0, '%', 'H100')]),
}

#: Rounds 10-32 (13 is in 12's table), one table: "round N: finding" -> (text, expected fields)
PROBE_ROUNDS = {f"round {n}: {name}": case for n, table in ((10, PROBE_ROUND_10_FINDINGS), (11, PROBE_ROUND_11_FINDINGS),
                                                            (12, PROBE_ROUND_12_FINDINGS), (14, PROBE_ROUND_14_FINDINGS),
                                                            (15, PROBE_ROUND_15_FINDINGS), (16, PROBE_ROUND_16_FINDINGS),
                                                            (17, PROBE_ROUND_17_FINDINGS), (20, PROBE_ROUND_20_FINDINGS),
                                                            (21, PROBE_ROUND_21_FINDINGS), (23, PROBE_ROUND_23_FINDINGS),
                                                            (26, PROBE_ROUND_26_FINDINGS), (27, PROBE_ROUND_27_FINDINGS),
                                                            (28, PROBE_ROUND_28_FINDINGS), (29, PROBE_ROUND_29_FINDINGS),
                                                            (30, PROBE_ROUND_30_FINDINGS), (31, PROBE_ROUND_31_FINDINGS), (32, PROBE_ROUND_32_FINDINGS))
                for name, case in table.items()}


@pytest.mark.parametrize("text,expected", PROBE_ROUNDS.values(), ids=PROBE_ROUNDS.keys())
def test_probe_round_findings(text, expected):
    assert fields(text) == expected
