import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extract.core import recognize
from extract.core.recognize import find_hardware, find_metrics, find_models

from ..conftest import CORPUS

HARDWARE = [
    # (text, names) — from press releases, forum posts and spec sheets
    ("英伟达A100 GPU", ["A100"]),
    ("华为昇腾910 AI处理器", ["昇腾910"]),
    ("A100-80GB", ["A100-80GB"]),
    ("Graphcore IPU-POD16", ["IPU-POD16"]),
    ("Google TPU v4 Pod", ["TPU v4 Pod"]),
    ("单台p5.48xlarge实例", ["p5.48xlarge"]),
    ("Eos超级计算机", ["Eos"]),
    ("Bow IPU的算力", ["Bow IPU"]),
    ("GH200 Grace Hopper超级芯片", ["GH200"]),
    ("RDU芯片SN40L", ["SN40L"]),
    ("第四代至强可扩展处理器", ["第四代至强可扩展"]),
    ("昆仑芯2代", ["昆仑芯2代"]),
    ("MI300X和H100 SXM", ["MI300X", "H100 SXM"]),
    ("FP16算力、PCIe 5.0、HBM显存", []),
    # product names as vendors write them (launch pages, spec sheets): tier + model number, tails
    ("Core Ultra 7 155H的NPU", ["Core Ultra 7 155H", "NPU"]),
    ("AMD Ryzen AI 9 HX 370处理器", ["Ryzen AI 9 HX 370"]),
    ("Ryzen AI Max+ 395的GPU", ["Ryzen AI Max+ 395", "GPU"]),
    ("NVIDIA RTX 6000 Ada显卡", ["RTX 6000 Ada"]),
    ("Snapdragon 8 Elite", ["Snapdragon 8 Elite"]),
    ("Jetson Thor模组", ["Jetson Thor"]),
    ("Rubin CPX", ["Rubin CPX"]),
    ("TPU v4 275 TFLOPS", ["TPU v4"]),
    ("Core Ultra 7 155 系列", ["Core Ultra 7"]),
    ("PoplarML 加持的 TensorFlow", []),
    # extents and prefixes (spec 2 and 9), from spec sheets and news
    ("深算1号的功耗", ["深算1号"]),
    ("昆仑芯R200的带宽", ["R200"]),
    ("麒麟990 5G的NPU", ["麒麟990 5G", "NPU"]),
    ("Tesla V100的显存", ["Tesla V100"]),
    ("NVIDIA DRIVE Thor 的算力", ["DRIVE Thor"]),
    ("基于CloudMatrix架构的集群", ["CloudMatrix"]),
    ("MLU370系列", ["MLU370"]),
    ("曙光scaleX640超节点", ["scaleX640"]),
    ("GB300NVL72FP4推理算力", ["GB300NVL72"]),
    ("“富岳”系统的算力", ["富岳"]),
    ("基于“曲院”GPU核心", ["GPU"]),
    # a quoted code name introduced by its class word, before or after it (news of launches)
    ("公布了新一代GPU架构“花港”", ["GPU", "花港"]),
    ("推出“夸娥”万卡智算集群", ["夸娥"]),
    ("MUSA架构“曲院”GPU核心", ["MUSA", "GPU"]),
    ("基于3nm工艺的“性能怪兽”芯片", []),
    ("采用“一拖二”高密架构组成", []),
    # a generation ordinal makes another product (spec 9); before a class word it only describes
    ("两年内推出第二代FSD芯片", ["第二代FSD"]),
    ("第七代 AI Engine 人工智能引擎", ["第七代 AI Engine"]),
    ("Graphcore第三代IPU系统", ["IPU"]),
    ("MLPerf Training v3.0与Inference v4.0的成绩", []),
    ("昇腾超节点CloudMatrix384论文拆解", ["CloudMatrix384"]),
    ("解码DeepSeek的“低成本”神话", []),
    ("阶段 值 Prefill 4.45 超NVIDIA H100, Decode 1.29", ["H100"]),
    ("AGX ORIN分为32GB、64GB两种模块", ["AGX ORIN"]),  # a known name in capitals
    ("支持超过 16 个垂直堆叠的 DRAM 芯片与 SRAM 芯片", []),  # kinds of memory, no products
    ("这些新的内存套件，代号为Shinebolt，与前身代号为Icebolt相比", ["Shinebolt", "Icebolt"]),  # 代号为 introduces
    ("“最强”芯片与“全新”架构", []),
    ("通过AIDA64软件实测", []),
    ("显存80 GB HBM3141 GB HBM3e", ["HBM3e"]),
    ("MXFP8算力与X16 PCIe带宽", []),
    ("Adastra以46.1 petaflops的成绩位列第三", ["Adastra"]),
    ("TDP为750W", []),
    ("EP320下TPOT为42ms，进入TOP500", []),
    ("M4 Max-32B与Only INT4", ["M4 Max"]),
    ("H100 SXM的算力", ["H100 SXM"]),
    ("Mobileye EyeQ3芯片与EyeQ4", ["EyeQ3", "EyeQ4"]),
    ("A100 80GB PCle的算力", ["A100 80GB PCle"]),
    # a memory size after tiers, and a one-digit size, are the variant's too
    ("## 2. 微星 RTX 4070 Ti SUPER 16GB ｜ 甜点卡", ["RTX 4070 Ti SUPER 16GB"]),
    ("一块 Jetson Orin Nano 8GB 开发者套件", ["Jetson Orin Nano 8GB"]),
    ("RTX 4070 Ti SUPER 16GB的显存", ["RTX 4070 Ti SUPER"]),
    ("LV6 大概11 tokens/s，系统Ubuntu 22.04", []),  # a video site's user level and an operating system
    ("谷歌发布第七代TPU Ironwood，每瓦性能为第六代TPU Trillium的2倍", ["Ironwood", "Trillium"]),  # a generation's own name
    ("深算三号FP16算力较深算二号提升约60%", ["深算三号", "深算二号"]),  # a format glued to a Chinese name is no part of it
    ("骁龙8至尊版 0.52ms，Tensor G4 2.1ms，Tensor Core的算力", ["骁龙8至尊版", "Tensor G4"]),  # Google's phone chips, not "Tensor"
    ("第一份是FSD(full self-driving computer)芯片", ["FSD"]),  # PCIe typed with a lower-case l, kept as written
    ("测试项MTIA v4英伟达H200提升幅度", ["MTIA v4", "H200"]),
    ("英特尔至强6性能核处理器与至强6能效核", ["至强6性能核", "至强6能效核"]),
    ("NPU微核比大核能效最高可提升24倍", ["NPU微核"]),
    # computing centres: a place (and a district) before a kind of centre; a bare kind names none
    ("南京智能计算中心一期与上海临港智算中心", ["南京智能计算中心", "上海临港智算中心"]),
    ("国家超级计算无锡中心和该智算中心", ["国家超级计算无锡中心"]),
    ("赣州人工智能计算中心二期与韶关智算中心", ["赣州人工智能计算中心", "韶关智算中心"]),  # places.txt's cities
    ("3　张北超级智算中心　河北张家口　12 EFLOPS", ["张北超级智算中心"]),  # a super intelligent-computing centre
    ("4　临港AIDC　上海　12000 PFLOPS", ["临港AIDC"]),  # an AI data centre
    ("Trn2 UltraServer 64 顆合計 83.2 PFLOPS", ["UltraServer"]),  # a count of units after a name is none of it
    ("华硕ROG Flow Z13与联想YOGA Air 14", ["ROG Flow Z13", "YOGA Air 14"]),  # a line in capitals before a product
    ("Intel Lunar Lake（Core Ultra 200V），以LM Studio 0.3.6载入", ["Lunar Lake", "Core Ultra 200V"]),  # software is none
    ("北京的数据中心与武汉的研究中心", []),
    ("深圳鹏城云脑II与日本富岳", ["鹏城云脑II", "富岳"]),
    # a workstation line, a phone chip's edition, a desktop chip's tier and model number
    ("RTX PRO 6000与骁龙8至尊版", ["RTX PRO 6000", "骁龙8至尊版"]),
    ("Ryzen 9 9950X与Core Ultra 9 285K", ["Ryzen 9 9950X", "Core Ultra 9 285K"]),
    ("4090和5090跑本地大模型，3060也行", ["4090", "5090", "3060"]),  # forum shorthand for GeForce cards
    ("RTX 4090 D与RTX 5090D", ["RTX 4090 D", "RTX 5090D"]),  # the China editions, with or without a space
    ("AI Infra 2.0的磐久128超节点", ["磐久128"]),
    ("DeepSeek-V3在MATH-500上达到90.2%，在MMLU上为88.5%", []),  # benchmarks, not systems
    ("小鹏自研的图灵芯片与蔚来神玑NX9031", ["图灵", "神玑NX9031"]),  # carmakers' own chips
    ("龙芯3A6000、申威1621与风华1号GPU", ["龙芯3A6000", "申威1621", "风华1号"]),  # domestic CPU and GPU lines
    ("型号 A100 H100 H200", ["A100", "H100", "H200"]),  # model numbers side by side: one name each
    ("外形规格 H100 SXM H100 PCIe", ["H100 SXM", "H100 PCIe"]),  # a server line and its size; "Infra 2" is no product
]

