"""Claims from spans and context (spec section 2, "Context rules").

For each sentence holding a candidate value: recognise names, triggers and
comparators; bind every value to model, hardware, metric and baseline from
its clause, then its sentence, then the preceding sentences of its
paragraph, then the heading above; drop out-of-scope numbers.
"""
from __future__ import annotations

import contextvars
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import NamedTuple

from .. import lexicons
from . import choice, textindex
from .choice import Candidate
from .claims import Baseline, Claim
from .failures import Guard
from .normalize import Normalized, normalize
from .patterns import (
    Pattern,
    guarded,
    rx,  # regex's interface, on re where re reads a pattern alike: see fastre
)
from .recognize import (
    Mention,
    clear_open_names,
    find_hardware,
    find_metrics,
    find_models,
    find_open_names,
    find_quoted_systems,
    find_words,
    has_words,
    is_technology,
    vendors,
)
from .segment import _BULLET, _CANDIDATE, _HEADING_MARK, Paragraph, Sentence, boundaries_at, clause_span, split_document
from .text_tables import (
    TableValue,
    is_corner,
    label_metric,
    line_cells,
    pair_values,
    space_table_values,
    table_values,
    vertical_table_values,
)
from .values import ValueMention, direction, find_values

RELATIVE_UNITS = frozenset({"x", "%"})


def _words(words: list[str]) -> str:
    """An alternation of literal words, longest first."""
    return "|".join(rx.escape(w) for w in sorted(words, key=len, reverse=True))


# grammar.yaml: the word classes of the patterns below (the patterns and their reasons stay here)
_GRAMMAR = lexicons.grammar()


def _listed(key: str) -> str:
    """grammar.yaml's ``key`` as an alternation in the order written (the
    first word that fits at a position wins, so the data says which)."""
    return "|".join(rx.escape(w) for w in _GRAMMAR[key])
# Names the current document uses as systems (set per document by extract_from_normalized).
_KNOWN_NAMES: contextvars.ContextVar[frozenset[str]] = contextvars.ContextVar("known_names", default=frozenset())
# Short forms of the document's models ("K2 Thinking" for "Kimi K2 Thinking"), set per document.
_MODEL_ALIASES: contextvars.ContextVar[dict[str, str]] = contextvars.ContextVar("model_aliases", default={})
_HARDWARE_ALIASES: contextvars.ContextVar[dict[str, str]] = contextvars.ContextVar("hardware_aliases", default={})
# Unnamed workloads (某百亿参数模型, 大模型, 图像分类模型): they stop a named model from carrying over.
# unnamed workloads: "某千亿参数模型", "主流大模型", "PaddleX系列模型", "RMSNorm等关键算子"
_GENERIC_WORKLOAD = guarded(r"(?:某|大|[千百万]亿参数|[千百万]亿级|多个|各类|主流|常见)[\u4e00-\u9fff]{0,4}模型"
                                        r"|(?:系列|等)(?:关键|核心|主流|常用)?(?:模型|算子)", "某大千百万多各主常系等")
_HAN = rx.compile(r"[\u4e00-\u9fff]")
_OF_NOUN = rx.compile(r"\s?(?:以上|左右)?\s?的\s?[\p{Han}]{0,4}?")  # "50% 的通信成本": the figure's own noun
_NOT_FASTER = frozenset({"memory", "power", "cost", "accuracy"})  # quantities that are not "faster"
_PERF_METRICS = frozenset({"throughput", "time_to_train", "latency", "speed", "accuracy"})
# Durations in these sentences are effort estimates (迁移一周), not claims.
_EFFORT = rx.compile(_listed("effort"))
_UNIT_METRIC = {
    "rate_images": "throughput", "rate_samples": "throughput", "rate_sequences": "throughput",
    "rate_tokens": "throughput", "rate_queries": "throughput", "flops": "compute", "ops": "compute",
    "power": "power", "bandwidth": "bandwidth", "eff_flops": "efficiency", "eff_ops": "efficiency",
    "eff_images": "efficiency", "data": "memory",
}
_PRECISIONS = guarded(r"(?<![A-Za-z])(FP8|FP16|BF16|TF32|FP32|FP64|INT8|INT4|FP4|FP6)(?![0-9])", "FBTI", rx.I)
_CHANGE_WORDS = rx.compile(_listed("change_words"))

# Comparator phrases; ``x`` is resolved to a hardware name, `previous`, or an unnamed comparator.
_BI = r"[^，,。；;！？!?:：]"
# Each pattern comes with words one of which every match contains: a sentence
# without any of them is not scanned (same matches, most sentences skip most patterns).
_COMPARATOR_PATTERNS: list[tuple[Pattern, tuple[str, ...]]] = [
    # (also an equality: "与 Nvidia 的 Blackwell 处理器大致相当", "与单平面网络持平")
    (rx.compile(rf"(?:{_listed('comparison_partners')})(?P<x>{_BI}{{1,30}}?)(?:{_listed('comparison_closers')}"
                rf"|(?:{_listed('equality_hedges')})?(?:{_listed('equality_words')}))"),
     ("比", "相较", "差距", "相当", "持平", "相近", "相仿", "不相上下")),  # 相比, 比较, 对比 and 比起来 hold 比
    # "Trillium的能效比TPU v5e提升67%": 能效 + 比X, kept only when X names a system
    (guarded(rf"(?<=能效|性价|功耗)比(?P<x>{_BI}{{1,20}}?)(?=(?:还|更|要)?(?:快|高|低|提升|提高|增加|降低|减少|优|好|多|少))", "比"),
     ("能效比", "性价比", "功耗比")),
    (guarded(
        rf"(?:相比于|相较于|相对于|相对(?![较更而来])|相比|相较|较之|对比|比起|(?<!能效)(?<!性价)(?<!功耗)(?<![对相无好类])比(?![例率重较赛如特分值拟])"
        rf"|较(?![为好高低大小多少长短快慢早晚强弱]))"
        rf"(?P<x>{_BI}{{1,32}}?)"
        rf"(?=(?:{_listed('comparison_adverbs')}){{0,3}}(?:{_listed('comparison_outcomes')})|[，,]|$)",
        "相较对比"), ("比", "较", "相对")),
    (guarded(rf"(?:(?<![但于])是|(?<![华作成认因称以较更最行视])为|达到|达|相当于|仅为|只有|约为|约是|不到|不足|仅有|低于|高于|(?:缩短|降低|减少|下降|压缩|提升|提高|增加)(?:到|至))"
                               rf"(?P<x>(?:(?!是|为){_BI}){{1,30}}?)(?:的\s?(?:约|大约|近|接近|超过|仅|只有|最大|最多|最高|高达|达)?\s?(?=[\d一二两三四五六七八九十百半])"
                               rf"|(?=[一二三四五六七八九十百]+分之))",  # "不到 Qwen3-32B 模型十分之一"
             "是为达相仅只约不低高缩降减下压提增"),
     ("的",)),
    (rx.compile(r"(?:是|为|约为|约是|达到)(?P<x>其|它|后者|前者)(?:的)?\s?(?:约|大约|近)?(?=[\d一二两三四五六七八九十百半])"),
     ("其", "它", "者")),
    # "六倍于A100", "两倍于思元370加速卡的内存": the comparator after the ratio
    (rx.compile(rf"倍于(?P<x>{_BI}{{1,20}}?)(?=的|[，,。；;]|$)"), ("倍于",)),
    # "吞吐量达 H200 五倍": no 的 before a ratio
    (rx.compile(r"(?:达到|达|是|为|相当于|实现了?|超过?|超出|领先|落后)\s?(?P<x>[A-Za-z][^，,。；;的\s]{1,15}?)\s?"
                   r"(?=(?:约|近|超过|大约)?[\d一二两三四五六七八九十.]{1,4}(?:\s?[-~～到至]\s?[\d.]{1,4})?\s?倍)"),
     ("达", "是", "为", "相当于", "实现", "超", "领先", "落后")),
    # (also a bare 超 after a metric: "性能超 H200！")
    (rx.compile(rf"(?:{_listed('surpass_verbs')}|(?<=(?:性能|算力|速度|吞吐量?|能效)\s?)超(?=\s?[A-Z]))"
                   rf"(?P<x>{_BI}{{1,20}}?)(?=[\d一二两三四五六七八九十]|[，,!！]|$)"),
     ("超", "优于", "领先", "胜过", "落后", "高出")),
    # "以A100为基准": the reference a comparison is measured against
    (rx.compile(rf"以(?P<x>{_BI}{{1,20}}?)为(?:{_listed('reference_kinds')})?(?:{_listed('reference_words')})"),
     tuple(_GRAMMAR["reference_words"])),
    # "H100 vs A100：训练速度提升4倍": the system after vs is the comparator
    (rx.compile(r"(?<![A-Za-z])(?:vs|VS|Vs)\.?\s?(?P<x>[^，,。；;！？!?:：\s][^，,。；;！？!?:：]{0,19}?)(?=\s?[，,:：（(]|\s|$)"),
     ("vs", "VS", "Vs")),
    (rx.compile(rf"(?:{_listed('earlier_words')})(?:{_listed('earlier_verbs')})(?P<x>{_BI}{{1,15}})"),
     ("前", "原", "过去")),
    # "从H100的80GB提升到141GB": H100 is the old system, not the subject.
    (rx.compile(rf"(?:从|由)(?P<x>{_BI}{{1,15}}?)的\s?(?=\d)"), ("从", "由")),
    # "和自己比：…", "跟A100比": a bare 比 counts only when what it names resolves (never as unnamed)
    (rx.compile(rf"(?:{_listed('comparison_partners')})(?P<x>{_BI}{{1,12}}?)比(?![较例率重拟])"), ("比",)),
]
# A comparator that names no system the lexicon knows but is a Latin name (software, a format, a
# protocol, a product the lexicon lacks): the baseline is that name.
_LATIN_NAME = rx.compile(r"(?:(?:NVIDIA|Nvidia|英伟达|AMD|Intel|英特尔|Google|谷歌)\s?)?"
                            r"(?P<name>[A-Za-z][A-Za-z0-9]*(?:[ ./+\-][A-Za-z0-9]+){0,3})(?:的)?")
_PREDECESSOR_WORDS = rx.compile(rf"^(?:{_listed('predecessor_words')})(?:的)?\s?")
_NOT_NAMES = frozenset(_GRAMMAR["not_names"])
_X_QUALIFIER = rx.compile(rf"\s?(?:{_listed('ratio_qualifiers')})\s?$")
_EARLIER_TIME = rx.compile(r"(?:\d{1,2}|[一二三四五六七八九十]{1,2})月份?(?:的(?:成绩|结果|提交|版本))?|去年|年初|上半年|上季度")
# What an unnamed comparator talks about ("所用算力", "同类产品", "云服务"): not "故事的一半".
_ENTITY_WORDS = rx.compile(_listed("entity_words"))


class Comparator(NamedTuple):
    start: int
    end: int
    baseline: str      # "" means an unnamed comparator
    named: bool


@dataclass
class SentenceInfo:
    sentence: Sentence
    values: list[ValueMention]
    models: list[Mention]
    hardware: list[Mention]        # subjects: not comparators, not components
    all_hardware: list[Mention]
    metrics: list[Mention]
    comparators: list[Comparator]
    split: tuple[list[Mention], list[Mention]] | None = None  # (strong, weak) subjects, set on first use
    compared: tuple[set[str], bool] | None = None  # (systems compared with, another subject named), on first use


@dataclass
class Context:
    """What a paragraph (or heading) has said so far."""

    model: str = ""
    hardware: str = ""
    metric: str = ""
    comparator: Comparator | None = None
    absolute: list[tuple[str, str]] = field(default_factory=list)  # (unit, hardware) of last sentence's claims
    training: bool = False
    mentions: list[str] = field(default_factory=list)  # systems named by the last sentence, in order
    label: str = ""  # a heading's own text: it may carry a unit for the table below ("生成速度（tokens/s）")
    table_header: str = ""  # a line of systems above this paragraph's block of lines (a table without bars)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _hardware_label(m: Mention) -> str:
    # "相较第一代Gaudi" -> Gaudi: the ordinal says "predecessor", the name is the system
    name = rx.sub(r"^(?:第一代|初代|上一代|前一代|前代)\s?", "", m.name) or m.name
    return f"{m.count}×{name}" if m.count > 1 else name


_CLASS_TAIL = rx.compile(rf"(?<=[A-Za-z0-9])\s?(?:{_listed('class_tail')})$")
_SHARE_OF_PEAK = rx.compile(r"理论(?:最大|峰值)|峰值(?:算力|性能)?(?:FLOPS|FLOPs)")


