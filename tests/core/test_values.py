import pytest

from extract.core.values import find_values, parse_number, to_base

# Spec section 5, "Numbers".
SPEC_SECTION_5 = [
    ("性能提升六倍", [(6, "x")]),
    ("速度是原来的两倍", [(2, "x")]),
    ("成本降低三成", [(30, "%")]),
    ("功耗减少一半", [(50, "%")]),
    ("每秒处理3万张图像", [(30000, "images/s")]),
    ("算力达到4100万亿次每秒", [(4100, "TOPS")]),
    ("显存带宽1,979 GB/s", [(1979, "GB/s")]),
    ("提升6倍", [(6, "x")]),
    ("是A100的6倍", [(6, "x")]),
    ("提升一倍", [(1, "x")]),
    ("性能翻番", [(2, "x")]),
    ("性能翻倍", [(2, "x")]),
    ("达到A100的82%", [(82, "%")]),
    ("快2-3倍", [(2, "x")]),
    ("提升10~70%", [(10, "%")]),
    ("提升了四到五成", [(40, "%")]),
    ("提供256P~1024P FLOPS算力", [(256, "PFLOPS")]),
    ("约5.3倍", [(5.3, "x")]),
]

# Out of scope or not a value at all (spec section 1).
NEGATIVES = [
    "2020年发布", "采用7nm工艺", "PCIe 5.0接口", "MLPerf v1.1", "ResNet-50模型", "A100-80GB",
    "FP16精度", "8x A100服务器", "5G网络", "1750亿参数",
]


@pytest.mark.parametrize("text,expected", SPEC_SECTION_5)
def test_find_values_spec_examples(text, expected):
    got = [(v.value, v.unit) for v in find_values(text)]
    assert got == [(float(a), b) for a, b in expected]


@pytest.mark.parametrize("text", NEGATIVES)
def test_find_values_ignores_names_and_counts(text):
    assert [(v.value, v.unit) for v in find_values(text)] == []


def test_range_keeps_upper_bound():
    (v,) = find_values("提升1.2至1.7倍")
    assert (v.value, v.value_max, v.unit) == (1.2, 1.7, "x")


@pytest.mark.parametrize("text,new,old", [
    ("从80GB到141GB", (141.0, "GB"), (80.0, "GB")),  # with 从, a range of two figures is a change
    ("延迟从50到20毫秒", (20.0, "ms"), (50.0, "ms")),  # the figure after 到 is the new one, as written
    ("从800μs到500μs", (0.5, "ms"), (0.8, "ms")),
])
def test_from_a_range_is_a_change(text, new, old):
    (v,) = find_values(text)
    assert (v.value, v.unit, v.old_value, v.old_unit, v.kind) == (*new, *old, "from_to")


@pytest.mark.parametrize("text", [
    "显存占用从 80GB 降到 48GB",
    "显存占用从约 80GB 降到约 48GB",  # a README's bullet: approximation words on both figures
    "显存从80GB降到近48GB",
])
def test_from_to_records_old_value(text):
    (v,) = find_values(text)
    assert (v.value, v.unit, v.old_value, v.old_unit, v.kind) == (48, "GB", 80, "GB", "from_to")


@pytest.mark.parametrize("text,qualifier,value,unit", [("约3倍", "approx", 3, "x"), ("超过40%", "at_least", 40, "%"),
                                                       ("高达5倍", "up_to", 5, "x"), ("不到10ms", "less_than", 10, "ms"),
                                                       ("3倍以上", "at_least", 3, "x"),
                                                       # the signs of a bound, as spec sheets and tenders write them
                                                       ("≥256TFLOPS", "at_least", 256, "TFLOPS"), ("≤550W", "up_to", 550, "W"),
                                                       ("<10ms", "less_than", 10, "ms")])
def test_qualifiers_do_not_change_value(text, qualifier, value, unit):
    """Spec 5: qualifiers (约, 超过, 以上, 高达, 低于...) do not change the value."""
    (v,) = find_values(text)
    assert (v.qualifier, v.value, v.unit) == (qualifier, value, unit)


