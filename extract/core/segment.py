"""The spaCy ``zh`` pipeline with the jieba segmenter and a domain user
dictionary, loaded once per process.

jieba splits words that contain ``-``, digits or spaces (IPU-POD16,
A100-80GB) even when they are in its dictionary, so recognised names are
merged back into single tokens with spaCy's retokenizer after matching.
"""
from __future__ import annotations

import bisect
import sys
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from .. import lexicons
from .claims import Span
from .patterns import Pattern, rx
from .values import find_values  # (imported here, not in _is_heading_like: an import statement there ran 11,700 times)


@lru_cache(maxsize=1)
def user_words() -> tuple[str, ...]:
    """Domain words added to jieba: names, triggers and units."""
    hw = lexicons.hardware()
    words: set[str] = set()
    for key in ("families", "standalone", "generic", "vendors", "categories"):
        words.update(hw[key])
    words.update(lexicons.models()["families"])
    for group in lexicons.metrics()["specific"].values():
        words.update(group)
    for group in [*lexicons.metrics()["generic"].values(), *lexicons.metrics()["comparative"].values()]:
        words.update(group)
    words.update(lexicons.spun_synonyms().values())
    return tuple(sorted(w for w in words if len(w) > 1 and " " not in w))


def import_jieba():
    """The jieba module, imported without ``pkg_resources``.

    jieba imports ``pkg_resources`` only to open the files it ships, and opens
    them with ``open()`` when that import fails. ``pkg_resources`` costs 50-100
    ms of start-up (it scans every installed distribution) and warns that it
    is deprecated. A ``None`` entry in ``sys.modules`` is the import system's
    documented way to make an import fail; it stands only while jieba is
    imported, and only if nothing imported ``pkg_resources`` before.
    """
    if "jieba" in sys.modules or "pkg_resources" in sys.modules:
        import jieba
        return jieba
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]
    try:
        import jieba
    finally:
        if sys.modules.get("pkg_resources", 0) is None:
            del sys.modules["pkg_resources"]
    return jieba


@lru_cache(maxsize=1)
def get_jieba():
    """The jieba module (spaCy's zh segmenter) with the user dictionary
    applied once. Called only where a boundary is asked for: its dictionary
    takes a third of a second to load, paid once per process (``--jobs``
    workers fork after it is loaded, see :func:`extract.run.warm_up`)."""
    jieba = import_jieba()
    jieba.setLogLevel(60)  # its start-up chatter goes to stderr otherwise
    for word in user_words():
        jieba.add_word(word, freq=2000)
    return jieba


def jieba_frequency(word: str) -> int:
    """How often jieba's dictionary counts ``word`` (0 for a word it does not list)."""
    return get_jieba().get_FREQ(word) or 0


@lru_cache(maxsize=1)
def get_nlp():
    """spacy.blank('zh') with jieba, the user dictionary applied once."""
    import spacy

    get_jieba()
    return spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})


def token_boundaries(text: str) -> frozenset[int]:
    """Character offsets where jieba starts or ends a token in ``text``.

    Exactly the token boundaries of ``get_nlp()(text)``, without importing
    spaCy or building a Doc: jieba's words aligned to the text as spaCy's
    tokenizer aligns them (``spacy.util.get_words_and_spaces``: one space
    after a word is trailing whitespace, other whitespace runs are tokens).

    >>> b = token_boundaries("成本降低三成")
    >>> 4 in b and 6 in b
    True
    """
    bounds: set[int] = set()
    pos = 0
    for word in get_jieba().cut(text, cut_all=False):
        if not word or word.isspace():
            continue
        start = text.index(word, pos)
        if start > pos:  # whitespace token
            bounds.add(pos)
        pos = start + len(word)
        bounds.add(start)
        bounds.add(pos)
        if pos < len(text) and text[pos] == " ":
            pos += 1
    if pos < len(text):
        bounds.add(pos)
        bounds.add(len(text))
    return frozenset(bounds)


def boundaries_at(text: str, positions: Iterable[int]) -> frozenset[int]:
    """The ``positions`` that are token boundaries of ``text``: the same as
    ``token_boundaries(text) & set(positions)``, but only the jieba blocks
    the positions fall inside are segmented.

    jieba cuts ``text`` into blocks (runs of Han characters, Latin letters,
    digits and ``+#&._%-``; its ``re_han_default``) and segments each block
    on its own, so a block's inner boundaries do not depend on the rest of
    the text, and a block always starts and ends a token. Only a position
    outside every block needs the whole text's alignment.

    >>> boundaries_at("成本降低三成，A100", [4, 5, 6, 3])
    frozenset({4, 6})
    """
    wanted = sorted(set(positions))
    if not wanted:
        return frozenset()
    # jieba's own block pattern, from the module: a position at a block's edge needs no
    # dictionary, which is loaded (a third of a second) only for a position inside a block
    blocks = [(m.start(), m.end()) for m in import_jieba().re_han_default.finditer(text)]
    out: set[int] = set()
    cut: dict[tuple[int, int], frozenset[int]] = {}
    for p in wanted:
        block = next(((a, b) for a, b in blocks if a <= p <= b), None)
        if block is None:
            return frozenset(p for p in wanted if p in token_boundaries(text))
        a, b = block
        if p in (a, b):
            out.add(p)
            continue
        if block not in cut:
            cut[block] = frozenset(a + x for x in token_boundaries(text[a:b]))
        if p in cut[block]:
            out.add(p)
    return frozenset(out)


