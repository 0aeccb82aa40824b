"""Text clean-up that keeps a map back to the original offsets.

Every later stage works on :class:`Normalized.text`; every offset it reports
goes back through :meth:`Normalized.to_original` so that claims point into
the file as it was written.
"""
from __future__ import annotations

import html
import unicodedata
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from ..lexicons import spun_synonyms, t2s_changed
from .patterns import Match, Pattern, guarded, rx

# Characters deleted outright: zero-width, BOM, bidi controls, variation selectors.
_INVISIBLE = rx.compile(r"[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufe0e\ufe0f\u00ad]")
# Characters that may change under NFKC or need folding; ASCII and common CJK
# ideographs are left alone so the per-character loop only runs where needed.
_SPECIAL = rx.compile(r"[^\x00-\x7f\u4e00-\u9fff\u3001\u3002\u300a-\u300f]")
_DASHES = "—–‐‑‒―−－﹣⁃"
_CIRCLED_NUMBER = rx.compile(r"[\u2460-\u2473\u24ea-\u24ff\u2776-\u2793\u3251-\u325f\u32b1-\u32bf]")  # ①-⑳, ⓪, ❶-➓, ㉑-㊿
# superscript digits after a letter, a CJK character or a closing mark (not after a digit: "10¹⁸")
_FOOTNOTE_MARK = rx.compile(r"(?<=[A-Za-z%\u4e00-\u9fff)\]）])[\u00b9\u00b2\u00b3\u2070\u2074-\u2079]+")
# A dash between two Latin letters/digits is part of a name (IPU—POD16,
# ResNet—50) or a range (2—3倍): fold it to ASCII '-'.
# Spaces only, never a line break: "…100 GB/s\n– CXL…" is a list dash opening the next line.
# (not a dash with a space on both sides: "38 — 3nm" is an empty cell between two cells of a flattened row)
_NAME_DASH = guarded(rf"(?<=[A-Za-z0-9])(?:[ \t][{_DASHES}]+(?=[A-Za-z0-9])|[{_DASHES}]+[ \t]?(?=[A-Za-z0-9]))",
                     " \t" + _DASHES)  # 1.5x faster
_SURROGATE = rx.compile(r"[\ud800-\udfff]")
# An ASCII comma with one or two digits after it and a unit at once is a decimal comma ("1,7倍", "3,2 ТБ/с"):
# a thousands separator has three digits; a full-width comma ("16，32GB") is a list, and a list of figures
# ("1,2,4倍") or a name before ("H100,80GB") is no decimal.
# (read before full-width folding: full-width letters count as letters, "７２,７ ＧＦＬＯＰＳ")
# (also before a Chinese scale or unit word of a machine translation: "从 23,5 千万亿次", "在 4,5 天", "1,9 兆瓦")
_DECIMAL_COMMA = rx.compile(r"(?<![\dA-Za-z\uff21-\uff3a\uff41-\uff5a.,])(\d{1,3}),"
                            r"(?=\d{1,2}(?![\d,.])\s?(?:倍|[x×%％ｘ]|[A-Za-z\uff21-\uff3a\uff41-\uff5a\u0400-\u04ff]"
                            r"|[万亿千百十兆天小分秒毫微纳瓦]))")
# The same translations group thousands with a space ("2 950 tokens 每秒", "5 600 千万亿次"): in a text that
# writes decimal commas, such a group before a unit is one number, its space a thousands separator.
_SPACE_THOUSANDS = rx.compile(r"(?<![\d.,][ ]?)(\d{1,3}) (?=\d{3}(?![\d,.])\s?(?:[A-Za-z\u0400-\u04ff]|[万亿千百十兆天小分秒毫微纳瓦]))")


