"""What a sentence and its document offer the binder: the comparators of a
sentence (比/与…相比/是…的N倍/后者/上一代), its names, models, metric triggers
and values as written (:class:`SentenceInfo`), the context carried from the
paragraph, the heading and the title (:class:`Context`), and the names the
document itself introduces."""
from __future__ import annotations

import contextvars
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from .. import lexicons
from .claims import Baseline
from .normalize import Normalized
from .patterns import (
    Pattern,
    guarded,
    in_order,
    rx,  # regex's interface, on re where re reads a pattern alike: see patterns.py
)
from .recognize import (
    FORM_EDITIONS,
    INSTANCE_FAMILY,
    INSTANCE_SIZE,
    PURPOSE_WORDS,
    VENDOR_CODE,
    Mention,
    find_hardware,
    find_metrics,
    find_models,
    find_open_names,
    find_quoted_systems,
    find_words,
    has_words,
    vendors,
)
from .segment import Paragraph, Sentence, boundaries_at, jieba_frequency
from .values import ValueMention

RELATIVE_UNITS = frozenset({"x", "%"})


def _words(words: list[str]) -> str:
    """An alternation of literal words, longest first."""
    return "|".join(rx.escape(w) for w in sorted(words, key=len, reverse=True))


# grammar.yaml: the word classes of the patterns below (the patterns and their reasons stay here)
_GRAMMAR = lexicons.grammar()


def _listed(key: str) -> str:
    """grammar.yaml's ``key`` as an alternation in the order written (the
    first word that fits at a position wins, so the data says which)."""
    return in_order(_GRAMMAR[key])


# Names the current document uses as systems (set per document by extract_from_normalized).
_KNOWN_NAMES: contextvars.ContextVar[frozenset[str]] = contextvars.ContextVar("known_names", default=frozenset())
# Short forms of the document's models ("K2 Thinking" for "Kimi K2 Thinking"), set per document.
_MODEL_ALIASES: contextvars.ContextVar[dict[str, str]] = contextvars.ContextVar("model_aliases", default={})
_HARDWARE_ALIASES: contextvars.ContextVar[dict[str, str]] = contextvars.ContextVar("hardware_aliases", default={})
# Names the current document introduces as software ("训练框架YunFP8", "推理引擎StarInfer"): never hardware.
_SOFTWARE_NAMES: contextvars.ContextVar[frozenset[str]] = contextvars.ContextVar("software_names", default=frozenset())
# Unnamed workloads (某百亿参数模型, 大模型, 图像分类模型): they stop a named model from carrying over.
# unnamed workloads: "某千亿参数模型", "主流大模型", "PaddleX系列模型", "RMSNorm等关键算子"
# (also a size alone: "训练70亿参数行业模型", "一个700亿参数的模型")
_GENERIC_WORKLOAD = guarded(r"(?:某|大|[千百万]亿参数|[千百万]亿级|(?<![A-Za-z\d.\-])\d+(?:\.\d+)?\s?[千百万]?亿参数的?"
                            r"|多个|各类|主流|常见)[\u4e00-\u9fff]{0,4}模型"
                            r"|(?:系列|等)(?:关键|核心|主流|常用)?(?:模型|算子)", "某大千百万多各主常系等0123456789")
