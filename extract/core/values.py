"""Values and units: parsing numbers (Arabic, Chinese, scale words, ranges)
and finding ``number + unit`` mentions in normalised text.

Pure functions over strings; the doctests are the parsers' spec.
"""
from __future__ import annotations

import bisect
import math
from functools import lru_cache
from typing import NamedTuple

from .. import lexicons
from ..lexicons import scaled_units, unit_aliases, unit_for, units
from .patterns import SCRIPT_TURN, SPACE_AT_SCRIPT_TURN, Match, Pattern, alternation, guarded, in_order, rx

_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "四": 4, "五": 5,
              "六": 6, "七": 7, "八": 8, "九": 9}
_CN_SMALL_SCALES = {"十": 10, "百": 100, "千": 1000}
_CN_BIG_SCALES = {"万": 10_000, "亿": 100_000_000}
_SCALE_WORDS = {"千": 1e3, "万": 1e4, "亿": 1e8, "万亿": 1e12}

# A Chinese numeral: digits and scales, then either 点 and decimal digits (二点五)
# or an approximation after a scale (十多万, 十几, 三百余).
CN_NUMERAL = (r"(?:[零〇一二两三四五六七八九十百万亿]|千(?!瓦))+"  # (千瓦 is kW: "五百千瓦")
              r"(?:点[零〇一二两三四五六七八九]+[万亿]?|(?<=[十百千万亿])[多余几来](?:[十百万亿]|千(?!瓦))*)?")  # ("二十来个": about twenty)
ARABIC = r"\d+(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
# An Arabic number with its scale: 3万, 1.2万亿, 500余万, compounds 3万4000 / 25万6千, 7k.
SCALED_ARABIC = (rf"(?:{ARABIC})(?:[kK](?=\s|/|[\u4e00-\u9fff]|(?i:tokens?))|M(?=\s?(?:GPU\s?(?:小时|[Hh]ours?)|(?i:tokens?)))"
                 r"|[多余]?\s?(?:万亿(?!次)|千(?![瓦卡兆]|万亿次)|万|亿)(?:\d{1,4}千?(?![\d.,]))?)?")  # (千瓦 is kW: "29,581千瓦")
_APPROX = rx.compile(r"[多余几来]")
# Two neighbouring digits are a spoken range ("两三百", "一千四五百", "一百二三十"): the lower bound is read (spec 5)
_LOOSE_RANGE = rx.compile(r"(?<![一二两三四五六七八九])(一两|两三|二三|三四|四五|五六|六七|七八|八九)(?![一二两三四五六七八九])")


def parse_chinese_numeral(text: str) -> float | None:
    """Parse a Chinese numeral: a small grammar of digits, scales (十百千 within
    a section, 万 and 亿 between sections), 零 as a place holder, abbreviated
    tails and 点 decimals.

    Digits and scales:

    >>> [parse_chinese_numeral(t) for t in ("六", "十五", "二十", "一百二十", "三千", "两万五千")]
    [6.0, 15.0, 20.0, 120.0, 3000.0, 25000.0]

    零 holds an empty place:

    >>> [parse_chinese_numeral(t) for t in ("一千零一", "九万零四百", "一百零五", "三亿零五百万")]
    [1001.0, 90400.0, 105.0, 305000000.0]

    An abbreviated tail is one place below the scale before it:

    >>> [parse_chinese_numeral(t) for t in ("四百五", "一万三", "三千五", "两亿五")]
    [450.0, 13000.0, 3500.0, 250000000.0]

    Big scales nest (a smaller one after a bigger one is inside it):

    >>> [parse_chinese_numeral(t) for t in ("三亿五千万", "一万亿", "四千万", "十万", "三亿五千", "一亿零五千")]
    [350000000.0, 1000000000000.0, 40000000.0, 100000.0, 350000000.0, 100005000.0]

    Decimals with 点:

    >>> [parse_chinese_numeral(t) for t in ("二点五", "零点九", "一点二五", "三点五万")]
    [2.5, 0.9, 1.25, 35000.0]

    Two neighbouring digits are a spoken range, read as its lower bound:

    >>> [parse_chinese_numeral(t) for t in ("两三百", "一千四五百", "一百二三十", "两三", "十七八", "七八十")]
    [200.0, 1400.0, 120.0, 2.0, 17.0, 70.0]

    Not numbers: digit sequences, bare scale words, empty text:

    >>> [parse_chinese_numeral(t) for t in ("一二三", "万亿", "亿", "", "点五", "二点", "百", "千", "百千")]
    [None, None, None, None, None, None, None, None, None]
    """
    if not text or text in ("百", "千") or (len(text) > 1 and all(c in "百千" for c in text)):
        return None  # ("百TB", "压到百纳秒级": a bare scale word names no figure, spec 9; 十 is a digit word: "十倍")
    if "点" in text:
        whole, _, frac = text.partition("点")
        big = 1
        while frac and frac[-1] in _CN_BIG_SCALES:
            big *= _CN_BIG_SCALES[frac[-1]]
            frac = frac[:-1]
        if not whole or not frac or any(c not in _CN_DIGITS for c in frac):
            return None
        head = 0.0 if whole in ("零", "〇") else parse_chinese_numeral(whole)
        if head is None:
            return None
        return (head + float("0." + "".join(str(_CN_DIGITS[c]) for c in frac))) * big
    if any(c not in _CN_DIGITS and c not in _CN_SMALL_SCALES and c not in _CN_BIG_SCALES for c in text):
        return None
    loose = _LOOSE_RANGE.search(text)
    if loose:
        text = text[:loose.start()] + loose.group()[0] + text[loose.end():]
    total = 0
    section = 0
    digit: int | None = None
    zero = False              # a 零 since the last scale: the next digit is not a tail
    last_scale = 0            # the scale written just before the current digit
    last_big = 0              # the biggest section scale so far
    held = False              # a 零 since the last big scale (一亿零五千 is not 一亿五千万)
    for ch in text:
        if ch in ("零", "〇"):
            if digit is not None:
                return None  # 一〇二: a digit sequence, not a number
            zero = held = True
        elif ch in _CN_DIGITS:
            if digit is not None:
                return None  # two digits in a row: 一二三 is a sequence, not a number
            digit = _CN_DIGITS[ch]
        elif ch in _CN_SMALL_SCALES:
            section += (1 if digit is None else digit) * _CN_SMALL_SCALES[ch]
            digit, zero, last_scale = None, False, _CN_SMALL_SCALES[ch]
        else:
            big = _CN_BIG_SCALES[ch]
            part = section + (digit or 0)
            if part == 0 and total == 0:
                return None  # 万, 万亿: a scale word with no digit
            if last_big and big < last_big:
                total += part * big      # 三亿五千万: 五千万 inside the 亿 section
            else:
                total = (total + part) * big
            last_big = max(last_big, big)
            section, digit, zero, last_scale, held = 0, None, False, big, False
    if last_big == 100_000_000 and last_scale == 1000 and section and not held and total % 100_000_000 == 0:
        section *= 10_000  # 三亿五千 = 3.5亿 (五千万): after 亿 a bare 千 counts 万
    if digit is not None and not zero and last_scale >= 100:
        digit_value = digit * last_scale // 10  # 四百五 = 450, 一万三 = 13000
    else:
        digit_value = digit or 0
    try:
        return float(total + section + digit_value)
    except OverflowError:  # 一亿亿亿…: beyond any float, noise rather than a claim
        return None


def parse_number(text: str) -> float | None:
    """Parse an Arabic or Chinese number with an optional scale word.

    >>> parse_number("1,979")
    1979.0
    >>> parse_number("3万")
    30000.0
    >>> parse_number("1.2万")
    12000.0
    >>> parse_number("六")
    6.0
    >>> parse_number("4100")
    4100.0
    >>> parse_number("1e308") is None
    True

    Compounds, approximations (the number written, the qualifier is kept
    apart) and the ``k`` suffix:

    >>> [parse_number(t) for t in ("3万4000", "25万6千", "500余万", "十多万", "十几", "7k", "73.7k", "1.5万亿")]
    [34000.0, 256000.0, 5000000.0, 100000.0, 10.0, 7000.0, 73700.0, 1500000000000.0]
    """
    text = text.strip()
    if text.isdigit() and text.isascii() and len(text) <= 30:
        return float(text)  # the common case, as the general path below reads it
    if text[-1:] in ("k", "K", "M") and rx.fullmatch(ARABIC, text[:-1]):
        head = parse_number(text[:-1])  # ("30.84M GPU小时": a million, written only before hours and tokens)
        return None if head is None else head * (1_000_000 if text[-1] == "M" else 1000)
    compound = rx.fullmatch(rf"({ARABIC})\s?[多余]?\s?(万亿|千|万|亿)(\d{{1,4}})(千?)", text)
    if compound:  # 3万4000, 25万6千
        head = parse_number(compound.group(1))
        tail = float(compound.group(3)) * (1000 if compound.group(4) else 1)
        return None if head is None else head * _SCALE_WORDS[compound.group(2)] + tail
    text = _APPROX.sub("", text) if _APPROX.search(text) else text
    scale = 1.0
    for word in ("万亿", "千", "万", "亿"):
        if text.endswith(word) and len(text) > len(word) and rx.fullmatch(ARABIC, text[: -len(word)].rstrip()):
            scale = _SCALE_WORDS[word]
            text = text[: -len(word)].rstrip()
            break
    if rx.fullmatch(ARABIC, text):
        digits = text.replace(",", "")
        if len(digits) > 30:
            return None  # absurd lengths are noise, not claims
        value = float(digits) * scale
        return value if math.isfinite(value) else None
    return parse_chinese_numeral(text)