@dataclass(frozen=True)
class Normalized:
    """Normalised text plus, for each of its characters, the index of the
    original character it came from (and one sentinel past the end)."""

    original: str
    text: str
    offsets: Sequence[int]  # an array, or a range where nothing moved (most texts: no copy to build)

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a normalised half-open span to the original text.

        >>> n = normalize("ＩＰＵ—ＰＯＤ１６")
        >>> n.text
        'IPU-POD16'
        >>> n.to_original(4, 9)
        (4, 9)
        """
        if end <= start:
            o = self.offsets[start]
            return o, o
        last, following = self.offsets[end - 1], self.offsets[end]
        # A character read from several (an entity like &#20493;) ends where the next one starts.
        # (so does a LaTeX command read as one symbol: "\times" as ×)
        whole = following > last + 1 and (_ENTITY.match(self.original, last) or self.original.startswith("\\", last))
        return self.offsets[start], following if whole else last + 1


@lru_cache(maxsize=1)
def _t2s():
    import opencc

    return opencc.OpenCC("t2s")


# Characters OpenCC folds that are already simplified in product names (昇腾 is not 升腾).
_KEEP = frozenset("昇")
_KEEP_RE = rx.compile("[" + "".join(sorted(_KEEP)) + "]")


def _to_simplified(text: str) -> str:
    """Traditional -> simplified, only where it keeps the length (OpenCC's
    phrase rules occasionally change length; then convert per character)."""
    if t2s_changed().isdisjoint(text):
        return text  # nothing OpenCC would change (its phrase rules all hold a character it changes)
    converted = _t2s().convert(text)
    if len(converted) == len(text):
        if not _KEEP.isdisjoint(text):
            # put the kept characters back where the text has them (same length: same positions)
            pieces, pos = [], 0
            for m in _KEEP_RE.finditer(text):
                pieces += [converted[pos:m.start()], m.group()]
                pos = m.end()
            converted = "".join(pieces) + converted[pos:]
        return converted
    convert = _t2s().convert
    return "".join(c if len(c := convert(ch)) == 1 else ch for ch in text)


def normalize(original: str) -> Normalized:
    """NFKC, full-width folding, invisible-character removal, name dashes,
    traditional->simplified and spun-text synonyms, with an offset map.

    >>> normalize("在ＩＰＵ上练习ResNet—50，机能晋升３倍").text
    '在IPU上训练ResNet-50,性能提升3倍'
    """
    source = original  # kept as given: evidence is sliced from it (lone surrogates included)
    original = _SURROGATE.sub("\ufffd", original) if _SURROGATE.search(original) else original
    if _FOOTNOTE_MARK.search(original):
        # "300W²", "100 TFLOPS¹": a footnote mark, which NFKC would glue to the figure as a digit
        original = _FOOTNOTE_MARK.sub(lambda m: " " * len(m.group()), original)
    if "," in original and _DECIMAL_COMMA.search(original):
        # "1,7倍", "3,2 ТБ/с": a translation from a language that writes decimals with a comma (one for one)
        original = _DECIMAL_COMMA.sub(r"\1.", original)
        original = _SPACE_THOUSANDS.sub(r"\1,", original)  # one for one: offsets unchanged
    folds = {ch: _fold(ch) for ch in set(_SPECIAL.findall(original))}
    single = {ch: f for ch, f in folds.items() if len(f) == 1 and f != ch}
    moving = {ch: f for ch, f in folds.items() if len(f) != 1}  # 「…」 -> "...", invisible -> ""
    if all(f not in folds for f in single.values()):
        # full-width punctuation, the common case: one character for one, offsets unchanged;
        # replace() per character is 6x faster than translate(), and the same when no fold feeds another
        text = original
        for ch, f in single.items():
            text = text.replace(ch, f)
        offsets: Sequence[int] = range(len(original))
        if moving:  # then only the characters that change the length, with their offsets
            text, offsets = _fold_with_offsets(text, moving)
    else:
        text, offsets = _fold_with_offsets(original, folds)
    text, offsets = _line_breaks(text, offsets)
    text = _tab_cells(text) if "\t" in text else text
    text = _csv_cells(text) if "," in text else text
    text = _latex_rows(text) if "&" in text and "\\\\" in text else text
    text, offsets = _strip_markup(text, offsets)
    text, offsets = _unescape_entities(text, offsets)
    text, offsets = _unwrap_inline_math(text, offsets)
    text, offsets = _fold_name_dashes(text, offsets)
    text, offsets = _drop_trademarks(text, offsets)
    text, offsets = _drop_pinyin_glosses(text, offsets)
    text, offsets = _join_letter_spaced(text, offsets)
    text = _to_simplified(text)
    text = _replace_synonyms(text)
    if isinstance(offsets, range):
        offsets = range(len(original) + 1)  # nothing moved: the identity, with the sentinel
    else:
        offsets.append(len(original))
    return Normalized(original=source, text=text, offsets=offsets)


@lru_cache(maxsize=65536)
def _fold(ch: str) -> str:
    if _INVISIBLE.match(ch):
        return ""
    if ch in _DASHES:
        return ch
    if _CIRCLED_NUMBER.match(ch):
        return "•"  # "①K9的性能提升3倍": a list marker, which NFKC would glue to the name as a digit ("1K9")
    return unicodedata.normalize("NFKC", ch)


def _fold_with_offsets(original: str, folds: dict[str, str]) -> tuple[str, array]:
    """``original`` with each character in ``folds`` replaced by its fold,
    which may drop or expand it; every new character maps to its source."""
    pieces: list[str] = []
    offsets = array("l")
    pos = 0
    for i in _positions(original, folds):
        if i > pos:
            pieces.append(original[pos:i])
            offsets.extend(range(pos, i))
        folded = folds[original[i]]
        pieces.append(folded)
        offsets.extend([i] * len(folded))
        pos = i + 1
    if pos < len(original):
        pieces.append(original[pos:])
        offsets.extend(range(pos, len(original)))
    return "".join(pieces), offsets


def _positions(text: str, chars: Iterable[str]) -> list[int]:
    """Where any of ``chars`` occurs in ``text``, in order (str.find per
    character: they are few, and a pattern built per text would be compiled
    per text)."""
    found = []
    for ch in chars:
        i = text.find(ch)
        while i != -1:
            found.append(i)
            i = text.find(ch, i + 1)
    return sorted(found)


_ENTITY = rx.compile(r"&(?:[A-Za-z]{2,8}|#\d{1,7}|#[xX][0-9A-Fa-f]{1,6});")
# Inline LaTeX of paper explainers ("快 $2.1\times$", "节省 $48\%$"): the math the figure is written in
_INLINE_MATH = rx.compile(r"(?<!\$)\$(?!\$)([^$\n]{1,40})(?<!\$)\$(?!\$)")  # (display math, $$…$$, is a formula)
_MATH_TOKEN = rx.compile(r"\\(?:times|cdot|sim|approx|%|,|;|!|text|mathrm|mathbf|rm|left|right)|[{}]")
_MATH_WORDS = {"\\times": "×", "\\cdot": "×", "\\sim": "~", "\\approx": "≈", "\\%": "%"}  # the rest: dropped


def _unwrap_inline_math(text: str, offsets: Sequence[int]) -> tuple[str, Sequence[int]]:
    r"""``$2.1\times$`` is read as ``2.1×`` and ``$48\%$`` as ``48%``: the dollars and markup go,
    each character kept maps to its source (a symbol to its command's backslash).

    >>> n = normalize(r"快 $2.1\times$，省 $48\%$")
    >>> n.text
    '快 2.1×,省 48%'
    >>> n.original[slice(*n.to_original(2, 6))]
    '2.1\\times$'
    """
    if "$" not in text or not _INLINE_MATH.search(text):
        return text, offsets
    pieces: list[str] = []
    new_offsets = array("l")
    pos = 0
    for match in _INLINE_MATH.finditer(text):
        inner_start = match.start(1)
        pieces.append(text[pos:match.start()])
        new_offsets.extend(offsets[pos:match.start()])
        at = inner_start
        for token in _MATH_TOKEN.finditer(text, inner_start, match.end(1)):
            pieces.append(text[at:token.start()])
            new_offsets.extend(offsets[at:token.start()])
            symbol = _MATH_WORDS.get(token.group(), "")
            pieces.append(symbol)
            new_offsets.extend([offsets[token.start()]] * len(symbol))
            at = token.end()
        pieces.append(text[at:match.end(1)])
        new_offsets.extend(offsets[at:match.end(1)])
        pos = match.end()
    pieces.append(text[pos:])
    new_offsets.extend(offsets[pos:])
    return "".join(pieces), new_offsets


def _unescape_entities(text: str, offsets: Sequence[int]) -> tuple[str, Sequence[int]]:
    """Scraped text keeps HTML entities (&nbsp;, &times;, &gt;): read them as
    the characters they stand for; each maps back to its '&'."""
    if "&" not in text:
        return text, offsets
    pieces: list[str] = []
    new_offsets = array("l")
    pos = 0
    for match in _ENTITY.finditer(text):
        char = html.unescape(match.group())
        if char == match.group():
            continue  # not an entity html knows
        char = char.replace("\xa0", " ")
        pieces.append(text[pos:match.start()])
        new_offsets.extend(offsets[pos:match.start()])
        pieces.append(char)
        new_offsets.extend([offsets[match.start()]] * len(char))
        pos = match.end()
    pieces.append(text[pos:])
    new_offsets.extend(offsets[pos:])
    return "".join(pieces), new_offsets


# Markup left in scraped text ("<tr><td>单卡显存</td><td>96GB HBM3</td>…</tr>"): a table's cells are read as
# bars ("|单卡显存|96GB HBM3|…|"), other tags as nothing; only in a text with several tags (a lone "<b>" is text)
_TAG = rx.compile(r"<(?P<close>/)?(?P<name>[A-Za-z][A-Za-z0-9]{0,9})\b[^<>\n]{0,200}?/?>|<!--.{0,200}?-->")
_MARKUP_NAMES = frozenset("table thead tbody tfoot tr td th p div span li ul ol br b strong em i a h1 h2 h3 h4 h5 h6 "
                          "font img hr section article header footer nav script style sup sub small".split())


def _strip_markup(text: str, offsets: Sequence[int]) -> tuple[str, Sequence[int]]:
    """Scraped text with its tags left in: table cells as bars, every other tag dropped; each bar maps back
    to its tag's '<'."""
    if "<" not in text or sum(1 for _ in islice(_TAG.finditer(text), 3)) < 3:
        return text, offsets
    pieces: list[str] = []
    new_offsets = array("l")
    pos = 0
    in_row = False  # between <tr> and </tr>: a row written over several lines is one line of cells
    for match in _TAG.finditer(text):
        name = (match.group("name") or "").lower()
        if match.group().startswith("<!--"):
            name = "comment"
        elif name not in _MARKUP_NAMES:
            continue  # "<PCIe 5.0>", "<500W>": no tag
        if in_row and "\n" in text[pos:match.start()]:
            kept = [i for i in range(pos, match.start()) if text[i] != "\n"]
            pieces.append("".join(text[i] for i in kept))
            new_offsets.extend(offsets[i] for i in kept)
        else:
            pieces.append(text[pos:match.start()])
            new_offsets.extend(offsets[pos:match.start()])
        if name == "tr":
            in_row = not match.group("close")
        bar = (name in ("td", "th") and not match.group("close")) or (name == "tr" and match.group("close"))
        if bar:
            pieces.append("|")
            new_offsets.append(offsets[match.start()])
        pos = match.end()
    pieces.append(text[pos:])
    new_offsets.extend(offsets[pos:])
    return "".join(pieces), new_offsets


# "Jetson AGX Orin™ series" (NFKC makes ™ "TM": "OrinTM"), "NVIDIA® Jetson": marks that stick to names
_TRADEMARK = rx.compile(r"(?<=[a-z0-9])TM(?![A-Za-z0-9])|[®™]")


# A broken GBK-to-Big5 conversion glosses characters with pinyin: "內(nèi)存", "數(shù)據(jù)" (a tone mark
# in the brackets tells a gloss from "(bf16)" or "(a)")
_PINYIN_GLOSS = rx.compile(r"(?<=\p{Han})\((?=[a-z]*[āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü])[a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]{1,6}\)")


_LINE_BODY = rx.compile(r"(?m)^([ \t]*)(.*)$")


# a row of a LaTeX tabular: cells parted by " & ", closed by "\\" (and maybe "\hline")
_LATEX_ROW = rx.compile(r"^(?P<cells>[^\n&]*(?:&[^\n&]*)+?)\s*(?P<end>\\\\(?:\s*\\hline)?)\s*$", rx.MULTILINE)


def _latex_rows(text: str) -> str:
    r"""Rows of a LaTeX table left in a text export ("吞吐 & 3120 & 2590 \\ \hline") read as bar-separated
    cells, and an escaped percent sign as one, one character for one.

    >>> _latex_rows("规格 & A800 & K100 \\\\ \\hline\nMFU & 40.4\\% & 40.0\\% \\\\")
    '规格 | A800 | K100 |        \nMFU | 40.4 % | 40.0 % | '
    """
    def row(m: Match) -> str:
        cells = m.group("cells").replace("&", "|").replace("\\%", " %")
        return cells + m.group()[len(m.group("cells")):m.start("end") - m.start()] + "|" + " " * (len(m.group("end")) - 1) \
            + m.group()[m.end("end") - m.start():]
    return _LATEX_ROW.sub(row, text)


def _tab_cells(text: str) -> str:
    r"""A tab after a line's first character separates cells (a table copied from a
    web page or a spreadsheet): it reads as a bar, one character for one.
    Indentation stays.

    >>> _tab_cells("型号\t显存\n\tH100\t80GB")
    '型号|显存\n\tH100|80GB'

    A leading tab is an empty first cell when the row below it has that many cells (a header's
    empty corner, "\tA100\tH100" over "显存\t80GB\t80GB"):

    >>> _tab_cells("\tA100\tH100\n显存\t40GB\t80GB")
    '|A100|H100\n显存|40GB|80GB'
    """
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines):
        lead, body = _LINE_BODY.match(line).groups()
        if lead == "\t" and "\t" in body:
            below = next((x for x in lines[i + 1:i + 3] if "\t" in x and not x.startswith("\t")), None)
            if below is not None and below.count("\t") == body.count("\t") + 1:
                lead = "|"
        out.append(lead + body.replace("\t", "|"))
    return "\n".join(out)