@pytest.mark.parametrize("a,b", [((1, "min"), (60, "s")), ((1, "TB"), (1000, "GB")), ((1, "PFLOPS"), (1000, "TFLOPS")),
                                 ((1, "kW"), (1000, "W")), ((8, "Gbit/s"), (1, "GB/s"))])
def test_conversion_to_base(a, b):
    (da, va), (db, vb) = to_base(*a), to_base(*b)
    assert da == db and va == pytest.approx(vb)


@pytest.mark.parametrize("text", ["", "abc", "1" * 400, "1e308", "十十十", "亿万"])
def test_parse_number_never_raises(text):
    parse_number(text)


@pytest.mark.parametrize("text,expected", [
    ("内存带宽高达20 PB/s", (20000.0, "TB/s")),      # outside the vocabulary: rewritten in TB/s
    ("片间延迟约800μs", (0.8, "ms")),
    ("在不到半分钟内完成", (0.5, "min")),
    ("DGX-1每秒处理1.2万张图像，DGX A100则约为2.5万张", (25000.0, "images/s")),
    ("片间延迟约2.5 us", (0.0025, "ms")),              # μs typed without the Greek letter
    ("显存带宽为1.8 TB / s", (1.8, "TB/s")),           # spaces around the slash
    ("峰值性能达到每秒一百亿亿次", (1000.0, "POPS")),  # a count of operations per second, not of requests
    ("算力达到每秒千万亿次", (1.0, "POPS")),
    ("每秒5000次查询", (5000.0, "queries/s")),
    ("105.6 TOS (Winograd Enable)", (105.6, "TOPS")),  # unit typos as blogs write them
    ("比V100的125T FLPOS更快", (125.0, "TFLOPS")),
    ("RTX 4090 24G GDDR6X", (24.0, "GB")),             # a bare G before a memory type (probe round 14)
    ("64G DDR5内存", (64.0, "GB")),
])
def test_units_outside_the_vocabulary_and_carried_rates(text, expected):
    assert (find_values(text)[-1].value, find_values(text)[-1].unit) == expected


# Per-second nouns are matched in any case; the unit is looked up the same way (was a KeyError).
@pytest.mark.parametrize("text,expected", [
    ("推理速度达到每秒1000个Token", (1000.0, "tokens/s")),
    ("输出速度为每秒1000Token/秒", (1000.0, "tokens/s")),
    ("每秒可生成 350 个TOKENS", (350.0, "tokens/s")),
])
def test_per_second_nouns_in_any_case(text, expected):
    (v,) = find_values(text)
    assert (v.value, v.unit) == expected


# Chinese numerals as people write them (section 5), each phrased as a claim.
@pytest.mark.parametrize("text,expected", [
    ("性能提升了二十倍", (20, "x")),
    ("推理速度超A100二十倍", (20, "x")),
    ("延迟降低到一千零一毫秒", (1001, "ms")),
    ("每秒处理九万零四百张图像", (90400, "images/s")),
    ("吞吐量提升二点五倍", (2.5, "x")),
    ("每秒处理四百五张图片", (450, "images/s")),
    ("每秒处理一万三张图片", (13000, "images/s")),
    ("每秒处理3万4000张图像", (34000, "images/s")),
    ("每秒处理25万6千张图像", (256000, "images/s")),
    ("能效提升十几倍", (10, "x")),
    ("每秒生成 7k tokens", (7000, "tokens/s")),
    ("每秒钟只有2-3个token", (2, "tokens/s")),
])
def test_chinese_numerals_as_written(text, expected):
    (v,) = find_values(text)
    assert (v.value, v.unit) == (float(expected[0]), expected[1])