class ValueMention(NamedTuple):
    """A number with its unit, as found in normalised text.

    A tuple: one is built for every number found, and a NamedTuple builds in
    a third of a frozen dataclass's time (450 ns against 1.3-1.7 µs)."""

    start: int          # span of the whole mention (number .. unit)
    end: int
    value: float
    unit: str
    raw: str
    value_max: float | None = None
    qualifier: str = ""
    kind: str = "plain"  # plain | from_to | per_second
    old_value: float | None = None   # "从A到B": A, in old_unit
    old_unit: str = ""
    chinese: bool = False            # written with Chinese numerals: check token boundaries

    @property
    def dimension(self) -> str:
        return units()[self.unit].dimension


def to_base(value: float, unit: str) -> tuple[str, float]:
    """Convert to the dimension's base unit (spec section 4).

    >>> to_base(2, "min")
    ('time', 120.0)
    >>> to_base(4, "PFLOPS")
    ('flops', 4000000000000000.0)
    >>> to_base(6, "x")
    ('ratio_x', 6.0)
    """
    entry = units()[unit]
    return entry.dimension, float(value) * entry.factor


def canonical_unit(surface: str) -> str | None:
    """Canonical spelling of a unit surface form, or None.

    >>> canonical_unit("petaFLOPS")
    'PFLOPS'
    >>> canonical_unit("毫秒")
    'ms'
    >>> canonical_unit("furlongs") is None
    True
    """
    return _canonical_unit(surface)


@lru_cache(maxsize=4096)  # unit spellings are few: each is looked up once
def _canonical_unit(surface: str) -> str | None:
    return unit_for(rx.sub(r"\s+", " ", surface)) or unit_for(_unspaced(surface))


def _unspaced(surface: str) -> str:
    """A unit as the lexicon spells it, without the spaces a text put where it turns script.

    >>> _unspaced("GPU 小时"), _unspaced("token 每秒"), _unspaced("G FLOPS")
    ('GPU小时', 'token每秒', 'G FLOPS')
    """
    return SPACE_AT_SCRIPT_TURN.sub("", surface.strip())


@lru_cache(maxsize=4096)  # unit spellings are few: each is looked up once
def _scaled(unit_text: str) -> tuple[str, float] | None:
    """The scaled unit of a spelling: exact first (Tbps is bits, TBps bytes), then unspaced."""
    table = scaled_units()
    key = unit_text.strip()
    found = table.get(key)
    return table.get(_unspaced(key)) if found is None and " " in key else found


# --- the mention finder ---------------------------------------------------

# values.yaml: qualifier words and the nouns rates count
_VOCABULARY = lexicons.load_yaml("values.yaml")


def _listed(key: str) -> str:
    """values.yaml's ``key`` as an alternation in the order written (the first
    word that fits at a position wins, so the data says which)."""
    return in_order(_VOCABULARY[key])


_QUAL_BEFORE: dict[str, str] = _VOCABULARY["qualifier_before"]
_APPROX_OF = rx.compile(rf"(?:{_listed('approx_openers')})[^，。；,;]{{1,18}}的\s?$")
_QUAL_BEFORE_LAST = frozenset(k[-1] for k in _QUAL_BEFORE if k)
_QUAL_AFTER: dict[str, str] = _VOCABULARY["qualifier_after"]

# Weak unit letters count only before one of these words.
# A bare G/T/M is a data size only before a memory word; a bare P is PFLOPS
# only before FLOPS/算力 ("征程6M算力" is a product name, not 6 MB).
# (not a figure of the memory's other kind: "4060Ti 16G 的显存带宽只有 288GB/s", where 16G names the card's edition)
_WEAK_DATA_FOLLOW = rf"(?=\s?B?\s?(?:的)?(?:{_listed('memory_words')})(?!\s?(?:带宽|位宽|频宽|頻寬|頻率|频率)))"
_WEAK_COMPUTE_FOLLOW = r"(?=\s?FLOPS)"
_PER_SECOND_NOUNS: dict[str, str] = _VOCABULARY["per_second_nouns"]


_PER_SECOND_FOLDED = {k.casefold(): v for k, v in _PER_SECOND_NOUNS.items()}


def _per_second_unit(noun: str) -> str:
    """The rate unit of a per-second noun as written, in any case ("个Token").

    >>> _per_second_unit("个Token"), _per_second_unit("张图像")
    ('tokens/s', 'images/s')
    """
    return _PER_SECOND_FOLDED[_unspaced(noun).casefold()]