def merge_spans(doc, spans: list[tuple[int, int]]):
    """Merge each character span into one token (names survive as units)."""
    with doc.retokenize() as retokenizer:
        seen: set[int] = set()
        for start, end in sorted(spans):
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is None or any(t.i in seen for t in span) or len(span) < 2:
                continue
            seen.update(t.i for t in span)
            retokenizer.merge(span)
    return doc


# --- document structure ----------------------------------------------------

# A sentence ends at 。！？；… and at a full stop written the Western way ("80GB. 它的…", machine
# translations): a "." after a letter, a Han character or a bracket, before a space; not inside a
# number (3.35), a version (v1.5) or after "vs".
# (after a figure too when an English sentence opens: "…inference throughput on DeepSeek-V3. A single HCCPNV7…")
_SENTENCE_END = rx.compile(r"(?:[^。！？!?；;….]+|\.(?!\s)|(?<![A-Za-z\u4e00-\u9fff%)）\]])\.(?!\s[A-Z](?:[a-z]|\s))"
                           r"|(?:(?<=^\d)|(?<=\s\d)|(?<=^\d\d)|(?<=\s\d\d))\.|(?<=vs|VS|Vs)\.)*"  # ("1. Orin Nano…": an item's number)
                           r"(?:[。！？!?；;…]+|\.(?=\s)|$)")
_CLAUSE_DELIMS = "，,。！？!?；;：:、|｜\n"
_BULLET = rx.compile(r"^\s*(?:[-*•·●▪◆■]|\d{1,2}[.)、]|[（(]\d{1,2}[)）]|[一二三四五六七八九十]+、)\s*")
# "2.3 gn7e（英伟达A100 80GB，Ampere架构）": a sub-section's number, never an item of the list above it
_SUBSECTION = rx.compile(r"\s*\d{1,2}\.\d{1,2}(?:\.\d{1,2})?\s+(?![\d倍%])\S")
_SYMBOL_BULLET = rx.compile(r"^\s*[-*•·●▪◆■]\s*")
_LIST_MARK = rx.compile(r"[-*•·●▪◆■]\s+")
_HEADING_MARK = rx.compile(r"^\s*(?:#{1,6}\s|[一二三四五六七八九十]+、|[（(][一二三四五六七八九十\d]+[)）]|\d{1,2}[.、]\s?\S"
                           r"|(?:Slide|Page|幻灯片|第|P)\s?\d{1,2}\s?页?\s?[:：])")  # a slide deck written out as text ("P3：…")
_DIGIT = rx.compile(r"\d")
_PLACEHOLDER = rx.compile(r"!\[[^\]]*\]\([^)]*\)|[^\s]{0,40}\.(?:jpe?g|png|gif|webp)|图\s?\d{1,2}")
_CLAUSE_COMMA = rx.compile(r"[，,](?!\d{3})")  # not the thousands comma of "1,024"
_PAGE_CHROME = rx.compile(r"^\s*[【\[]?(?:" + "|".join(sorted(map(rx.escape, lexicons.grammar()["page_chrome"]), key=len, reverse=True))
                          + r")(?:\s?[:：]|\s)|^\s*(?:" + "|".join(map(rx.escape, lexicons.grammar()["page_chrome_openers"])) + ")"
                          # a post's date and the device it was sent from ("3月2日 11:47 来自 Redmi K70")
                          + r"|^\s*(?:\d{2,4}[-/年])?\d{1,2}[-/月]\d{1,2}日?\s+\d{1,2}:\d{2}\s+来自")
# a forum's furniture ("回复  使用道具 举报", "查看: 21856|回复: 96"), a floor's mark ("沙发", "5#"), a user's
# name alone on its line in lower case ("kimi_raikkonen"): no heading of what follows
_FORUM_CHROME = rx.compile("|".join(map(rx.escape, lexicons.grammar()["forum_chrome"]))
                           + r"|^\s*(?:沙发|板凳|地板|楼主|\d{1,4}\s?[#楼])\s*$|^\s*查看[:：]\s?\d+|^\s*[a-z][a-z0-9_]{2,20}\s*$"
                           + r"|^\s*回复\s?\d{1,4}\s?#")
_AD_MARK = rx.compile(r"^\s*(?:" + "|".join(map(rx.escape, lexicons.grammar()["ad_marks"])) + r")[\s✕×xX·]*$")
# "中文名：昇腾910", "制程：7nm+ EUV": an infobox's or a spec sheet's field, a label and its value
_TABLE_CAPTION = rx.compile(r"(?:(?:附|续)?表\s?|Table\s?)\d{1,2}(?:[.-]\d{1,2})?\s?[:：\s]|(?:附表|续表|图表\d{1,2})\s?[:：]")  # (also "附表：…")
_FIELD_LINE = rx.compile(r"^[^:：\s]{1,8}[:：]\s?\S")
_FIELD_RUN = 3  # so many field lines in a row are an infobox, not headings ("图神经网络：GPS++" alone heads a section)
_FENCE = rx.compile(r"^\s*(?:```|~~~)")
_CODE_BOX_OPEN = rx.compile(r"^\s*(?:" + "|".join(map(rx.escape, lexicons.grammar()["code_box_languages"])) + r")\s*$",
                            rx.IGNORECASE)
_CODE_BOX_CLOSE = rx.compile(r"^\s*(?:" + "|".join(map(rx.escape, lexicons.grammar()["code_box_buttons"])) + r")\s*$")
_CODE_BOX_BUTTON = rx.compile(r"(?m)^" + _CODE_BOX_CLOSE.pattern[1:])  # a button line anywhere in the text
_CODE_BOX_LINES = 60  # a box longer than this is no box: its closing button is another's
# a digit, a ratio word, a fraction, or a Chinese numeral and a unit (values.yaml's cn_numeral_units)
# or a Latin unit ("一百二十六TOPS", "九十六个G", "三点四个token": spoken figures in a transcript)
_CANDIDATE = rx.compile(r"[0-9]|[倍成番半%]|百分之|分之|[零一二两三四五六七八九十百千万亿]个?(?:[A-Za-z]|"
                        + "|".join(rx.escape(w) for w in lexicons.load_yaml("values.yaml")["cn_numeral_units"]) + ")")


