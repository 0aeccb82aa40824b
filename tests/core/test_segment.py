import pytest

from extract.core.segment import body_start, clause_span, split_document, token_boundaries


def test_metadata_header_is_skipped():
    text = "---\ntitle: 标题\ndate: 2024-01-01\n---\n正文第一句。"
    assert text[body_start(text):] == "正文第一句。"


def test_paragraph_kinds():
    text = "标题一行\n正文说了一件事。还有一句。\n## 性能测试\n- 第一条，数据1倍\n- 第二条\n```\ncode 3倍\n```\n型号 | A100 | H100 | B200 | X"
    kinds = [p.kind for p in split_document(text)]
    assert kinds == ["title", "body", "heading", "body", "table"]
    bullets = split_document(text)[3]
    assert len(bullets.sentences) == 2


def test_clause_span_stops_at_commas():
    text = "以前用GPU训练，训练速度提升了5倍，准确率也提高了。"
    at = text.index("5倍")
    a, b = clause_span(text, at, at + 2, 0, len(text))
    assert text[a:b] == "训练速度提升了5倍"


@pytest.mark.parametrize("text,number,clause", [
    ("A full pod of 9,216 chips reaches 42.5 exaflops.", "42.5", "A full pod of 9,216 chips reaches 42.5 exaflops."),
    ("典型功耗700W,1,000W,1,200W", "1,000W", "1,000W"),  # a list of figures still splits between them
    ("共9,216颗芯片,算力42.5 EFLOPS", "42.5", "算力42.5 EFLOPS"),
])
def test_a_thousands_separator_ends_no_clause(text, number, clause):
    at = text.index(number)
    a, b = clause_span(text, at, at + len(number), 0, len(text))
    assert text[a:b] == clause


def test_jieba_keeps_domain_words():
    text = "吞吐量提升三成"
    bounds = token_boundaries(text)
    assert {0, 3, 5, 7} <= bounds


def test_hard_wrapped_lines_join_into_one_paragraph():
    text = ("标题一行\n这款新卡在实际测试里跑ResNet-50训练的时候每秒\n"
            "能处理大约三千张图片，相比上一代产品提升了大约\n百分之四十，功耗则维持在三百瓦左右。\n")
    paras = split_document(text)
    assert [p.kind for p in paras] == ["title", "body"]
    assert paras[1].wrapped == 2


def test_rows_of_a_spec_sheet_are_not_wrapped_prose():
    # lines of the same width, none terminated, each a label and its figures: one paragraph a row
    text = "H100 规格\n外形规格 H100 SXM H100 PCIe\nFP64 34 teraFLOPS 26 teraFLOPS\nFP32 67 teraFLOPS 51 teraFLOPS\n"
    paras = split_document(text)
    assert [text[p.start:p.end] for p in paras][-2:] == ["FP64 34 teraFLOPS 26 teraFLOPS", "FP32 67 teraFLOPS 51 teraFLOPS"]


def test_a_table_under_a_chart_caption_is_not_wrapped_prose():
    # a broker report's caption, then a header and rows of bare figures, all of about one width
    text = ("研报\n图表12：国内外主流AI加速卡关键参数对比\n产品 H100 SXM H20 昇腾910B 昇腾910C\n"
            "FP16稠密算力（TFLOPS） 989 148 320 800\n显存容量（GB） 80 96 64 128\n")
    lines = [text[p.start:p.end] for p in split_document(text)]
    assert lines[1:] == ["图表12：国内外主流AI加速卡关键参数对比", "产品 H100 SXM H20 昇腾910B 昇腾910C",
                         "FP16稠密算力（TFLOPS） 989 148 320 800", "显存容量（GB） 80 96 64 128"]


def test_lines_of_different_lengths_stay_paragraphs():
    text = "标题\n第一段很长很长很长很长很长很长很长很长的一行没有句号\n短行\n"
    assert len(split_document(text)) == 3