@lru_cache(maxsize=1)
def _patterns() -> dict[str, Pattern]:
    strong, weak = unit_aliases()
    # Latin aliases must not run on into letters/digits (7nm, 5Gbps vs 5G...), except in
    # glued text: a name in capitals after the unit (288GBHBM3e, 14.4TB/sCX8) or the next
    # number and unit of a flattened row (3.35 TB/s4.8 TB/s, 17ms42ms).
    glued = (r"|(?-i:(?=[A-Z]{2}|[A-Z]\d))"
             r"|(?=\d[\d.,]*\s?(?:[A-Za-z%]|[\u4e00-\u9fff]{1,2}(?:[\s，,;；。]|$)))")

    def alt(aliases: list[str]) -> str:
        # The test applies after an alias that ends in a letter, % or /. It is written once,
        # after the trie and behind a look-back at the alias's last character, rather than at
        # the end of each such alias: the same matches (it is zero-width and looks only ahead
        # of where an alias ends), and re compiles the value pattern in a fifth of the time
        # (re folds the case of each of the tail's classes, the Han range's 20,992 characters
        # too, once per copy: there were 340).
        # the value pattern ignores case; a space may stand where an alias turns script ("GPU 小时")
        trie = alternation([*aliases, *(SCRIPT_TURN.sub(" ", a) for a in aliases)], ignorecase=True)
        return rf"(?:{trie})(?:(?<![A-Za-z%/])|(?![A-Za-z0-9]){glued})"

    strong_alt = alt(list(strong) + list(scaled_units()))
    weak_alt = alt(list(weak))
    weak_data = alt([a for a, u in weak.items() if units()[u].dimension == "data"])
    weak_compute = alt([a for a, u in weak.items() if units()[u].dimension != "data"])
    # a spoken classifier makes a bare G a size of its own ("最多九十六个G划给核显"), no memory word needed
    unit = rf"(?:{strong_alt}|(?<=个)G(?![A-Za-z0-9])|(?:{weak_data}){_WEAK_DATA_FOLLOW}|(?:{weak_compute}){_WEAK_COMPUTE_FOLLOW})"
    num = SCALED_ARABIC
    # Numbers may not continue a name (A100, ResNet-50, v1.5, 2020.1); a Chinese
    # numeral starts where the numeral starts (二十倍, not 十倍), also after a name (超H100二十倍).
    # (a slash only after an alternative that states nothing: "FP8/FP16 算力 无/480 TFLOPS", "—/480")
    lead = r"(?<![A-Za-z0-9_.×^])(?<![^无—\-持]/)(?<![A-Za-z0-9_][-*])"  # fixed-width lookbehinds: re reads them (regex only reads the alternation)
    cn_lead = r"(?<![零〇一二两三四五六七八九十百千万亿点])"
    num_or_cn = rf"(?:{lead}{num}|{cn_lead}{CN_NUMERAL})"
    range_sep = r"\s?(?:-|~|～|至|到|—|–)\s?"
    # "个token" also as "个 token": a space may stand where the noun turns script
    # bare_rate's count nouns, longest first ("tokens" before "token")
    bare_rate_nouns = "|".join(rx.escape(k) for k in sorted(_BARE_RATE_UNIT, key=len, reverse=True))
    per_second_nouns = "|".join(SCRIPT_TURN.sub(r"\\s?", rx.escape(k))
                                for k in sorted(_PER_SECOND_NOUNS, key=len, reverse=True))
    # What can follow a number in a match: a space, a unit or a range separator. Tested
    # first, so a number followed by anything else (年, 个, 款...) is dropped at once
    # instead of after two walks through the unit lists.
    firsts = {c for alias in [*strong, *weak, *scaled_units()] for c in
              (alias[0], alias[0].lower(), alias[0].upper(), alias[0].casefold()[0])}
    follow = "(?=[\\s" + "".join(rx.escape(c) for c in sorted(firsts | set("-~～至到—–+多"))) + "])"
    return {
        # guarded: a number starts with a digit, a point or a Chinese numeral; the lookbehinds in
        # front hide that from re, which tried the pattern at every position (0.073 -> 0.045 s
        # over the 2 MB bench corpus)
        "value": guarded(
            # (a ratio's sign before the separator only when the upper bound has it too: "10%-20%" is a range,
            # "提升约20%至50 PFLOPS" a change and the new figure)
            rf"(?P<num>{num_or_cn}){follow}(?:(?:\s?(?P<unit1>(?![%％倍])(?:{strong_alt}|{weak_alt})"
            rf"|[%％](?={range_sep}[\d.]+\s?[%％])|倍(?={range_sep}[\d.]+\s?倍)))?{range_sep}(?P<num2>{num}|{CN_NUMERAL}))?"
            rf"(?P<plus>\s?\+|个?多)?(?:个(?=[GTP](?![A-Za-z0-9])))?\s?(?!{_han_families()})(?P<unit>{unit})(?![期年气边末然])"  # "2000+ tokens/s", "20多分钟": at least
            # ("192个G的显存": a spoken classifier before a bare G/T/P; "2026 天垓200": 天 opens a name, no day)
            # "8x A100", "3×DGX": a count of systems, not a ratio.
            r"(?<![x×](?=\s?(?-i:[A-Z0-9])))"  # (case kept: "3.6x faster" is a ratio)
            rf"(?<!×(?=\s?(?:{_han_families()})))",  # "8×昇腾910B": a count of a Chinese family's systems
            r"\d.零〇一二两三四五六七八九十百千万亿", rx.IGNORECASE,
        ),
        # the next value of a glued run, right after a unit: no lead (the unit's letters precede it)
        "glued_next": rx.compile(
            # "/epoch19.1小时" (the next cell after a unit's tail), "32GB/64GB" (alternatives, spec 9)
            rf"(?:/[A-Za-z]{{1,8}}|/)?(?P<num>{num})(?:{range_sep}(?P<num2>{num}))?\s?(?P<unit>{unit})(?![期年气边末然])",
            rx.IGNORECASE),
        # "token处理速度推至73.7k/秒": a bare per-second number takes its noun from the words before it
        "bare_rate": rx.compile(rf"(?P<noun>{bare_rate_nouns})[^，。；,;\d]{{0,12}}?{lead}(?P<num>{num})\s?/\s?(?:秒|s)(?![A-Za-z])",
                                   rx.IGNORECASE),
        # "QPS达到5000", "输出TPS为1.2万": a rate named by its unit before a bare number
        "named_rate": rx.compile(
            # (also compute: "RTX 5080的AI TOPS为1801")
            rf"(?<![A-Za-z])(?P<name>TPS|QPS|IPS|FPS|TOPS|TFLOPS|PFLOPS)(?![A-Za-z/])[^，。；,;\d]{{0,6}}?"
            rf"(?:{_listed('rate_copulas')}|[:：])\s?"
            rf"(?:{_listed('rate_qualifiers')})?\s?{lead}(?P<num>{num}(?:万|千)?)"
            rf"(?![\d]|\.\d|\s?[A-Za-z%倍/]|\s?(?:{_listed('rate_not_followed_by')}))"),
        # "单机QPS由4500提升至1.2万": a named rate's change, the old and the new figure bare
        "named_rate_change": rx.compile(
            rf"(?<![A-Za-z])(?P<name>TPS|QPS|IPS)(?![A-Za-z/])[^，。；,;\d]{{0,4}}?(?:由|从)\s?(?P<old>{num}(?:万|千)?)\s?"
            rf"(?:{_listed('rate_change_verbs')})?(?:到|至)了?\s?(?:{_listed('rate_next_qualifiers')})?\s?(?P<num>{num}(?:万|千)?)"
            rf"(?![\d]|\.\d|\s?[A-Za-z%倍/]|\s?(?:{_listed('rate_not_followed_by')}))"),
        # "每秒生成的token数达到1.2万", "每秒处理的图片数量为3000": a per-second count named before its number
        "counted_rate": rx.compile(
            rf"每秒(?:钟)?(?:{_listed('rate_count_verbs')})?(?:的)?\s?(?P<noun>{bare_rate_nouns})\s?(?:{_listed('rate_count_nouns')})"
            rf"[^，。；,;\d]{{0,4}}?(?:{_listed('rate_copulas')}|[:：])\s?"
            rf"(?:{_listed('rate_qualifiers')})?\s?{lead}(?P<num>{num}(?:万|千)?)"
            rf"(?![\d]|\.\d|\s?[A-Za-z%倍/]|\s?(?:{_listed('rate_not_followed_by')}))", rx.IGNORECASE),
        # "token生成速度为每秒100个": the counted noun before, the per-second number and its classifier after
        "rate_noun_before": rx.compile(
            rf"(?P<noun>{bare_rate_nouns})[^，。；,;\d]{{0,8}}?每\s?秒(?:钟)?\s?(?:{_listed('rate_qualifiers')})?\s?"
            rf"{lead}(?P<num>{num}(?:万|千)?)\s?(?:个|张|条)(?![\u4e00-\u9fffA-Za-z])", rx.IGNORECASE),
        "compute_shorthand": rx.compile(
            # (also in ten thousands: "算力规模达到5.3万P")
            # ("FP16算力标称320T左右": a bare T after 算力 is TFLOPS, TOPS for an integer precision)
            # (spoken, a Chinese numeral with its classifier: "算力大概八百个T")
            # (a precision stands for 算力 too: "FP16只有148T")
            rf"(?:(?<=(?:算力|(?<![A-Za-z])(?:FP|BF|INT)\d{{1,2}}|TF32)[^，。；,;]{{0,12}})(?:{lead}(?P<num>(?:{ARABIC})(?:\s?万)?)|{cn_lead}(?P<cn>{CN_NUMERAL})(?=个?[PET](?![A-Za-z0-9])))\s?个?(?P<u>[PET])(?![A-Za-z0-9])"
            rf"|{lead}(?P<num2>(?:{ARABIC})(?:\s?万)?)\s?个?(?P<u2>[PE])(?=\s?(?:的)?(?:AI\s?)?算力))"),
        # "显存32G", "内存为64G": after a memory word a bare G/T/M is a size too (not only before one)
        "memory_shorthand": rx.compile(
            rf"(?<=(?:{_listed('memory_words')})(?:(?!带宽|频宽|速)[^，。；,;\d]){{0,6}})(?:{lead}(?P<num>{ARABIC})|{cn_lead}(?P<cn>{CN_NUMERAL})(?=个?[GT](?![A-Za-z0-9/])))\s?个?(?P<u>[GTM])(?![A-Za-z0-9/])"),
        # "278.8万H800 GPU小时": the GPU-hours of a named chip, its name between the number and the unit
        "named_gpu_hours": rx.compile(
            rf"{lead}(?P<num>{num}(?:万|亿)?)\s?(?P<hw>[A-Z][A-Za-z0-9\-]{{1,10}})\s?(?:GPU\s?小时|GPU\s?[Hh]ours|GPU时|卡时)"),
        # "显存（GB）：80", "带宽(TB/s)：3.35": the unit in brackets in a label, the bare number after its colon
        "labelled_unit": rx.compile(
            rf"[（(]\s?(?P<unit>{strong_alt})\s?[)）]\s?[:：]\s?(?P<num>{ARABIC})(?![\d.]|\s?[A-Za-z%倍])", rx.IGNORECASE),
        # (also a range: "百分之三十八到四十三")
        "percent_cn": rx.compile(rf"百分之(?P<num>{CN_NUMERAL}|{ARABIC})"
                                 rf"(?:\s?(?:到|至|~|～)\s?(?:百分之)?(?P<num2>{CN_NUMERAL}|{ARABIC}))?"),
        # guarded: the optional lower bound in front hid the first characters from re (3.6x faster)
        # (a spoken range without a joiner too: "快了六七成")
        "cheng": guarded(rf"(?:(?P<low>[一二两三四五六七八九]|(?<![\d.])\d(?:\.\d)?)(?:到|至|~|-)|(?P<low2>[一二三四五六七八])(?=[二三四五六七八九]成))?"
                         rf"(?P<num>[一二两三四五六七八九十]|十[一二三四五六七八九]?|{lead}\d(?:\.\d)?|{lead}10)"
                         r"成(?P<half>半)?(?![本为功员立熟果绩交型])", r"\d一二两三四五六七八九十"),
        "doubled_once": rx.compile(r"翻了?一倍"),
        "compound_time": rx.compile(r"(?<![\d.])(?P<big>\d{1,3})\s?(?:(?P<hours>个?小时)\s?(?P<small>[0-5]?\d)\s?分钟?"
                                    r"|分钟?\s?(?P<small2>[0-5]?\d)\s?秒)(?![\d])"),
        "double": rx.compile(rf"翻(?:了)?(?P<n>一|两|三)?番|{_listed('doubling_words')}"),
        "half": rx.compile(rf"(?<![一二三四五六七八九十])一半|{_listed('halving_words')}"),
        # 三分之一, 千分之一, 百分之零点九 is percent_cn: a fraction is a percentage
        "fraction_cn": rx.compile(rf"(?P<den>{CN_NUMERAL}|{ARABIC})分之(?P<num>{CN_NUMERAL}|{ARABIC})"),
        # "仅为A的 1/5": a bare fraction after 的/为/是 (no unit after it: 16/32GB are alternatives)
        "fraction": rx.compile(r"(?<=(?:的|为|是|到|至|仅|约)\s?)(?P<num>\d+)\s?/\s?(?P<den>\d+)(?![\d./]|\s?[A-Za-z%\u4e00-\u9fff]*?(?:倍|%))"),
        # "16/32GB", "123/220/262 瓦特": alternatives with a slash, one value each (spec section 9)
        # (not a count before a name: "8×Gaudi 3 / 8×H100 SXM" lists systems)
        "alternatives": rx.compile(rf"{lead}(?P<nums>(?:{ARABIC})(?:\s?/\s?(?:{ARABIC}))+)\s?(?P<unit>{unit})(?![期年气边末然])"
                                   r"(?<![×xX*](?=\s?[A-Za-z]))",
                                      rx.IGNORECASE),
        # "105 INT8 稀疏 TOPs", "5.3 FP32 TFLOPs": a precision or sparsity between the number and the unit
        "compute_precision": rx.compile(
            rf"(?<![A-Za-z0-9_.\/×*^]|[A-Za-z0-9]-)(?P<num>{ARABIC})\s?(?P<mid>(?:(?:INT|FP)\d{{1,2}}|BF16|TF32|稀疏|密集|sparse|dense|AI)"
            rf"(?:\s?(?:(?:INT|FP)\d{{1,2}}|BF16|TF32|稀疏|密集|sparse|dense|AI))*)\s?(?P<unit>[GTPE]FLOPs?|[TP]OPs?)(?![A-Za-z])",
            rx.IGNORECASE),
        # "每秒700GB", "每秒频宽可望超过1.5TB": a data size per second is a bandwidth
        "per_second_data": rx.compile(
            rf"每\s?秒(?:钟)?(?P<gap>[^\d，。；,;!?！？]{{0,10}}?){lead}(?P<num>{ARABIC})\s?(?P<unit>[KMGTP]B|[KMGTP]iB|千兆字节|太字节|吉字节)(?![A-Za-z/])"
            rf"|{lead}(?P<num2>{ARABIC})\s?(?P<unit2>[KMGTP]B)(?:的(?:带宽|频宽))?\s?每\s?秒"),
        # "半分钟", "一个半小时", "3个半小时": halves of a time unit
        # (also a half after the unit: "一秒半", "两个小时半")
        "half_time": rx.compile(rf"(?P<num>(?<![\d.])\d{{1,3}}|[一二两三四五六七八九十]?)个?半(?P<unit>{_listed('half_time_units')})"
                                rf"|(?P<num_b>(?<![\d.])\d{{1,3}}|[一二两三四五六七八九十])(?P<unit_b>{_listed('half_time_units')})半(?![年月导])"),
        "per_second": rx.compile(
            rf"(?:每\s?秒(?:钟)?|/s|/秒)(?P<gap>[^\d，。；,;!?！？]{{0,12}}?)(?P<num>{num_or_cn})"
            rf"(?:\s?(?:-|~|～|至|到)\s?(?P<num2>{num}|{CN_NUMERAL}))?"
            rf"\s?(?P<noun>{per_second_nouns})(?![的]?(?:操作|运算|浮点|整数|计算)|节)",  # 每秒一万亿次运算: OPS, a definition; 字节: bytes
            rx.IGNORECASE,
        ),
        "per_second_more": rx.compile(
            rf"\s?(?:{_listed('rate_joiners')}|(?:{_listed('rate_change_verbs')})?(?:到|至)了?)\s?(?:{_listed('rate_next_qualifiers')})?"
            rf"(?P<num>{num})\s?(?P<noun>{per_second_nouns})", rx.IGNORECASE),
        "bare_count": rx.compile(
            rf"{lead}(?P<num>{num})\s?(?P<noun>张图像|张图片|张|个token|tokens?)(?![/\u4e00-\u9fff]{{0,1}}(?:卡|GPU|芯片))(?![\u4e00-\u9fff]{{0,2}}\s?/)",
            rx.IGNORECASE),
        "qual_before": rx.compile(
            "(?:" + "|".join(sorted((rx.escape(k) for k in _QUAL_BEFORE if k), key=len, reverse=True)) + r")\s?$"
        ),
        "qual_after": rx.compile("^(?:" + "|".join(rx.escape(k) for k in _QUAL_AFTER) + ")"),
        # "从80GB", "从6月的311.94分钟", "从H100的80GB": 从 opens the clause part
        "from_to": rx.compile(r"(?:从|由)[^，。；,;从由]{0,14}$"),  # ("从 launch 时候的 1,800 tokens/s")
    }