# Glued text: a unit followed by a name in capitals or by the next value of a flattened row.
@pytest.mark.parametrize("text,expected", [
    ("新卡配备了96GBHBM3e显存", [(96, "GB")]),
    ("网络带宽7.2TB/sCX7", [(7.2, "TB/s")]),
    ("互联带宽达2PB/sNVLINK", [(2000, "TB/s")]),
    ("带宽2.4 TB/s3.2 TB/s6 TB/s", [(2.4, "TB/s"), (3.2, "TB/s"), (6, "TB/s")]),
    ("功耗450W600W1,200W", [(450, "W"), (600, "W"), (1200, "W")]),
    ("时延12ms30ms150%", [(12, "ms"), (30, "ms"), (150, "%")]),
    ("训练速度5.5小时/epoch9.2小时/epoch", [(5.5, "h"), (9.2, "h")]),
    # alternatives with a slash between whole figures (spec 9), not only "16/32GB"
    ("32GB/64GB 统一内存", [(32, "GB"), (64, "GB")]),
    ("带宽 3.35TB/s/4.8TB/s", [(3.35, "TB/s"), (4.8, "TB/s")]),
])
def test_glued_units(text, expected):
    assert [(v.value, v.unit) for v in find_values(text)] == [(float(a), b) for a, b in expected]


@pytest.mark.parametrize("text", ["搭载了iPhone 4S的芯片", "采用2H架构", "配有16个200Gb以太网端口", "速率为10^6token/s"])
def test_names_bits_and_exponents_are_not_values(text):
    assert find_values(text) == []


# Units as people write them.
@pytest.mark.parametrize("text,expected", [
    ("峰值算力分别为 0.8PF 和 1.6PF", [(0.8, "PFLOPS"), (1.6, "PFLOPS")]),
    ("集群总算力约40PF", [(40, "PFLOPS")]),
    ("单卡显存 24 GiB", [(24 * 1.073741824, "GB")]),
    ("片上缓存 64 MBytes", [(64, "MB")]),
    ("能效为 30.5 gigaflops/W", [(30.5, "GFLOPS/W")]),
    ("峰值性能 512T FLOPS", [(512, "TFLOPS")]),
    ("提供 200 INT8 稀疏 TOPs 算力", [(200, "TOPS")]),
    ("共计16个-2.5 FP32 TFLOPs", [(2.5, "TFLOPS")]),
    ("每瓦可处理 80张图片/每秒/每瓦", [(80, "images/s/W")]),
    ("芯片间带宽达每秒600GB", [(600, "GB/s")]),
    ("带宽每秒可达3.2TB以上", [(3.2, "TB/s")]),
    ("互联带宽达每秒500GB，高于上一代的300GB", [(500, "GB/s"), (300, "GB/s")]),
    ("典型功耗 300/350/400 瓦特", [(300, "W"), (350, "W"), (400, "W")]),
    ("显存 24/48GB", [(24, "GB"), (48, "GB")]),
])
def test_units_as_written(text, expected):
    got = [(v.value, v.unit) for v in find_values(text)]
    assert [(pytest.approx(a), b) for a, b in got] == [(a, b) for a, b in expected]


@pytest.mark.parametrize("text,expected", [
    ("成本仅为对手的 1/4", (25, "%")),
    ("能耗只有三分之一", (100 / 3, "%")),
    ("误差降至千分之一", (0.1, "%")),
    ("训练成本砍半", (50, "%")),
    ("显存占用减半", (50, "%")),
    ("吞吐量倍增", (2, "x")),
    ("成本降低2成", (20, "%")),
    ("良品提升三成半", (35, "%")),
    ("利用率达9.5成", (95, "%")),
])
def test_fractions_halves_and_cheng(text, expected):
    (v,) = find_values(text)
    assert (v.value, v.unit) == (pytest.approx(expected[0]), expected[1])


def test_same_quantity_in_two_units_is_one_value():
    assert [(v.value, v.unit) for v in find_values("FP8 算力 3.2 PFLOPS（约 3200 TFLOPS）")] == [(3.2, "PFLOPS")]
    assert [(v.value, v.unit) for v in find_values("FP16 500TFlops(每秒500万亿次)")] == [(500.0, "TFLOPS")]


def test_a_capacity_after_a_bandwidth_stays_a_capacity():
    assert [(v.value, v.unit) for v in find_values("每秒带宽超过2TB，容量介于24~36GB之间")] == [(2, "TB/s"), (24, "GB")]