_HAN = rx.compile(r"[\u4e00-\u9fff]")
_PERF_METRICS = frozenset({"throughput", "time_to_train", "latency", "speed", "accuracy"})
_UNIT_METRIC = {
    "rate_images": "throughput", "rate_samples": "throughput", "rate_sequences": "throughput",
    "rate_tokens": "throughput", "rate_queries": "throughput", "flops": "compute", "ops": "compute",
    "power": "power", "bandwidth": "bandwidth", "eff_flops": "efficiency", "eff_ops": "efficiency",
    "eff_images": "efficiency", "data": "memory",
}
_CHANGE_WORDS = rx.compile(_listed("change_words"))
# Comparator phrases; ``x`` is resolved to a hardware name, `previous`, or an unnamed comparator.
_BI = r"[^，,。；;！？!?:：]"
# Each pattern comes with words one of which every match contains: a sentence
# without any of them is not scanned (same matches, most sentences skip most patterns).
_COMPARATOR_PATTERNS: list[tuple[Pattern, tuple[str, ...]]] = [
    # (also an equality: "与 Nvidia 的 Blackwell 处理器大致相当", "与单平面网络持平")
    # (the partner is the last one before the closer: "A和B的算力已与C基本持平" compares with C)
    # (the closer does not open a bracket: "能效与 TCO（对比 8×H20 服务器）" is the bracket's own comparison)
    (rx.compile(rf"(?:{_listed('comparison_partners')})(?P<x>(?:(?!与|跟){_BI}){{1,30}}?)(?<![（(])(?:{_listed('comparison_closers')}"
                rf"|(?:{_listed('equality_hedges')})?(?:{_listed('equality_words')}))"),
     ("比", "相较", "差距", "相差", "相当", "持平", "相近", "相仿", "不相上下")),  # 相比, 比较, 对比 and 比起来 hold 比
    # "Trillium的能效比TPU v5e提升67%": 能效 + 比X, kept only when X names a system
    (guarded(rf"(?<=能效|性价|功耗)比(?P<x>{_BI}{{1,20}}?)(?=(?:还|更|要)?(?:快|高|低|提升|提高|增加|降低|减少|优|好|多|少))", "比"),
     ("能效比", "性价比", "功耗比")),
    (guarded(
        rf"(?:相比于|相较于|相对于|相对(?![较更而来])|相比|相较|较之|对比|比起|(?<!能效)(?<!性价)(?<!功耗)(?<![对相无好类])比(?![例率重较赛如特分值拟])"
        rf"|较(?![为好高低大小多少长短快慢早晚强弱]))"
        rf"(?P<x>{_BI}{{1,32}}?)"
        rf"(?=(?:{_listed('comparison_adverbs')}){{0,3}}(?:{_listed('comparison_outcomes')})|[，,）)。；;！!]|$|(?<=[A-Za-z0-9])[：:]"
        rf"|\s?(?:是|为|能到|可到|能达到|只有|仅为|约为|相当于|有|拥有|具有|实现了?)\s?(?:up to|高达|约|近)?\s?[\d一二两三四五六七八九十])",
        "相较对比"), ("比", "较", "相对")),  # (a closing bracket too: "提升30倍（相比H100）"; the end of a
    # translated sentence: "提供35倍的推理性能相较于MI300X。"; a copula and the ratio: "相对 H100 是 up to 4x",
    # a colon after a name that heads a slide's list of gains: "对比上一代 ZQ-A1：算力 2.5x ｜ 能效 +60%";
    # "相对A100的性能能到九成以上")
    (guarded(rf"(?:(?<![但于])是|(?<![大节契预公合])约(?![为是合])|(?<![体统列关联谱派星])系(?![统列数])|(?<![华作成认因称以较更最行视])为|达到|(?<!伟)(?<!辉)达|相当于|仅为|只有|约为|约是|不到|不足|仅有|能有|低于|高于|接近|逼近|只剩下?|仅剩下?|能到|可到|做到|能达到|跑到(?![了\d每])|(?:缩短|降低|减少|下降|压缩|提升|提高|增加)(?:到|至))"
                               rf"(?P<x>(?:(?!是|为){_BI}){{1,30}}?)(?:的\s?(?:{_listed('share_qualifiers')})?\s?(?=[\d一二两三四五六七八九十百半])"
                               rf"|(?=[一二三四五六七八九十]+分之)|(?<=[A-Za-z0-9])(?=(?:约|近|大约|接近)?[一二三四五六七八九]成))",  # "不到 Qwen3-32B 模型十分之一" (not 百分之: a percentage); "只有桌面5090六成"
             "是系为达相仅只约不低高缩降减下压提增接逼能可做跑"),  # (系: Cantonese 係 after t2s, "算力係上一代嘅4倍";
     ("的", "分之", "成")),                                 # 约 alone: "跑DeepSeek：约H800的九成性能")
    # (not the 为 of 因为/作为/成为: "因为后者24GB的显存放不下" has the pronoun as its subject)
    (rx.compile(rf"(?<![因作成认称以])(?:{_listed('pronoun_share_verbs')})(?P<x>其|它|后者|前者)(?:的)?\s?(?:约|大约|近)?(?=[\d一二两三四五六七八九十百半])"),
     ("其", "它", "者")),
    # "Blackwell对Hopper的领先幅度在2.5到4倍之间", "对H100的优势": the system a lead is over
    # (a metric may stand between: "对B200的性价比优势" compares with B200, in 性价比)
    (rx.compile(rf"(?<![相面针绝反])对(?:于)?(?P<x>(?:(?!的){_BI}){{1,20}}?)的?[^，,。；;的\d]{{0,6}}?(?:{_listed('lead_words')})"),
     ("领先", "优势")),
    # "六倍于A100", "两倍于思元370加速卡的内存": the comparator after the ratio
    (rx.compile(rf"倍于(?P<x>{_BI}{{1,20}}?)(?=的|[，,。；;]|$)"), ("倍于",)),
    # "吞吐量达 H200 五倍": no 的 before a ratio
    # (not the 达 of a vendor's name: "英伟达GB300算力较GB200提升1.5倍", Taiwanese "辉达")
    (rx.compile(r"(?:达到|(?<!伟)(?<!辉)达|是|为|相当于|实现了?|超过?|超出|领先|落后)\s?(?P<x>[A-Za-z][^，,。；;的\s]{1,15}?)\s?"
                   r"(?=(?:约|近|超过|大约)?[\d一二两三四五六七八九十.]{1,4}(?:\s?[-~～到至]\s?[\d.]{1,4})?\s?倍)"),
     ("达", "是", "为", "相当于", "实现", "超", "领先", "落后")),
    # "AI算力达上代4倍": an earlier self, no 的, before a ratio
    (rx.compile(rf"(?:达到|(?<!伟)(?<!辉)达|是|为|相当于)\s?(?P<x>(?:{_listed('predecessor_words')})(?:产品|芯片|型号)?)\s?的?\s?"
                r"(?=(?:约|近|超过|大约)?[\d一二两三四五六七八九十.]{1,4}\s?倍)"),
     ("上一代", "上代", "前代", "前一代")),
    # (also a bare 超 after a metric: "性能超 H200！")
    (rx.compile(rf"(?:{_listed('surpass_verbs')}|(?<=(?:性能|算力|速度|吞吐量?|能效|带宽|容量)\s?)超(?=\s?(?:英伟达|NVIDIA|AMD|英特尔)?\s?[A-Z]))"
                   rf"\s?(?P<x>{_BI}{{1,20}}?)(?<![A-Za-z0-9.](?=[\d.]))(?=[\d一二两三四五六七八九十]|[，,!！。；;]|$)"),
     ("超", "优于", "领先", "胜过", "落后", "高出")),  # (a digit of the name ends no comparator: "落后8卡H200系统约3%")
    # "性能对标A100", "媲美A100": a peer the subject is measured against
    # (a name may hold a space, "GB200 NVL72"; a colon closes it: "硬刚GB200 NVL72：算力1.7倍")
    (rx.compile(rf"(?:{_listed('peer_verbs')})(?P<x>{_BI}{{1,20}}?)(?=的|[，,。；;！!？?：:]|\s(?![A-Z0-9])|$)"),
     tuple(_GRAMMAR["peer_verbs"])),
    # "以A100为基准": the reference a comparison is measured against
    (rx.compile(rf"以(?P<x>{_BI}{{1,20}}?)为(?:{_listed('reference_kinds')})?(?:{_listed('reference_words')})"),
     tuple(_GRAMMAR["reference_words"])),
    # "以H100比最大1.9倍", "以GPU比将LLM推论速度最大高速化10倍": a Japanese postfix comparison (H100比, "against
    # H100") machine-translated with 以; Chinese never writes 以X比 before a ratio
    (rx.compile(r"以(?P<x>[^，,。；;！？!?以比]{1,20}?)比(?=[^，,。；;]{0,24}?[\d一二两三四五六七八九十.]+\s?倍)"), ("以",)),
    # "，H100的約1.76倍的容量": a clause that opens with a system's ratio compares with it
    (rx.compile(r"(?:^|(?<=[，,；;]))\s?(?P<x>[A-Za-z][A-Za-z0-9\- .]{0,20}?)的\s?(?=(?:約|约|大约|近|超过)?[\d.]+\s?倍)"),
     ("的",)),
    # "H100 vs A100：训练速度提升4倍": the system after vs is the comparator
    # (also "2.5x perf/W vs. prior gen": an unnamed earlier self in English)
    (rx.compile(r"(?<![A-Za-z])(?:vs|VS|Vs)\.?\s?(?P<x>(?i:prior|previous|last)\s(?i:gen(?:eration)?)"
                r"|[^，,。；;！？!?:：\s][^，,。；;！？!?:：]{0,19}?)(?=\s?[，,:：（(*]|\s(?![A-Za-z]{0,2}\d)|$)"),  # ("vs Wormhole n300")
     ("vs", "VS", "Vs")),
    # "此前用A100需要10天": the system used before (not "此前用自研框架在H800集群上完成了…": a place)
    (rx.compile(rf"(?:{_listed('earlier_words')})(?:{_listed('earlier_verbs')})(?P<x>(?:(?![在的上]){_BI}){{1,15}})"),
     ("前", "原", "过去")),
    # "从H100的80GB提升到141GB": H100 is the old system, not the subject.
    (rx.compile(rf"(?:从|由)(?P<x>{_BI}{{1,15}}?)的\s?(?=\d)"), ("从", "由")),
    # "从 A100 迁到 H100 后 p99 latency 降了 40%": what a deployment moved away from is the baseline
    (rx.compile(rf"(?:从|由)\s?(?P<x>{_BI}{{1,15}}?)\s?(?:迁移|迁|换|切换|升级|转|搬)(?:到|至)"), ("迁", "换", "升级", "转", "搬")),
    # "和自己比：…", "跟A100比": a bare 比 counts only when what it names resolves (never as unnamed)
    (rx.compile(rf"(?:{_listed('comparison_partners')})(?P<x>{_BI}{{1,12}}?)(?<!占)比(?![较例率重拟])"), ("比",)),
]
# A comparator that names no system the lexicon knows but is a Latin name (software, a format, a
# protocol, a product the lexicon lacks): the baseline is that name.
_LATIN_NAME = rx.compile(r"(?:(?:NVIDIA|Nvidia|英伟达|AMD|Intel|英特尔|Google|谷歌)\s?)?"
                            r"(?P<name>[A-Za-z][A-Za-z0-9]*(?:[ ./+\-][A-Za-z0-9]+){0,3})(?:的)?")