def _qualifier(text: str, start: int, end: int) -> str:
    """The qualifier of the value at ``text[start:end]`` (spec section 2):
    a word before it, a word after it, or an approximation inside it.

    >>> [_qualifier(t, t.index("5"), t.index("倍") + 1) for t in ("约为5倍", "低至5倍", "接近5倍", "不超过5倍", "5倍以上", "5倍")]
    ['approx', 'up_to', 'approx', 'up_to', 'at_least', '']
    >>> _qualifier("约为A100的3倍", 7, 9), _qualifier("接近前代的2倍", 5, 7)
    ('approx', 'approx')
    >>> _qualifier("功耗最低仅15瓦", 5, 8)
    'up_to'
    >>> _qualifier("十多倍", 0, 3), _qualifier("500余万张", 0, 5)
    ('at_least', 'at_least')
    """
    pats = _patterns()
    if "的" in text[max(0, start - 3):start] and _APPROX_OF.search(text, max(0, start - 24), start):
        return "approx"  # "约为A100的3倍": the qualifier opens the comparison
    if _APPROX.search(text, start, end) and (tail := rx.search(r"[\d十百千万亿]([多余几来])", text[start:end])):
        return "approx" if tail.group(1) == "来" else "at_least"  # 十多万, 500余万, 十几倍: more than written; 二十来: about
    window = text[max(0, start - 5):start]
    # every qualifier before a number ends with one of these characters (a space may follow)
    before = pats["qual_before"].search(window) if _QUAL_BEFORE_LAST.intersection(window) else None
    if before and not _QUAL_BEFORE.get(before.group().strip()):
        # "最低仅15瓦", "约只有3倍": 仅/只有 sit between the qualifier and the number
        shorter = text[max(0, start - 5 - len(before.group())):start - len(before.group())]
        before = pats["qual_before"].search(shorter) if _QUAL_BEFORE_LAST.intersection(shorter) else before
    if before and _QUAL_BEFORE.get(before.group().strip()):
        return _QUAL_BEFORE[before.group().strip()]
    after = pats["qual_after"].match(text[end:end + 2])
    return _QUAL_AFTER[after.group()] if after else ""


def scale(value: float, factor: float) -> float:
    """``value`` in a unit ``factor`` times smaller, without binary noise in the last digits.

    >>> 3.6 * 0.001, scale(3.6, 0.001)
    (0.0036000000000000003, 0.0036)
    """
    return value if factor == 1.0 else float(f"{value * factor:.12g}")


_COUNTED_AFTER_W = frozenset("张个条次帧台块人")
# "14:07 周岳": the minutes of a clock time (a live page's timestamp), whatever follows them
_CLOCK_BEFORE = rx.compile(r"(?<![\dA-Za-z.:：])(?:[01]?\d|2[0-3])[:：]$")
# "第 2 分钟到第 12 分钟": an ordinal names a point in time, no quantity
_ORDINAL_BEFORE = rx.compile(r"第\s?$")
# "4090二手1.3w左右", "1.2w能收到吗": forum shorthand for 万 in a price, not watts
_PRICE_AROUND_W = rx.compile(_listed("price_words_near_w"))
# "由90日缩短至12日": 日 is a day only after a duration word; elsewhere a date ("3月12日", "12日，华为发布")
_AFTER_RI_NOT_DAYS = frozenset("元圆圓币幣本语語文韩韓经經报報产產式")  # 日元 (yen), 日本, 日报...
_DURATION_BEFORE_RI = rx.compile(rf"(?:{_listed('duration_words_before_ri')})\s?$")
# "1.8T/s" in a clause about bandwidth: terabytes per second, not tokens
_BANDWIDTH_BEFORE = rx.compile(r"(?:带宽|頻寬|频宽)[^。；;\n]{0,12}$")


def _unit_mention(text: str, m: Match) -> ValueMention | None:
    """The mention of a ``number + unit`` match (the value and glued_next patterns), or None."""
    num, unit_text, num2 = m.group("num", "unit", "num2")
    value = parse_number(num)
    factor = 1.0
    scaled = _scaled(unit_text)
    if scaled is not None:
        unit, factor = scaled
    else:
        unit = canonical_unit(unit_text)
    if unit is None or value is None:
        return None
    if unit_text.strip() == "日" and (not _DURATION_BEFORE_RI.search(text, max(0, m.start() - 6), m.start())
                                      or text[m.end():m.end() + 1] in _AFTER_RI_NOT_DAYS):
        return None
    if unit in ("W", "kW", "MW") and text[m.end():m.end() + 1] in ("时", "h"):
        return None  # 千瓦时 / kWh is energy, not power
    if unit_text == "w" and text[m.end():m.end() + 1] in _COUNTED_AFTER_W:
        return None  # "3w张图片": forum shorthand for 3万 before a count, not 3 watts
    if unit_text == "w" and (_PRICE_AROUND_W.search(text, max(0, m.start() - 8), m.start())
                             or _PRICE_AROUND_W.search(text, m.end(), m.end() + 6)):
        return None  # "4090二手1.3w左右", "1.2w能收到吗": a price in 万
    start = m.start("num")
    if _ORDINAL_BEFORE.search(text, max(0, start - 2), start) or (
            len(num) == 2 and num.isdigit() and _CLOCK_BEFORE.search(text, max(0, start - 4), start)):
        return None  # "第2分钟": a point in time; "14:07 周岳": a timestamp's minutes
    if len(unit_text.strip()) == 1 and unit_text.strip().isascii() and unit_text.strip().isalpha() \
            and text[m.start("unit") - 1:m.start("unit")].isspace() and rx.match(r"[A-Za-z]", text[m.end():m.end() + 1]):
        return None  # "ROCm 6.4 + WSL2": a word that starts with a unit's letter, after a space
    if unit_text.strip() == "T/s" and value < 20 and _BANDWIDTH_BEFORE.search(text, max(0, start - 16), start):
        unit = "TB/s"  # "这带宽是真的猛，1.8T/s" (a memory's terabytes; tokens at that rate would be no boast)
    if unit_text.strip() in ("S", "H"):
        return None  # iPhone 4S, 1H架构: a capital S or H after a digit is a name, not seconds or hours
    if units()[unit].dimension == "data" and rx.search(r"[KMGT]b$", unit_text.strip()):
        return None  # 100Gb以太网: bits, not bytes (a link speed or a chip density)
    value = scale(value, factor)
    value_max = None
    if num2:
        value_max = parse_number(num2)
        value_max = scale(value_max, factor) if value_max is not None else None
        if value_max is not None and value_max < value:
            value, value_max = value_max, value
    s, e = m.start("num"), m.end()
    if unit in ("TOPS", "POPS") and "次" in unit_text and (
            rx.match(r"[^，。；,;]{0,10}(?:浮点|FP\d|BF16|TF32)", text[e:e + 14])
            or rx.search(r"(?:浮点|FP\d\d|双精度|单精度|半精度)[^，。；,;]{0,14}$", text[max(0, s - 24):s])):
        unit = {"TOPS": "TFLOPS", "POPS": "PFLOPS"}[unit]  # 256万亿次半精度浮点运算, 151.9千万亿次的FP64性能
    first = num[0]
    chinese = not (first.isdecimal() or first == ".")  # not [\d.]
    if unit == "x" and text[e:e + 1] == "半" and unit_text.strip() == "倍" and value_max is None:
        value, e = value + 0.5, e + 1  # 一倍半 = 1.5 x, 两倍半 = 2.5 x
    if unit in ("x", "%") and s > 0 and (text[s - 1] == "负" or (
            text[s - 1] in "-−" and (s == 1 or text[s - 2] in " \t\n(（|:：,，"))):
        value, value_max = -value, (-value_max if value_max is not None else None)  # 负40%, "| -22.2% |"
        s -= 1
    qualifier = _qualifier(text, s, e) or ("at_least" if m.groupdict().get("plus") else "")
    return ValueMention(s, e, value, unit, text[s:e], value_max=value_max, qualifier=qualifier, chinese=chinese)