TECHNOLOGIES = [
    # memory and interconnect products: systems of last resort (issue 11)
    ("FP16算力、HBM3显存、PCIe 5.0、NVLink-C2C", ["HBM3", "NVLink-C2C"]),
    ("推出24GB 8-Hi HBM3E", ["8-Hi HBM3E"]),
    ("最新的16层堆叠的 HBM3E内存", ["16层堆叠HBM3E"]),
    ("宣布完成 12-Hi 36GB HBM3E 内存堆叠的开发", ["12-Hi HBM3E"]),
    ("节点间IB(40GB/s)，InfiniBand延迟", ["IB", "InfiniBand"]),
    ("HBM与GDDR类型的存储器", []),
]

MODELS = [
    ("ResNet50和ResNeXt101", ["ResNet50", "ResNeXt101"]),
    ("BERT-Large训练", ["BERT-Large"]),
    ("GPT-J 6B推理", ["GPT-J 6B"]),
    ("Llama 3.1 8B上达到", ["Llama 3.1 8B"]),
    ("ResNet-50 v1.5的时延", ["ResNet-50 v1.5"]),
    ("图像分类模型和大模型", []),
    # model cards and launch posts: edition words, distilled models, new families
    ("Llama 4 Maverick和Claude 3.5 Sonnet", ["Llama 4 Maverick", "Claude 3.5 Sonnet"]),
    ("DeepSeek-R1-Distill-Qwen-32B的吞吐", ["DeepSeek-R1-Distill-Qwen-32B"]),
    ("Qwen3-Coder与QwQ-32B", ["Qwen3-Coder", "QwQ-32B"]),
    ("gpt-oss-120b和MiniMax-M1", ["gpt-oss-120b", "MiniMax-M1"]),
    # lower-case size words, experimental and feature-interaction editions, image and video models
    ("Whisper large-v3与BERT-base", ["Whisper large-v3", "BERT-base"]),
    ("DeepSeek-V3.2-Exp和DLRM-DCNv2", ["DeepSeek-V3.2-Exp", "DLRM-DCNv2"]),
    ("FLUX.1与HunyuanVideo", ["FLUX.1", "HunyuanVideo"]),
    ("MiniMax发布", []),
    ("Llama 3 FlashAttention", ["Llama 3"]),
    ("DeepSeek发布的模型和GPT架构", []),
    ("DeepSeek-V3和GPT-4", ["DeepSeek-V3", "GPT-4"]),
]