@pytest.mark.parametrize("text,expected", [
    ("峰值算力达每秒400亿亿次", [(4, "EFLOPS")]),
    ("集群提供10E AI算力", [(10, "EFLOPS")]),
    ("提供 500 GOPS 的算力", [(0.5, "TOPS")]),
    ("每瓦提供60 GFLOPS算力", [(60, "GFLOPS/W")]),
    ("性能变化负40%", [(-40, "%")]),
    ("| -12.5% |", [(-12.5, "%")]),
    ("提升在2倍和3倍之间", [(2, "x")]),
    ("性能提升3. 倍", []),
])
def test_more_spellings_signs_and_ranges(text, expected):
    got = [(v.value, v.unit) for v in find_values(text)]
    assert [(pytest.approx(a), b) for a, b in got] == [(float(a), b) for a, b in expected]


def test_between_range_keeps_its_upper_bound():
    (v,) = find_values("功耗介于300W与350W之间")
    assert (v.value, v.value_max, v.unit) == (300.0, 350.0, "W")


@pytest.mark.parametrize("text,expected", [
    ("性能提升了一倍半", (1.5, "x")),
    ("吞吐量是对手的两倍半", (2.5, "x")),
    ("每秒处理三亿五千张图片", (350000000, "images/s")),
    ("每秒处理一亿零五千张图片", (100005000, "images/s")),
])
def test_halves_after_bei_and_yi_sections(text, expected):
    (v,) = find_values(text)
    assert (v.value, v.unit) == (float(expected[0]), expected[1])


def test_qualifier_before_a_restricting_word():
    (v,) = find_values("待机功耗最低仅8瓦")
    assert (v.value, v.qualifier) == (8.0, "up_to")


@pytest.mark.parametrize("text,expected", [
    ("新卡的token生成速度达到12.5k/秒", (12500, "tokens/s")),
    ("图片处理速度达到1200/s", (1200, "images/s")),
])
def test_bare_rate_takes_its_noun_from_before(text, expected):
    (v,) = find_values(text)
    assert (v.value, v.unit) == (float(expected[0]), expected[1])


def test_per_epoch_unit_is_no_epoch_count():
    from extract import extract_claims
    claims = extract_claims("测试\n训练速度5.5小时/epoch9.2小时/epoch", "t.txt")
    assert [(c.value, c.unit) for c in claims] == [(5.5, "h"), (9.2, "h")]


# Issue 18: the value layer's failures the grammar found, each at its cause.
@pytest.mark.parametrize("text,expected", [
    ("成本降低三到二成", (20.0, 30.0)),     # a reversed 成 range: bounds in order, as the other ranges
    ("成本降低二到三成", (20.0, 30.0)),
    ("良率提升九至八成", (80.0, 90.0)),
])
def test_cheng_range_bounds_are_ordered(text, expected):
    (v,) = find_values(text)
    assert (v.value, v.value_max, v.unit) == (*expected, "%")


@pytest.mark.parametrize("text,value", [
    ("一百零五", 105), ("三千零五", 3005), ("两千零二十", 2020), ("一万零五百", 10500),
    ("一亿两千万", 120_000_000), ("九亿八千七百六十五万四千三百二十一", 987_654_321), ("十二亿零三万", 1_200_030_000),
])
def test_chinese_numerals_with_zero_and_yi_then_wan(text, value):
    assert parse_number(text) == value
    (v,) = find_values(f"功耗为{text}瓦")
    assert (v.value, v.unit) == (float(value), "W")


@pytest.mark.parametrize("text,expected", [
    ("每秒可处理45.3万次查询", (453000.0, "queries/s")),     # a scale word before 次 belongs to the number
    ("每秒347千次", (347000.0, "queries/s")),
    ("每秒处理106万次请求", (1060000.0, "queries/s")),
    ("吞吐量为45.3万次/秒", (453000.0, "queries/s")),
    ("每秒3亿次查询", (3e8, "queries/s")),
    ("算力达到4100万亿次每秒", (4100.0, "TOPS")),            # 万亿次 stays an operations unit
    ("算力达4100万亿次/秒", (4100.0, "TOPS")),
    ("每秒400亿亿次", (4.0, "EFLOPS")),
    # real g105 / ed11: 千万亿次 is the peta unit, not 千 scaling a 万亿次 figure
    ("每秒 126 千万亿次浮点运算 (bf16)", (126.0, "PFLOPS")),
    ("以151.9千万亿次的FP64性能", (151.9, "PFLOPS")),
    ("算力达到3千万亿次每秒", (3.0, "POPS")),
])
def test_scale_word_before_ci(text, expected):
    (v,) = find_values(text)
    assert (v.value, v.unit) == expected