def find_comparators(text: str, hardware: list[Mention]) -> list[Comparator]:
    """Comparator phrases of a sentence with their resolved baseline.

    >>> hw = find_hardware("IPU-POD64训练BERT的时间比3台DGX-A100快1.8倍")
    >>> [c.baseline for c in find_comparators("IPU-POD64训练BERT的时间比3台DGX-A100快1.8倍", hw)]
    ['3×DGX-A100']
    >>> s = "与首次提交的结果相比，在IPU-POD64上实现41%的提升"
    >>> [c.baseline for c in find_comparators(s, find_hardware(s))]
    ['previous']
    """
    ctx = lexicons.context()
    out: list[Comparator] = []
    consumed: list[tuple[int, int]] = []  # whole matches: "与A2相比" also contains "相比…"
    for index, (pattern, needles) in enumerate(_COMPARATOR_PATTERNS):
        for needle in needles:
            if needle in text:
                break
        else:
            continue
        for m in pattern.finditer(text):
            xs, xe = m.start("x"), m.end("x")
            tail = _X_QUALIFIER.search(text, xs, xe)
            if tail and tail.start() > xs:
                xe = tail.start()  # "落后H200约2-3倍": the qualifier belongs to the number
            if any(c.start <= xs < c.end for c in out) or any(a <= m.start() < b for a, b in consumed):
                continue
            if not rx.search(r"[\u4e00-\u9fffA-Za-z0-9]", text[xs:xe]) or rx.fullmatch(r".{0,4}[都也还均]", text[xs:xe]):
                continue  # "容量和带宽都比X…": 和 joins the metrics, it opens no comparison
            if index == 3 and _SHARE_OF_PEAK.search(text, xs, xe):
                continue  # "达到了 A100 上理论最大 FLOPs/s 的 50-73%": a share of its own peak, no comparison
            consumed.append((m.start(), m.end()))
            inside = [h for h in hardware if xs <= h.start and h.end <= xe + 4 and h.start < xe]
            unnamed = find_words(text[xs:xe], ctx["unnamed"])
            class_word = any(w in ("同类", "同级", "其他", "其它", "竞品", "友商") for _, _, w in unnamed)
            bracketed = [h for h in inside if text[max(xs, h.start - 1):h.start] in ("(", "（")]
            if bracketed:
                # "对比同级别竞品(骁龙888)": the class named in brackets
                out.append(Comparator(xs, max(xe, bracketed[0].end), _hardware_label(bracketed[0]), True))
                continue
            if inside and unnamed and (class_word or all(h.name.upper() in _GENERIC for h in inside)):
                out.append(Comparator(xs, xe, "", False))  # 同尺寸主流GPU: a class, not a system
                continue
            if inside:
                # "基于GPU的P5e实例": the specific name, not the class it belongs to
                h = ([h for h in inside if h.name.upper() not in _GENERIC] or inside)[0]
                out.append(Comparator(xs, max(xe, h.end), _hardware_label(h), True))
                continue
            pronoun = rx.search(r"后者|前者|其|它", text[xs:xe])
            if pronoun and len(text[xs:xe].strip()) <= 6:
                out.append(Comparator(xs, xe, Baseline.pronoun(pronoun.group()), True))
                continue
            if index == 1:
                continue  # 能效比…: only a named system makes it a comparator
            compared = _PREDECESSOR_WORDS.sub("", text[xs:xe]).strip()
            compared = _CLASS_TAIL.sub("", compared)  # "Qwen3-32B 模型": the name without its class word
            metric_words = find_metrics(compared)
            if metric_words and metric_words[-1].end == len(compared):
                compared = compared[:metric_words[-1].start].strip()  # "相比 TCP/IP 延迟降低": the name, not the metric
            named = _LATIN_NAME.fullmatch(compared)
            if named and named.group("name").casefold() not in _NOT_NAMES and named.group("name") not in vendors():  # "比AMD快": a company names no system
                # "与 FlashAttention 相比", "比BF16快", "相较上一代Meteor Lake": what is named, as written
                out.append(Comparator(xs, xe, named.group("name"), True))
                continue
            if rx.search(r"(?:最新|全新|新|下)一代", text[xs:xe]):
                out.append(Comparator(xs, xe, "", False))  # "比现有最新一代硬件": the current generation, unnamed
            elif has_words(text[xs:xe], ctx["predecessor"]) or _EARLIER_TIME.fullmatch(text[xs:xe].strip()):
                out.append(Comparator(xs, xe, Baseline.PREVIOUS.value, True))  # "比6月提升了一倍": the same system, earlier
            elif has_words(text[xs:xe], ctx["unnamed"]):
                out.append(Comparator(xs, xe, "", False))
            elif index in (0, 2, 3) and rx.search(r"[\u4e00-\u9fffA-Za-z]{2}", text[xs:xe]) \
                    and not rx.search(r"\d|其|它|后者|前者", text[xs:xe]) and (
                        _ENTITY_WORDS.search(text[xs:xe]) or find_metrics(text[xs:xe])):
                # "是Anthropic目前所用算力的5倍": compared with something that is not a system
                out.append(Comparator(xs, xe, "", False))
    return sorted(out, key=lambda c: c.start)


def _as_written(norm: Normalized, m: Mention, offset: int = 0) -> Mention:
    """The name with its Chinese characters as the original wrote them
    (traditional stays traditional); dashes and full-width stay folded.
    ``offset``: where the text ``m`` is relative to starts in ``norm.text``."""
    if _HAN.search(m.name) is None:
        return m  # nothing to restore
    chars = []
    for i, ch in enumerate(m.name):
        at = m.start + offset + i
        orig = norm.original[norm.offsets[at]] if at < len(norm.text) else ch
        chars.append(orig if "\u4e00" <= ch <= "\u9fff" and "\u4e00" <= orig <= "\u9fff" else ch)
    return m._replace(name="".join(chars))


def _analyse(norm: Normalized, sentence: Sentence, values: list[ValueMention]) -> SentenceInfo:
    s = sentence.text
    if values:
        # "征程6H与征程6P": a number that starts inside a product name is part of the name
        names = find_hardware(s, known=_KNOWN_NAMES.get())
        values = [v for v in values
                  if not any(h.start < v.start - sentence.start < h.end for h in names)]
    models = [_as_written(norm, m) for m in find_models(s, sentence.start)
              if not any(v.start < m.end and m.start < v.end for v in values)]
    aliases = _MODEL_ALIASES.get()
    if aliases:
        models = sorted(models + _alias_mentions(s, sentence.start, aliases, models), key=lambda m: m.start)
    value_spans = [(v.start - sentence.start, v.end - sentence.start) for v in values]
    model_spans = [(m.start - sentence.start, m.end - sentence.start) for m in models]
    taken = value_spans + model_spans
    if values and not any(a < h.end and h.start < b for h in names for a, b in taken):
        found = names  # nothing to exclude: the scan above already is the answer
    else:
        found = find_hardware(s, exclude=taken, known=_KNOWN_NAMES.get())
    short = _HARDWARE_ALIASES.get()
    if short:
        found = sorted(found + _hardware_alias_mentions(s, 0, short, found + [
            Mention("value", a, b, "", "") for a, b in taken]), key=lambda m: m.start)
    written = [_as_written(norm, h, sentence.start) for h in found]
    comparators = [Comparator(c.start + sentence.start, c.end + sentence.start, c.baseline, c.named)
                   for c in find_comparators(s, written)]
    all_hw = [_shift(h, sentence.start) for h in written]
    subjects = [h for h in all_hw
                if not h.component and not any(c.start <= h.start < c.end for c in comparators)]
    metrics = find_metrics(s, sentence.start)
    if all_hw and metrics:
        # "16层堆叠的 HBM3E 的AI训练性能提高了18%": the HBM of a product's name is no memory word
        metrics = [m for m in metrics if not any(h.start <= m.start and m.end <= h.end for h in all_hw)]
    return SentenceInfo(sentence, values, models, subjects, all_hw, metrics, comparators)


def _alias_mentions(s: str, offset: int, aliases: dict[str, str], models: list[Mention]) -> list[Mention]:
    """The document's short model names in sentence ``s`` (spans plus ``offset``), outside its full names."""
    out = []
    for alias, full in sorted(aliases.items(), key=lambda a: -len(a[0])):  # "K2 Instruct" before "K2"
        for m in rx.finditer(rf"(?<![A-Za-z0-9]){rx.escape(alias)}(?![A-Za-z0-9])", s):
            start, end = m.start() + offset, m.end() + offset
            if not any(x.start < end and start < x.end for x in models + out):
                out.append(Mention("model", start, end, m.group(), full))
    return out


def _shift(m: Mention, by: int) -> Mention:
    return Mention(m.kind, m.start + by, m.end + by, m.surface, m.name, m.rank, m.count, m.component, m.technology)


_MEMORY_WORDS = _GRAMMAR["memory_words"]
_WORKLOAD_SIZE_WORDS = frozenset(_GRAMMAR["workload_size"])
# Facility and market figures: no metric word after them makes the number a performance claim.
_HARD_OUT_OF_SCOPE = frozenset(_GRAMMAR["hard_out_of_scope"])


@cache
def _scope() -> dict[str, Pattern]:
    """scope.yaml's word lists as patterns."""
    data = lexicons.load_yaml("scope.yaml")
    return {key: rx.compile("|".join(rx.escape(w) for w in sorted(words, key=len, reverse=True)))
            for key, words in data.items()}


# "14B(32GB)", "QwQ-32B 原版(32GB)": a size in parentheses after a parameter count is the model's weights
_WEIGHTS_IN_PARENS = rx.compile(r"\d(?:\.\d+)?\s?[BM](?![A-Za-z0-9])[^，。；,;()（）]{0,8}[(（]\s?$")
# an identifier in code style (lowercase or underscore: not a metric abbreviation like TPOT=42ms)
_ASSIGNED = rx.compile(r"(?<![\w.\-])(?:--?)?(?=[\w.\-]*[a-z_])[A-Za-z_][\w.\-]*\s?=\s?['\"]?$")
_QUESTION_WORD = rx.compile(_listed("question_words"))
_SENTENCE_END = rx.compile(r"[^。！!？?\n]*?([。！!？?\n]|$)")


def _out_of_scope_value(text: str, v: ValueMention, clause: tuple[int, int]) -> bool:
    """The value layer's own scope rules (scope.yaml, questions, weights, times ago).

    >>> def out(t, n): return _out_of_scope_value(t, find_values(t)[n], (0, len(t)))
    >>> out("1TOPS代表每秒可进行一万亿次运算", 0), out("配备1TB SSD", 0), out("模型权重为16GB", 0)
    (True, True, True)
    >>> out("如何让延迟稳定在50ms?", 0), out("7B(14GB)", 0), out("2小时前更新", 0), out("10分钟部署一个服务", 0)
    (True, True, True, True)
    >>> out("设置 `pool_size=16GB` 即可", 0), out("参数 --max-memory=24GB", 0), out("显存 `H100` 为80GB", 0)
    (True, True, False)
    >>> out("EP320下TPOT=42ms", 0)
    False
    >>> out("显存为16GB", 0), out("训练只需2小时", 0), out("比前代快2倍", 0), out("比GPU快20倍?。", 0)
    (False, False, False, False)
    """
    scope = _scope()
    if scope["after"].match(text, v.end, min(len(text), v.end + 6)) or scope["after"].match(text, v.end + 1, v.end + 7):
        return True
    if scope["before"].search(text, clause[0], v.start):
        return True
    if v.unit in RELATIVE_UNITS and scope["ratio_before"].search(text, clause[0], v.start):
        return True
    if v.unit in RELATIVE_UNITS and not find_metrics(text[clause[0]:clause[1]]):
        # "芯片面积达到…——足足是H100的57倍": the clause before says what is compared
        before = max(text.rfind(c, max(0, clause[0] - 40), clause[0] - 1) for c in "，,；;。\n")
        if scope["ratio_before"].search(text, max(before + 1, clause[0] - 40, 0), clause[0]):
            return True
    if v.dimension == "time":
        rest = text[v.end:v.end + 4].lstrip()
        if rx.match(r"前(?!代|一代|辈|者)|后(?!者)", rest) or scope["time_after"].match(rest):
            return True
    if v.dimension == "data" and _WEIGHTS_IN_PARENS.search(text, max(0, v.start - 20), v.start):
        return True
    line_start = textindex.line_start(text, v.start)  # indexed: a one-line document made this quadratic
    window = max(line_start, v.start - 40)
    if textindex.count(text, "`", line_start, v.start) % 2 or (
            text.find("=", window, v.start) >= 0 and _ASSIGNED.search(text, window, v.start)):  # (it needs a "=")
        return True  # inline code: `memory_pool_size=16GB`, --max-memory=24GB
    if v.unit in RELATIVE_UNITS:
        # the clause and the one before it, within the sentence part (；) that holds the value
        opened = max([text.rfind(c, max(0, clause[0] - 30), v.start) for c in "。！!？?\n；;"] + [clause[0] - 31])
        if scope["price"].search(text, max(0, opened + 1), v.start) and not find_metrics(text[clause[0]:clause[1]]):
            return True  # "售价约12.5万美元，大约是X的三分之二": a price ratio
    # a question asserts nothing; a "?" alone may be an emoji the page lost ("快20倍?。"), so a
    # question also needs a question word
    end = _SENTENCE_END.match(text, v.end, min(len(text), v.end + 20))
    if end is None or end.group(1) not in ("?", "？") or text[end.end():end.end() + 1] in ("?", "？", "。", "!", "！"):
        return False
    opened = max([text.rfind(c, max(0, v.start - 60), v.start) for c in "。！!？?\n"] + [v.start - 61])
    return bool(_QUESTION_WORD.search(text, max(0, opened + 1), end.end()))