@dataclass
class Sentence:
    start: int
    end: int
    text: str


@dataclass
class Paragraph:
    start: int
    end: int
    kind: str                      # title | heading | body | table
    sentences: list[Sentence] = field(default_factory=list)
    wrapped: int = 0               # lines joined to the first because the text was hard-wrapped


def body_start(text: str) -> int:
    """Offset after a leading metadata header (``---`` ... ``---``), else 0.

    >>> body_start("---\\ntitle: t\\n---\\n正文")
    17
    """
    m = rx.match(r"\A\ufeff?---[ \t]*\n(?:.*\n){0,40}?---[ \t]*(?:\n|\Z)", text)
    return m.end() if m else 0


def _lines(text: str, start: int) -> list[tuple[int, int]]:
    spans = []
    pos = start
    for line in text[start:].split("\n"):
        spans.append((pos, pos + len(line)))
        pos += len(line) + 1
    return spans


#: A "sentence" longer than this (a line without sentence punctuation: a dump,
#: minified text) is cut into pieces no longer than this, so that the
#: per-sentence work, which grows faster than linearly, stays bounded. Real
#: sentences, spec-table rows included, are far shorter (corpus: < 300).
MAX_SENTENCE_CHARS = 1000
_SOFT_CUTS = "，,：:、|｜ \t"


#: A bullet list flattened into one line ("架构创新 - 核心观点：… [4] - 采用…"): each " - " between
#: words (not between numbers: "5 - 10") starts a new item, so a new sentence.
_FLAT_BULLET = rx.compile(r"(?<=[\p{Han}\]）)」”])\s+[-–•]\s+(?=[\p{Han}A-Za-z「“(（])")


#: Speech written down without punctuation (a video's subtitles: "先说288V 用的是OpenVINO 走GPU 生成速度大概是
#: 每秒22个token"): a long run with no Chinese punctuation whose spaces stand where the speaker paused. A space
#: next to a Chinese character ends a sentence there; one between Latin words or a number and its unit
#: ("48 TOPS", "HX 370") does not.
_SPOKEN_MIN_CHARS = 60
_SPOKEN_MIN_PAUSES = 3
_SPOKEN_PHRASE_CHARS = 5  # Chinese characters of a space-delimited run that make it a phrase, not a word
_SPOKEN_PHRASE_SHARE = 0.3  # (tables and word-spaced text: 0.08-0.20 of their runs; speech: 0.30-0.82)
_HAN_LATIN = rx.compile(r"\p{Han}(?=[A-Za-z0-9])|[A-Za-z0-9](?=\p{Han})")
_HAN_SPACE_LATIN = rx.compile(r"\p{Han}\s(?=[A-Za-z0-9])|[A-Za-z0-9]\s(?=\p{Han})")
_PANGU_SHARE = 0.8
_PROSE_MARK = rx.compile(r"[，。、；：！？;:!?]|,(?!\d{3})")  # (normalised text: "，" is "," by now)
_PAUSE = rx.compile(r"(?<=\p{Han})[ \u3000]+(?=\S)|(?<=\S)[ \u3000]+(?=\p{Han})")


def _spoken(text: str, a: int, b: int) -> list[tuple[int, int]] | None:
    """The pauses of an unpunctuated spoken run as sentence ends, or None when ``[a, b)`` is written prose.

    >>> s = "然后HX 370 用的是LM Studio 走的是Vulkan 大概每秒19个token 它的NPU目前在LM Studio里面还调不起来"
    >>> [s[a:b] for a, b in _spoken(s, 0, len(s))]
    ['然后HX 370', '用的是LM Studio', '走的是Vulkan', '大概每秒19个token', '它的NPU目前在LM Studio里面还调不起来']
    >>> t = "谷歌 Trillium TPU 预览 Stable Diffusion XL 离线 性能 为 TPU v5e 的 3.1倍 正式版预计下一轮提交 另有Untether AI 高通等厂商参与"
    >>> _spoken(t, 0, len(t)) is None  # words spaced out, not phrases
    True
    >>> p = "然后 HX 370 用的是 LM Studio 走的是 Vulkan 大概每秒 19 个 token 它的 NPU 目前在 LM Studio 里面还调不起来 所以没法测"
    >>> _spoken(p, 0, len(p)) is None  # pangu spacing: only a space between Chinese characters pauses (here one)
    True
    """
    if b - a < _SPOKEN_MIN_CHARS or _PROSE_MARK.search(text, a, b):
        return None
    pauses = list(_PAUSE.finditer(text, a, b))
    # A text spaced wherever Han meets Latin (pangu spacing: "每秒 28 个 token") has those spaces everywhere;
    # speech has them only where the speaker paused ("走GPU", "每秒22个token" stay glued): then only a space
    # between two Chinese characters is a pause
    glued, spaced = len(_HAN_LATIN.findall(text, a, b)), len(_HAN_SPACE_LATIN.findall(text, a, b))
    if spaced and spaced >= _PANGU_SHARE * (glued + spaced):
        pauses = [p for p in pauses if _HAN_CHAR.match(text, p.start() - 1) and _HAN_CHAR.match(text, p.end())]
    if len(pauses) < _SPOKEN_MIN_PAUSES:
        return None
    # Word-spaced text ("谷歌 Trillium TPU 预览 …") and flattened tables ("产品 壁仞BR100 燧原云燧T20 …") have
    # spaces too, but between words or cells: few of their Chinese runs are phrases.
    runs = [n for n in (len(_HAN_CHAR.findall(word)) for word in text[a:b].split()) if n]
    if not runs or sum(n >= _SPOKEN_PHRASE_CHARS for n in runs) < _SPOKEN_PHRASE_SHARE * len(runs):
        return None
    out = []
    for pause in pauses:
        out.append((a, pause.start()))
        a = pause.end()
    out.append((a, b))
    return out