_BARE_RATE_UNIT: dict[str, str] = _VOCABULARY["bare_rate_units"]
# a data unit per second: the bandwidth unit and the factor into it
_DATA_PER_SECOND = {"KB": ("GB/s", 1e-6), "MB": ("GB/s", 0.001), "GB": ("GB/s", 1.0), "TB": ("TB/s", 1.0),
                    "PB": ("TB/s", 1000.0), "GIB": ("GB/s", 1.073741824), "TIB": ("TB/s", 1.099511627776),
                    "千兆字节": ("GB/s", 1.0), "吉字节": ("GB/s", 1.0), "太字节": ("TB/s", 1.0)}  # ("每秒36千兆字节")
_GLUED_MEMORY = guarded(r"(?<![A-Za-z])(?:HBM|GDDR|LPDDR|DDR)\d[eEX]?(?=\d)", "HGLD")  # (asked of every sentence)
# "MXFP42 PFLOPS", "HIF81 PFLOPS": a flattened spec row glues the number format to its figure; the
# format is blanked like a glued memory type (longest width first: "FP161" is FP16 and 1)
_GLUED_PRECISION = guarded(r"(?<![A-Za-z])(?:MX)?(?:FP|HIF|BF|TF|INT)(?:64|32|16|8|6|4)"
                           r"(?=\d+(?:\.\d+)?\s?[KGTPE]?(?:FLOPS|OPS)(?![A-Za-z]))", "MFHBTI", rx.IGNORECASE)
# "01:18 GB300 NVL72整机柜": a superchip's name after a number is no unit ("80GB200GB", glued figures, keeps its units)
_SUPERCHIP = rx.compile(r"(?<=\d\s?)G[BH]\d{3}(?![\d.])(?!\s?[GTMK]B)")
# What every match of two slow patterns (regex's, for their variable-width look-backs) holds, looked
# for first: compute_precision has a precision word right before its unit ("105 INT8 TOPs"), and
# compute_shorthand a number right before its P or E ("10P"). Most sentences have neither.
_PRECISION_BEFORE_UNIT = guarded(r"(?:(?:INT|FP)\d{1,2}|BF16|TF32|稀疏|密集|sparse|dense|AI)\s?(?:[GTPE]FLOP|[TP]OP)",
                                 "IFBTSDA稀密", rx.IGNORECASE)  # (also "780 AI TOPS")
_PRECISION_WORD = rx.compile(r"(?<![A-Za-z])(?:FP|BF|INT)\d{1,2}|TF32")
_DIGIT_THEN_PE = rx.compile(r"\d\s?万?个?[PET]|个[PET]|[一二两三四五六七八九十百千][PET](?![A-Za-z0-9])")  # ("148个T", "八百个T": spoken)
_DIGIT_THEN_GTM = rx.compile(r"(?:\d\s?|个|[一二两三四五六七八九十百])[GTM](?![A-Za-z0-9/])|\d\s?个[GTM](?![A-Za-z0-9/])")  # (memory_shorthand's: "32G", not "32GB")
_NUMERALISH = rx.compile(r"[\d零〇一二两三四五六七八九十百千万亿半翻倍]")


@lru_cache(maxsize=1)
def _han_families() -> str:
    """The hardware families and names written in Chinese characters, as one alternation."""
    hardware = lexicons.hardware()
    names = {w for w in [*hardware["families"], *hardware["standalone"]] if rx.match(r"[\u4e00-\u9fff]", w)}
    return "|".join(rx.escape(w) for w in sorted(names, key=len, reverse=True))


_BARE_DENOMINATORS = {"百": 100.0, "千": 1000.0}  # "千分之一": a bare scale word is a figure in a fraction


_LEADING_NUMERAL = rx.compile(rf"[约近超逾]?{CN_NUMERAL}")


def numeral_end(v: "ValueMention") -> int:
    """Where a Chinese numeral's digits end and its unit begins ("零点零八秒" → before 秒): the tokenizer
    may glue the unit to the next word ("秒左右"), so the numeral's own end is the edge to ask about.

    >>> v = find_values("延迟是零点零八秒左右")[0]
    >>> v.raw, numeral_end(v) - v.start
    ('零点零八秒', 4)
    """
    m = _LEADING_NUMERAL.match(v.raw)
    return v.start + m.end() if m else v.end