def _whole_words(text: str, words: list[str]) -> bool:
    """Whether ``text`` has one of ``words``, a Latin word only as a whole word
    (SLA is a threshold, "TeslaV100" is not).

    >>> _whole_words("比TeslaV100要高", ["SLA"]), _whole_words("满足SLA要求", ["SLA"]), _whole_words("不能超过", ["不能超过"])
    (False, True, True)
    """
    for a, b, w in find_words(text, words):
        if not rx.search(r"[A-Za-z]", w) or not (
                rx.match(r"[A-Za-z]", text[a - 1:a] if a else "") or rx.match(r"[A-Za-z]", text[b:b + 1])):
            return True
    return False


_THRESHOLD_AFTER = rx.compile(rf"(?!\s?(?:{_words(lexicons.context()['threshold_exceeded'])}))[^，。；,;]{{0,8}}"
                              rf"(?:{_words(lexicons.context()['threshold_after'])})")
_CONDITION_AFTER = rx.compile(rf"\s?(?:的)?(?:{_words(lexicons.context()['condition_nouns'])})?下")


def _in_scope(text: str, v: ValueMention, clause: tuple[int, int], bounds: Callable[[], frozenset[int]] | None,
              comparators: list[Comparator] = ()) -> bool:
    """``bounds()``: the sentence's token boundaries at its Chinese numerals'
    edges (None: it has none), asked for only when the other tests pass."""
    if _out_of_scope_value(text, v, clause):
        return False
    ctx = lexicons.context()
    lo = max(clause[0], v.start - 15)
    # 每美元性能 and 每瓦性能 are efficiencies, not prices; 参数面网络 is a network: mask them. So is a
    # comparison's condition ("是相同GPU数量H100的30倍"): it qualifies the comparator, not the number.
    before = text[lo:v.start]
    if "/" in before:  # "小时/epoch": a per-epoch unit of the value before, not an epoch count
        before = rx.sub(r"/\s?(?:epoch|Epoch|EPOCH|轮)", lambda m: "_" * len(m.group()), before)
    if "每" in before or "参数面" in before:
        before = rx.sub(r"每(?:美元|瓦|元)|参数面", lambda m: "_" * len(m.group()), before)
    for c in comparators:
        a, b = max(c.start, lo) - lo, min(c.end, v.start) - lo
        if a < b:
            before = before[:a] + "_" * (b - a) + before[b:]
    after = text[v.end:min(clause[1], v.end + 8)].replace("参数面", "___")
    blocked = find_words(before, ctx["out_of_scope"])
    if v.dimension == "time":
        blocked = sorted(blocked + find_words(before, ctx["out_of_scope_time"]))
    if blocked and v.dimension in ("time", "rate_tokens", "rate_images", "rate_samples", "rate_sequences"):
        # "训练一个千亿参数大模型约需30天": the size describes the workload, the time is the claim
        blocked = [b for b in blocked if b[2] not in _WORKLOAD_SIZE_WORDS]
    if blocked:
        # "千亿参数大模型时的线性加速比超过90%": a metric word after the
        # out-of-scope word says what the number measures (not after 冷却, PUE, 营收…).
        last_block = blocked[-1][1]
        if any(b[2] in _HARD_OUT_OF_SCOPE for b in blocked) or not find_metrics(before[last_block:]):
            return False
    if has_words(after[:4], ctx["out_of_scope"]):
        return False
    if v.dimension == "data" and rx.search(r"需要|需|占用了?$", text[max(clause[0], v.start - 6):v.start]) \
            and not find_metrics(text[clause[0]:v.start]):
        return False  # "70B的Q4模型大约需要40GB内存": what a model needs, not what a system offers
    if _whole_words(text[clause[0]:v.start], ctx["threshold"]) or _THRESHOLD_AFTER.match(text, v.end, clause[1]):
        return False
    if _CONDITION_AFTER.match(after) and "在" in text[clause[0]:v.start]:
        return False
    if v.dimension == "time" and rx.search(r"每\s?$", text[max(0, v.start - 2):v.start]):
        return False
    if v.chinese and v.raw not in ("一半",) and bounds is not None:
        edges = bounds()
        # after a comparative the tokenizer may glue the numeral to it ("高一倍" as 高一 + 倍)
        starts_word = v.start in edges or text[v.start - 1:v.start] in (
            "近", "约", "超", "逾", "达", "高", "快", "多", "大", "强", "过", "低", "少", "慢", "省", "长", "短")
        if not (starts_word and v.end in edges):
            return False  # 一成不变, 十成: the numeral is part of a longer word
    if v.dimension == "data" and rx.search(r"[A-Za-z0-9][\s-]?$", text[max(clause[0], v.start - 2):v.start]) \
            and rx.search(r"(?:\d|[A-Z]{2,}\d*|SXM\d?|PCIe)[\s-]?$", text[max(clause[0], v.start - 8):v.start]) \
            and not has_words(text[clause[0]:clause[1]], _MEMORY_WORDS):
        return False  # "8×A100 40GB", "H100 80GB": a variant in a product name
    return True


def _metric_and_rule(v: ValueMention, info: SentenceInfo, clause: tuple[int, int], ctx: Context,
                     heading: Context) -> tuple[str, str]:
    """The metric of ``v`` and the rule that decided it (shown by ``claims explain``)."""
    dim = v.dimension
    if dim in _UNIT_METRIC:
        metric = _UNIT_METRIC[dim]
        if dim == "data":
            # the nearer of a memory and a bandwidth word decides ("96GB的HBM3显存和4.0TB/s的带宽")
            near = [m for m in info.metrics if clause[0] <= m.start < clause[1] and m.name in ("memory", "bandwidth")]
            if near:
                return min(near, key=lambda m: abs(m.start - v.start)).name, "nearest memory or bandwidth word"
        return metric, "unit"
    if dim == "time":
        return _time_metric(v, info, clause, ctx, heading), "time unit"
    # Relative units: the clause first (specific beats generic), then earlier clauses.
    in_clause = [m for m in info.metrics if clause[0] <= m.start < clause[1]]
    before_value = [m for m in in_clause if m.start < v.start]
    # what precedes the number names it; a word after it may open the next statement ("快1.7倍 功耗更低"),
    # except a specific word the figure is "of" ("节省 50% 的显存和 50% 的通信成本")
    of_noun = [m for m in in_clause if m.rank == 0 and m.start >= v.end
               and _OF_NOUN.fullmatch(info.sentence.text, v.end - info.sentence.start, m.start - info.sentence.start)]
    if of_noun:
        head = of_noun[0]
        for m in in_clause:  # "1.5倍的内存带宽": the compound's last word is its head
            if m.rank == 0 and 0 <= m.start - head.end <= 1:
                head = m
        return head.name, f"trigger {head.surface} (the figure's noun)"
    chosen = _best_trigger(before_value or in_clause, v.start)
    if chosen is not None and chosen.surface in ("成绩", "得分", "分数") and v.unit == "%" and not _CHANGE_WORDS.search(
            info.sentence.text, clause[0] - info.sentence.start, clause[1] - info.sentence.start):
        return "accuracy", "percentage score"  # "获得了93%的成绩": a percentage score, not a speed-up
    if chosen is not None and chosen.surface == "效率" and _SPEED_UP.search(
            info.sentence.text, clause[0] - info.sentence.start, clause[1] - info.sentence.start):
        return "speed", "bare 效率 that grows"  # "训练效率提升68%": bare 效率 that grows is how fast (spec: 计算效率); "效率为95%" is a level
    if chosen is not None and chosen.rank == 1:
        # "Wi-Fi速度则翻倍到3.6Gbps": a generic word, and the clause's own figure says what was doubled
        figures = [w for w in info.values if w.start >= v.end and w.dimension in _UNIT_METRIC
                   and w.dimension != "data" and rx.fullmatch(
                       r"\s?(?:到|至|达到?|为)\s?", info.sentence.text[v.end - info.sentence.start:w.start - info.sentence.start])]
        if figures:
            return _UNIT_METRIC[figures[0].dimension], "the figure it reaches"
    if chosen is None:
        # "DGX H200达到59,022 tokens/s，比第二名高出约40%": the ratio compares the figure before it
        earlier = [w for w in info.values if w.end <= clause[0] and w.dimension in _UNIT_METRIC]
        if earlier:
            return _UNIT_METRIC[earlier[-1].dimension], "the figure it compares"
    if chosen is not None and chosen.rank == 2 and chosen.name != "time":
        earlier = [m for m in info.metrics if m.start < clause[0] and m.rank < 2]
        # "训练BERT的时间…，比3台DGX快1.8倍": faster at the earlier clause's time or rate; not at
        # its memory or power ("权重存储在独立内存服务…，比传统方案快20倍" is a speed-up)
        specific = _best_trigger([m for m in earlier if m.rank == 0 and m.name not in _NOT_FASTER], v.start)
        if specific is not None:
            chosen = specific
        else:
            figures = [w for w in info.values if w.end <= clause[0] and w.dimension in _UNIT_METRIC]
            if figures:  # "A约为20 tokens/s，B为22 tokens/s，后者快了约10%": faster at what was measured
                return _UNIT_METRIC[figures[-1].dimension], "faster at the figure before"
    if chosen is None:
        earlier = [m for m in info.metrics if m.start < clause[0]]
        if earlier:
            last_clause_start = max(m.start for m in earlier)
            # the nearest earlier clause that has a trigger
            group = [m for m in earlier if m.start >= _clause_start_of(info.sentence, last_clause_start)]
            chosen = _best_trigger(group, v.start)
    if chosen is not None:
        if chosen.name == "time":
            return _time_metric(v, info, clause, ctx, heading), f"trigger {chosen.surface}"
        if chosen.name == "compute" and v.unit == "%" and not _CHANGE_WORDS.search(_clause_text(info, clause)) \
                and not any(c.named and c.start < clause[1] and clause[0] < c.end for c in info.comparators) \
                and not any(clause[0] <= h.start < v.start and info.sentence.text[h.end - info.sentence.start:][:1] == "的"
                            for h in info.all_hardware):  # "提供BR100的一半算力": a share of another's
            # "理论最大 FLOPs/s 的 25-40%": a share of peak compute is a utilisation ("算力为H800的15%"
            # compares two systems' compute)
            return "efficiency", "share of peak"
        return chosen.name, f"trigger {chosen.surface}"
    if ctx.metric or heading.metric:
        return ctx.metric or heading.metric, "paragraph" if ctx.metric else "heading"
    return "speed", "default"


def _clause_text(info: SentenceInfo, clause: tuple[int, int]) -> str:
    """The clause's text (offsets of ``clause`` are in the document)."""
    return info.sentence.text[clause[0] - info.sentence.start:clause[1] - info.sentence.start]


def _clause_start_of(sentence: Sentence, pos: int) -> int:
    a, _ = clause_span(sentence.text, pos - sentence.start, pos - sentence.start + 1, 0, len(sentence.text))
    return a + sentence.start


def _best_trigger(candidates: list[Mention], anchor: int) -> Mention | None:
    if not candidates:
        return None
    return min(candidates, key=lambda m: (m.rank if m.name != "time" else 0.5, abs(m.start - anchor)))


def _time_metric(v: ValueMention, info: SentenceInfo, clause: tuple[int, int], ctx: Context, heading: Context) -> str:
    s = info.sentence
    metrics = lexicons.metrics()
    named = [m for m in info.metrics if m.name in ("latency", "time_to_train")]
    if named:
        return min(named, key=lambda m: (not (clause[0] <= m.start < clause[1]), abs(m.start - v.start))).name
    clause_text = s.text[max(0, clause[0] - s.start):clause[1] - s.start]
    if has_words(clause_text, metrics["latency_context"]):
        return "latency"
    if has_words(s.text, metrics["training_context"]) or ctx.training:
        return "time_to_train"
    if has_words(s.text, metrics["latency_context"]) or v.unit in ("ms",):
        return "latency"
    if ctx.metric in ("latency", "time_to_train"):
        return ctx.metric
    return heading.metric if heading.metric in ("latency", "time_to_train") else "time_to_train"