_PREDECESSOR_WORDS = rx.compile(rf"^(?:{_listed('predecessor_words')})(?:产品|芯片|型号)?(?:的)?\s?")
_NOT_NAMES = frozenset(_GRAMMAR["not_names"])
_X_QUALIFIER = rx.compile(rf"\s?(?:{_listed('ratio_qualifiers')})\s?$")
_EARLIER_TIME = rx.compile(r"(?:(?:今年|去年|前年)?(?:\d{1,2}|[一二三四五六七八九十]{1,2})月份?(?:初|底|中旬)?(?:的(?:成绩|结果|提交|版本))?|去年|年初|上半年|上季度)")
_EARLIER_RUN = rx.compile(r"(?:测|跑|得|做)?的?(?:版本|结果|成绩|数据|数字|提交)$")
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
    title: bool = False  # the context is the article's title (spec 9: it introduces the body like a heading)
    whole_article: bool = False  # a setup section's setup ("一、测试平台"): no later numbered heading resets it
    setup_model: str = ""  # the workload the section's (or the article's) test-setup lines name
    hardware_named_at: int = -1  # where a sentence last named ``hardware`` (its end), -1: never in this paragraph
    whole: str = ""  # the system a sentence of the paragraph built of named parts ("El Capitan…采用MI300A")


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _hardware_label(m: Mention) -> str:
    # "相较第一代Gaudi" -> Gaudi: the ordinal says "predecessor", the name is the system
    # ("较第二代R200": a code names the chip without its ordinal; "第五代至强" is the name of a generation)
    name = rx.sub(r"^(?:第一代|初代|上一代|前一代|前代|第[二三四五六七八九十\d]{1,2}代(?=\s?[A-Za-z]+-?\d))\s?", "", m.name) \
        or m.name
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
            if index == 2 and text[xe:xe + 1] in "。；;！!" and _RATIO_INSIDE.search(text, xs, xe):
                continue  # "相对 H100 是 up to 4x。": the sentence's end closes no comparator that holds its ratio
            if index == 2 and _COPULA_AFTER.match(text, xe) and (xe - xs > 12 or "的" in text[xs:xe]):
                continue  # "海外对比 日本的富岳系统双精度峰值性能为537": a label, not "相对 H100 是 4x"
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
                if has_words(text[xs:xe], ctx["predecessor"]):
                    out.append(Comparator(xs, xe, Baseline.PREVIOUS.value, True))  # "能效比上一代产品提升40%"
                    continue
                consumed.pop()  # ("性价比较业界同类产品高出30%": 较 may still open an unnamed comparator)
                continue  # 能效比…: only a named system makes it a comparator
            compared = _PREDECESSOR_WORDS.sub("", text[xs:xe]).strip()
            compared = _CLASS_TAIL.sub("", compared)  # "Qwen3-32B 模型": the name without its class word
            metric_words = find_metrics(compared)
            if metric_words and metric_words[-1].end == len(compared):
                compared = compared[:metric_words[-1].start].strip()  # "相比 TCP/IP 延迟降低": the name, not the metric
                compared = rx.sub(r"\s?的$", "", compared)  # "相对 vLLM 的吞吐加速比": the name before 的
            named = _LATIN_NAME.fullmatch(compared)
            if named and named.group("name").casefold() not in _NOT_NAMES and named.group("name") not in vendors():  # "比AMD快": a company names no system
                # "与 FlashAttention 相比", "比BF16快", "相较上一代Meteor Lake": what is named, as written
                out.append(Comparator(xs, xe, named.group("name"), True))
                continue
            if rx.search(r"(?:最新|全新|新|下)一代", text[xs:xe]):
                out.append(Comparator(xs, xe, "", False))  # "比现有最新一代硬件": the current generation, unnamed
            elif has_words(text[xs:xe], ctx["predecessor"]) or _EARLIER_TIME.fullmatch(text[xs:xe].strip()) or (
                    _EARLIER_TIME.search(text, xs, xe) and _EARLIER_RUN.search(text[xs:xe].rstrip())):
                # ("和我们1月份用vLLM 0.6.x测的版本相比": the same setup measured at an earlier time)
                out.append(Comparator(xs, xe, Baseline.PREVIOUS.value, True))  # "比6月提升了一倍": the same system, earlier
            elif has_words(text[xs:xe], ctx["unnamed"]):
                out.append(Comparator(xs, xe, "", False))
            elif index in (0, 2, 3) and rx.search(r"[\u4e00-\u9fffA-Za-z]{2}", text[xs:xe]) \
                    and not rx.search(r"\d|其|它|后者|前者", text[xs:xe]) and (
                        _ENTITY_WORDS.search(text[xs:xe]) or find_metrics(text[xs:xe])):
                # "是Anthropic目前所用算力的5倍": compared with something that is not a system
                out.append(Comparator(xs, xe, "", False))
    if "比" in text:
        out.extend(_postfix_comparators(text, hardware, out))
    if " than " in text or "versus " in text or "ompared " in text or "elative to " in text:  # (also "Compared with")
        out.extend(_english_comparators(text, hardware, out))
    return sorted(out, key=lambda c: c.start)