_CSV_HEADER = rx.compile(r"[A-Za-z][A-Za-z0-9_]*(?:\([A-Za-z/%]+\))?(?:,[A-Za-z][A-Za-z0-9_]*(?:\([A-Za-z/%]+\))?){2,}")
_CSV_HEADER_LINE = rx.compile(r"(?m)^[ \t]*" + _CSV_HEADER.pattern + r"[ \t]*$")
_CSV_CELL_CHARS = 24  # a CSV cell is a name, a code or a figure; a longer run between commas is prose


def _csv_cells(text: str) -> str:
    r"""Rows of a CSV export pasted into a page (a header of identifiers, "card,output_tps,ttft_ms", over rows
    with as many commas) read as bar-separated cells, one character for one.

    >>> _csv_cells("原始数据：\ncard,output_tps,ttft_ms\nH20,2210,96\n910B4,1875,88\n说明,见下文,共两行")
    '原始数据：\ncard|output_tps|ttft_ms\nH20|2210|96\n910B4|1875|88\n说明,见下文,共两行'
    """
    if not _CSV_HEADER_LINE.search(text):
        return text  # (nearly every text has a comma, hardly any a CSV header: one search, no split)
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        header = lines[i].strip()
        if not _CSV_HEADER.fullmatch(header):
            i += 1
            continue
        commas = header.count(",")
        j = i + 1
        while j < len(lines) and lines[j].count(",") == commas and "，" not in lines[j] \
                and not rx.search(r"\p{Han}", lines[j]) \
                and all(len(cell) <= _CSV_CELL_CHARS for cell in lines[j].split(",")):
            j += 1
        if j - i >= 2:
            for k in range(i, j):
                lines[k] = lines[k].replace(",", "|")
        i = j
    return "\n".join(lines)