def _group(mentions: list[Mention], chosen: Mention, text: str) -> list[Mention]:
    """'IPU-POD16和IPU-POD64均…': every system joined to the chosen one (a chip
    and the memory listed beside it are not one group)."""
    if len(mentions) == 1:
        return [chosen]  # (the usual sentence: one name, the chosen one, is its own group)
    ordered = sorted((m for m in mentions if m.technology == chosen.technology), key=lambda m: m.start)
    i = ordered.index(chosen)
    group = [chosen]
    j = i
    while j > 0 and rx.fullmatch(r"\s?(?:和|与|及|以及|、|/|,|，)\s?", text[ordered[j - 1].end:ordered[j].start]):
        group.insert(0, ordered[j - 1])
        j -= 1
    j = i
    while j + 1 < len(ordered) and rx.fullmatch(r"\s?(?:和|与|及|以及|、|/)\s?", text[ordered[j].end:ordered[j + 1].start]):
        group.append(ordered[j + 1])
        j += 1
    return group


_GENERIC = frozenset(w.upper() for w in lexicons.hardware()["generic"])
_GENERIC_MODIFIER = rx.compile(rf"\s?(?:{_listed('generic_modifiers')})")
_CLASS_IN_UNIT = rx.compile(r"\s?(?:小时|卡时|[Hh]ours?|时数|-hours?)")  # GPU小时, GPU Hours: a unit of work
_REPLACED = rx.compile(rf"(?:{_words(lexicons.context()['replaced_by'])})了?\s?(?:NVIDIA|英伟达|Intel|英特尔|AMD|ARM|Arm)?\s?$")
_UNNAMED_BEFORE = rx.compile(rf"(?:{_words(lexicons.context()['class_qualifiers'])})\s?$")
_LOCATED = rx.compile(r"在[^，,。；;：:]*$")
_WHOLE_AFTER = rx.compile(rf"\s?(?:{_listed('whole_system')})")
_STACKED = rx.compile(r"(?i)-Hi|层")  # "8-Hi HBM3E", "16层堆叠HBM3E": a memory product, not a kind
_COPULA = rx.compile(rf"\s?(?:{_listed('copula_verbs')})\s?(?:{_listed('copula_qualifiers')})?\s?")
# "节点内NVLink(160GB/s)", "InfiniBand延迟(2.8μs)": the figure in brackets after a name (and its metric word)
_APPOSITIVE = rx.compile(rf"\s?(?:{_listed('appositive_metrics')})?\s?[（(]\s?(?:{_listed('appositive_qualifiers')})?\s?")
_DESCRIBED = rx.compile(rf"[^，,。；;：:（()）]{{0,10}}?的\s?(?:{_listed('described_novelty')})?(?:{_listed('described_nouns')})?\s?")
_POSSESSIVE = rx.compile(rf"\s?的\s?(?:{_listed('possessive_qualifiers')})?\s?")
_PER_UNIT = rx.compile(rf"(?:每|单)\s?(?:{_listed('per_unit_measures')})?\s?$")


def _demoted(h: Mention, info: SentenceInfo, text: str, ctx: Context) -> bool:
    """Weak subjects: parts of a system (由4个X构成), a description in
    parentheses after a name (p4d.24xlarge（8×A100 40GB）), and a generic
    GPU/CPU when a specific system is in play (每颗GPU提供…, GPU显存总计…)."""
    if h.component or _in_parenthesis_after_name(h, info, text) or _inside_composition(h, info, text):
        return True
    if h.name.upper() in _GENERIC:
        if _PER_UNIT.search(text[max(0, h.start - 3):h.start]) and (
                _specific_context(ctx)
                or any(o.name.upper() not in _GENERIC and not o.technology for o in info.all_hardware)):
            return True
        specific_before = any((o.start < h.start or 0 <= o.start - h.end <= 3) and o.name.upper() not in _GENERIC
                              for o in info.all_hardware
                              if not any(c.start <= o.start < c.end for c in info.comparators))
        return specific_before or bool(_specific_context(ctx)
                                       and not [o for o in info.hardware if o is not h])
    return False


def _specific_context(ctx: Context) -> bool:
    """The paragraph is about a named system (not a class like GPU, not a memory or link)."""
    return bool(ctx.hardware) and ctx.hardware.upper() not in _GENERIC and not is_technology(ctx.hardware)


_COMPOSED = rx.compile(_listed("composition_verbs"))


def _inside_composition(h: Mention, info: SentenceInfo, text: str) -> bool:
    """'由36颗Grace CPU和72颗B200 GPU组成': every listed part is a component."""
    opened = text.rfind("由", info.sentence.start, h.start)
    if opened < 0:
        return False  # most names: no 由 before them
    lo = max(text.rfind(d, info.sentence.start, h.start) for d in "，,；;")
    if opened < lo:
        return False  # the last 由 is in an earlier clause
    hi = min([i for i in (text.find(d, h.end, info.sentence.end) for d in "，,；;。") if i >= 0] or [info.sentence.end])
    return bool(_COMPOSED.search(text, h.end, hi))


def _in_parenthesis_after_name(h: Mention, info: SentenceInfo, text: str) -> bool:
    opened = max(text.rfind("(", info.sentence.start, h.start), text.rfind("（", info.sentence.start, h.start))
    if opened < 0 or max(text.rfind(")", opened, h.start), text.rfind("）", opened, h.start)) > 0:
        return False
    return any(o.end <= opened and opened - o.end <= 2 for o in info.all_hardware)


def _respectively(v: ValueMention, info: SentenceInfo, text: str) -> tuple[int, list[ValueMention]] | None:
    """The position of ``v`` among the same-dimension values after 分别."""
    at = text.find("分别", info.sentence.start, v.start)
    if at < 0:
        return None
    values = [w for w in info.values if w.start > at and w.dimension == v.dimension]
    return (values.index(v), values) if v in values and len(values) > 1 else None


def _shared(strong: list[Mention], v: ValueMention, info: SentenceInfo, text: str) -> list[Mention]:
    """'A和B两款服务器成绩几乎相同，均约为72万 samples/s': every system of the
    coordinated subject, even with vendor names between them."""
    before = [h for h in strong if h.end <= v.start]
    joined: list[Mention] = []
    for h in before:
        if joined and not rx.fullmatch(r"[^，,。；;]{0,12}?(?:和|与|及|以及|、)[^，,。；;]{0,12}?",
                                          text[joined[-1].end:h.start]):
            joined = []
        joined.append(h)
    return joined if len(joined) > 1 else []


def _mention_features(h: Mention, v: ValueMention, info: SentenceInfo, clause: tuple[int, int], text: str, *,
                      is_weak: bool, possessive: bool, compared_away: bool) -> dict[str, float]:
    """The named features of a name of the sentence as the subject of ``v``."""
    features: dict[str, float] = {}
    if possessive:
        features["possessive"] = 1.0
    if _COPULA.fullmatch(text, h.end, v.start):
        features["copula"] = 1.0  # "InfiniBand 为 85GB/s": the name is what the figure is predicated of
    appositive = _APPOSITIVE.fullmatch(text, h.end, v.start) is not None
    if appositive:
        features["appositive"] = 1.0  # "节点内NVLink(160GB/s)": the figure in brackets after a name
    elif h.start >= v.end and _DESCRIBED.fullmatch(text, v.end, h.start):
        features["described"] = 1.0  # "1.4E AI算力的Polaris系统": a figure describing the name after it
    if appositive:
        # "优于RoCE(3.6μs)": the bracket opens a clause of its own, but the figure is the name's
        features["clause_before"], distance = 1.0, v.start - h.end
    elif clause[0] <= h.start and h.end <= v.start + 1:
        features["clause_before"], distance = 1.0, v.start - h.end
    elif clause[0] <= h.start < clause[1] and h.start >= v.end:
        features["clause_after"], distance = 1.0, h.start - v.end
    elif info.sentence.start <= h.start and h.end <= clause[0] + 1:
        features["sentence_before"], distance = 1.0, clause[0] - h.end
    else:
        features["sentence_after"], distance = 1.0, abs(h.start - v.end)
    features["proximity"] = 0.3 / (1.0 + max(distance, 0) / 20.0)
    if is_weak:
        features["demoted"] = 1.0
        if h.component or _inside_composition(h, info, text):
            features["part_of_whole"] = 1.0
    elif compared_away and not appositive:
        features["compared_elsewhere"] = 1.0
    if _REPLACED.search(text, max(info.sentence.start, h.start - 14), h.start):
        features["replaced"] = 1.0  # "使用Cortex-A78AE CPU 取代了 Carmel CPU，…64KB缓存": the old one is no subject
    if h.count > 1 and not is_weak and not _LOCATED.search(text, max(info.sentence.start, h.start - 12), h.start) \
            and not _WHOLE_AFTER.match(text, h.end) and not _WHOLE_AFTER.search(h.surface[-3:]):
        # "128颗MTIA v4芯片，提供320PFLOPS": parts of a whole, which a named context is (not "在4096颗TPU
        # v5e芯片上训练", where the chips are where it ran, nor "8卡H200系统", a whole itself)
        features["counted"] = 1.0
    if h.technology:
        features["technology"] = 1.0
        # "配备32GB HBM2e", "集成48GB LPDDR5内存，内存带宽614.4GB/s，整卡功耗250W": the kind of memory of
        # something, for the capacity before it and the other figures of the sentence alike
        described = [w for w in info.values if w.end <= h.start and w.dimension == "data"
                     and text[w.end:h.start].strip() in ("", "的")]
        if described and not _STACKED.search(h.name) \
                and not _STACKED.search(text, max(0, described[-1].start - 8), described[-1].start):  # "12-Hi 36GB HBM3E"
            features["memory_kind"] = 1.0
            features.pop("described", None)  # "384GB 的HBM3E容量": the figure describes the memory's kind
    if h.name.upper() in _GENERIC and _UNNAMED_BEFORE.search(text, max(info.sentence.start, h.start - 4), h.start):
        features["unnamed_class"] = 1.0  # "国产GPU需通过兼容层转换，性能损耗高达70%": a kind of chips, no system
    if h.name.upper() in _GENERIC and _CLASS_IN_UNIT.match(text, h.end):
        features["class_in_unit"] = 1.0  # "所消耗的 GPU Hours 仅为…": the class is part of the unit, no subject
    elif h.name.upper() in _GENERIC and _GENERIC_MODIFIER.match(text, h.end):
        features["class_modifier"] = 1.0  # "GPU利用率提升至80%": the class qualifies the metric
    return features


def _bracketed_after(text: str, c: Comparator, v: ValueMention) -> bool:
    """"优于RoCE(3.6μs)": the figure in brackets right after the comparator's name."""
    at = text.rfind(c.baseline, c.start, c.end) if c.baseline else -1
    return at >= 0 and _APPOSITIVE.fullmatch(text, at + len(c.baseline), v.start) is not None