def find_values(text: str) -> list[ValueMention]:
    """All ``number + unit`` mentions in ``text`` (normalised), left to right.

    >>> [(v.value, v.unit) for v in find_values("吞吐量提升2.6倍，时延缩短16倍")]
    [(2.6, 'x'), (16.0, 'x')]
    >>> [(v.value, v.unit, v.value_max) for v in find_values("提升2-3倍")]
    [(2.0, 'x', 3.0)]
    >>> [(v.value, v.unit) for v in find_values("提供4 petaFLOPS的AI算力，384G内存")]
    [(4.0, 'PFLOPS'), (384.0, 'GB')]
    >>> [(v.value, v.unit) for v in find_values("4100万亿次每秒，训练需要20.7个小时")]
    [(4100.0, 'TOPS'), (20.7, 'h')]
    >>> [(v.value, v.unit) for v in find_values("每秒能处理 3480 张图像")]
    [(3480.0, 'images/s')]
    >>> [(v.value, v.unit) for v in find_values("性能翻番，成本降低三成，功耗减少一半")]
    [(2.0, 'x'), (30.0, '%'), (50.0, '%')]
    >>> [(v.value, v.unit) for v in find_values("A100、H100和ResNet-50在2020年，7nm，5G网络")]
    []
    >>> [(v.value, v.unit) for v in find_values("快六倍，百分之二十")]
    [(6.0, 'x'), (20.0, '%')]
    >>> [(v.value, v.unit) for v in find_values("吞吐再翻一倍，显存提升一倍")]
    [(2.0, 'x'), (1.0, 'x')]
    >>> [(v.value, v.unit) for v in find_values("01:18 GB300 NVL72整机柜：HBM总容量约20TB")]
    [(20.0, 'TB')]
    >>> [(v.value, v.unit) for v in find_values("用了大约2小时40分钟，只要1分30秒")]
    [(160.0, 'min'), (90.0, 's')]
    """
    if _NUMERALISH.search(text) is None:
        return []  # every pattern below needs a digit, a Chinese numeral, 半, 翻 or 倍
    if _GLUED_MEMORY.search(text):
        # "80 GB HBM3141 GB HBM3e": a memory type glued to the next figure of a flattened row;
        # blanked out (same length, same offsets) so that the figure starts a number
        text = _GLUED_MEMORY.sub(lambda m: " " * len(m.group()), text)
    if _GLUED_PRECISION.search(text):
        text = _GLUED_PRECISION.sub(lambda m: " " * len(m.group()), text)
    if "G" in text and _SUPERCHIP.search(text):
        text = _SUPERCHIP.sub(lambda m: " " * len(m.group()), text)
    pats = _patterns()
    found: list[ValueMention] = []
    # spans found so far, disjoint and sorted by start: an overlap test looks at two neighbours
    # only, so a line of thousands of figures costs n log n, not n squared
    starts: list[int] = []
    ends: list[int] = []

    def add(m: ValueMention) -> None:
        at = bisect.bisect_left(starts, m.start)
        if (at > 0 and ends[at - 1] > m.start) or (at < len(starts) and starts[at] < m.end):
            return  # overlaps a value found before
        starts.insert(at, m.start)
        ends.insert(at, m.end)
        found.append(m)

    def drop(m: ValueMention) -> None:
        at = starts.index(m.start)
        del starts[at], ends[at]
        found.remove(m)

    # Each secondary pattern needs a literal its matches always contain: the
    # substring test skips the scan of most sentences (same matches).
    per_second = pats["per_second"].finditer(text) if "秒" in text or "/s" in text or "/S" in text else ()
    for m in per_second:
        value = parse_number(m.group("num"))
        if value is None:
            continue
        s, e = m.start("num"), m.end("noun")
        unit = _per_second_unit(m.group("noun"))
        top = parse_number(m.group("num2")) if m.group("num2") else None
        if top is not None and top < value:
            value, top = top, value  # a range is ordered ("每秒token数提升1-0帧" is 0 to 1)
        if unit == "queries/s" and value >= 1e12 and "亿" in m.group("num") and m.group("noun").strip() == "次":
            # "每秒一百亿亿次", "每秒千万亿次": operations, not requests (spec 4: 万亿次每秒 = TOPS)
            ops = 1e15 if value >= 1e15 else 1e12
            value, unit, top = value / ops, "POPS" if ops == 1e15 else "TOPS", top / ops if top else None
        add(ValueMention(s, e, value, unit, text[s:e], value_max=top, qualifier=_qualifier(text, s, e),
                         kind="per_second", chinese=not rx.match(r"\d", m.group("num"))))
        # "每秒20个token和22个token": the rate carries over to a coordinated number
        for more in pats["per_second_more"].finditer(text, e):
            if more.start() != e:
                break
            s2, e2 = more.start("num"), more.end("noun")
            v2 = parse_number(more.group("num"))
            if v2 is not None:
                add(ValueMention(s2, e2, v2, _per_second_unit(more.group("noun")), text[s2:e2],
                                 qualifier=_qualifier(text, s2, e2), kind="per_second"))
            e = e2
    if found:  # rates were found (they are all that is found so far)
        # "每秒能处理1.2万张图像，DGX A100则约为2.5万张": a later bare count of the same noun is the same rate
        first = min(f.start for f in found if f.kind == "per_second")
        for m in pats["bare_count"].finditer(text, first):
            value = parse_number(m.group("num"))
            unit = _per_second_unit(m.group("noun"))
            if value is not None and any(f.unit == unit for f in found if f.kind == "per_second"):
                s, e = m.start("num"), m.end("noun")
                add(ValueMention(s, e, value, unit, text[s:e], qualifier=_qualifier(text, s, e), kind="per_second"))
    # "2小时40分钟" is 160 min, "1分30秒" 90 s: one duration written in two units
    for m in pats["compound_time"].finditer(text) if ("小时" in text or "分" in text) else ():
        value = float(m.group("big")) * 60 + float(m.group("small") or m.group("small2"))
        add(ValueMention(m.start(), m.end(), value, "min" if m.group("hours") else "s", m.group(),
                         qualifier=_qualifier(text, m.start(), m.end())))
    # "翻一倍", "翻了一倍": doubled (2 x), read before 一倍 alone is (spec 5: "提升一倍" is 1 x)
    for m in pats["doubled_once"].finditer(text) if "翻" in text else ():
        add(ValueMention(m.start(), m.end(), 2.0, "x", m.group(), chinese=True,
                         qualifier=_qualifier(text, m.start(), m.end())))
    for m in pats["named_rate"].finditer(text) if "PS" in text else ():
        value, unit = parse_number(m.group("num")), unit_for(m.group("name"))
        if value is not None and unit is not None:
            s, e = m.start("num"), m.end("num")
            add(ValueMention(s, e, value, unit, text[s:e], qualifier=_qualifier(text, s, e)))
    for m in pats["named_rate_change"].finditer(text) if "PS" in text else ():
        value, old, unit = parse_number(m.group("num")), parse_number(m.group("old")), unit_for(m.group("name"))
        if value is not None and old is not None and unit is not None:
            s, e = m.start("num"), m.end("num")
            add(ValueMention(s, e, value, unit, text[s:e], qualifier=_qualifier(text, s, e), kind="from_to",
                             old_value=old, old_unit=unit))
    # rates whose counted noun stands before the number: (pattern, a literal every match holds, whether
    # the value's span runs to the match's end: "73.7k/秒", "每秒100个" keep their tail)
    for key, literal, to_end in (("bare_rate", "/", True), ("counted_rate", "秒", False), ("rate_noun_before", "秒", True)):
        for m in pats[key].finditer(text) if literal in text else ():
            value, unit = parse_number(m.group("num")), _BARE_RATE_UNIT.get(m.group("noun").casefold())
            if value is not None and unit is not None:
                s, e = m.start("num"), (m.end() if to_end else m.end("num"))
                add(ValueMention(s, e, value, unit, text[s:e], qualifier=_qualifier(text, s, e)))
    for m in pats["named_gpu_hours"].finditer(text) if "GPU" in text or "卡时" in text else ():
        value = parse_number(m.group("num"))
        if value is not None:
            s, e = m.start("num"), m.end("num")  # (the chip's name stays outside: it is the figure's system)
            add(ValueMention(s, e, value, "h", text[s:e], qualifier=_qualifier(text, s, m.end())))
    for m in pats["per_second_data"].finditer(text) if "秒" in text else ():
        num, unit_text = (m.group("num"), m.group("unit")) if m.group("num") else (m.group("num2"), m.group("unit2"))
        value, unit = parse_number(num), _DATA_PER_SECOND.get(unit_text.upper())
        if value is not None and unit is not None:
            s, e = (m.start("num"), m.end("unit")) if m.group("num") else (m.start("num2"), m.end())
            add(ValueMention(s, e, value * unit[1], unit[0], text[s:e], qualifier=_qualifier(text, s, e)))
    if any(f.dimension == "bandwidth" and f.raw[-1:] == "B" for f in found):
        # "每秒700GB，高于A的400GB": later bare sizes of the sentence are the same rate
        first = min(f.start for f in found if f.dimension == "bandwidth")
        for m in pats["value"].finditer(text, first):
            w = _unit_mention(text, m)
            if w is not None and w.dimension == "data" and w.unit in ("GB", "TB", "MB") \
                    and not _CAPACITY_WORD.search(text[max(0, w.start - 8):w.start]):
                add(ValueMention(w.start, w.end, w.value, w.unit + "/s" if w.unit != "MB" else "GB/s", w.raw,
                                 w.value_max, w.qualifier))
    for m in pats["alternatives"].finditer(text) if "/" in text else ():
        parts = [(p.start() + m.start("nums"), p.end() + m.start("nums"), p.group())
                 for p in rx.finditer(ARABIC, m.group("nums"))]
        unit_text = m.group("unit")
        scaled = _scaled(unit_text)
        unit, factor = scaled if scaled is not None else (canonical_unit(unit_text), 1.0)
        if unit is None or unit in ("x", "%") and len(parts) > 3:
            continue
        for s, e, num in parts:
            value = parse_number(num)
            if value is not None:
                add(ValueMention(s, e if e != parts[-1][1] else m.end(), scale(value, factor), unit, text[s:e],
                                 qualifier=_qualifier(text, parts[0][0], m.end())))
    for m in pats["compute_precision"].finditer(text) if "OP" in text.upper() and _PRECISION_BEFORE_UNIT.search(text) else ():
        value, unit = parse_number(m.group("num")), canonical_unit(m.group("unit").upper().replace("FLOP", "FLOP"))
        unit = unit or canonical_unit(m.group("unit").upper() + ("S" if not m.group("unit").upper().endswith("S") else ""))
        if value is not None and unit is not None:
            add(ValueMention(m.start("num"), m.end(), value, unit, m.group(), qualifier=_qualifier(text, m.start(), m.end())))
    walked = 0  # how far a run of glued values has been read already (each run is read once)
    # A glued run ("1倍1倍…") reads each next value with glued_next, then the loop meets it again
    # as a value match: what _unit_mention depends on is the key, so it is worked out once.
    mentions: dict[tuple, ValueMention | None] = {}

    def mention(m: Match) -> ValueMention | None:
        key = (m.start("num"), m.end(), m.group("num", "unit", "num2"), m.groupdict().get("plus"))
        if key not in mentions:
            mentions[key] = _unit_mention(text, m)
        return mentions[key]

    for m in pats["value"].finditer(text):
        v = mention(m)
        if v is None:
            continue
        add(v)
        # a flattened row glues the next value to this one's unit ("3.35 TB/s4.8 TB/s", "8.3小时/epoch19.1小时")
        at = m.end()
        if at < walked:
            continue
        while at < len(text) and (text[at].isdigit() or text[at] == "/"):
            nxt = pats["glued_next"].match(text, at)
            w = mention(nxt) if nxt is not None else None
            if w is None:
                break
            add(w)
            at = nxt.end()
        walked = at
    # both alternatives need 算力 (before or after the number)
    shorthand = pats["compute_shorthand"].finditer(text) if ("算力" in text or _PRECISION_WORD.search(text)) \
        and _DIGIT_THEN_PE.search(text) else ()
    for m in shorthand:
        # "算力从10P提升到100P", "300P算力": next to 算力, a bare P/E is PFLOPS/EFLOPS
        value = parse_number(m.group("num") or m.group("cn") or m.group("num2"))
        if value is not None:
            unit = {"P": "PFLOPS", "E": "EFLOPS", "T": "TFLOPS"}[(m.group("u") or m.group("u2")).upper()]
            if unit == "TFLOPS" and rx.search(r"INT\d|整数", text[max(0, m.start() - 16):m.start()]):
                unit = "TOPS"  # "INT8算力256T"
            add(ValueMention(m.start(), m.end(), value, unit, m.group(), qualifier=_qualifier(text, m.start(), m.end())))
    for m in pats["memory_shorthand"].finditer(text) if _DIGIT_THEN_GTM.search(text) else ():
        value = parse_number(m.group("num") or m.group("cn"))
        if value is not None:
            unit = m.group("u") + "B"  # GB, TB, MB: canonical spellings
            add(ValueMention(m.start(), m.end(), value, unit, m.group(), qualifier=_qualifier(text, m.start(), m.end())))
    for m in pats["labelled_unit"].finditer(text) if ")" in text or "）" in text else ():
        value, unit, factor = parse_number(m.group("num")), canonical_unit(m.group("unit")), 1.0
        if unit is None:
            unit, factor = _scaled(m.group("unit")) or (None, 1.0)  # "延迟(μs)：800" is 0.8 ms
        if value is not None and unit is not None:
            s, e = m.start("num"), m.end("num")
            add(ValueMention(s, e, value * factor, unit, text[s:e], qualifier=_qualifier(text, s, e)))
    for m in pats["percent_cn"].finditer(text) if "百分之" in text else ():
        value = parse_number(m.group("num"))
        top = parse_number(m.group("num2")) if m.group("num2") else None
        if value is not None:
            low, high = (value, top) if top is None or top >= value else (top, value)
            add(ValueMention(m.start(), m.end(), low, "%", m.group(), value_max=high,
                             qualifier=_qualifier(text, m.start(), m.end()), chinese=True))
    for m in pats["cheng"].finditer(text) if "成" in text else ():
        value = parse_number(m.group("num"))
        low = parse_number(m.group("low") or m.group("low2")) if m.group("low") or m.group("low2") else None
        if value is not None:
            value += 0.5 if m.group("half") else 0  # 三成半 = 35 %
            # "四到五成": a range gives its lower bound
            first, top = (low * 10, value * 10) if low is not None else (value * 10, None)
            if top is not None and top < first:
                first, top = top, first  # 三到二成: the bounds in order, as the other ranges
            add(ValueMention(m.start(), m.end(), first, "%", m.group(), value_max=top,
                             qualifier=_qualifier(text, m.start(), m.end()), chinese=not m.group("num")[0].isdigit()))
    for m in pats["fraction_cn"].finditer(text) if "分之" in text else ():
        den, num = _BARE_DENOMINATORS.get(m.group("den")) or parse_number(m.group("den")), parse_number(m.group("num"))
        if den and num is not None and not m.group().startswith("百分之"):
            # X分之Y is a numeral no word contains: no token-boundary check (chinese=False)
            add(ValueMention(m.start(), m.end(), round(num / den * 100, 10), "%", m.group(),
                             qualifier=_qualifier(text, m.start(), m.end())))
    for m in pats["fraction"].finditer(text) if "/" in text else ():
        den, num = float(m.group("den")), float(m.group("num"))
        if den and num < den:
            add(ValueMention(m.start(), m.end(), round(num / den * 100, 10), "%", m.group(),
                             qualifier=_qualifier(text, m.start(), m.end())))
    for m in pats["double"].finditer(text) if "翻" in text or "倍" in text else ():
        times = {"一": 2, None: 2, "两": 4, "三": 8}[m.group("n")]
        add(ValueMention(m.start(), m.end(), float(times), "x", m.group(), chinese=True,
                         qualifier=_qualifier(text, m.start(), m.end())))
    halves = "半" in text
    for m in pats["half_time"].finditer(text) if halves else ():
        num = m.group("num") if m.group("unit") else m.group("num_b")
        whole = (float(num) if num.isdigit() else parse_chinese_numeral(num)) if num else 0.0
        unit = canonical_unit(m.group("unit") or m.group("unit_b"))
        if m.group("unit_b") and whole is not None and unit is not None:
            # "一秒半": the main scan read "一秒"; the half after the unit belongs to it
            for old in [v for v in found if v.start == m.start() and v.end == m.end() - 1]:
                drop(old)
        if whole is not None and unit is not None:
            add(ValueMention(m.start(), m.end(), whole + 0.5, unit, m.group(),
                             qualifier=_qualifier(text, m.start(), m.end()), chinese=True))
    for m in pats["half"].finditer(text) if halves else ():
        add(ValueMention(m.start(), m.end(), 50.0, "%", m.group(), chinese=True,
                         qualifier=_qualifier(text, m.start(), m.end())))
    if "瓦" in text:
        found = _per_watt(text, found)
    if "分别" in text or "vs" in text or "VS" in text:
        found = _shared_units(text, found)
    if len(found) < 2 and not (found and found[0].value_max is not None):
        return _link_bare_old(text, found)  # nothing to order or to link (a range may be a change: "从80GB到141GB")
    found.sort(key=lambda v: v.start)
    return _link_from_to(text, _between(text, _drop_restated(text, found)))