# English in bilingual releases: "cuts TTFT by 60% versus the H100", "3x faster than an H100"
# (also "compared with the previous-generation HCCPNV5", "40% less than on HCCPNV5")
_ENGLISH_COMPARISON = rx.compile(r"(?:versus|than|compared (?:to|with)|relative to)\s+(?:on\s+)?(?:the\s+|an?\s+)?"
                                 r"(?:(?:previous|prior|last|older)[- ]gen(?:eration)?\s+)?(?:NVIDIA(?:'s)?\s+)?$",
                                 rx.IGNORECASE)


def _english_comparators(text: str, hardware: list[Mention], found: list[Comparator]) -> list[Comparator]:
    out = []
    for h in hardware:
        m = _ENGLISH_COMPARISON.search(text, max(0, h.start - 60), h.start)
        if m is not None and not any(c.start <= h.start < c.end for c in found):
            out.append(Comparator(m.start(), h.end, _hardware_label(h), True))
    return out


# Machine translation from Japanese keeps its word order: "H100比约6成缩短", "'B200'（1000瓦特）比较约4成少",
# "'MN-Core 2'比较，理论算力是约3倍" (X と比較して): the name before 比/比较 is the comparator when a
# figure or a comma follows at once (Chinese "X比Y快" has a name after 比, "X比较快" no figure)
_POSTFIX_COMPARISON = rx.compile(r"[’'」”\"]?\s?(?:[（(][^（）()]{0,12}[)）])?\s?比较?(?=[，,]|\s?(?:也|是)?\s?(?:约|大约)?\s?"
                                 r"[\d０-９一二两三四五六七八九十半])")


# ... and an earlier self the same way: "前代比约3.2倍的推理性能", "前世代比約2.4倍的改善"
_PREDECESSOR_POSTFIX = rx.compile(rf"(?:{_listed('predecessor_words')}|前世代|旧世代|旧型)(?:产品|机型|芯片)?(?=比较?(?:[，,]|\s?(?:也|是)?\s?"
                                  r"(?:约|大约)?\s?[\d０-９一二两三四五六七八九十半]))")


def _postfix_comparators(text: str, hardware: list[Mention], found: list[Comparator]) -> list[Comparator]:
    earlier = [Comparator(m.start(), m.end() + 1, Baseline.PREVIOUS.value, True) for m in _PREDECESSOR_POSTFIX.finditer(text)
               if not any(c.start <= m.start() < c.end for c in found)]
    return earlier + [Comparator(h.start, m.end(), _hardware_label(h), True) for h in hardware
            if (m := _POSTFIX_COMPARISON.match(text, h.end)) is not None
            and not any(c.start <= h.start < c.end for c in found)
            and not any(m.end() <= o.start <= m.end() + 2 for o in hardware)]  # ("H20 比 910B 高八成": Chinese order)


def refined_model(heading_model: str, setup_model: str) -> str:
    """A heading's workload, or the setup line's variant of it ("## 三、YOLOv8实测" over "测试模型：YOLOv8s");
    the setup line's workload when the heading names none.

    >>> refined_model("YOLOv8", "YOLOv8s"), refined_model("Llama 2", "Qwen2-7B"), refined_model("", "Qwen2-7B")
    ('YOLOv8s', 'Llama 2', 'Qwen2-7B')
    """
    return setup_model if setup_model.startswith(heading_model) else heading_model


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
        models = sorted([m._replace(name=aliases[m.name]) if m.name in aliases else m for m in models]
                        + [_as_written(norm, m) if norm.text[m.start:m.end] == m.name else m  # (港話通 stays traditional)
                           for m in _alias_mentions(s, sentence.start, aliases, models)], key=lambda m: m.start)
    value_spans = [(v.start - sentence.start, v.end - sentence.start) for v in values]
    model_spans = [(m.start - sentence.start, m.end - sentence.start) for m in models]
    taken = value_spans + model_spans
    if values and not any(a < h.end and h.start < b for h in names for a, b in taken):
        found = names  # nothing to exclude: the scan above already is the answer
    else:
        found = find_hardware(s, exclude=taken, known=_KNOWN_NAMES.get())
    short = _HARDWARE_ALIASES.get()
    if short:
        found = [h._replace(name=short[h.name]) if short.get(h.name) and h.name in _bare_numbers() else h for h in found]
        found = sorted(found + _hardware_alias_mentions(s, 0, short, found + [
            Mention("value", a, b, "", "") for a, b in taken]), key=lambda m: m.start)
    software = _SOFTWARE_NAMES.get()
    if software:
        found = [h for h in found if h.name not in software]
    if len(found) > 1:
        found = _without_glosses(s, found)
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