def test_unfenced_code_lines_are_dropped():
    from extract import extract_claims
    text = ("显存对比\nH200的显存为141GB。\nconst cardMemory = 96 * 1024; // 96GB换算为MB\n"
            "def bench(model, epochs=1):\nengine_memory_limit=24GB\n")
    assert [(c.value, c.unit) for c in extract_claims(text, "t.txt")] == [(141.0, "GB")]


def test_clause_delimiters_are_found_once_per_sentence():
    """A sentence of thousands of figures: each clause_span looks its delimiters up
    (bisect) instead of walking the sentence again (issue 14.10)."""
    from extract.core import segment

    text = "，".join(["1倍"] * 3000)
    segment._delimiters.cache_clear()
    spans = [segment.clause_span(text, i * 3, i * 3 + 2, 0, len(text)) for i in range(3000)]
    assert spans[0] == (0, 2) and spans[-1] == (len(text) - 2, len(text))
    assert segment._delimiters.cache_info().misses == 1


def test_short_lines_inside_a_block_of_spec_rows_are_rows_not_headings():
    # a spec sheet copied as text (cloud documentation): rows whose value is a word stay in the block
    text = "TPU\n规格 v3 Pod 值\n每个芯片的计算峰值 每秒 123 万亿次浮点运算\nTPU Pod 大小 1024\n互连拓扑 二维环面\n每个 Pod 的对分带宽 6.4 TB/秒\n\n结论\n正文。"
    kinds = {text[p.start:p.end]: p.kind for p in split_document(text)}
    assert kinds["互连拓扑 二维环面"] == "body"
    assert kinds["TPU Pod 大小 1024"] == "body"
    assert kinds["规格 v3 Pod 值"] == "heading"  # above the block: it heads it
    assert kinds["结论"] == "heading"  # after a blank line


def test_image_placeholders_and_clause_lists_are_no_headings():
    text = "标题\n## 简介\n型号K2的介绍。\n![]()\n256K 上下文，支持 200-300 次工具调用\n官方结果:\n在 HLE (44.9%) 上达到 SOTA"
    kinds = {text[p.start:p.end]: p.kind for p in split_document(text)}
    assert kinds["![]()"] == "body"
    assert kinds["256K 上下文，支持 200-300 次工具调用"] == "body"
    assert kinds["## 简介"] == "heading" and kinds["官方结果:"] == "heading"


def test_an_infobox_run_of_field_lines_holds_no_headings():
    text = "昇腾910\n中文名：昇腾910\n架构：达芬奇架构\n制程：7nm+ EUV\n算力：256 TFLOPS\n\n图神经网络：GPS++\n它训练很快。"
    kinds = {text[p.start:p.end]: p.kind for p in split_document(text)}
    assert kinds["中文名：昇腾910"] == kinds["制程：7nm+ EUV"] == "body"  # three or more in a row: fields
    assert kinds["图神经网络：GPS++"] == "heading"  # one alone heads a section


def test_a_tables_caption_heads_it():
    text = "论文\n表2 不同平台推理性能对比（ResNet-50，批大小为8）\n平台    吞吐量/(images/s)\n昇腾310P    2146"
    kinds = {text[p.start:p.end]: p.kind for p in split_document(text)}
    assert kinds["表2 不同平台推理性能对比（ResNet-50，批大小为8）"] == "heading"


def test_a_byline_or_tool_bar_is_no_heading():
    text = "某中心算力达1.2EFLOPS\n来源：某市公共资源交易中心　发布时间：2025-03-18\n【字体：大 中 小】　打印本页\n二、技术要求"
    kinds = {text[p.start:p.end]: p.kind for p in split_document(text)}
    assert kinds["来源：某市公共资源交易中心　发布时间：2025-03-18"] == "body"
    assert kinds["【字体：大 中 小】　打印本页"] == "body"
    assert kinds["二、技术要求"] == "heading"