def _hardware_candidates(v: ValueMention, info: SentenceInfo, clause: tuple[int, int], text: str,
                         ctx: Context, heading: Context) -> tuple[list[Candidate], dict[int, Mention], list[Mention]]:
    """Every system ``v`` could be about, with named features (weights in
    lexicons/choice.yaml). Also returns the mentions behind the candidates (by
    candidate index) and the sentence's subjects, for joined names (A和B均…)."""
    cands: list[Candidate] = []
    behind: dict[int, Mention] = {}
    for c in info.comparators:
        if c.named and (c.start <= v.start < c.end or _bracketed_after(text, c, v)) \
                and not Baseline.is_pronoun(c.baseline) and c.baseline != Baseline.PREVIOUS:
            # (also "优于RoCE(3.6μs)": the figure in brackets after the comparator's name)
            # "与上一代征程5的128 TOPS相比": the value belongs to the comparator's system
            cands.append(Candidate(rx.sub(r"^\d+×", "", c.baseline), "comparator", {"holds_value": 1.0}, c.start))
            break
    before = text[clause[0]:v.start]
    pronoun = rx.search(r"(后者|前者)[^，,。；;]{0,12}$", before) if "者" in before else None
    if pronoun and any(c.start <= clause[0] + pronoun.start() < c.end for c in info.comparators):
        pronoun = None  # "是后者的3.6倍": the pronoun is the comparator, not the subject
    if pronoun and not [h for h in info.hardware if clause[0] <= h.start < v.start]:
        # "A约为20 tokens/s，B则在22 tokens/s左右，后者快了约10%": the pair named just before
        local = list(dict.fromkeys(h.name for h in info.all_hardware if h.end <= clause[0]))
        pair = local if len(local) > 1 else ctx.mentions
        if len(pair) > 1:
            cands.append(Candidate(pair[-1] if pronoun.group(1) == "后者" else pair[0], "pronoun", {"pronoun": 1.0}))
    if info.split is None:  # once per sentence: the context does not change within it
        demoted = [_demoted(h, info, text, ctx) for h in info.hardware]
        info.split = ([h for h, d in zip(info.hardware, demoted) if not d],
                      [h for h, d in zip(info.hardware, demoted) if d])
    strong, weak = info.split
    if info.compared is None:  # once per sentence: the named comparators' systems, and whether a subject is another
        compared = {rx.sub(r"^\d+×", "", c.baseline) for c in info.comparators if c.named}
        info.compared = (compared, bool(compared) and any(h.name not in compared for h in strong))
    compared, other_subject = info.compared
    subjects = [h for h in strong if not (other_subject and h.name in compared and not clause[0] <= h.start < clause[1])]
    # "高于A800的400GB": an absolute figure right after "X的" is X's own, also when X is compared
    possessive = [] if v.unit in RELATIVE_UNITS else [
        h for h in info.all_hardware if clause[0] <= h.start and h.end <= v.start
        and _POSSESSIVE.fullmatch(text, h.end, v.start)]
    listed = {id(h) for h in strong + weak}
    for h, is_weak in [(h, False) for h in strong] + [(h, True) for h in weak] + [
            (h, False) for h in possessive if id(h) not in listed]:
        features = _mention_features(h, v, info, clause, text, is_weak=is_weak, possessive=h in possessive,
                                     compared_away=not is_weak and h not in subjects and h not in possessive)
        behind[len(cands)] = h
        cands.append(Candidate(h.name, "sentence", features, h.start))
    column = _flattened_column(v, info, text, ctx.table_header or heading.label)
    if column is not None:
        # "显存带宽3.35 TB/s4.8 TB/s8 TB/s" after "H100 … H200 … B200": the k-th figure of a run is the k-th system's
        cands.append(Candidate(column, "sentence", {"table_column": 1.0}))
    gain = _gain_column(v, info, text, ctx.table_header or heading.label)
    if gain is not None:
        # "训练速度8.3小时/epoch19.1小时/epoch130%" under "测试项MTIA v4英伟达H200提升幅度": the gain is the better one's
        cands.append(Candidate(gain[0], "sentence", {"table_column": 1.0}))
    for name, source in ((ctx.hardware, "paragraph"), (heading.hardware, "heading")):
        if name:
            features = {source: 1.0}
            if is_technology(name):
                features["context_technology"] = 1.0
            if name in compared:
                features["compared_elsewhere"] = 1.0  # "吞吐量达 H200 五倍": what the sentence compares with
            cands.append(Candidate(name, source, features))
    cands.append(Candidate.empty())
    return cands, behind, subjects


# between the figures of a flattened row: nothing, a memory type ("80 GB HBM3141 GB"), a unit's tail ("/epoch")
_RUN_GAP = rx.compile(r"\s{0,2}(?:/?[A-Za-z][A-Za-z0-9]{0,7}\s?)?")
_TABLE_HEADER = rx.compile(rf"\s*(?:{_listed('table_header')})(?:\s|$)")
_ENUMERATION_GAP = rx.compile(r"[^，,。；;!?！？]{0,12}")


def _enumerations(names: list[Mention], text: str, values: list[ValueMention]) -> list[list[Mention]]:
    """Runs of system names one after another with no figure between them
    (a flattened header); classes and memory or link products left out."""
    groups: list[list[Mention]] = []
    for h in names:
        if h.technology or h.name.upper() in _GENERIC:
            continue
        if groups and _ENUMERATION_GAP.fullmatch(text, groups[-1][-1].end, h.start) and not any(
                groups[-1][-1].end <= w.start < h.start for w in values):
            groups[-1].append(h)
        else:
            groups.append([h])
    return groups


_LOWER_IS_BETTER = frozenset({"time"})  # a shorter time is the better figure


def _gain_column(v: ValueMention, info: SentenceInfo, text: str, header_line: str = "") -> tuple[str, str] | None:
    """(better, other) of the two systems of a flattened row whose gain ``v`` follows their two
    figures ("8.3小时/epoch19.1小时/epoch130%": the gain of the faster over the slower), else None."""
    if v.unit not in RELATIVE_UNITS:
        return None
    i = info.values.index(v) if v in info.values else -1
    if i < 2:
        return None
    a, b = info.values[i - 2], info.values[i - 1]
    if a.dimension != b.dimension or a.dimension in ("ratio", "percent") or a.unit in RELATIVE_UNITS \
            or not _RUN_GAP.fullmatch(text, a.end, b.start) or not _RUN_GAP.fullmatch(text, b.end, v.start):
        return None
    first, second = _flattened_column(a, info, text, header_line), _flattened_column(b, info, text, header_line)
    if not first or not second or first == second:
        return None
    a_better = (a.value < b.value) if a.dimension in _LOWER_IS_BETTER else (a.value > b.value)
    return (first, second) if a_better else (second, first)


def _flattened_column(v: ValueMention, info: SentenceInfo, text: str, header_line: str = "") -> str | None:
    """The system of ``v`` when it is one of a run of N figures of one dimension
    written side by side (a table row flattened into the text) and the sentence
    listed N distinct systems before the run (the flattened header), or the
    heading line above does ("测试项MTIA v4英伟达H200提升幅度")."""
    if len(info.values) < 2:
        return None  # (the usual sentence: one figure is no run)
    same = [w for w in info.values if w.dimension == v.dimension]
    if len(same) < 2 or v not in same:
        return None
    i = same.index(v)
    lo = i
    while lo > 0 and _RUN_GAP.fullmatch(text, same[lo - 1].end, same[lo].start):
        lo -= 1
    hi = i
    while hi + 1 < len(same) and _RUN_GAP.fullmatch(text, same[hi].end, same[hi + 1].start):
        hi += 1
    n = hi - lo + 1
    if n < 2:
        return None
    run_start = same[lo].start
    names = [h for h in info.all_hardware if h.end <= run_start]
    groups = _enumerations(names, text, info.values)
    if header_line and not any(len(set(h.name for h in g)) >= n for g in groups):
        groups = _enumerations(find_hardware(header_line, known=_KNOWN_NAMES.get()), header_line, [])
    for group in groups:  # the header comes first: the first window of n distinct names
        for at in range(len(group) - n + 1):
            window = [h.name for h in group[at:at + n]]
            if len(set(window)) == n:
                return window[i - lo]
    return None


def _pick_hardware(v: ValueMention, info: SentenceInfo, clause: tuple[int, int], text: str,
                   ctx: Context, heading: Context, value_start: int = -1) -> list[str]:
    """Gather, score, choose; then the systems joined to the chosen one (A和B均…, 分别)."""
    cands, behind, subjects = _hardware_candidates(v, info, clause, text, ctx, heading)
    best = choice.decide("hardware", value_start, cands)
    chosen = behind.get(cands.index(best))
    if chosen is None:
        return [best.name]
    strong, weak = info.split
    pool = next((p for p in (subjects, weak, strong) if chosen in p), [chosen])
    group = _group(pool, chosen, text)
    respective = _respectively(v, info, text)
    if respective is not None:
        joined = _shared(strong, v, info, text) or group
        if len(joined) == len(respective[1]):
            return [joined[respective[0]].name]  # "A和B分别为20和22": one system each
    if len(group) == 1 and rx.search(r"(?:均|都|皆|同样|一致)[^，,；;]{0,4}$", text[clause[0]:v.start]):
        group = _shared(strong, v, info, text) or group
    return [group[0].name] if len(group) == 1 else list(dict.fromkeys(h.name for h in group))


_AGGREGATE = rx.compile(_listed("aggregate"))


def _model_candidates(v: ValueMention, info: SentenceInfo, clause: tuple[int, int], metric: str,
                      ctx: Context, heading: Context) -> tuple[list[Candidate], dict[int, Mention], list[Mention]]:
    """Every workload ``v`` could be about, with named features (weights in
    lexicons/choice.yaml, section ``model``); also the mentions behind the
    candidates and the sentence's models, for joined names (A和B上均…)."""
    # "DeepSeek V3的训练成本仅为Llama 3 405B的1/5": the model compared against is not the workload
    compared = [m for m in info.models if any(c.named and c.start <= m.start < c.end for c in info.comparators)]
    models = [m for m in info.models if m not in compared]
    cands: list[Candidate] = []
    behind: dict[int, Mention] = {}
    for m in models:
        if info.sentence.start <= m.start and m.end <= v.start + 1:
            features = {"sentence_before": 1.0, "proximity": 0.3 / (1.0 + max(v.start - m.end, 0) / 20.0)}
        elif clause[0] <= m.start < clause[1] and m.start >= v.end:
            features = {"clause_after": 1.0, "proximity": 0.3 / (1.0 + (m.start - v.end) / 20.0)}
        else:
            continue  # a later clause speaks of another workload
        behind[len(cands)] = m
        cands.append(Candidate(m.name, "sentence", features, m.start))
    empty = {"empty": 1.0}
    if _GENERIC_WORKLOAD.search(info.sentence.text):
        empty["unnamed_workload"] = 1.0  # "在某千亿参数模型的推理中": not the one named before
    # A spec figure, a relative efficiency or a cost describes the system, not the workload of
    # earlier sentences (an absolute efficiency, 500 images/s/W, is measured on one); a heading
    # still scopes what is under it.
    of_workload = metric in _PERF_METRICS or (metric == "efficiency" and v.unit not in RELATIVE_UNITS)
    if ctx.model and of_workload:
        cands.append(Candidate(ctx.model, "paragraph", {"paragraph": 1.0}))
    if heading.model:
        cands.append(Candidate(heading.model, "heading", {"heading": 1.0}))
    cands.append(Candidate("", "empty", empty))
    return cands, behind, models


def _pick_models(v: ValueMention, info: SentenceInfo, clause: tuple[int, int], metric: str,
                 ctx: Context, heading: Context, norm_text: str = "", value_start: int = -1) -> list[str]:
    """The workload(s) of ``v``: one row per model a number is asserted of (spec 9).
    Gather, score, choose; then the models joined to the chosen one."""
    cands, behind, models = _model_candidates(v, info, clause, metric, ctx, heading)
    best = choice.decide("model", value_start, cands)
    chosen = behind.get(cands.index(best))
    if chosen is None:
        return [best.name]
    group = _group(models, chosen, norm_text) if "分别" not in info.sentence.text else [chosen]
    if len(group) > 1:
        if _AGGREGATE.search(norm_text, group[0].start, max(v.end, clause[1])):
            return [""]  # "在Llama 70B和Falcon 180B上平均高出50%": an average is no single workload's
        return list(dict.fromkeys(m.name for m in group))  # spec 9: asserted of each named model
    return [chosen.name]


def _baseline_candidates(v: ValueMention, info: SentenceInfo, clause: tuple[int, int], hardware: str, text: str,
                         ctx: Context, heading: Context, metric: str = "") -> list[Candidate]:
    """What a relative value could be measured against, with named features (weights in
    lexicons/choice.yaml, section ``baseline``). A candidate may name nothing: an unnamed
    comparator ("比同类产品快") is a choice of the empty baseline for a reason."""
    gain = _gain_column(v, info, text, ctx.table_header or heading.label)
    if gain is not None:  # (a flattened row's gain column: 130% after 8.3小时 and 19.1小时)
        return [Candidate(gain[1], "sentence", {"gain_over_column": 1.0}), Candidate.empty()]
    if v.unit == "%" and not _CHANGE_WORDS.search(text[clause[0]:clause[1]]):
        # a share, not a change ("占H100的60%"): only a comparator right before it
        tied = [c for c in info.comparators if 0 <= v.start - c.end <= 2]
        return ([Candidate(_resolve_pronoun(tied[0].baseline, hardware, ctx), "sentence", {"share_of": 1.0}, tied[0].start)]
                if tied else []) + [Candidate.empty()]
    cands: list[Candidate] = []
    for c in info.comparators:
        # the nearest comparator before the value, else the first one after it
        if c.start < v.start:
            features = {"comparator_before": 1.0, "proximity": 0.3 / (1.0 + max(v.start - c.start, 0) / 20.0)}
        else:
            features = {"comparator_after": 1.0, "proximity": 0.3 / (1.0 + (c.start - v.end) / 20.0)}
        name = c.baseline
        if Baseline.is_pronoun(name):
            # "Orin-X算力为254 TOPS，征程6P的算力约为其2.2倍": the other system named just before;
            # "相比MTT S3000，MTT S4000…，显存容量则是前者的1.5倍": the first one named
            local = [h.name for h in info.all_hardware if h.end <= c.start and h.name != hardware]
            name = (local[0] if name == Baseline.FORMER else local[-1]) if local else _resolve_pronoun(name, hardware, ctx)
        cands.append(Candidate(name, "sentence", features, c.start))
    old = [w for w in info.values if w.end <= v.start and w.kind == "from_to" and w.old_value is not None
           and _UNIT_METRIC.get(w.dimension) == metric]  # (not "显存从80GB降到48GB，推理速度提升2.3倍")
    if old:
        # "算力从18TOPS增加到了38TOPS，达到了两倍多的提升": the ratio of the change, against the old figure
        cands.append(Candidate(f"{_fmt(old[-1].old_value)} {old[-1].old_unit}", "sentence", {"from_value_before": 1.0}))
    if ctx.comparator is not None and metric != "cost":
        # spec 9: a comparator carries over to the next sentences of the paragraph
        # (a cost cut is against the buyer's old way, seldom the system compared before)
        cands.append(Candidate(_resolve_pronoun(ctx.comparator.baseline, hardware, ctx), "paragraph",
                               {"paragraph_comparator": 1.0}))
    if hardware and rx.search(r"后者|前者", text[clause[0]:v.start]):
        local = list(dict.fromkeys(h.name for h in info.all_hardware if h.end <= clause[0]))
        pair = local if len(local) == 2 else ctx.mentions
        if len(pair) == 2 and hardware in pair:
            # "A和B…，后者快了约10%": the other one of the pair
            cands.append(Candidate(next(m for m in pair if m != hardware), "sentence", {"other_of_pair": 1.0}))
    if hardware:
        # "A does 580/s; B does 3480/s, 6x": the contrast with the previous sentence's system
        same_unit_before = {h for u, h in ctx.absolute if h and h != hardware}
        own_units = {w.unit for w in info.values if w.unit not in RELATIVE_UNITS}
        contrast = {h for u, h in ctx.absolute if u in own_units and h and h != hardware}
        if len(contrast) == 1 and same_unit_before == contrast:
            cands.append(Candidate(contrast.pop(), "paragraph", {"contrast": 1.0}))
    if heading.comparator is not None:
        cands.append(Candidate(heading.comparator.baseline, "heading", {"heading_comparator": 1.0}))
    cands.append(Candidate.empty())
    return cands