METRICS = [
    ("吞吐量", "throughput"), ("训练BERT的时间", "time_to_train"), ("时延", "latency"), ("显存", "memory"),
    ("算力", "compute"), ("Top-1准确率", "accuracy"), ("功耗", "power"), ("能效比", "efficiency"),
    ("线性加速比", "efficiency"), ("带宽", "bandwidth"), ("成本", "cost"), ("推理性能", "speed"),
    # utilisations and shares of peak; first-token and load times; Taiwanese memory words
    ("显存利用率", "efficiency"), ("HLE", "accuracy"), ("MMLU-Pro", "accuracy"), ("FLOPs利用率", "efficiency"), ("理论峰值的", "efficiency"),
    ("首次生成时间", "latency"), ("首token生成速度", "latency"), ("高频宽记忆体", "memory"), ("频宽", "bandwidth"),
    ("每瓦算力", "efficiency"), ("每秒token输出量", "throughput"), ("记忆体利用率", "efficiency"),
    ("同等AI算力下推理性能", "speed"),
    ("在MMLU基准上的得分", "accuracy"),  # a sameness word makes the first metric word a test condition
    # energy ratios (press releases), and 比 that opens a comparison instead ("than GPU")
    ("能耗比提升16%", "efficiency"), ("电源效率提高16%", "efficiency"), ("单价吞吐量高达140倍", "efficiency"),
    ("能耗比GPU降低约九成", "power"), ("功耗比A100低", "power"),
]