_CR_BEFORE_LF = rx.compile(r"\r(?=\n)")


def _line_breaks(text: str, offsets: Sequence[int]) -> tuple[str, Sequence[int]]:
    r"""Windows (CRLF) and old Mac (CR) line ends read as LF, so a file saved on any
    system has the same lines, paragraphs and tables.

    >>> n = normalize("A100\r\n显存80GB\r旧行")
    >>> n.text, n.to_original(5, 11)
    ('A100\n显存80GB\n旧行', (6, 12))
    """
    if "\r" not in text:
        return text, offsets
    text, offsets = _drop(text, offsets, _CR_BEFORE_LF)
    return text.replace("\r", "\n"), offsets


def _drop_trademarks(text: str, offsets: Sequence[int]) -> tuple[str, Sequence[int]]:
    """Trademark signs glued to a product name are dropped, so the name is the product's."""
    if "TM" not in text and "®" not in text and "™" not in text:
        return text, offsets
    return _drop(text, offsets, _TRADEMARK)


def _drop_pinyin_glosses(text: str, offsets: Sequence[int]) -> tuple[str, Sequence[int]]:
    """Pinyin glosses of a broken conversion are dropped, so the words are whole again (內存)."""
    if "(" not in text:
        return text, offsets
    return _drop(text, offsets, _PINYIN_GLOSS)