def _pick_baseline(v: ValueMention, info: SentenceInfo, clause: tuple[int, int], hardware: str, text: str,
                   ctx: Context, heading: Context, metric: str = "", value_start: int = -1) -> str:
    if v.kind == "from_to" and v.old_value is not None:
        return f"{_fmt(v.old_value)} {v.old_unit}"  # "从100GB/s增加到120GB/s": against the old figure
    if v.unit not in RELATIVE_UNITS:
        return ""  # an absolute figure is measured against nothing
    cands = _baseline_candidates(v, info, clause, hardware, text, ctx, heading, metric)
    return choice.decide("baseline", value_start, cands).name


def _resolve_pronoun(baseline: str, hardware: str, ctx: Context) -> str:
    """'约为其2.2倍', '是后者的3.6倍': the system the previous sentence named."""
    if not Baseline.is_pronoun(baseline):
        return baseline
    others = [m for m in ctx.mentions if m != hardware]
    if baseline == Baseline.FORMER:
        return others[0] if others else ""
    if baseline == Baseline.LATTER:
        if ctx.comparator is not None and not Baseline.is_pronoun(ctx.comparator.baseline):
            return ctx.comparator.baseline  # "A比主流GPU快2倍，能效则达到后者的2.5倍": the thing compared against
        return others[-1] if others else ""
    return ctx.hardware if ctx.hardware and ctx.hardware != hardware else (others[-1] if others else "")


# More verbs of change and comparison, for ratios only ("暴涨4.4倍", "落后X约2倍", "三倍于A100").
_RELATIVE_VERBS = rx.compile(_listed("relative_verbs"))
_CELL_LINE = rx.compile(r"\s*[(（]\s*[+~约]?\s*\d+(?:\.\d+)?\s?[×xX倍%]\s*[)）]\s*")
_SPEED_UP = rx.compile(_listed("speed_up"))
_SHARE_OF = rx.compile(rf"(?:{_listed('share_of_verbs')})[^，。；,;]{{1,24}}的\s?(?:{_listed('share_of_qualifiers')})?\s?$")
_LABEL_BEFORE = rx.compile(r"([^\s，。；,;:：]{2,12})\s?[:：]\s?[<>≤≥~约]?\s?$")


_REACHES = rx.compile(_listed("reaches"))


@lru_cache(maxsize=512)
def _found_in(pattern: Pattern, part: str) -> bool:
    """``pattern.search(part) is not None``, remembered: every value of a
    clause asks about the same clause text (500 times in "1倍1倍…")."""
    return pattern.search(part) is not None


def _relative_supported(v: ValueMention, info: SentenceInfo, clause: tuple[int, int], text: str, ctx: Context) -> bool:
    """A ratio needs something in its own clause that makes it a performance
    statement: a metric word, a change verb, or a comparator ("海光一成半"
    after "仓位两成" is not one)."""
    part = text[clause[0]:clause[1]]
    if any(clause[0] <= m.start < clause[1] for m in info.metrics) or _found_in(_CHANGE_WORDS, part) \
            or _found_in(_RELATIVE_VERBS, part):
        return True
    # the value's line, indexed and not sliced: a one-line document made this quadratic
    line_start, line_end = textindex.line_start(text, v.start), textindex.line_end(text, v.end)
    line_end = line_end if line_end >= 0 else len(text)
    if _CELL_LINE.fullmatch(text, line_start, line_end):
        return True  # a table flattened one cell per line: "(1.6×)" alone on its line
    if v.unit == "%" and textindex.count(text, "|", line_start, line_end):
        return True  # a table cell, also one cell per line ("CPU 60%、GPU 45% |"): tables state claims
    if "分之" in v.raw and rx.search(r"仅|只|不到|不足|约|为|是|达|用|占", part):
        return True  # "仅用不到X十分之一的资源": a fraction is a comparison
    if v.unit == "%" and v.raw != "一半" and _SHARE_OF.search(text, clause[0], v.start):
        return True  # "仅为A的9.3%", "只有B的七成": a level measured against something named
    label = _LABEL_BEFORE.search(text, max(0, clause[0] - 16), clause[0] + 1)
    if label and find_metrics(label.group(1)):
        return True  # "精度损失:<0.5%": the label before the colon names the metric
    if any(c.start < clause[1] and clause[0] < c.end for c in info.comparators):
        return True
    if v.unit == "x" and _found_in(_REACHES, part):
        return True  # "DeepVoice3达到了13倍" continues the sentence's metric
    if info.metrics and any(w.unit == v.unit and w.end <= v.start for w in info.values):
        return True  # "准确率为81.6%，对照组为81.5%": a parallel figure of the same metric
    return False


def _pair_before(info: SentenceInfo, at: int) -> list[str]:
    """The two systems 前者/后者 at ``at`` can point to: the last two joined by 和/与/及/、, else the last
    two named before it in the sentence, else none."""
    ordered = [h for h in info.all_hardware if h.end <= at and not h.technology]
    gap = lambda a, b: info.sentence.text[a.end - info.sentence.start:b.start - info.sentence.start]  # noqa: E731
    joined = [(a, b) for a, b in zip(ordered, ordered[1:]) if rx.fullmatch(r"\s?(?:和|与|及|、)\s?", gap(a, b))]
    if joined:
        return [joined[-1][0].name, joined[-1][1].name]
    named = list(dict.fromkeys(h.name for h in ordered))
    return named[-2:] if len(named) >= 2 else []


def _update(ctx: Context, info: SentenceInfo, claims: list[Claim]) -> None:
    if info.models:
        # several workloads in one sentence: what follows cannot pick one of them (a model compared
        # against does not count: "A仅为B的1/5" is about A)
        subjects = [m for m in info.models if not any(c.named and c.start <= m.start < c.end for c in info.comparators)]
        named = {m.name for m in subjects or info.models}
        ctx.model = (subjects or info.models)[-1].name if len(named) == 1 else ""
    elif _GENERIC_WORKLOAD.search(info.sentence.text):
        ctx.model = ""  # the topic moved to an unnamed workload
    named = ([h.name for h in info.all_hardware if not h.component and not h.technology]
             or [h.name for h in info.all_hardware if not h.component])
    if named:
        ctx.mentions = named
    names = {h.name for h in info.hardware if not h.technology} or {h.name for h in info.hardware}
    if not claims and info.hardware and all(h.count > 1 for h in info.hardware):
        names = set()  # "仅需2048个H800 GPU即达到最先进性能": the chips used, not what the paragraph is about
    specific = {n for n in names if n.upper() not in _GENERIC}
    if specific and len(names) > len(specific):
        names = specific  # "ATOM是一款NPU": the product, not its class
    pointed = _PAIR_SUBJECT.search(info.sentence.text)
    if pointed:
        # "华为的昇腾芯片有 910 和 310 型号，前者用于服务器": what follows is about one of the pair named last
        pair = _pair_before(info, info.sentence.start + pointed.start(1)) or (
            ctx.mentions[-2:] if not names and len(ctx.mentions) >= 2 else [])
        if len(pair) == 2:
            names = {pair[0] if pointed.group(1) == "前者" else pair[1]}
    if claims and any(c.hardware for c in claims):
        ctx.hardware = [c.hardware for c in claims if c.hardware][-1]
    elif len(names) == 1:
        ctx.hardware = names.pop()
    elif len(names) > 1:
        ctx.hardware = ""
    if claims:
        ctx.metric = claims[-1].metric
    else:
        specific = [m for m in info.metrics if m.rank == 0 and m.name != "time"]
        if specific:
            ctx.metric = specific[-1].name
    if info.comparators:
        ctx.comparator = info.comparators[-1]  # spec 9: it carries over to later sentences of the paragraph
    ctx.absolute = [(c.unit, c.hardware) for c in claims if c.unit not in RELATIVE_UNITS]
    if has_words(info.sentence.text, lexicons.metrics()["training_context"]):
        ctx.training = True


def _precision(text: str) -> str:
    m = _PRECISIONS.search(text)
    return m.group(1).upper() if m else ""


def _task(sentence: str, metric: str) -> str:
    if metric == "time_to_train" or "训练" in sentence:
        return "training"
    if "推理" in sentence or metric == "latency":
        return "inference"
    return ""


# the code first, its brand looked back at: a scan that starts only at capitals
_BRAND_CODE = guarded(r"(?<=([\u4e00-\u9fff]{2}))([A-Z]{1,2}\d{1,4}[A-Za-z]?)(?![A-Za-z0-9])", "A-Z")
_NOT_BRANDS = frozenset(_GRAMMAR["not_brands"])


def _document_names(text: str, paragraphs: list[Paragraph]) -> frozenset[str]:
    """Latin names the document itself uses as systems somewhere ("ATOM芯片",
    "RNGD的每瓦性能"): every other mention of them is a system too."""
    names: set[str] = set()
    for para in paragraphs:
        for sentence in para.sentences:
            # only names the text presents as a system (芯片X, 在X上): "X的训练时间" may be a method
            names.update(m.name for m in find_open_names(sentence.text, [], strict=True)
                         if not find_models(m.name))
    # A code name the text presents in quotes ("GPU架构“花港”") is that system unquoted later too
    # ("算力密度提升50%的新架构花港").
    if "“" in text or "「" in text or '"' in text:
        names.update(m.name for m in find_quoted_systems(text, []) if len(m.name) >= 2)
    # A Chinese brand with several model codes (瀚海H1, 瀚海S8, 瀚海H2) is a product family.
    codes: dict[str, set[str]] = {}
    for m in _BRAND_CODE.finditer(text):
        if m.group(1) not in _NOT_BRANDS:
            codes.setdefault(m.group(1), set()).add(m.group(2))
    names.update(brand + code for brand, found in codes.items() if len(found) > 1 for code in found)
    return frozenset(names)


def extract_from_normalized(norm: Normalized, doc: str = "") -> list[Claim]:
    """Claims of a normalised document. A sentence (or a paragraph's table or
    heading work) whose analysis raises is skipped and reported through
    :mod:`extract.core.failures`; the document's other claims are kept."""
    text = norm.text
    claims: list[tuple[int, Claim]] = []
    paragraphs = split_document(text)
    guard = Guard(norm, doc)
    # the open-name cache serves one document's two passes, never another document
    # (which would only make repeated text look fast)
    clear_open_names()
    try:
        names = _document_names(text, paragraphs)
    except Exception:  # find the paragraph that fails; the others still give their names
        names = frozenset()
        # each paragraph's open names, then the brand codes of the whole text
        pieces = [("", [para], para.start, para.end) for para in paragraphs] + [(text, [], 0, len(text))]
        for piece_text, piece, start, end in pieces:
            try:
                names |= _document_names(piece_text, piece)
            except Exception as exc:
                guard.failed(start, end, exc)
    token = _KNOWN_NAMES.set(names)
    aliases = _MODEL_ALIASES.set(_model_aliases(text))
    try:
        short = _hardware_aliases(text, norm)
    except Exception as exc:  # the document is still read, without short names
        guard.failed(0, len(text), exc)
        short = {}
    hardware_aliases = _HARDWARE_ALIASES.set(short)
    try:
        return _extract_paragraphs(norm, doc, paragraphs, claims, guard)
    finally:
        _HARDWARE_ALIASES.reset(hardware_aliases)
        _MODEL_ALIASES.reset(aliases)
        _KNOWN_NAMES.reset(token)