def _without_glosses(s: str, found: list[Mention]) -> list[Mention]:
    """A name alone in brackets right after another is the other's second name, not a second system:
    "TPU v6e（Trillium）" is one system (a sentence or paragraph naming it stays unambiguous).

    >>> from extract.core.recognize import find_hardware
    >>> [h.name for h in _without_glosses("以TPU v6e（Trillium）参赛", find_hardware("以TPU v6e（Trillium）参赛"))]
    ['TPU v6e']
    """
    return [h for prev, h in zip([None, *found], found)
            if prev is None or not (_OPEN_GLOSS.fullmatch(s, prev.end, h.start) and _CLOSE_GLOSS.match(s, h.end))]


_COPULA_AFTER = rx.compile(r"\s?(?:是|为)")
_RATIO_INSIDE = rx.compile(r"(?<![A-Za-z\d.])\d+(?:\.\d+)?\s?(?:倍|[xX×%])(?![A-Za-z0-9])")
_OPEN_GLOSS = rx.compile(rf"\s?[（(]\s?(?:{_listed('gloss_words')})?\s?")
_CLOSE_GLOSS = rx.compile(r"\s?[）)]")


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


_GENERIC = frozenset(w.upper() for w in lexicons.hardware()["generic"])
# the code first, its brand looked back at: a scan that starts only at capitals
# (a number format is no code: "整机FP16算力", "单卡INT8算力")
_BRAND_CODE = guarded(r"(?<=([\u4e00-\u9fff]{2})(\s?))(?!(?:FP|BF|TF|INT|MXFP|NVFP)\d)([A-Z]{1,2}\d{1,4}[A-Za-z]?|[a-z]\d{2,4})(?![A-Za-z0-9])",
                      "A-Za-z")
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
    # A code the text presents before a class word ("HCCPNV7实例搭载8颗B200") is that system elsewhere too,
    # also in an English paragraph of a bilingual page ("HCCPNV7 delivers up to 2.5x faster training")
    for m in _CODE_BEFORE_KIND.finditer(text):
        if any(h.name == m.group(1) for h in find_hardware(text[m.start():m.end() + 3])):
            names.add(m.group(1))
    # A code of a family the text presents ("推理卡LX-R2") makes its siblings names too ("明年量产的LX-R3",
    # "第一代产品LX-R1"): the same letters, another number.
    for stem in {m.group("stem") for m in map(_FAMILY_CODE.fullmatch, names) if m is not None}:
        # (a letter after the number makes a variant: "精简版XQ-I300L" beside "XQ-I300")
        names.update(rx.findall(rf"(?<![A-Za-z0-9\-]){rx.escape(stem)}\d{{1,4}}[A-Z]?(?![A-Za-z0-9\-])", text))
    # A cloud instance's family ("gc8is" of "gc8is.4xlarge", "gn8v" of "ecs.gn8v-8x.48xlarge") is a system where the
    # text writes it alone ("gc8is 的特点如下：", "相较上一代 gc7i 降低约 30%")
    names.update(m.group(1) for m in _INSTANCE_FAMILY.finditer(text))
    # A code name the text presents in quotes ("GPU架构“花港”") is that system unquoted later too
    # ("算力密度提升50%的新架构花港").
    if "“" in text or "「" in text or '"' in text:
        names.update(m.name for m in find_quoted_systems(text, []) if len(m.name) >= 2)
    # A computing centre of a place the document names as a city ("青岚市人民政府" … "青岚超算中心"), one the
    # place list lacks and that is written without its 市.
    if "中心" in text and "市" in text:
        for place in {m.group(1) for m in _CITY.finditer(text)} - _NOT_PLACES:
            names.update(m.group() for m in _centres_of(place).finditer(text))
    # A Chinese brand with several model codes (瀚海H1, 瀚海S8, 瀚海H2) is a product family.
    # (also with a space where the name turns script, as a spacing tool writes it: "衡川 T30"; the name as written)
    codes: dict[str, set[str]] = {}
    for m in _BRAND_CODE.finditer(text):
        if m.group(1) not in _NOT_BRANDS:
            codes.setdefault(m.group(1), set()).add(m.group(2) + m.group(3))
    names.update(brand + code for brand, found in codes.items()
                 if len({c.strip() for c in found}) > 1 and _is_brand(brand, text) for code in found)
    # (one code will do where the text presents it with its class: "8 × 擎芯Q2 加速卡", "擎芯Q2 芯片架构")
    names.update(brand + code for brand, found in codes.items() if len(found) == 1
                 for code in found if _BRAND_CLASS_AFTER.match(text, text.find(brand + code) + len(brand + code))
                 and _is_brand(brand, text))
    return frozenset(names)


# a city the text names with its 市 ("青岚市"), not a word that ends before 市 ("全市", "城市", "上市")
_CITY = rx.compile(r"(?<![\p{Han}])((?:(?![的了在是和与及为将把被等个座家首新该此这其建发打投布落签启开规部全超算智国城上])\p{Han}){2})市")
_NOT_PLACES = frozenset({"城市", "上市", "超市", "门市", "股市", "全市", "本市", "该市"})