@pytest.mark.parametrize("text,names", HARDWARE)
def test_find_hardware(text, names):
    assert [m.name for m in find_hardware(text)] == names


@pytest.mark.parametrize("text,parts", [
    ("基于WSE-3的CS-3系统可以配置1.2PB存储", [("WSE-3", True), ("CS-3", False)]),  # 基于X的Y: Y is built on X
    ("搭载B200的DGX B200", [("B200", True), ("DGX B200", False)]),
    ("配备2颗H100和2颗H200", [("H100", True), ("H200", True)]),  # listed parts stay parts
])
def test_parts_and_the_system_built_on_them(text, parts):
    assert [(m.name, m.component) for m in find_hardware(text)] == parts


@pytest.mark.parametrize("text,names", TECHNOLOGIES)
def test_find_technologies(text, names):
    found = find_hardware(text)
    assert [m.name for m in found] == names
    assert all(m.technology for m in found)


def test_chips_are_not_technologies():
    assert [m.technology for m in find_hardware("H100的HBM3显存")] == [False, True]


@pytest.mark.parametrize("text,names", MODELS)
def test_find_models(text, names):
    assert [m.name for m in find_models(text)] == names


@pytest.mark.parametrize("text,metric", METRICS)
def test_find_metrics(text, metric):
    assert find_metrics(text)[0].name == metric


def test_counted_comparator_keeps_its_count():
    (m,) = find_hardware("比3台DGX-A100快")
    assert (m.name, m.count) == ("DGX-A100", 3)


@pytest.mark.parametrize("text,count", [
    ("用 11616 张 H100", 11616), ("100,000 个 H100", 100000),
    ("一期 10 万张 H100", 100000), ("1.2万张H100", 12000), ("两万颗H100", 20000),  # in ten thousands
    ("比双H100快约三成", 2), ("双卡H100", 2), ("双精度H100", 1),  # 双: a pair (probe round 15), not 双精度
])
def test_counts_of_chips(text, count):
    (m,) = find_hardware(text)
    assert (m.name, m.count) == ("H100", count)


# --- known names: spans found name by name equal the alternation's -------------------

_NAME_PARTS = st.sampled_from(["Foo", "Bar", "A1", "X", "瀚海", "H1", "Pro", "B"])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(_NAME_PARTS, min_size=1, max_size=3).map(lambda parts: " ".join(parts)), min_size=1,
                max_size=4).map(frozenset),
       st.lists(st.sampled_from(["Foo", "Bar", "A1", "X", "瀚海", "H1", "Pro", "B", " ", "-", "的", "a", "1", "\n"]),
                max_size=14).map("".join))
def test_known_spans_equal_the_alternation(names, text):
    expected = [m.span() for m in recognize._known_pattern(names).finditer(text)]
    assert recognize.known_spans(text, names) == expected


def test_known_spans_on_the_corpus_names():
    from extract.core.bind import _document_names
    from extract.core.normalize import normalize
    from extract.core.segment import split_document

    checked = 0
    for path in sorted(CORPUS.glob("*.txt")):
        text = normalize(path.read_text(encoding="utf-8")).text
        names = _document_names(text, split_document(text))
        if names:
            expected = [m.span() for m in recognize._known_pattern(names).finditer(text)]
            assert recognize.known_spans(text, names) == expected, path.name
            checked += 1
    assert checked >= 10