_CAPACITY_WORD = rx.compile(_listed("capacity_words"))
_PER_WATT = rx.compile(r"每\s?瓦(?:特)?[^，。；,;\d]{0,6}$")
_PER_WATT_UNIT = {"GFLOPS": "GFLOPS/W", "TFLOPS": "TFLOPS/W", "TOPS": "TOPS/W"}


def _per_watt(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """'每瓦提供60 GFLOPS算力': compute per watt is an efficiency (GFLOPS/W).

    >>> [(v.value, v.unit) for v in find_values("每瓦提供60 GFLOPS算力，峰值算力2 TFLOPS")]
    [(60.0, 'GFLOPS/W'), (2.0, 'TFLOPS')]
    """
    return [v._replace(unit=_PER_WATT_UNIT[v.unit]) if v.unit in _PER_WATT_UNIT
            and _PER_WATT.search(text, max(0, v.start - 10), v.start) else v for v in found]


_BETWEEN_JOIN = rx.compile(r"\s?(?:与|和|到|至|及)\s?")
_BETWEEN_END = rx.compile(r"\s?之间")


_BARE_BEFORE = rx.compile(r"(?<![A-Za-z0-9.\-])(\d+(?:\.\d+)?)\s?(?:与|和|及|、|,|，)\s?$")
_LEADING_NUMBER = rx.compile(r"\d+(?:\.\d+)?")


def _shared_units(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """'分别以70.91与69.10 GFLOPS/W', '功耗分别为120和215 W': after 分别, the bare numbers joined to a figure
    share its unit (and its scale); so does the bare side of a versus ("算力 989 vs 312 TFLOPS").

    >>> [(v.value, v.unit) for v in find_values("两者的功耗分别为120和215 W")]
    [(120.0, 'W'), (215.0, 'W')]
    >>> [(v.value, v.unit) for v in find_values("吞吐分别约为3150、1480、1020 tokens/s；算力 989 vs 312 TFLOPS")]
    [(3150.0, 'tokens/s'), (1480.0, 'tokens/s'), (1020.0, 'tokens/s'), (989.0, 'TFLOPS'), (312.0, 'TFLOPS')]
    """
    out = list(found)
    for v in found:
        written = _LEADING_NUMBER.match(v.raw)
        own = parse_number(written.group()) if written else None
        if not own:
            continue
        at = text.find("分别", max(0, v.start - 60), v.start)
        pos = v.start
        while True:  # "3150、1480、1020 tokens/s": each bare number of the list, back from the figure
            bare = (_BARE_BEFORE.search(text, at, pos) if at >= 0 else None) or _VERSUS_BEFORE.search(
                text, max(0, pos - 12), pos)
            if bare is None or any(w.start < bare.end(1) and bare.start(1) < w.end for w in out):
                break
            number = parse_number(bare.group(1))
            if number is None:
                break
            out.append(ValueMention(bare.start(1), bare.end(1), scale(number, v.value / own), v.unit, bare.group(1),
                                    qualifier=_qualifier(text, bare.start(1), bare.end(1))))
            pos = bare.start(1)
    return sorted(out, key=lambda v: v.start)


_VERSUS_BEFORE = rx.compile(r"(?<![A-Za-z0-9.\-])(\d+(?:\.\d+)?)\s?(?:vs\.?|VS\.?)\s?$")


def _between(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """'在2倍和3倍之间', '介于10%与20%之间': one range, its lower bound the value.

    >>> [(v.value, v.unit, v.value_max) for v in find_values("提升在2倍和3倍之间，功耗介于300W与350W之间")]
    [(2.0, 'x', 3.0), (300.0, 'W', 350.0)]
    """
    out: list[ValueMention] = []
    skip = False
    for a, b in zip(found, found[1:] + [None]):
        if skip:
            skip = False
            continue
        if (b is not None and a.unit == b.unit and _BETWEEN_JOIN.fullmatch(text, a.end, b.start)
                and _BETWEEN_END.match(text, b.end)):
            lo, hi = sorted((a.value, b.value))
            out.append(a._replace(end=b.end, raw=text[a.start:b.end], value=lo, value_max=hi))
            skip = True
            continue
        out.append(a)
    return out


_RESTATED_GAP = rx.compile(rf"\s?[(（]\s?(?:{_listed('restating_words')})?\s?(?:每秒)?\s?"
                           r"|\s?[，,]\s?(?:即|也就是|换算成|折合|相当于)\s?(?:约|大约|差不多|大概|将近|近)?\s?(?:每秒)?\s?")  # "2000TFLOPS，即2 PFLOPS"
# ("1.742 EFLOPS，相当于每秒174.2亿亿次浮点运算": the same figure, equal in the base unit, not a comparison)


def _drop_restated(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """The same quantity in a second unit, in parentheses after the first, is
    one claim in the first-written unit (spec section 9).

    >>> [(v.value, v.unit) for v in find_values("算力达20 PFLOPS(20000 TFLOPS)，功耗1kW（1000W）")]
    [(20.0, 'PFLOPS'), (1.0, 'kW')]
    >>> [(v.value, v.unit) for v in find_values("FP16 2000TFlops(每秒2000万亿次)")]
    [(2000.0, 'TFLOPS')]
    >>> [(v.value, v.unit) for v in find_values("整机INT8算力高达2 POPS(2048 TOPS)")]
    [(2.0, 'POPS')]
    >>> [(v.value, v.unit) for v in find_values("显存80GB（H100为40GB）")]
    [(80.0, 'GB'), (40.0, 'GB')]
    """
    def magnitude(v: ValueMention) -> tuple[str, float]:
        dim, base = to_base(v.value, v.unit)
        return ("compute" if dim in ("flops", "ops") else dim), base

    out = [found[0]]
    for v in found[1:]:
        prev = out[-1]
        gap = _RESTATED_GAP.fullmatch(text, prev.end, v.start)
        if gap:
            (d1, b1), (d2, b2) = magnitude(prev), magnitude(v)
            # (a rounded restatement: "204.8GB/s（约0.2TB/s）", "1440 PFLOPS（即1.4 EFLOPS）")
            rounded = v.qualifier == "approx" or "即" in gap.group()
            if d1 == d2 and (math.isclose(b1, b2, rel_tol=0.05 if rounded else 1e-3)
                             or any(math.isclose(b1 * 1.024 ** k, b2, rel_tol=1e-3) for k in (1, 2, -1, -2))):
                continue  # (also counted in binary steps: "2 POPS(2048 TOPS)")
        out.append(v)
    return out


_FROM_RANGE = rx.compile(r"(?:从|由)\s?$")
_TO_IN_RANGE = rx.compile(r"\s?(?:到|至)\s?")
# "从80GB降到48GB", "从约 140GB 降到约 38GB": an approximation word may stand before the new figure
# (the new system may stand between: "TPOT 从 A100 上的 24ms 降到 H100 上的 15ms")
_FROM_TO_JOIN = rx.compile(r"\s?(?:[^\d，。；,;]{0,8}?)(?:到|至|为|成)\s?(?:了)?\s?(?:[^，。；,;\s]{1,12}\s?(?:上|上面|里)的\s?)?"
                           rf"(?:{_listed('from_to_hedges')})?\s?")


_ARROW = rx.compile(r"\s?(?:→|->|=>|⇒|➡)\s?")


def _link_from_to(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """'从80GB降到48GB': keep the new value, record the old one as baseline."""
    out: list[ValueMention] = []
    skip: set[int] = set()
    for i, v in enumerate(found):
        if i in skip:
            continue
        if v.value_max is not None and _FROM_RANGE.search(text, max(0, v.start - 3), v.start) \
                and (tail := _TO_IN_RANGE.search(v.raw)):
            # "从80GB到141GB", "延迟从50到20毫秒": with 从 a range of two figures is a change, not a range;
            # the figure after 到 is the new one (a range keeps its bounds in order, not as written)
            written = find_values(v.raw[tail.end():])
            new = written[0].value if len(written) == 1 and written[0].unit == v.unit else v.value_max
            old = v.value if new == v.value_max else v.value_max
            out.append(ValueMention(v.start + tail.end(), v.end, new, v.unit, v.raw[tail.end():], None,
                                    v.qualifier, "from_to", old, v.unit, v.chinese))
            continue
        nxt = found[i + 1] if i + 1 < len(found) else None
        after = found[i + 2] if i + 2 < len(found) else None
        if (
            nxt is not None and after is not None and nxt.unit == "x" and nxt.raw.startswith("翻")
            and ("从" in (window := text[max(0, v.start - 16):v.start]) or "由" in window)
            and _patterns()["from_to"].search(window)
            and v.dimension == after.dimension
            and _FROM_TO_JOIN.fullmatch(text[v.end:after.start])
        ):
            # "显存容量从16GB翻倍至32GB": the new figure and the doubling, both against the old figure
            out.append(nxt._replace(kind="from_to", old_value=v.value, old_unit=v.unit))
            out.append(ValueMention(after.start, after.end, after.value, after.unit, after.raw, after.value_max,
                                    after.qualifier, "from_to", v.value, v.unit, after.chinese))
            skip.update((i + 1, i + 2))
            continue
        if nxt is not None and v.unit == nxt.unit and _ARROW.fullmatch(text, v.end, nxt.start):
            # "HBM 容量 32GB → 96GB": a slide's arrow is a change from the first figure to the second
            out.append(nxt._replace(kind="from_to", old_value=v.value, old_unit=v.unit))
            skip.add(i + 1)
            continue
        if (
            nxt is not None
            and ("从" in (window := text[max(0, v.start - 16):v.start]) or "由" in window)
            and _patterns()["from_to"].search(window)
            and v.dimension == nxt.dimension
            and _FROM_TO_JOIN.fullmatch(text[v.end:nxt.start])
        ):
            out.append(ValueMention(nxt.start, nxt.end, nxt.value, nxt.unit, nxt.raw, nxt.value_max,
                                    nxt.qualifier, "from_to", v.value, v.unit, nxt.chinese))
            skip.add(i + 1)
            continue
        out.append(v)
    return _link_bare_old(text, out)


def _link_bare_old(text: str, found: list[ValueMention]) -> list[ValueMention]:
    """'吞吐从 1873 涨到了 2210 tok/s': an old figure written bare takes the new one's unit."""
    if "从" not in text and "由" not in text:
        return found
    out = []
    for v in found:
        bare = _BARE_OLD.search(text, max(0, v.start - 30), v.start) if v.kind == "plain" and v.unit not in ("x", "%") else None
        old = parse_number(bare.group("old")) if bare else None
        out.append(v._replace(kind="from_to", old_value=old, old_unit=v.unit) if old is not None else v)
    return out


# (only a change verb between: "从1年压缩至2天" has a unit of its own, which no value took)
_BARE_OLD = rx.compile(rf"(?:从|由)\s?(?P<old>\d[\d,]*(?:\.\d+)?)\s?被?(?:{_listed('rate_change_verbs')})?(?:到|至)\s?了?\s?"
                       rf"(?:{_listed('rate_next_qualifiers')})?\s?$")


# --- direction of relative and from-to values --------------------------------

# values.yaml's up/down words first (高出 before 高), then the single characters that need a condition
_UP = _listed("up_words") + "|(?<![最至])高(?!达|至)|(?<![最至])大(?!约|概|致|幅)|(?<![最至])多(?!达|个|种|项)"
# 最多/最高/最低/至少 are qualifiers, not directions ("成本降低最多25倍" is down)
_DOWN = _listed("down_words") + "|(?<![最])低(?!至)|(?<![最至])少"
# (加速器, 加速卡: a product's class, no change: "次世代AI加速器…比约6成缩短")
_DIRECTION_WORD = rx.compile(rf"(?P<down>{_DOWN})|(?!加速[器卡])(?P<up>{_UP})")


def direction(text: str, v: ValueMention, lo: int, hi: int) -> str:
    """``up``, ``down`` or empty: which way a relative or from-to value moves,
    from the nearest change word of its clause ``text[lo:hi]`` (before the
    value first, then after it); a from-to value compares its two numbers.
    Absolute values and bare levels ("是A的6倍") have none.

    >>> def d(t): return direction(t, find_values(t)[-1], 0, len(t))
    >>> d("比A100提升30%"), d("比A100降低30%"), d("时延缩短了16倍"), d("训练速度快2倍"), d("功耗减少一半")
    ('up', 'down', 'down', 'up', 'down')
    >>> d("性能翻倍"), d("显存占用减半"), d("延迟减少了高达65%")
    ('up', 'down', 'down')
    >>> d("30%的性能提升"), d("成本降低三成"), d("显存从80GB降到48GB"), d("带宽从2TB/s提升到3TB/s")
    ('up', 'down', 'down', 'up')
    >>> d("是A100的6倍"), d("显存为80GB"), d("落后H200约2倍"), d("能耗仅为H200的23%"), d("| +14% |"), d("| -8% |")
    ('', '', 'down', '', 'up', 'down')
    >>> d("次世代AI加速器的学习时间是H100比约6成缩短")
    'down'
    """
    if v.kind == "from_to" and v.old_value is not None and v.old_unit:
        (_, new), (_, old) = to_base(v.value, v.unit), to_base(v.old_value, v.old_unit)
        return "up" if new > old else ("down" if new < old else "")
    if v.unit not in ("x", "%"):
        return ""
    if v.value < 0:
        return "down"  # 负40%, -22.2%
    sign = text[v.start - 1:v.start] if v.start > 0 else ""
    if sign == "+" or (sign in ("-", "−") and not text[v.start - 2:v.start - 1].isalnum()):
        return "up" if sign == "+" else "down"  # a table's "+14%" / "-8%"
    own = _DIRECTION_WORD.search(v.raw)
    if own and v.raw[:1] in "翻倍加双减砍折":
        return "down" if own.group("down") else "up"  # 翻倍, 倍增, 减半: the value is the change word
    before = list(_DIRECTION_WORD.finditer(text, lo, v.start))
    if before:
        return "down" if before[-1].group("down") else "up"
    after = _DIRECTION_WORD.search(text, v.end, hi)
    if after:
        return "down" if after.group("down") else "up"
    return ""