@cache
def _centres_of(place: str) -> Pattern:
    kinds = sorted(lexicons.hardware()["center_kinds"], key=len, reverse=True)
    return rx.compile(rx.escape(place) + r"(?:\p{Han}{2})?(?:" + "|".join(map(rx.escape, kinds)) + ")")


_BRAND_CLASS_AFTER = rx.compile(rf"\s?(?:{PURPOSE_WORDS}){{0,3}}\s?"
                                r"(?:加速卡|推理卡|训练卡|计算卡|芯片|GPU|NPU|处理器)")


_INSTANCE_FAMILY = rx.compile(rf"(?<![A-Za-z0-9.\-])(?:ecs\.)?({INSTANCE_FAMILY}){INSTANCE_SIZE}")
# (what the system is for may stand between: "ZQ-I8 大模型推理服务器")
_CODE_BEFORE_KIND = rx.compile(r"(?<![A-Za-z0-9\-.])([A-Z][A-Z0-9\-]*\d[A-Za-z0-9\-]*)\s?"
                               rf"(?:(?:{PURPOSE_WORDS}){{0,3}}\s?)"
                               r"(?=实例|服务器|一体机|加速卡|推理卡|训练卡|计算卡|整机|集群|超节点)")
_FAMILY_CODE = rx.compile(r"(?P<stem>[A-Z]{1,4}-[A-Z]{1,3}|[A-Z]{3,6})\d{1,4}")  # ("HCCPNV7" → "HCCPNV5")
# A model code that may stand for its product alone: letters and a number ("HX 375", "HX370"), or a number
# and a letter or two ("258V", "155H").
# (or a lettered version: "v5e" of "TPU v5e", "v6e 上")
_SHORT_CODE = rx.compile(r"(?<![A-Za-z0-9\-+.])(?:[A-Z]{1,3}\s?\d{3}[A-Z]?|\d{3}[A-Z]{1,2}|v\d{1,2}[a-z])(?![A-Za-z0-9\-+.])")


_HAN_BEFORE_CODE = rx.compile(r"\p{Han}{2}")


def short_codes(text: str) -> frozenset[str]:
    """The document's short forms of its systems: the code one named system ends with, written alone
    elsewhere ("Ryzen AI 9 HX 375" … "HX 375大概比258V快21%" beside "Core Ultra 7 258V"). Spec 2: as written.

    >>> sorted(short_codes("A機：Core Ultra 7 258V；B機：Ryzen AI 9 HX 375\\nHX 375大概比258V快21%"))
    ['258V', 'HX 375']
    >>> sorted(short_codes("先推出昇腾950PR，再推出950DT。950PR的算力1P"))
    ['950PR']
    """
    # (a code the lexicon knows alone is a name already: most are, and their lines need no second reading)
    codes = {code for code in {m.group() for m in _SHORT_CODE.finditer(text)}
             if not any(h.name == code for h in find_hardware(code))}
    if not codes:
        return frozenset()
    owners: dict[str, set[str]] = {}
    for line in text.split("\n"):
        present = [code for code in codes if code in line]
        if not present:
            continue
        for h in find_hardware(line):
            for code in present:
                # (also after a Chinese brand: "950PR" of "昇腾950PR")
                if h.name != code and h.name.endswith(code) and (
                        h.name[-len(code) - 1] in " -" or _HAN_BEFORE_CODE.fullmatch(h.name[-len(code) - 2:-len(code)])):
                    owners.setdefault(code, set()).add(h.name)
    # (a code two products end with is no one's)
    return frozenset(code for code, names in owners.items() if len(names) == 1)


def _is_brand(word: str, text: str) -> bool:
    """Whether two characters before several codes are a brand of their own ("衡山S2", "衡山S3"), not the end of
    a longer word ("英伟达H200": 伟达), a count ("单块B200") or a common noun ("规模A800", "规模A100"): a token of
    its own where the text writes it, ending in no classifier, and a rare word of the dictionary."""
    if word[-1] in _CLASSIFIER_CHARS or jieba_frequency(word) >= _COMMON_WORD:
        return False
    at = text.find(word)
    while at >= 0:
        start = max(0, at - 6)
        window = text[start:at + len(word)]
        if {at - start, at - start + len(word)} <= boundaries_at(window, [at - start, at - start + len(word)]):
            return True
        at = text.find(word, at + 1)
    return False


_CLASSIFIER_CHARS = frozenset("块张颗片台卡个套组枚")
_COMMON_WORD = 1000  # jieba's dictionary counts: 规模 11239, 推理 614, 衡山 445, 瀚海 30 (a brand is rarer)


def _software_names(text: str) -> frozenset[str]:
    """The names the document introduces with a word for software right before them: spec 9, software
    is never hardware, also where a later sentence writes the name alone ("YunFP8在H800上…").

    >>> sorted(_software_names("开源了自研的FP8混合精度训练框架YunFP8。YunFP8的吞吐…"))
    ['YunFP8']
    """
    return frozenset(m.group("name") for m in _SOFTWARE_INTRODUCED.finditer(text))


_SOFTWARE_INTRODUCED = rx.compile(rf"(?:{_listed('software_introducers')})[“\"「]?(?P<name>[A-Z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*)")


def _model_aliases(text: str) -> dict[str, str]:
    """Short forms of the document's models: "Kimi K2 Thinking" is later written
    "K2 Thinking" (the brand dropped, a digit kept so that no plain word is one).

    >>> _model_aliases("Kimi K2 Thinking 发布，K2 Thinking 的模型文件只有 594GB")
    {'K2 Thinking': 'Kimi K2 Thinking'}
    >>> _model_aliases("部署 DeepSeek-R1 做推理……满血 R1 的吞吐")
    {'R1': 'DeepSeek-R1'}
    """
    out: dict[str, str] = {}
    variants = _named_variants()
    found = find_models(text)
    for m in found if " " in text or "-" in text else ():
        # the brand ends at the first space or hyphen ("DeepSeek-R1" is written "R1" later)
        head, _, rest = m.name.partition(min((c for c in " -" if c in m.name), key=m.name.index, default=" "))
        if rest and rx.search(r"\d", rest) and rx.match(r"[A-Za-z]", rest) and not rx.search(r"\d", head):
            out.setdefault(rest, m.name)
        last = m.name.rsplit(" ", 1)[-1]
        if last != m.name and last in variants:
            out.setdefault(last, m.name)  # "Llama 4 Behemoth" … "Behemoth的MFU": a named variant alone
    for name in _open_models(text):
        out.setdefault(name, name)  # "在BEVFusion感知模型上" … "BEVFusion延迟": a model the lexicon lacks
    names = {m.name for m in found if _HAN.match(m.name)}
    for full in names:
        for short in names:
            if full != short and full.endswith(short) and all(
                    _HAN.fullmatch(ch) for ch in full[:len(full) - len(short)]):
                out.setdefault(short, full)  # "讯飞星火X1.5" … "星火X1.5": the brand dropped later
    return out