@pytest.mark.parametrize("text", ["每秒1000个Token", "每秒1000Token/秒", "每秒1TOKEN", "H100每秒可生成822个输出Token",
                                  "每秒生成一万 Tokens", "每秒可生成20个词元和22个TOKEN"])
def test_per_second_nouns_in_another_case_raise_no_keyerror(text):
    values = find_values(text)
    assert values and all(v.unit == "tokens/s" for v in values)


def test_a_run_of_glued_values_is_read_once(monkeypatch):
    """Issue 14.10: '1倍'*n read each glued run again from every value (n squared
    unit look-ups, 57 s per MB). Counted, not timed: look-ups stay linear in n."""
    from extract.core import values

    calls = 0
    real = values._unit_mention

    def counting(text, m):
        nonlocal calls
        calls += 1
        return real(text, m)

    monkeypatch.setattr(values, "_unit_mention", counting)
    n = 2000
    assert len(values.find_values("1倍" * n)) == n
    assert calls <= 3 * n


def test_a_memory_type_glued_to_the_next_figure():
    """A flattened spec row: "80 GB HBM3141 GB HBM3e192 GB HBM3e" is 80, 141 and 192 GB."""
    from extract.core.values import find_values

    text = "显存容量80 GB HBM3141 GB HBM3e192 GB HBM3e"
    found = find_values(text)
    assert [(v.value, v.unit) for v in found] == [(80.0, "GB"), (141.0, "GB"), (192.0, "GB")]
    assert all(text[v.start:v.end] == v.raw for v in found)


@pytest.mark.parametrize("text,expected", [
    ("FP4算力MXFP42 PFLOPS", [(2.0, "PFLOPS")]),        # MXFP4 + 2
    ("FP8 算力：MXFP84.5 PFLOPS", [(4.5, "PFLOPS")]),   # MXFP8 + 4.5
    ("HIF81 PFLOPS", [(1.0, "PFLOPS")]),                # HiF8 + 1
    ("FP161000 TFLOPS", [(1000.0, "TFLOPS")]),          # the longest width first: FP16 + 1000
    ("FP16 1000 TFLOPS", [(1000.0, "TFLOPS")]),         # not glued: unchanged
])
def test_a_number_format_glued_to_its_figure(text, expected):
    """A flattened spec row glues the number format to the figure after it."""
    from extract.core.values import find_values

    found = find_values(text)
    assert [(v.value, v.unit) for v in found] == expected
    assert all(text[v.start:v.end] == v.raw for v in found)


@pytest.mark.parametrize("text,expected", [
    ("单机QPS由4500提升至1.2万", (12000.0, "queries/s", 4500.0)),
    ("输出TPS从800提高到1200", (1200.0, "tokens/s", 800.0)),
])
def test_a_named_rate_changes_from_a_bare_figure_to_another(text, expected):
    from extract.core.values import find_values

    (v,) = find_values(text)
    assert (v.value, v.unit, v.old_value, v.kind) == (*expected, "from_to")


# Spec lists put the unit in brackets in the label and a bare number after the colon.
@pytest.mark.parametrize("text,expected", [
    ("显存（GB）：80", [(80, "GB")]),
    ("显存带宽(TB/s)：3.35；TDP(W)：400", [(3.35, "TB/s"), (400, "W")]),
    ("延迟(μs)：800", [(0.8, "ms")]),            # a unit outside the vocabulary, rewritten
    ("显存（GB）：80GB", [(80, "GB")]),          # the number's own unit: read once
    ("发布时间（年）：2024", []),                 # no unit of the vocabulary in the brackets
])
def test_find_values_unit_in_the_label(text, expected):
    got = [(v.value, v.unit) for v in find_values(text)]
    assert got == [(float(a), b) for a, b in expected]


