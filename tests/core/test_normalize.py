import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extract.core.normalize import normalize

CASES = [
    # (original, normalised) — messy text as it appears in scraped articles
    ("ＩＰＵ—ＰＯＤ１６", "IPU-POD16"),
    ("ResNet—50", "ResNet-50"),
    ("2—3倍", "2-3倍"),
    ("训练\u200b时间", "训练时间"),
    ("?️ 性能", "? 性能"),
    ("練習", "训练"),
    ("機能晉升", "性能提升"),
    ("昇騰910", "昇腾910"),
    ("时光比DGX—A100快", "时间比DGX-A100快"),
    ("中文——破折号", "中文——破折号"),
    ("100 GB/s\n– CXL支持", "100 GB/s\n– CXL支持"),  # a list dash after a line break joins nothing
    ("819&nbsp;GB/s，512&times;512", "819 GB/s,512×512"),
    # Taiwanese usage, as a Taiwanese site writes it (OpenCC s2twp of the mainland phrase)
    ("GPU叢集的記憶體頻寬與快取", "GPU集群的记忆体带宽与缓存"),
    ("整合36顆Grace CPU，4兆個電晶體", "集成36颗Grace CPU,4兆个晶体管"),
    ("效能核與節能核", "性能核与能效核"),
    # list markers and footnote marks that NFKC would glue to a name or a figure as digits
    ("①K9的性能提升3倍；②功耗降低20%", "•K9的性能提升3倍;•功耗降低20%"),
    ("功耗为300W²，算力100 TFLOPS¹", "功耗为300W ,算力100 TFLOPS "),
    ("即10¹⁸次", "即1018次"),  # after a digit a superscript stays a digit (an exponent)
]


def test_normalize_table():
    for original, expected in CASES:
        assert normalize(original).text == expected, original


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_offsets_point_into_the_original(text):
    norm = normalize(text)
    assert len(norm.offsets) == len(norm.text) + 1
    assert all(0 <= o <= len(text) for o in norm.offsets)
    assert list(norm.offsets) == sorted(norm.offsets)


def test_span_maps_back_to_the_original_characters():
    original = "在ＩＰＵ—ＰＯＤ６４上"
    norm = normalize(original)
    start = norm.text.index("IPU-POD64")
    a, b = norm.to_original(start, start + len("IPU-POD64"))
    assert original[a:b] == "ＩＰＵ—ＰＯＤ６４"


def test_an_entity_maps_back_to_the_whole_entity():
    original = "提升2.6&#20493;。"
    norm = normalize(original)
    at = norm.text.index("倍")
    a, b = norm.to_original(at, at + 1)
    assert original[a:b] == "&#20493;"


@pytest.mark.parametrize("raw,name", [
    ("NVIDIA® Jetson AGX Orin™ 模组的算力为275 TOPS。", "Jetson AGX Orin"),   # the signs themselves
    ("NVIDIA Jetson AGX OrinTM series的算力为275 TOPS。", "Jetson AGX Orin"),  # ™ copied as two letters
])
def test_trademark_signs_glued_to_names_are_dropped(raw, name):
    from extract import extract_claims
    norm = normalize(raw)
    assert "TM" not in norm.text and "®" not in norm.text
    at = norm.text.index("275")
    assert norm.original[slice(*norm.to_original(at, at + 3))] == "275"  # offsets still map back
    assert [c.hardware for c in extract_claims(raw)] == [name]


def test_pinyin_glosses_of_a_broken_conversion_are_dropped():
    # "內(nèi)存", "數(shù)據(jù)": a GBK-to-Big5 conversion that glosses characters (real article batches)
    raw = "用FP8訓(xùn)練大模型，省42%內(nèi)存，數(shù)據(jù)(bf16)"
    norm = normalize(raw)
    assert norm.text == "用FP8训练大模型,省42%内存,数据(bf16)"  # a plain Latin bracket stays
    at = norm.text.index("42")
    assert norm.original[slice(*norm.to_original(at, at + 2))] == "42"
    from extract import extract_claims
    assert [c.metric for c in extract_claims("对比\n" + raw)] == ["memory"]


@pytest.mark.parametrize("name", ["01_nvidia_h100_press_release.txt", "ho7_01_memory_interconnect_notes.txt",
                                  "ho8_01_serving_and_laptop_notes.txt"])
@pytest.mark.parametrize("line_end", ["\r\n", "\r"])
def test_a_file_saved_with_other_line_ends_gives_the_same_claims(name, line_end):
    """Windows (CRLF) and old Mac (CR) files: same claims, evidence still sliced from the file."""
    from extract import extract_claims

    from ..conftest import CORPUS

    text = (CORPUS / name).read_text(encoding="utf-8")
    other = text.replace("\n", line_end)
    fields = lambda c: (c.model, c.hardware, c.metric, c.value, c.unit, c.baseline)  # noqa: E731
    got = extract_claims(other, name)
    assert [fields(c) for c in got] == [fields(c) for c in extract_claims(text, name)] and got
    assert all(other[c.start:c.end] == c.evidence for c in got)


def test_letter_spaced_characters_are_one_phrase_and_map_back():
    # probe round 15 (an OCR'd news item): "推 理 能 效" is 推理能效; words parted by spaces stay parted
    raw = "推 理 能 效 平 均 高 40%，显存 显存带宽 功耗"
    norm = normalize(raw)
    assert norm.text == "推理能效平均高 40%,显存 显存带宽 功耗"
    start, end = norm.to_original(0, norm.text.index("40%") + 3)
    assert raw[start:end] == "推 理 能 效 平 均 高 40%"


def test_markup_left_in_a_text_reads_as_cells_and_keeps_offsets():
    raw = "<tr><td>单卡显存</td><td>96GB HBM3</td></tr> <b>注</b>"
    norm = normalize(raw)
    assert norm.text == "|单卡显存|96GB HBM3| 注"
    at = norm.text.index("96GB")
    assert raw[norm.offsets[at]:norm.offsets[at] + 4] == "96GB"


def test_a_lone_angle_bracket_is_text():
    assert normalize("功耗<500W，带宽>1TB/s").text == "功耗<500W,带宽>1TB/s"


def test_a_latex_table_left_in_a_text_reads_as_cells_with_the_same_offsets():
    text = "规格 & A800 & K100 \\\\ \\hline\nMFU & 40.4\\% & 40.0\\% \\\\"
    norm = normalize(text)
    assert norm.text.split("\n")[1].split("|")[:3] == ["MFU ", " 40.4 % ", " 40.0 % "]
    assert len(norm.text) == len(text)  # one character for one: evidence offsets map back unchanged