# A Latin name the text presents as a model: before a word for a model ("BEVFusion感知模型"), or quoted after
# one ("自社的LLM'PLaMo 2 8B'"). Mixed case (a lower-case letter) keeps acronyms (AI, LLM, CNN) out.
_NOT_OPEN_MODELS = frozenset(w.casefold() for w in _GRAMMAR["not_open_models"])
_OPEN_MODEL = rx.compile(
    rf"(?<![A-Za-z0-9\-])(?P<name>[A-Z][A-Za-z]*[a-z][A-Za-z]*(?:[-\s]?\d+(?:\.\d+)?[BbMK]?){{0,2}})\s?"
    rf"(?:{_listed('model_domains')})?(?:模型|模子)"
    rf"|(?:LLM|大模型|模型|语言模型)\s?[‘'“「『\"](?P<quoted>[A-Za-z][A-Za-z0-9.\-]*(?:\s[A-Za-z0-9.\-]+){{0,3}}"
    # (a Chinese name in quotes after the word: "客服模型『港话通』")
    rf"|[\u4e00-\u9fff][\u4e00-\u9fffA-Za-z0-9.\-]{{1,5}})[’'”」』\"]"
    # (or a name that ends in its parameter count: "Qiming-MoE-235B")
    rf"|(?<![A-Za-z0-9\-])(?P<sized>[A-Z][A-Za-z]+(?:-[A-Za-z][A-Za-z0-9]*)*-\d+(?:\.\d+)?[BM])(?![A-Za-z0-9])")


def _open_models(text: str) -> list[str]:
    """Names the document presents as models that the lexicon lacks.

    >>> _open_models("在BEVFusion感知模型上延迟28ms；自社的LLM'PLaMo 2 8B'的事前学习中；MoE模型；PyTorch模型；Qiming-MoE-235B；客服模型『港话通』")
    ['BEVFusion', 'PLaMo 2 8B', 'Qiming-MoE-235B', '港话通']
    """
    if "模" not in text and "LLM" not in text and "B" not in text:
        return []
    out = []
    for m in _OPEN_MODEL.finditer(text):
        name = (m.group("name") or m.group("quoted") or m.group("sized")).strip()
        if name.casefold() in _NOT_OPEN_MODELS or find_models(name) or find_hardware(name) \
                or name in vendors() or name in out:
            continue
        out.append(name)
    return out


@cache
def _named_variants() -> frozenset[str]:
    """Variants of a model that are names, not sizes or kinds ("Behemoth", "Maverick", "Scout")."""
    return frozenset(w for w in lexicons.models()["variants"] if len(w) >= 5 and w[0].isupper() and w[1:].islower()
                     and w not in ("Turbo", "Large", "Small", "Medium", "Thinking", "Instruct", "Distill", "Coder", "Flash", "Ultra"))


# "384超节点", "910芯片": a product's number alone before a class word; "v3 Pod": a version code and a pod
_CODE_BEFORE_CLASS = rx.compile(r"(?<![A-Za-z0-9.×xX*+\-])(\d{3,5}|v\d{1,2})(?=\s?(?:超节点|芯片|处理器|集群|服务器|Pod|POD|型号)"
                                r"|\s?(?:和|与|、)\s?\d{3,5}\s?型号"  # "昇腾人工智能芯片有 910 和 310 型号"
                                # a subject written by its number alone ("395的内存带宽", "我的395在Linux下跑",
                                # "Spark和395都在…"): only a number exactly one of the document's systems ends with
                                r"|的(?![\d一二两三四五六七八九十])|在|只有|都(?:在|是|有))")
_FORM_EDITION = rx.compile(FORM_EDITIONS)
_CODE_TAIL = rx.compile(r"(?<=[^\d\s])\s?(\d{3,5}[A-Z]?|v\d{1,2})$")


def _hardware_aliases(text: str, norm: Normalized | None = None) -> dict[str, str]:
    """Short forms of the document's systems: the number or version of a named product
    written alone before a class word, when exactly one of the document's systems ends
    with it. A bare number names nothing, so it stands for the full name ("384超节点" →
    昇腾384); a version keeps its own name with what follows ("v3 Pod" of "TPU v3").

    >>> _hardware_aliases("业内以昇腾384为参照……384超节点HBM总带宽达1229 TB/s")
    {'384': '昇腾384'}
    """
    codes = {m.group(1) for m in _CODE_BEFORE_CLASS.finditer(text)}
    # a bare product number the lexicon lists ("4090" after "RTX 4090"): a number, so the row carries the full name
    bare = {w for w in _bare_numbers() if w in text}
    codes |= bare
    if not codes:
        return {}
    owners: dict[str, set[str]] = {}
    start = 0
    for line in text.split("\n"):  # an owner's name holds its code: only the lines with a code are read
        if any(code in line for code in codes):
            for h in find_hardware(line, known=_KNOWN_NAMES.get()):
                tail = _CODE_TAIL.search(h.name)
                # (the bare number owns nothing; nor does a laptop's or a desktop's edition, "台式4090")
                if tail and tail.group(1) in codes and h.name != tail.group(1) and not _FORM_EDITION.match(h.name):
                    # the owner's name as the original writes it (昇騰 910 stays traditional)
                    written = _as_written(norm, h, start).name if norm is not None else h.name
                    owners.setdefault(tail.group(1), set()).add(written)
        start += len(line) + 1
    # a number must have one owner; a version keeps its own name, so any owner will do
    return {code: next(iter(names)) if code.isdigit() or code in bare else "" for code, names in owners.items()
            if len(names) == 1 or not (code.isdigit() or code in bare)}