# Forum shorthand: a bare G is a size before a memory word ("24G显存") and after one ("显存32G").
@pytest.mark.parametrize("text,expected", [
    ("24G显存", [(24, "GB")]),
    ("显存32G，带宽1.79TB/s", [(32, "GB"), (1.79, "TB/s")]),
    ("显存占用降到了24G左右", [(24, "GB")]),
    ("内存带宽为800G", []),          # a bandwidth written without its /s: no size either
    ("征程6M算力", []),               # a product name's letter, no memory word near
])
def test_find_values_bare_size_letters(text, expected):
    got = [(v.value, v.unit) for v in find_values(text)]
    assert got == [(float(a), b) for a, b in expected]


# Serving dashboards and inference write-ups name the rate by its unit, before a bare number.
@pytest.mark.parametrize("text,expected", [
    ("单卡TPS达到2000", [(2000, "tokens/s")]),
    ("输出TPS为1.2万", [(12000, "tokens/s")]),
    ("QPS提升至5000", [(5000, "queries/s")]),
    ("IPS:3000", [(3000, "images/s")]),
    ("QPS提升了50%", [(50, "%")]),               # a ratio: the value pattern's, not a rate
    ("TPS为2000 tokens/s", [(2000, "tokens/s")]),  # a unit after the number: read once, from it
    ("QPS为100的负载下", []),                     # a test load ("的负载"), not a rate claim
    ("TPS为8个", []),
    ("HTTPS为443", []),
    # ...or by a per-second count ("每秒…token数")
    ("每秒生成的token数达到1.2万", [(12000, "tokens/s")]),
    ("每秒处理的图片数量为3000", [(3000, "images/s")]),
    ("每秒请求数为500个", []),                    # a count word after the number: no rate
    ("token数达到1.2万", []),                     # not per second: a count
    ("token生成速度为每秒100个", [(100, "tokens/s")]),  # the noun before, the classifier after
    ("图片处理速度达到每秒3000张", [(3000, "images/s")]),
    ("token数为每秒100个节点", []),
])
def test_find_values_rate_named_before_the_number(text, expected):
    got = [(v.value, v.unit) for v in find_values(text)]
    assert got == [(float(a), b) for a, b in expected]


def test_rate_named_before_the_number_then_a_comma():
    """Normalised text has ASCII commas: "TPS达到2400,QPS为1.2万" holds two rates."""
    assert [(v.value, v.unit) for v in find_values("TPS达到2400,QPS为1.2万")] == [(2400.0, "tokens/s"),
                                                                                (12000.0, "queries/s")]


# Units written out in Chinese (spec sheets translated word by word).
@pytest.mark.parametrize("text,expected", [
    ("带宽为3.35太字节/秒", [(3.35, "TB/s")]),
    ("带宽900吉字节每秒", [(900, "GB/s")]),
    ("带宽400吉比特每秒", [(400, "Gbit/s")]),
    ("互联带宽1.6太比特每秒", [(1600, "Gbit/s")]),
])
def test_find_values_units_in_chinese_words(text, expected):
    assert [(v.value, v.unit) for v in find_values(text)] == [(float(a), b) for a, b in expected]


@pytest.mark.parametrize("text,expected", [
    ("每秒处理3w张图片", []),          # forum shorthand for 3万 before a count: no power figure
    ("功耗700w", [(700, "W")]),        # a lowercase w alone is still watts
])
def test_a_lowercase_w_before_a_count_is_no_watt(text, expected):
    assert [(v.value, v.unit) for v in find_values(text)] == [(float(a), b) for a, b in expected]


# "N多<unit>" (more than N) and "N个半<unit>" (N and a half), as forum posts and reviews write them
# (session 9's probe articles); the qualifier is at_least, the value the number written.
@pytest.mark.parametrize("text,expected", [
    ("训练要20多分钟", (20.0, "min", "at_least")),
    ("S4000要6个多小时", (6.0, "h", "at_least")),
    ("性能提升十多倍", (10.0, "x", "at_least")),
    ("显存占用20多GB", (20.0, "GB", "at_least")),
    ("训练要3个半小时", (3.5, "h", "")),
    ("一个半小时", (1.5, "h", "")),
])
def test_more_than_and_and_a_half(text, expected):
    (v,) = find_values(text)
    assert (v.value, v.unit, v.qualifier) == expected