def _model_aliases(text: str) -> dict[str, str]:
    """Short forms of the document's models: "Kimi K2 Thinking" is later written
    "K2 Thinking" (the brand dropped, a digit kept so that no plain word is one).

    >>> _model_aliases("Kimi K2 Thinking 发布，K2 Thinking 的模型文件只有 594GB")
    {'K2 Thinking': 'Kimi K2 Thinking'}
    """
    if " " not in text:
        return {}
    out: dict[str, str] = {}
    for m in find_models(text):
        head, _, rest = m.name.partition(" ")
        if rest and rx.search(r"\d", rest) and rx.match(r"[A-Za-z]", rest) and not rx.search(r"\d", head):
            out.setdefault(rest, m.name)
    return out



# "384超节点", "910芯片": a product's number alone before a class word; "v3 Pod": a version code and a pod
_CODE_BEFORE_CLASS = rx.compile(r"(?<![A-Za-z0-9.×xX*])(\d{3,5}|v\d{1,2})(?=\s?(?:超节点|芯片|处理器|集群|服务器|Pod|POD|型号)"
                                r"|\s?(?:和|与|、)\s?\d{3,5}\s?型号)")  # "昇腾人工智能芯片有 910 和 310 型号"
_CODE_TAIL = rx.compile(r"(?<=[^\d\s])\s?(\d{3,5}|v\d{1,2})$")


def _hardware_aliases(text: str, norm: Normalized | None = None) -> dict[str, str]:
    """Short forms of the document's systems: the number or version of a named product
    written alone before a class word, when exactly one of the document's systems ends
    with it. A bare number names nothing, so it stands for the full name ("384超节点" →
    昇腾384); a version keeps its own name with what follows ("v3 Pod" of "TPU v3").

    >>> _hardware_aliases("业内以昇腾384为参照……384超节点HBM总带宽达1229 TB/s")
    {'384': '昇腾384'}
    """
    codes = {m.group(1) for m in _CODE_BEFORE_CLASS.finditer(text)}
    if not codes:
        return {}
    owners: dict[str, set[str]] = {}
    start = 0
    for line in text.split("\n"):  # an owner's name holds its code: only the lines with a code are read
        if any(code in line for code in codes):
            for h in find_hardware(line, known=_KNOWN_NAMES.get()):
                tail = _CODE_TAIL.search(h.name)
                if tail and tail.group(1) in codes:
                    # the owner's name as the original writes it (昇騰 910 stays traditional)
                    written = _as_written(norm, h, start).name if norm is not None else h.name
                    owners.setdefault(tail.group(1), set()).add(written)
        start += len(line) + 1
    # a number must have one owner; a version keeps its own name, so any owner will do
    return {code: next(iter(names)) if code.isdigit() else "" for code, names in owners.items()
            if len(names) == 1 or not code.isdigit()}


def _hardware_alias_mentions(s: str, offset: int, aliases: dict[str, str], taken: list[Mention]) -> list[Mention]:
    out = []
    for m in _CODE_BEFORE_CLASS.finditer(s):
        full = aliases.get(m.group(1))
        if full is None:
            continue
        start, end = m.start() + offset, m.end() + offset
        name = full
        if not full:  # a version: the name as written with its pod ("v3 Pod")
            pod = rx.match(r"\s?(?:Pod|POD)", s[m.end():])
            if pod is None:
                continue
            end += pod.end()
            name = s[m.start():m.end() + pod.end()]
        if not any(x.start < end and start < x.end for x in taken + out):
            out.append(Mention("hardware", start, end, s[start - offset:end - offset], name))
    return out


@cache
def _setup_line() -> tuple[Pattern, dict[str, int]]:
    """The test-setup line pattern, and the rank of each hardware key (most specific first)."""
    keys = lexicons.load_yaml("context.yaml")["setup_keys"]
    alts = "|".join(f"(?P<{field}>{_words(words)})" for field, words in keys.items())
    ranks = {w.casefold(): i for i, w in enumerate(keys["hardware"])}
    return rx.compile(rf"^\s*(?:[-•*·]\s*)?(?:{alts})\s*[:：]\s*(?P<value>\S[^\n]*)$", rx.MULTILINE), ranks


_LISTED = rx.compile(r"[、，,;；/]|和|及|与|以及|\bvs\.?\b|对比")


def _setup(text: str) -> Context | None:
    """The system and workload a block of test-setup lines names ("- GPU: H100 80GB",
    "- Model: Llama-2-70B (AWQ 4bit)"), or None when the block is not one. A key
    with several systems in its value ("GPU: A100/H100") names none."""
    pattern, ranks = _setup_line()
    hardware: list[tuple[int, str]] = []
    model = ""
    found = False
    for m in pattern.finditer(text):
        found = True
        if _LISTED.search(rx.sub(r"[（(][^）)]*[）)]", "", m.group("value"))):
            continue  # "测试模型：DeepSeek-R1(14B/32B)、QwQ-32B": several, so none for the section
        if m.group("hardware"):
            names = list(dict.fromkeys(h.name for h in find_hardware(m.group("value"), known=_KNOWN_NAMES.get())))
            if len(names) == 1:
                hardware.append((ranks[m.group("hardware").casefold()], names[0]))
        else:
            names = list(dict.fromkeys(x.name for x in find_models(m.group("value"))))
            if len(names) == 1:
                model = model or names[0]
    if not found:
        return None
    return Context(model=model, hardware=min(hardware)[1] if hardware else "")


#: how many paragraphs ahead a table written one cell per line is looked for
_VERTICAL_TABLE_PARAGRAPHS = 200
_SENTENCE_STOP = rx.compile(r"[。！？!?…][”」』\"）)]*\s*$")


def _is_prose(paragraph: str) -> bool:
    """A paragraph of running text, not an item of a list or a table ("没错，即便…，生成速度仍可维持在
    20+ token/s，完全满足需求！" after a table, not "• 单机柜配置：…" or "| 512 | 85ms |")."""
    line = paragraph.strip()
    if not line or _BULLET.match(line) or line[:1] in "|｜–—" or "\n" in line:
        return False
    return bool(_SENTENCE_STOP.search(line)) and len(line) >= 20


_PAIR_SUBJECT = rx.compile(r"(?:^|[，,；;])\s*(前者|后者)(?!的)")
_BACK_REFERENCE = rx.compile(_listed("back_reference"))


def _extract_paragraphs(norm: Normalized, doc: str, paragraphs: list[Paragraph],
                        claims: list[tuple[int, Claim]], guard: Guard) -> list[Claim]:
    text = norm.text
    heading = Context()
    title_ctx = Context()
    # A heading's sentences are analysed when something reads the heading: most
    # sections are read, but a heading followed by another, or by nothing with a
    # value, costs nothing. Analysing later gives the same context (it depends on
    # the sentences alone).
    unread: list[Sentence] = []

    setup = Context()  # what the section's test-setup lines name ("- GPU: H100 80GB")

    def read_heading() -> Context:
        for sentence in unread:
            try:
                _update(heading, _analyse(norm, sentence, []), [])
            except Exception as exc:
                guard.failed(sentence.start, sentence.end, exc)
        unread.clear()
        # the setup of the section stands behind every heading of it that names nothing itself
        heading.hardware = heading.hardware or setup.hardware
        heading.model = heading.model or setup.model
        return heading

    def introducing(sentence: Sentence, previous: Context) -> Context:
        try:
            return _introducing(norm, sentence, previous)
        except Exception as exc:
            guard.failed(sentence.start, sentence.end, exc)
            return previous

    def introduced_by(para: Paragraph, previous: Context) -> Context:
        introduced = introducing(para.sentences[-1], previous)
        if len(para.sentences) > 1 and introduced.hardware == previous.hardware and \
                _BACK_REFERENCE.search(para.sentences[-1].text):
            # "X 搭载的 Y 引擎，是关键。与上一代相比，它新增了两大杀招：": the colon's sentence
            # points back (它/其), so the lines below are about the system the paragraph named.
            earlier = Context()
            for sentence in para.sentences[:-1]:
                earlier = introducing(sentence, earlier)
            if earlier.hardware:
                introduced = replace(introduced, hardware=earlier.hardware)
        return introduced

    def values_of(sentence: Sentence) -> list[ValueMention] | None:
        try:
            return find_values(sentence.text)
        except Exception as exc:
            guard.failed(sentence.start, sentence.end, exc)
            return None  # the sentence is skipped

    table_header = ""  # a line of systems heading the lines below it ("参数 CS-1 (2019) CS-2 (2022) …")
    previous_end = -1
    consumed_to = -1  # paragraphs before this offset were read as cells of a table above
    # a body line ending in a colon introduces the block below it (a list, a table), not the
    # prose after that block: the section as it was before the line, to go back to
    before_colon: Context | None = None
    colon_index = -1
    for index, para in enumerate(paragraphs):
        if para.start < consumed_to:
            continue
        if before_colon is not None and index > colon_index + 1 and para.kind == "body" \
                and _is_prose(text[para.start:para.end]):
            heading, before_colon = before_colon, None
        elif para.kind == "heading":
            before_colon = None
        if para.end - para.start <= 12 and is_corner(text[para.start:para.end]):
            # "指标 / BM1684 / BM1682 / INT8 算力 / 17.6 TOPS / …": a table written one cell per line
            try:
                ahead = paragraphs[index:index + _VERTICAL_TABLE_PARAGRAPHS]
                lines = [(m.start() + p.start, m.end() + p.start) for p in ahead
                         for m in rx.finditer(r"[^\n]+", text[p.start:p.end])]
                cells = line_cells(text, lines)
                found, used = vertical_table_values(text, cells, heading.label)
                if used:
                    claims.extend((index, c) for c in _claims_of_cells(
                        norm, doc, found, lambda: read_heading().model, lambda: read_heading().hardware))
                    consumed_to = cells[used - 1].end
                    continue
            except Exception as exc:
                guard.failed(para.start, para.end, exc)
        if para.start > previous_end + 1 or para.kind == "table":
            table_header = ""  # a blank line ends the block the header heads
        previous_end = para.end
        if _TABLE_HEADER.match(text, para.start) and para.end - para.start <= 120 and \
                len({h.name for h in find_hardware(text[para.start:para.end], known=_KNOWN_NAMES.get())}) >= 2:
            table_header = text[para.start:para.end]  # (a one-line table is still read as one below)
        try:
            if para.kind == "heading" and _HEADING_MARK.match(text[para.start:para.end]):
                setup = Context()  # a numbered heading opens a new section
            elif para.kind == "body" and ("：" in text[para.start:para.end] or ":" in text[para.start:para.end]):
                named = _setup(text[para.start:para.end])
                if named is not None:
                    setup = Context(model=named.model or setup.model, hardware=named.hardware or setup.hardware)
                    heading.hardware = heading.hardware or setup.hardware
                    heading.model = heading.model or setup.model
            if para.kind == "heading":
                if text[para.start:para.end].rstrip()[-1:] in ":：":
                    heading = introduced_by(para, read_heading())  # "每张卡跑三次取平均：" keeps the section
                    continue
                heading = Context(label=text[para.start:para.end])
                unread[:] = para.sentences
                continue
            if para.kind == "title" and index == 0:
                # spec 9: the title introduces the body like a heading until the first heading of the body
                titled = Context()
                for sentence in para.sentences:
                    _update(titled, _analyse(norm, sentence, []), [])
                # (a class word or a memory in the title names no subject for the body: "寒武纪发布全新AI训练GPU")
                specific = titled.hardware if titled.hardware.upper() not in _GENERIC and not is_technology(titled.hardware) else ""
                heading = Context(model=titled.model, hardware=specific)
            numbered = [i for i, x in enumerate(para.sentences) if _CANDIDATE.search(x.text)]
            if not numbered:
                continue  # context only flows within a paragraph, so nothing to bind here
            if para.kind == "table" or (para.kind in ("body", "title") and len(para.sentences) <= 2):
                try:
                    made = _table_claims(norm, doc, para, heading.label, lambda: read_heading().model,
                                         spaced=para.kind != "table", section_hardware=lambda: read_heading().hardware)
                except Exception as exc:  # reported; its sentences are still read one by one
                    guard.failed(para.start, para.end, exc)
                    made = []
                if made:
                    claims.extend((index, c) for c in made)
                    continue
            ctx = title_ctx if para.kind == "title" else Context()
            ctx.table_header = table_header
            section = heading
            if para.kind == "body" and para.sentences and para.sentences[-1].text.rstrip()[-1:] in ":：":
                if before_colon is None:
                    before_colon = read_heading()
                colon_index = index
                heading = introduced_by(para, read_heading())
            # Context flows forward only: sentences after the last one with a value
            # (found among those up to the last with a number) cannot give context to any claim.
            found = [values_of(sentence) for sentence in para.sentences[:numbered[-1] + 1]]
            last = max((i for i, values in enumerate(found) if values), default=-1)
            if last < 0:
                continue
            # the section this paragraph is in (read above if this paragraph opened a new one)
            head = Context() if para.kind == "title" else (read_heading() if section is heading else section)
            for sentence, values in zip(para.sentences[:last + 1], found):
                if values is None:
                    continue
                try:
                    values = [v._replace(start=v.start + sentence.start, end=v.end + sentence.start) for v in values]
                    info = _analyse(norm, sentence, values)
                    made = _claims_for_sentence(norm, doc, info, ctx, head)
                    claims.extend((index, c) for c in made)
                    _update(ctx, info, made)
                except Exception as exc:
                    guard.failed(sentence.start, sentence.end, exc)
        except Exception as exc:  # outside any one sentence: the paragraph is skipped
            guard.failed(para.start, para.end, exc)
    return _drop_restatements(claims, norm.original)