# "推 理 能 效 平 均 高 40%": OCR or a page's letter-spacing puts a space between every character;
# three or more single characters in such a run are one phrase (table cells are words, not characters)
_LETTER_SPACED = rx.compile(r"(?<!\p{Han})\p{Han}(?:[ \t\u3000]\p{Han}){2,}(?!\p{Han})")


def _join_letter_spaced(text: str, offsets: Sequence[int]) -> tuple[str, Sequence[int]]:
    """Runs of single Chinese characters parted by spaces, joined (the offsets keep the original).

    >>> _join_letter_spaced("英 特 尔 在 Vision 大会，推 理 能 效 高 40%，显存 显存带宽", range(40))[0]
    '英特尔在 Vision 大会，推理能效高 40%，显存 显存带宽'
    """
    if " " not in text and "\t" not in text and "\u3000" not in text:
        return text, offsets
    spaces = ((i, i + 1) for run in _LETTER_SPACED.finditer(text)
              for i in range(run.start() + 1, run.end(), 2))  # (a run alternates character, space)
    return _drop_spans(text, offsets, spaces)


def _drop(text: str, offsets: Sequence[int], pattern: Pattern) -> tuple[str, Sequence[int]]:
    """``text`` without the matches of ``pattern``, each kept character with its offset."""
    return _drop_spans(text, offsets, (m.span() for m in pattern.finditer(text)))