def _pieces(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    for m in _SENTENCE_END.finditer(text, start, end):
        a, b = m.span()
        if " " in text[a:b] or "\u3000" in text[a:b]:
            spoken = _spoken(text, a, b)
            if spoken:
                yield from spoken
                continue
            for cut in _FLAT_BULLET.finditer(text, a, b):
                yield a, cut.start()
                a = cut.end()
        yield a, b


def _sentences(text: str, start: int, end: int) -> list[Sentence]:
    out = []
    for a, b in _pieces(text, start, end):
        piece = text[a:b]
        if b > a and piece.strip():
            if b - a <= MAX_SENTENCE_CHARS:
                out.append(Sentence(a, b, piece))  # what _bounded() would return: the piece itself
                continue
            for a, b in _bounded(text, a, b):
                if text[a:b].strip():
                    out.append(Sentence(a, b, text[a:b]))
    return out


def _bounded(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """``[a, b)`` in pieces of at most :data:`MAX_SENTENCE_CHARS`, cut after
    the last clause delimiter or space in the second half of the window, else
    between two characters that are not both part of a number or name.

    >>> [(a, b) for a, b in _bounded("x" * 2500, 0, 2500)]
    [(0, 1000), (1000, 2000), (2000, 2500)]
    >>> _bounded(("甲" * 700 + "，") * 2, 0, 1402)
    [(0, 701), (701, 1402)]
    """
    pieces = []
    half = MAX_SENTENCE_CHARS // 2
    while b - a > MAX_SENTENCE_CHARS:
        limit = a + MAX_SENTENCE_CHARS
        cut = max(text.rfind(d, a + half, limit) for d in _SOFT_CUTS) + 1
        if cut <= 0:
            cut = limit
            while cut > a + half and _joined(text[cut - 1], text[cut]):
                cut -= 1
            if cut == a + half:
                cut = limit
        pieces.append((a, cut))
        a = cut
    pieces.append((a, b))
    return pieces


def _joined(left: str, right: str) -> bool:
    return (left.isascii() and left.isalnum() or left in ".-") and (right.isascii() and right.isalnum() or right in ".-")


_RULE_ROW = rx.compile(r"^\s*[|｜]?\s*:?-{3,}")  # "|---|---|": the rule under a table's header


def _is_section_mark(line: str, next_line: str) -> bool:
    """"■ 測試平台" above lines that are no items of its own list: a block symbol that marks a section
    heading ("■ 規格重點"), not a bullet (a run of "■ …" items is a list)."""
    mark = _SECTION_MARK.match(line)
    return mark is not None and not next_line.lstrip().startswith(mark.group(1))


_SECTION_MARK = rx.compile(r"^\s*([■◆□◇▶►])")


def _next_content_line(text: str, lines: list[tuple[int, int]], i: int) -> str:
    """The first line after line ``i`` that is not blank ("" at the end)."""
    for s, e in lines[i + 1:]:
        if text[s:e].strip():
            return text[s:e]
    return ""


def _bars(line: str) -> int:
    return line.count("|") + line.count("｜")


def _is_table_row(line: str, bars: list[int], i: int) -> bool:
    """Line ``i`` (``bars``: each line's count of bars) is a table row: four bars or
    more, two after a leading bar, or a row written without outer bars ("指标 | H100 |
    H200", or cells a tab separated): two bars or more, as many as the line above or
    below has."""
    n = bars[i]
    return n >= 4 or (n >= 2 and (line.lstrip()[:1] in "|｜" or (i > 0 and bars[i - 1] == n)
                                  or (i + 1 < len(bars) and bars[i + 1] == n)))


# a price ("👉 参考价：¥6499   [去购买]", "售价 2999 元"): a shop's line, no heading of the lines below
_PRICE = rx.compile(r"[¥￥$]\s?\d|\d\s?(?:元|美元|万元)(?![A-Za-z\u4e00-\u9fff]{0,2}/)")
_CAPTION = rx.compile("(?:" + "|".join(map(rx.escape, lexicons.grammar()["caption_words"])) + r")(?:\s?[=＝:：][^)）]{0,20})?\s?(?:提供)?[)）]?\s*$")
_BARE_FIGURE = rx.compile(r"(?:^|(?<=\s))\d[\d,]*(?:\.\d+)?(?=\s|$)")
_NAMED_BARE_FIGURE = rx.compile(r"(?!.*(?<![\dA-Za-z])\d{1,2}[:：]\d{2}$)"  # (not a time: "发表于 2024-03-12 14:22")
                                r"[^：:]{1,40}[:：]\s?(?:~|约|≈)?\s?\d[\d,]*(?:\.\d+)?")


def _is_heading_like(line: str) -> bool:
    """Short lines that introduce what follows: '## ResNet-50 训练',
    '一、推理性能', 'TPU v4 对比 A100', '结果（Llama 2 70B）：'. A line that
    states a value itself is a body line, not a heading."""
    stripped = _BULLET.sub("", line.strip()) if not _HEADING_MARK.match(line.strip()) else line.strip()
    if not stripped or _PLACEHOLDER.fullmatch(stripped) or _CAPTION.search(stripped) or _PRICE.search(stripped):
        # "![]()", "图1.jpg": an image's place is a paragraph, not a heading of what follows; nor is its caption
        # ("REBEL-Quad 实物照片（照片=瑞贝利恩 提供）")
        return False
    shaped = (
        (stripped[-1] in ":：" and len(stripped) <= 60)
        # a table's caption heads the table below it ("表2 不同平台推理性能对比（ResNet-50，批大小为8）")
        or (_TABLE_CAPTION.match(stripped) is not None and len(stripped) <= 60 and stripped[-1] not in "。！？!?；;，,…")
        # (a marked line up to 60 characters when it ends as a title does: "P6：Llama 3.1 70B推理（Blackhole Galaxy，32芯片）")
        or ((_HEADING_MARK.match(stripped) is not None or _SECTION_MARK.match(line)) and (
            len(stripped) <= 40 or (len(stripped) <= 60 and stripped[-1] not in "。！？!?；;，,…")))
        # a short line without a mark: a title-like phrase, not a clause list ("256K 上下文，支持 200 次调用")
        or (len(stripped) <= 30 and stripped[-1] not in "。！？!?；;，,…" and not _CLAUSE_COMMA.search(stripped))
    )
    if not shaped or _NAMED_BARE_FIGURE.fullmatch(stripped) or len(_BARE_FIGURE.findall(stripped)) >= 2:
        # ("RTX 5070 Ti：118.6": a name and its figure, the unit in the line above, a row of a list;
        # "FP16算力（TFLOPS） 781 512 345": a row of a table written with spaces)
        return False
    # find_values last: it is the slow test, and the shape rules out most lines
    try:
        return not find_values(stripped)
    except Exception:  # read as body: the assembler analyses its sentences and reports the failure (issue 18)
        return False


_TERMINAL = "。！？!?；;…：:）)」』”\"|"


def _continues_wrapped(text: str, para: "Paragraph", s: int, e: int) -> bool:
    """Hard-wrapped text breaks sentences at a fixed width: two unterminated
    lines of (nearly) the same length, or the lines after such a pair."""
    if para.kind == "table" or para.end != s - 1 or _BULLET.match(text[s:e]) or _HEADING_MARK.match(text[s:e]):
        return False
    prev_start = text.rfind("\n", para.start, para.end) + 1 if para.wrapped else para.start
    prev = text[prev_start:para.end].rstrip()
    line = text[s:e].rstrip()
    # width is between len and 2*len: most lines are decided without measuring it
    if not prev or not line or prev[-1] in _TERMINAL or 2 * len(prev) < 30 or len(prev) > 160:
        return False
    prev_width = _width(prev)
    if not 30 <= prev_width <= 160:
        return False
    if _PAGE_COUNTER.search(line) or _PAGE_COUNTER.search(prev):
        return False  # "机密 仅供内部 | … | 第 14 页 / 共 32 页": a page's footer, no sentence to go on
    if _spec_row(line) and _spec_row(prev):
        return False  # "FP64 34 teraFLOPS 26 teraFLOPS" / "FP32 67 …": rows of a spec sheet, not wrapped prose
    if _SPOKEN_LINE.search(prev) and _HAN_RUN.search(prev) and not _PROSE_PUNCTUATION.search(prev) \
            and ":" not in prev and "：" not in prev:  # (a byline's fields: "来源：… 发布时间：…")
        return False  # "4090D呢 是每秒三十九点八个token": a subtitle's clauses parted by spaces, a line of its own
    if _table_header_line(line) or _bare_figures_row(line):
        # "产品 H100 SXM H20 昇腾910B" after a chart's caption, "显存容量（GB） 80 96 64 128": a table's
        # header or row starts a line of its own, whatever the caption's width
        return False
    if para.wrapped:
        return len(line) <= prev_width + 4 and _width(line) <= prev_width + 4
    # |width(line) - width(prev)| <= 4, with len <= width <= 2 * len deciding most lines unmeasured
    return (line[-1] not in _TERMINAL and 2 * len(line) >= prev_width - 4 and len(line) <= prev_width + 4
            and abs(_width(line) - prev_width) <= 4)


_FIGURE = rx.compile(r"\d[\d.,]*\s?(?:[A-Za-z%]|瓦|千瓦)")  # a number and its unit's first letter
_PROSE_PUNCTUATION = rx.compile(r"[，、。；]|, ")
_PAGE_COUNTER = rx.compile(r"第\s?\d+\s?页\s?[/／|｜,，]?\s?共\s?\d+\s?页|\b[Pp]age\s\d+\s(?:of|/)\s\d+")
# a space between two Han characters: spoken text cut into clauses by spaces (subtitles, a
# transcript); prose wrapped at a width never spaces two Han characters apart, and a table's header
# cells are short ("技术指标 招标要求 投标响应"), where a spoken clause runs on
_SPOKEN_LINE = rx.compile(r"\p{Han} \p{Han}")
_HAN_RUN = rx.compile(r"\p{Han}{7}")


# a row of a table written with spaces: a label, then two or more bare figures to the end ("显存容量（GB） 80 96 64 128")
_BARE_FIGURES_ROW = rx.compile(r"\S.*?(?:\s+\d[\d.,]*){2,}\s*")


def _bare_figures_row(line: str) -> bool:
    return _BARE_FIGURES_ROW.fullmatch(line) is not None


@lru_cache(maxsize=1)
def _header_words() -> Pattern:
    return rx.compile(rf"(?:{'|'.join(rx.escape(w) for w in lexicons.load_yaml('tables.yaml')['header_words'])})\s")


def _table_header_line(line: str) -> bool:
    """'产品 H100 SXM H20 …': a header word of a table written with spaces, then its columns."""
    return _header_words().match(line) is not None


def _spec_row(line: str) -> bool:
    """A label and two or more figures with no clause punctuation: a row of a spec sheet."""
    return len(_FIGURE.findall(line)) >= 2 and not _PROSE_PUNCTUATION.search(line)


def _width(line: str) -> int:
    """Display width, as a fixed-width wrap counts it: CJK characters take two columns."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


# An unfenced line of source code (spec section 1: values inside code are no claims):
# a comment, a statement keyword, an assignment to an identifier, or a line closed by ; { } ):
_CODE_LINE = rx.compile(
    r"^\s*(?://|/\*|\*/|(?:const|let|var|function|def|class|return|import|await|async|print|console\.log)\b"
    r"|from\s+[\w.]+\s+import\b|[a-z_][\w.\[\]'\"]*\s*(?:[+\-*/]?=)(?!=)\s*\S)"
    r"|[;{}]\s*(?://.*)?$|^\s*[a-z_][\w.]*\(.*\)\s*:?\s*$|\b[a-z]+_[a-z_\d]+\s*(?:[=(:]|<=|>=)")


_TRAILING_COMMENT = rx.compile(r"(?://|\s#\s).*$")
_ALIGNED_COLUMNS = rx.compile(r"\S {2,}\S+ {2,}\S")
_HAN_CHAR = rx.compile(r"[\u4e00-\u9fff]")


_BAR = rx.compile(r"\s[|｜]\s|\s?[>＞»]\s")
_MENU_ITEM = rx.compile(r"[\p{Han}A-Za-z]{1,8}")


def _is_navigation(line: str) -> bool:
    """A line of a page's navigation: a bar ("无障碍 | 长者模式 | 繁體 | English"), a breadcrumb
    ("您当前的位置：首页 > 新闻中心 > 区县动态") or a menu of short items ("首页　政务公开　政务服务　互动交流").

    >>> [_is_navigation(x) for x in ("首页　政务公开　政务服务　互动交流", "京东首页 > 电脑、办公 > AI加速卡",
    ...                              "洛阳伊滨智算中心一期正式投运 智能算力规模达1000P", "H100 vs A100 | 实测")]
    [True, True, False, False]
    """
    if (len(_BAR.findall(line)) >= 2 and not _DIGIT.search(line)) or _PAGE_CHROME.match(line):
        return True  # (a bar of links names no figures: "型号 | 算力 | 功耗 Z1 | 300 TFLOPS | …" is a flattened table)
    items = line.split()
    return len(items) >= 4 and all(_MENU_ITEM.fullmatch(item) for item in items)


def _code_boxes(text: str, lines: list[tuple[int, int]]) -> set[int]:
    """The lines of code boxes copied out of a blog: from a line naming the language ("bash", "text") to the box's
    button line ("AI写代码"), both included.

    >>> t = "先跑离线吞吐：\\nbash\\npython bench.py --num-prompts 1000\\nAI写代码\\n910B上的输出：\\ntext\\nThroughput: 4.12 requests/s\\nAI写代码\\n可以看到"
    >>> sorted(_code_boxes(t, _lines(t, 0)))
    [1, 2, 3, 5, 6, 7]
    >>> t = "text\\n这一行是正文，不是代码框"
    >>> _code_boxes(t, _lines(t, 0))
    set()
    """
    boxed: set[int] = set()
    if not _CODE_BOX_BUTTON.search(text):
        return boxed  # (most documents: one search instead of a match per line)
    i = 0
    while i < len(lines):
        s, e = lines[i]
        if _CODE_BOX_OPEN.match(text[s:e]):
            close = next((j for j in range(i + 1, min(len(lines), i + 1 + _CODE_BOX_LINES))
                          if _CODE_BOX_CLOSE.match(text[slice(*lines[j])])), None)
            if close is not None:
                boxed.update(range(i, close + 1))
                i = close + 1
                continue
        i += 1
    return boxed


_VERTICAL_MENU_RUN = 4  # so many one-word lines in a row open a page with its menu


def _vertical_menu(text: str, lines: list[tuple[int, int]]) -> int:
    """How many lines at the top are a menu written one item per line ("百家号 / 首页 / 推荐 / 科技 / 财经 / 登录"):
    the title is the line after them, not the site's name above them.

    >>> t = "百家号\\n首页\\n推荐\\n科技\\n\\n登录\\n华为CloudMatrix 384超节点性能大提升\\n正文"
    >>> _vertical_menu(t, _lines(t, 0))
    6
    >>> t = "昇腾910B\\n评测\\n正文"
    >>> _vertical_menu(t, _lines(t, 0))
    0
    """
    run = items = 0
    for i, (s, e) in enumerate(lines):
        item = text[s:e].strip()
        if not item:
            continue
        if not _MENU_ITEM.fullmatch(item) or len(item) > 6:
            break
        run, items = i + 1, items + 1
    return run if items >= _VERTICAL_MENU_RUN else 0


def is_code_line(line: str) -> bool:
    """A line of unfenced source code.

    >>> [is_code_line(t) for t in ("const mem = 80 * 1024; // 80GB", "// 内存比较", "x = run(model)",
    ...                            "fits_a: required <= mem_a,", "def speed(model, epochs=1):")]
    [True, True, True, True, True]
    >>> [is_code_line(t) for t in ("显存容量为80GB。", "Memory: 80GB", "H100 | 80GB | 3.35TB/s |", "# 性能对比",
    ...                            "总带宽是:50Gbps*8/8=600GB/s;", "TDP是350W;", "FP16 = 989 TFLOPS", "Throughput = 500 img/s",
    ...                            "H200(141GB)", "size(B)       time(us)    busbw(GB/s)")]
    [False, False, False, False, False, False, False, False, False, False]
    """
    code = _TRAILING_COMMENT.sub("", line)
    if _HAN_CHAR.search(code) and not line.lstrip().startswith(("//", "/*")):
        return False  # prose, with its own semicolons and equals signs ("带宽是…=600GB/s;")
    if _ALIGNED_COLUMNS.search(line) and not rx.search(r"[;={}]", line):
        return False  # a table's header written in columns: "size(B)       time(us)    busbw(GB/s)"
    return bool(_CODE_LINE.search(line))


def split_document(text: str) -> list[Paragraph]:
    """Paragraphs (one per line; a run of bullet lines is one paragraph),
    with the first content line as title, short unpunctuated lines as
    headings, and code dropped (fenced blocks and unfenced code lines)."""
    paragraphs: list[Paragraph] = []
    in_code = False
    seen_content = False
    bullet_run: Paragraph | None = None
    lines = list(_lines(text, body_start(text)))
    bars = [_bars(text[s:e]) for s, e in lines]
    menu = _vertical_menu(text, lines)
    boxed = _code_boxes(text, lines)
    for i, (s, e) in enumerate(lines):
        line = text[s:e]
        if i in boxed:
            bullet_run = None
            continue
        if _FENCE.match(line):
            in_code = not in_code
            bullet_run = None
            continue
        if in_code or not line.strip() or is_code_line(line):
            bullet_run = None if not line.strip() else bullet_run
            continue
        if _is_table_row(line, bars, i) and (seen_content or not _is_navigation(line)
                                             or (i + 1 < len(bars) and bars[i + 1] == bars[i])):  # (a table's header)
            seen_content = True
            last = paragraphs[-1] if paragraphs else None
            # consecutive table lines are one table, with or without a leading bar; so are rows a
            # page put blank lines between (as wide as the row above, and no new header below)
            if last is not None and last.kind == "table" and (last.end == s - 1 or (
                    not text[last.end:s].strip() and bars[i] == _bars(text[last.sentences[-1].start:last.end])
                    and not _RULE_ROW.match(_next_content_line(text, lines, i)))):
                last.end = e
                last.sentences.append(Sentence(s, e, line))
            else:
                paragraphs.append(Paragraph(s, e, "table", [Sentence(s, e, line)]))
            bullet_run = None
            continue
        if paragraphs and _continues_wrapped(text, paragraphs[-1], s, e):
            last = paragraphs[-1]  # a hard-wrapped line: the sentence goes on from the line above
            last.end, last.kind, last.wrapped = e, "body", last.wrapped + 1
            last.sentences = _sentences(text, last.start, e)
            bullet_run = None
            continue
        if not seen_content and (i < menu or _is_navigation(line)):
            kind = "body"  # a site's menu, tool bar or breadcrumb above the title: the title is the line after
        elif not seen_content:
            seen_content = True
            kind = "title" if len(line.strip()) <= 80 and line.strip()[-1] not in "。" else "body"
        elif _BULLET.match(line) and not _SUBSECTION.match(line) and not (_is_heading_like(line) and (
                line.rstrip()[-1:] in ":：" or not _SYMBOL_BULLET.match(line)
                or _is_section_mark(line, _next_content_line(text, lines, i)))):
            if bullet_run is not None:
                bullet_run.end = e
                bullet_run.sentences.extend(_sentences(text, s, e))
                continue
            kind = "body"
        else:
            kind = "heading" if _is_heading_like(line) and not _PAGE_CHROME.match(line) \
                and not _FORUM_CHROME.search(line) and not _AD_MARK.match(line) \
                and not _repeats_title_tail(text, paragraphs, line) else "body"
        para = Paragraph(s, e, kind, _sentences(text, s, e))
        paragraphs.append(para)
        bullet_run = para if (kind == "body" and _BULLET.match(line)) else None
    _rows_are_no_headings(text, paragraphs)
    _fields_are_no_headings(text, paragraphs)
    _byline_is_no_heading(text, paragraphs)
    return paragraphs


# "2025-04-18 09:31 广东", "2024年11月6日 10:02": the date (and time) a post went out
_DATELINE = rx.compile(r"(?:\d{4}[-/.年]\d{1,2}[-/.月]\d{1,2}日?|\d{1,2}[-/月]\d{1,2}日?\s+\d{1,2}:\d{2})")
_BYLINE_LINES = 4  # a byline block under the title: author, date, place, a follow button


def _byline_is_no_heading(text: str, paragraphs: list[Paragraph]) -> None:
    """The short lines right under the title that end with the post's date and a button ("科技圈老王" / "2025-04-18
    09:31 广东" / "关注") are its byline, no heading: the title still introduces the body below them (spec 9).

    >>> t = "华为超节点性能大提升\\n科技圈老王\\n2025-04-18 09:31 广东\\n关注\\n正文说超节点的带宽为269 TB/s。"
    >>> [p.kind for p in split_document(t)]
    ['title', 'body', 'body', 'body', 'body']
    >>> t = "华为超节点性能大提升\\n一、算力\\n正文说算力为300 PFLOPS。"
    >>> [p.kind for p in split_document(t)]
    ['title', 'heading', 'body']
    """
    title = next((i for i, p in enumerate(paragraphs) if p.kind == "title"), None)
    if title is None:
        return
    block = []
    for p in paragraphs[title + 1:title + 1 + _BYLINE_LINES]:
        if p.kind != "heading":
            break
        block.append(p)
    dated = [i for i, p in enumerate(block) if _DATELINE.search(text, p.start, p.end)]
    asked = text[paragraphs[title].start:paragraphs[title].end].rstrip()[-1:] in "？?"
    if not dated or asked or any("发表于" in text[p.start:p.end] for p in block):
        return  # (a forum's post under a question is another writer's answer: its byline still ends the title's scope)
    for i, p in enumerate(block):
        line = text[p.start:p.end].strip()
        if i <= dated[-1] or (len(line) <= 4 and not _HEADING_MARK.match(line)):
            p.kind = "body"


def _repeats_title_tail(text: str, paragraphs: list[Paragraph], line: str) -> bool:
    """"Chiphell - 分享与交流用户体验" below "[原创] … - 显卡 - Chiphell - 分享与交流用户体验": the site's name the
    title ends with, repeated as the page's banner, is no heading."""
    title = next((p for p in paragraphs if p.kind == "title"), None)
    stripped = line.strip()
    return title is not None and len(stripped) >= 4 and text[title.start:title.end].rstrip().endswith(" " + stripped) \
        and " - " in text[title.start:title.end]


def _fields_are_no_headings(text: str, paragraphs: list[Paragraph]) -> None:
    """A run of short "label：value" lines ("中文名：昇腾910" / "制程：7nm+ EUV" / "架构：达芬奇架构"), one right
    below the other, is an infobox of what the article is about: its lines are fields, not headings."""
    def field(p: Paragraph) -> bool:
        line = text[p.start:p.end]
        return p.kind == "heading" and not _HEADING_MARK.match(line) and _FIELD_LINE.match(line) is not None

    i = 0
    while i < len(paragraphs):
        j = i
        while j < len(paragraphs) and field(paragraphs[j]) and (
                j == i or paragraphs[j - 1].end == paragraphs[j].start - 1):
            j += 1
        if j - i >= _FIELD_RUN:
            for p in paragraphs[i:j]:
                p.kind = "body"
        i = max(j, i + 1)


def _rows_are_no_headings(text: str, paragraphs: list[Paragraph]) -> None:
    """Short lines between two spec rows of one block ("HBM2 容量和带宽 32 GiB" / "互连拓扑 二维环面" /
    "每个 Pod 的计算峰值 …"), with no blank line between, are rows whose value is a word, not
    headings of what follows."""
    def row(p: Paragraph) -> bool:  # "HBM2 容量和带宽 32 GiB": a label and a figure, no sentence
        return p.kind == "body" and p.end - p.start <= 60 and _DIGIT.search(text, p.start, p.end) is not None \
            and text[p.start:p.end].rstrip()[-1:] not in "。！？!?；;"

    def plain_heading(p: Paragraph) -> bool:
        line = text[p.start:p.end].strip()
        return p.kind == "heading" and line[-1:] not in ":：" and not _HEADING_MARK.match(line)

    i = 1
    while i < len(paragraphs) - 1:
        j = i
        while j < len(paragraphs) - 1 and plain_heading(paragraphs[j]) and paragraphs[j - 1].end == paragraphs[j].start - 1:
            j += 1  # a run of short lines, each right below the one before
        if j > i and row(paragraphs[i - 1]) and paragraphs[j - 1].end == paragraphs[j].start - 1 and row(paragraphs[j]):
            for p in paragraphs[i:j]:
                p.kind = "body"
        i = max(j, i + 1)


@lru_cache(maxsize=8)
def _delimiters(text: str, lo: int, hi: int, wrapped: bool) -> list[int]:
    """Positions of the clause delimiters of ``text[lo:hi]``, found once per
    sentence: a sentence of thousands of figures costs n log n, not n squared."""
    return [m.start() for m in _DELIMITER[wrapped].finditer(text, lo, hi)]  # one scan, not a loop over characters


# a clause delimiter, one character: (in plain text, in hard-wrapped text, where a line break goes on)
# (a comma between a digit and three more is a thousands separator, "9,216 chips": no clause ends there)
_THOUSANDS = r"(?<!\d),|,(?!\d{3}(?![\d]))"
_DELIMITER = (rx.compile("[" + rx.escape(_CLAUSE_DELIMS.replace(",", "")) + "]|" + _THOUSANDS),
              rx.compile("[" + rx.escape(_CLAUSE_DELIMS.replace("\n", "").replace(",", "")) + "]|" + _THOUSANDS))


def clause_span(text: str, start: int, end: int, lo: int, hi: int, wrapped: bool = False) -> Span:
    """The clause around ``text[start:end]`` within ``[lo, hi)``: delimited by
    commas, sentence punctuation and colons; surrounding spaces trimmed. In
    hard-wrapped text a line break does not end a clause."""
    cuts = _delimiters(text, lo, hi, wrapped)
    at = bisect.bisect_left(cuts, start)
    a = cuts[at - 1] + 1 if at > 0 else lo     # just after the last delimiter before the span
    at = bisect.bisect_left(cuts, end)
    b = cuts[at] if at < len(cuts) else hi    # the first delimiter at or after its end
    if b < hi and text[b] in ":：" and not text[a:start].strip(" \t#*-") and not text[end:b].strip(" *"):
        # "35倍：MI355X推理性能较上代暴涨": a figure heading a line is the subject of the clause after its colon
        at += 1
        b = cuts[at] if at < len(cuts) else hi
    while a < start and text[a] in " \t|":
        a += 1
    bullet = _LIST_MARK.match(text, a, start)
    if bullet and bullet.end() > a and text[bullet.end() - 1].isspace():
        a = bullet.end()  # "- 内存带宽307.2GB/s": the list marker is not part of the clause
    while b > end and text[b - 1] in " \t|":
        b -= 1
    return Span(a, b)