def _claims_for_sentence(norm: Normalized, doc: str, info: SentenceInfo, ctx: Context, heading: Context) -> list[Claim]:
    text = norm.text
    s = info.sentence
    if not info.values:
        return []
    # only a Chinese numeral's own edges are asked about (_in_scope)
    edges = [p - s.start for v in info.values if v.chinese for p in (v.start, v.end)]
    # jieba runs only if a numeral gets that far, and once per sentence
    shifted = cache(lambda: frozenset(b + s.start for b in boundaries_at(s.text, edges))) if edges else None
    made: list[Claim] = []
    wrapped = "\n" in s.text.strip()
    sentence_precision: list[str] = []  # computed once, when a clause names no precision
    for v in info.values:
        clause = clause_span(text, v.start, v.end, s.start, s.end, wrapped=wrapped)
        # both tests are pure, so their order changes nothing but the cost: the ratio test is the
        # cheaper one, and a run of bare ratios ("1倍1倍…") fails it
        if v.unit in RELATIVE_UNITS and not _relative_supported(v, info, clause, text, ctx):
            continue
        if not _in_scope(text, v, clause, shifted, info.comparators):
            continue
        if v.dimension == "time" and _EFFORT.search(s.text) and not [
                m for m in info.metrics if m.rank == 0 and m.name in ("time_to_train", "latency")]:
            continue
        if v.chinese and v.dimension == "time" and not [m for m in info.metrics if clause[0] <= m.start < clause[1]] \
                and not has_words(text[clause[0]:clause[1]], lexicons.metrics()["training_context"]):
            continue  # 两周, 一天: effort and durations, unless a metric says otherwise
        metric, rule = _metric_and_rule(v, info, clause, ctx, heading)
        vstart, vend = norm.to_original(v.start, v.end)
        models = _pick_models(v, info, clause, metric, ctx, heading, text, vstart)
        ostart, oend = norm.to_original(*clause)
        evidence = norm.original[ostart:oend]
        metrics = _coordinated_metrics(v, info, clause, text) or [metric]
        if choice.recording():  # the metric is a decision list: the rule that decided, and the words it saw
            if len(metrics) > 1 or metrics[0] != metric:
                rule = "metrics joined by 和/分别"
            chosen = [Candidate(m, "rule", {rule: 1.0}) for m in metrics]
            seen = {m.name: m for m in info.metrics if m.name not in metrics}  # one line per other metric
            choice.record("metric", vstart, chosen + [Candidate(m.name, "sentence", {m.surface: 0.0}, m.start)
                                                      for m in seen.values()], {rule: 1.0})
        precision = _precision(text[clause[0]:clause[1]])
        if not precision:
            if not sentence_precision:
                sentence_precision.append(_precision(s.text))
            precision = sentence_precision[0]
        raw = norm.original[vstart:vend]  # the value as the original writes it (２倍, not 2倍)
        systems = _pick_hardware(v, info, clause, text, ctx, heading, vstart)
        named_models = {m.name for m in info.models}
        for model, metric, hardware in [(w, m, h) for w in models for m in metrics for h in systems]:
            if model and hardware and model not in named_models and is_technology(hardware):
                model = ""  # "InfiniBand延迟(2.8μs)": a link's or memory's figure is no earlier workload's
            baseline = _pick_baseline(v, info, clause, hardware, text, ctx, heading, metric, vstart)
            if baseline and baseline == hardware:
                baseline = ""
            made.append(Claim(
                doc=doc, model=model, hardware=hardware, metric=metric, value=v.value, unit=v.unit,
                baseline=baseline, evidence=evidence, start=ostart, end=oend,
                task=_task(s.text, metric), precision=precision,
                qualifier=v.qualifier, value_max=v.value_max, raw=raw, value_start=vstart,
                direction=direction(text, v, *clause),
            ))
    return made


def _coordinated_metrics(v: ValueMention, info: SentenceInfo, clause: tuple[int, int], text: str) -> list[str]:
    """'内存容量和带宽都翻倍' -> memory and bandwidth; '吞吐量和能效分别提升2倍和3倍'
    -> one metric each, in order. Only for ratios, whose unit says nothing."""
    if v.unit not in RELATIVE_UNITS:
        return []
    # with 分别 the listed metrics may stand in the clause before ("显存容量和带宽，分别是X的2.4倍和1.6倍")
    lo = info.sentence.start if "分别" in text[clause[0]:v.start] else clause[0]
    triggers = [m for m in info.metrics if lo <= m.start < v.start and m.rank == 0 and m.name != "time"]
    if len(triggers) < 2:
        return []
    joined = [triggers[0]]
    for m in triggers[1:]:
        if rx.fullmatch(r"\s?(?:和|与|及|以及|、)\s?", text[joined[-1].end:m.start]):
            joined.append(m)
        elif m.start < joined[-1].end:
            continue
        else:
            joined = [m]
    names = list(dict.fromkeys(m.name for m in joined))
    if len(names) < 2 and "分别" in text[clause[0]:v.start]:
        # "显存192GB，带宽5.3TB/s，分别是H100的2.4倍和1.6倍": the figures listed before, in order
        before = [w for w in info.values if w.end <= clause[0] and w.dimension in _UNIT_METRIC]
        names = [_UNIT_METRIC[w.dimension] if w.dimension != "data" else "memory" for w in before]
        respective = _respectively(v, info, text)
        if respective is not None and len(names) == len(respective[1]):
            return [names[respective[0]]]
        return []
    if len(names) < 2:
        return []
    after = text[joined[-1].end:v.start]
    if "分别" in after:
        respective = _respectively(v, info, text)
        if respective is not None and len(respective[1]) == len(names):
            return [names[respective[0]]]
        return []
    return names if rx.search(r"都|均|同时|同样", after) else []


def _introducing(norm: Normalized, sentence: Sentence, previous: Context) -> Context:
    """A paragraph ending in a colon ("…结果如下：") introduces the lines
    below it like a heading; fields it does not name stay as they were."""
    ctx = Context()
    _update(ctx, _analyse(norm, sentence, []), [])
    return Context(model=ctx.model or previous.model, hardware=ctx.hardware or previous.hardware,
                   metric=ctx.metric or previous.metric, comparator=ctx.comparator or previous.comparator)


def _table_metric(v: ValueMention, label: str) -> str:
    dim = v.dimension
    if dim == "data":
        return "bandwidth" if "带宽" in label else "memory"
    if dim in _UNIT_METRIC:
        return _UNIT_METRIC[dim]
    named = label_metric(label)
    if dim == "time":
        return named if named in ("latency", "time_to_train") else ("latency" if v.unit == "ms" else "time_to_train")
    return named or "speed"


def _table_claims(norm: Normalized, doc: str, para: Paragraph, label: str, section_model: Callable[[], str],
                  spaced: bool = False, section_hardware: Callable[[], str] = lambda: "") -> list[Claim]:
    """Claims of a table (or a short line read as one); ``label``: the
    heading's text, ``section_model()`` / ``section_hardware()``: the
    heading's (or introducing line's) model and system, asked for only when a
    claim needs them — a table that names no system is about the section's."""
    found = (space_table_values(norm.text, para.start, para.end) if spaced
             else table_values(norm.text, para.start, para.end, label))
    if not found and not spaced:
        found = pair_values(norm.text, para.start, para.end, label)
    return _claims_of_cells(norm, doc, found, section_model, section_hardware)


def _claims_of_cells(norm: Normalized, doc: str, found: list[TableValue], section_model: Callable[[], str],
                     section_hardware: Callable[[], str]) -> list[Claim]:
    made = []
    names_no_system = not any(tv.hardware for tv in found) and not any(tv.model for tv in found)
    for tv in found:
        v = tv.value
        metric = _table_metric(tv.peer if tv.peer is not None else v, tv.label)
        hardware = _as_written(norm, Mention("hardware", tv.hardware_start, tv.hardware_start + len(tv.hardware),
                                             tv.hardware, tv.hardware)).name
        if names_no_system:
            hardware = section_hardware()
        ostart, oend = norm.to_original(tv.cell.start, tv.cell.end)
        vstart, vend = norm.to_original(v.start, v.end)
        raw = norm.original[vstart:vend]  # the value as the original writes it (２倍, not 2倍)
        if choice.recording():
            # a table binds by position: the cell's row or column names the system
            choice.record("hardware", vstart, [Candidate(hardware, "table", {"table_cell": 1.0})],
                          choice.weights("hardware"))
        baseline = f"{_fmt(v.old_value)} {v.old_unit}" if v.kind == "from_to" and v.old_value is not None else tv.baseline
        made.append(Claim(
            doc=doc, model=tv.model or (section_model() if metric in _PERF_METRICS else ""), hardware=hardware, metric=metric,
            value=v.value, unit=v.unit, baseline=baseline, evidence=norm.original[ostart:oend], start=ostart, end=oend,
            task="", precision=_precision(tv.label) or _precision(tv.cell.text), qualifier=v.qualifier,
            value_max=v.value_max, raw=raw, value_start=vstart,
            direction=direction(norm.text, v, tv.cell.start, tv.cell.end),
        ))
    return made


def _drop_restatements(claims: list[tuple[int, Claim]], original: str = "") -> list[Claim]:
    """A later sentence that only restates an assertion with identical fields is not a new
    claim (spec: "One assertion = one row"): a later paragraph, or a later sentence of the same
    paragraph ("B200采用192GB HBM3e显存……这一升级至关重要：192GB超大容量可容纳更大批处理数据").
    Within one sentence, and between table cells, repeated fields are distinct assertions."""
    first: dict[tuple, tuple[int, Claim]] = {}
    out = []
    for para, c in claims:
        key = (c.model, c.hardware, c.metric, c.value, c.unit, c.baseline)
        seen = first.setdefault(key, (para, c))
        if seen[1] is not c:
            earlier = seen[1]
            if seen[0] != para:
                continue
            between = original[earlier.end:c.start] if original and earlier.end <= c.start else ""
            if _SENTENCE_BREAK.search(between) and not _is_cell(original, c) and not _is_cell(original, earlier):
                continue
        out.append(c)
    return out


_SENTENCE_BREAK = rx.compile(r"[。！？!?；;]")


def _is_cell(original: str, c: Claim) -> bool:
    """A table cell's claim (its evidence is the cell, between bars or alone on its line)."""
    before = original[max(0, c.start - 2):c.start]
    return "|" in before or "｜" in before or c.evidence.strip() == c.raw.strip()


def explain_claims(text: str, doc: str = "") -> list[tuple[Claim, list[choice.Decision]]]:
    """Every claim with the binder's decisions for its value: the candidates
    for each field, scored, best first (``claims explain``).

    >>> [(c.hardware, {d.field: [cand.name for _, cand in d.candidates][:2] for d in ds})
    ...  for c, ds in explain_claims("H100的显存为80GB。")]
    [('H100', {'model': [''], 'metric': ['memory'], 'hardware': ['H100', '']})]
    """
    with choice.Recorder() as decisions:
        claims = extract_claims(text, doc)
    by_value: dict[int, list[choice.Decision]] = {}
    for d in decisions:
        by_value.setdefault(d.value_start, []).append(d)
    return [(c, by_value.get(c.value_start, [])) for c in claims]


def extract_claims(text: str, doc: str = "") -> list[Claim]:
    """Every claim in one document's text, offsets into ``text``.

    >>> [(c.hardware, c.metric, c.value, c.unit, c.baseline)
    ...  for c in extract_claims("与A100相比，IPU-M2000的吞吐量提升2.6倍。")]
    [('IPU-M2000', 'throughput', 2.6, 'x', 'A100')]
    """
    return extract_from_normalized(normalize(text), doc)