def test_a_wechat_posts_chrome_is_no_heading():
    text = "万卡集群到底强在哪？一文拆解xAI Colossus\n原创 老K 算力前哨站 2024年11月06日\n点击上方蓝字关注我们\n本文约3600字，阅读需要9分钟"
    kinds = {text[p.start:p.end]: p.kind for p in split_document(text)}
    assert kinds["原创 老K 算力前哨站 2024年11月06日"] == kinds["点击上方蓝字关注我们"] == "body"
    assert kinds["本文约3600字，阅读需要9分钟"] == "body"


@pytest.mark.parametrize("text, tables", [
    ("指标 | H100 | H200\n显存 | 80GB | 141GB", 1),        # no outer bars: two rows with as many bars
    ("型号\t显存\t带宽\nH100\t80GB\t3.35TB/s", 1),         # a spreadsheet paste: tabs read as bars
    ("A | B | C 是三个选项。\n下一行没有竖线。", 0),        # one line with bars is no table
    ("\tH100的显存为80GB。", 0),                           # a leading tab is indentation
])
def test_tables_without_outer_bars(text, tables):
    from extract.core.normalize import normalize

    paragraphs = split_document(normalize(text).text)
    assert sum(p.kind == "table" for p in paragraphs) == tables


@pytest.mark.parametrize("text, sentences", [
    ("H100的显存为80GB. 它的带宽为3.35TB/s.", ["H100的显存为80GB.", "它的带宽为3.35TB/s."]),  # machine translation
    ("带宽为3.35TB/s，版本v1.5。", ["带宽为3.35TB/s,版本v1.5。"]),          # a decimal or version point is no stop
    ("结果(vs. v1.0)更好。", ["结果(vs. v1.0)更好。"]),                     # nor "vs."
    ("第3. 另外一点。", ["第3. 另外一点。"]),                               # nor a point after a digit
])
def test_sentences_end_at_western_full_stops(text, sentences):
    from extract.core.normalize import normalize

    got = [s.text.strip() for p in split_document(normalize(text).text) for s in p.sentences]
    assert got == sentences


@pytest.mark.parametrize("text, tables", [
    ("| 型号 | 显存 |\n\n|---|---|\n\n| H100 | 80GB |\n\n| H200 | 141GB |", 1),   # blank lines between rows
    ("| 型号 | 显存 |\n|---|---|\n| H100 | 80GB |\n\n| 型号 | 功耗 |\n|---|---|\n| H100 | 700W |", 2),  # a new header
    ("| 型号 | 显存 |\n|---|---|\n| H100 | 80GB |\n\n| A | B | C |", 2),           # another width
])
def test_table_rows_across_blank_lines(text, tables):
    from extract.core.normalize import normalize

    assert sum(p.kind == "table" for p in split_document(normalize(text).text)) == tables


def _thousands(text: str, i: int, hi: int) -> bool:
    """A comma with a digit before it and exactly three digits after it (within the window)."""
    after = text[i + 1:min(i + 5, hi)]
    return text[i] == "," and i > 0 and text[i - 1].isdigit() and len(after) >= 3 and after[:3].isdigit() \
        and not after[3:4].isdigit() and after[:3].isascii()


def test_delimiters_are_every_delimiter_character_in_the_window():
    # one scan of a character class finds what a loop over the characters finds
    from extract.core import segment

    from ..conftest import CORPUS

    texts = [p.read_text(encoding="utf-8") for p in sorted(CORPUS.glob("*.txt"))]
    assert texts
    texts.append("a，b,c。d！e？f!g?h；i;j：k:l、m|n｜o\np \t")
    texts.append("9,216颗,1,2,3,1,0000,12,345")
    for text in texts:
        for lo, hi in ((0, len(text)), (1, max(1, len(text) // 2)), (len(text) // 3, len(text))):
            for wrapped in (False, True):
                delims = segment._CLAUSE_DELIMS.replace("\n", "") if wrapped else segment._CLAUSE_DELIMS
                expected = [i for i in range(lo, hi) if text[i] in delims and not _thousands(text, i, hi)]
                segment._delimiters.cache_clear()
                assert segment._delimiters(text, lo, hi, wrapped) == expected