def _drop_spans(text: str, offsets: Sequence[int], spans: Iterable[tuple[int, int]]) -> tuple[str, Sequence[int]]:
    """``text`` without the (ordered, disjoint) ``spans``, each kept character with its offset."""
    pieces: list[str] = []
    new_offsets = array("l")
    pos = 0
    for start, end in spans:
        pieces.append(text[pos:start])
        new_offsets.extend(offsets[pos:start])
        pos = end
    if not pos:
        return text, offsets
    pieces.append(text[pos:])
    new_offsets.extend(offsets[pos:])
    return "".join(pieces), new_offsets


def _fold_name_dashes(text: str, offsets: Sequence[int]) -> tuple[str, Sequence[int]]:
    if not any(d in text for d in _DASHES):
        return text, offsets
    matches = list(_NAME_DASH.finditer(text))
    if all(m.end() - m.start() == 1 for m in matches):
        # one dash for one: the offsets stay as they are
        pieces, pos = [], 0
        for m in matches:
            pieces += [text[pos:m.start()], "-"]
            pos = m.end()
        return "".join(pieces) + text[pos:], offsets
    pieces: list[str] = []
    new_offsets = array("l")
    pos = 0
    for match in matches:
        pieces.append(text[pos:match.start()])
        new_offsets.extend(offsets[pos:match.start()])
        pieces.append("-")
        dash_at = match.start() + next(k for k, c in enumerate(match.group()) if c in _DASHES)
        new_offsets.append(offsets[dash_at])
        pos = match.end()
    pieces.append(text[pos:])
    new_offsets.extend(offsets[pos:])
    return "".join(pieces), new_offsets


@lru_cache(maxsize=1)
def _synonym_pattern() -> tuple[Pattern, dict[str, str]]:
    table = spun_synonyms()
    alternation = "|".join(rx.escape(k) for k in sorted(table, key=len, reverse=True))
    return rx.compile(alternation), table


def _replace_synonyms(text: str) -> str:
    pattern, table = _synonym_pattern()
    return pattern.sub(lambda m: table[m.group()], text)