@cache
def _bare_numbers() -> frozenset[str]:
    """The product numbers the hardware lexicon lists alone ("4090", "4090D"): names only by convention
    (a chip code such as 910B is a name as written)."""
    return frozenset(w for w in lexicons.hardware()["standalone"] if rx.fullmatch(r"\d{4}[A-Z]?", w))


def full_name(name: str) -> str:
    """A bare product number the document writes in full elsewhere ("4090" beside "RTX 4090"), in full."""
    full = _HARDWARE_ALIASES.get().get(name) if name in _bare_numbers() else None
    return full or name


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
    # (a bullet, or an emoji a post puts before its lines: "🖥️ 配置：RTX 5090 + Ollama")
    # (a key may be numbered: "- GPU 1：NVIDIA H20", "- GPU 2：NVIDIA L40S")
    return rx.compile(rf"^\s*(?:[-•*·]\s*|[^\w\s]{{1,3}}\s*)?(?:{alts})(?:\s?\d{{1,2}})?\s*[:：]\s*(?P<value>\S[^\n]*)$",
                      rx.MULTILINE), ranks


# a CPU described by its clocks ("2.9 GHz 主频的 Intel® Xeon® Platinum 8369B", "基频 2.8 GHz，全核睿频 3.3 GHz")
_CLOCK_WORDS = rx.compile(r"主频|基频|睿频")
_INLINE_SETUP = rx.compile(rf"^\s*(?:{_listed('setup_sections')})\s*[:：]\s*(?P<value>\S[^\n]*)$")
_REMARK = rx.compile(r"[，,][^、/和及与;；]*$")  # "Qwen2.5-32B-Instruct，BF16 权重，未量化": remarks after the name
_LISTED = rx.compile(r"[、，,;；/]|和|及|与|以及|\bvs\.?\b|对比")


def _setup(text: str) -> Context | None:
    """The system and workload a block of test-setup lines names ("- GPU: H100 80GB",
    "- Model: Llama-2-70B (AWQ 4bit)"), or None when the block is not one. A key
    with several systems in its value ("GPU: A100/H100") names none."""
    pattern, ranks = _setup_line()
    hardware: list[tuple[int, str]] = []
    model = ""
    found = False
    several = len(ranks)  # the most specific hardware key whose value lists several systems
    for m in pattern.finditer(text):
        found = True
        bare = rx.sub(r"[（(][^）)]*[）)]", "", m.group("value"))
        if m.group("hardware"):
            # "加速卡：昇腾910B（Atlas 800T A2服务器，单卡测试）": the bracket describes the card's host
            names = list(dict.fromkeys(h.name for h in find_hardware(bare if bare.strip() else m.group("value"),
                                                                     known=_KNOWN_NAMES.get())))
            head, comma, remark = bare.partition("，") if "，" in bare else bare.partition(",")
            if len(names) > 1 and comma:
                # "机器：Ryzen AI Max+ 395，BIOS里给核显划了96GB": a remark after the name, not a second system
                # ("GPU：A100，H100" lists two: the part after the comma opens with a name)
                first = list(dict.fromkeys(h.name for h in find_hardware(head, known=_KNOWN_NAMES.get())))
                later = find_hardware(remark, known=_KNOWN_NAMES.get())
                if len(first) == 1 and not (later and later[0].start <= 2):
                    names = first
            if not names and VENDOR_CODE.fullmatch(bare.strip()):
                names = [bare.strip()]  # "机器：XH-8H20（8× H20 96GB）": a vendor's own code for the machine
            if len(names) > 1 or (not names and _LISTED.search(bare)):
                # "GPU：A100/H100": several, so none for the section ("GPU：NVIDIA L40S，单卡" names one)
                several = min(several, ranks[m.group("hardware").casefold()])
            elif len(names) == 1:
                hardware.append((ranks[m.group("hardware").casefold()], names[0]))
            continue
        if _LISTED.search(_REMARK.sub("", bare)):
            continue  # "测试模型：DeepSeek-R1(14B/32B)、QwQ-32B": several, so none for the section
        names = list(dict.fromkeys(x.name for x in find_models(m.group("value"))))
        if len(names) == 1:
            model = model or names[0]
    if not found:
        inline = _INLINE_SETUP.match(text)
        if inline is None:
            return None
        # "测试环境：8×MI300X与8×H100，vLLM 0.6，模型为Llama 3.1 405B。": one line of settings; its one
        # model is the workload (its systems are what is compared, so none is the subject)
        models = list(dict.fromkeys(x.name for x in find_models(inline.group("value"))))
        return Context(model=models[0] if len(models) == 1 else "")
    # "GPU 1：H20" / "GPU 2：L40S": one key, several lines, several systems: none of them is the section's
    for rank in {r for r, _ in hardware}:
        if len({n for r, n in hardware if r == rank}) > 1:
            several = min(several, rank)
            hardware = [h for h in hardware if h[0] != rank]
    # "CPU：鲲鹏920" beside "加速卡：A / B / C": the results are the accelerators', not the host's
    hardware = [h for h in hardware if h[0] <= several]
    if hardware and not model and min(hardware)[0] >= ranks["cpu"] and _CLOCK_WORDS.search(text):
        # "处理器：2.9 GHz 主频的 Intel® Xeon® Platinum 8369B": a product's spec list describes its host CPU by its
        # clocks, no system of a test ("CPU：Xeon 6980P" above a test's results stays its system)
        return Context(model=model)
    return Context(model=model, hardware=min(hardware)[1] if hardware else "")