@pytest.mark.parametrize("text,expected", [
    ("Aurora则高达38.7百万瓦", [(38.7, "MW")]),  # 百万瓦: megawatts (Taiwanese 百萬瓦 after t2s)
    ("满载功耗约29,581千瓦", [(29581.0, "kW")]),  # 千瓦 is the unit, not a thousand watts
    ("Rmax达1.742 EFLOPS，相当于每秒174.2亿亿次浮点运算", [(1.742, "EFLOPS")]),  # the same figure restated
    ("两者功耗分别为120和215 W", [(120.0, "W"), (215.0, "W")]),  # after 分别 a bare number shares the unit
    ("分别提升2和3倍", [(2.0, "x"), (3.0, "x")]),
    ("算力是一千九百七十九 TFLOPS，也就是差不多两 PFLOPS", [(1979.0, "TFLOPS")]),  # a spoken, rounded restatement
    ("提升百分之二十到三十", [(20.0, "%")]),
    ("算力规模达到5.3万P", [(53000.0, "PFLOPS")]),  # a bare P after 算力, in ten thousands
    ("带宽达到每秒36千兆字节(36GB/s)", [(36.0, "GB/s")]),  # machine-translated units: 千兆字节 is GB, per second a rate
    ("每个堆栈实现每秒2.0太字节(TB)以上的带宽", [(2.0, "TB/s")]),
    ("内存带宽达 21 PB/秒", [(21000.0, "TB/s")]),
    ("首token约为９５ミリ秒", [(95.0, "ms")]),  # a Japanese leftover
    ("双精度浮点峰值性能达到每秒2千万亿次", [(2.0, "PFLOPS")]),  # 浮点 before the figure: FLOPS; 千万亿次 is peta
])
def test_units_written_in_words_and_shared(text, expected):
    assert [(v.value, v.unit) for v in find_values(text)] == expected


# Alternatives with a slash whose first member states nothing (a table cell "FP8/FP16 算力 无/480 TFLOPS"),
# European decimal commas are normalised before (test_normalize), and a change is no range ("20%至50 PFLOPS").
@pytest.mark.parametrize("text,expected", [
    ("无/480 TFLOPS", [(480, "TFLOPS")]),
    ("—/314 TFLOPS", [(314, "TFLOPS")]),
    ("989/1979 TFLOPS", [(989, "TFLOPS"), (1979, "TFLOPS")]),
    ("提升约20%至50 PFLOPS", [(20, "%"), (50, "PFLOPS")]),
    ("提升10%-20%", [(10, "%")]),
    ("H100/80GB", []),
    ("每秒22,460个samples", [(22460, "samples/s")]),
    ("2,200 令牌/秒", [(2200, "tokens/s")]),
    ("约 47 fps/W", [(47, "images/s/W")]),
])
def test_find_values_in_translated_and_tabular_text(text, expected):
    got = [(v.value, v.unit) for v in find_values(text)]
    assert got == [(float(a), b) for a, b in expected]


# Round 26 (a live page's timestamps, a forum's prices and setups, a test plan's windows): what only looks
# like a figure with a unit, and a bandwidth in shorthand.
@pytest.mark.parametrize("text,expected", [
    ("14:07 周岳：“五年前我们只有十几个人", []),  # a clock time's minutes before a surname (周 is no week)
    ("统计窗口为压测开始后第 2 分钟到第 12 分钟", []),  # ordinals name points in time
    ("9070XT（ROCm 6.4 + WSL2）：约4.1 it/s", []),  # a version, then a word that starts with W
    ("4090二手1.3w左右", []),  # a price in 万
    ("1.2w能收到吗", []),
    ("5090这带宽是真的猛，1.8T/s", [(1.8, "TB/s")]),  # T/s after 带宽: terabytes
    ("跑 Qwen 8B 大概 95 t/s", [(95.0, "tokens/s")]),
    ("P50:38ms", [(38.0, "ms")]),  # a label's number before a colon is no clock
    ("功耗 450 W", [(450.0, "W")]),
    ("3天完成训练，比第1轮快2倍", [(3.0, "day"), (2.0, "x")]),
])
def test_find_values_skips_clock_times_ordinals_and_prices(text, expected):
    assert [(v.value, v.unit) for v in find_values(text)] == expected
