"""Named features of a (value, name) pair, for the hardware binder: where the
name stands (clause before or after, copula, possessive, brackets), what the
sentence says of it (a comparator, a part, replaced, a class word, a
composition), how near it is. Weights are in lexicons/binder.yaml."""
from __future__ import annotations

from .. import lexicons
from .claims import Span
from .context import _GENERIC, Comparator, Context, SentenceInfo, _listed, _words
from .patterns import (
    rx,  # regex's interface, on re where re reads a pattern alike: see patterns.py
)
from .recognize import (
    Mention,
    find_metrics,
    is_technology,
)
from .values import ValueMention


def _group(mentions: list[Mention], chosen: Mention, text: str) -> list[Mention]:
    """'IPU-POD16和IPU-POD64均…': every system joined to the chosen one (a chip
    and the memory listed beside it are not one group)."""
    if len(mentions) == 1:
        return [chosen]  # (the usual sentence: one name, the chosen one, is its own group)
    ordered = sorted((m for m in mentions if m.technology == chosen.technology), key=lambda m: m.start)
    i = ordered.index(chosen)
    group = [chosen]
    j = i
    while j > 0 and rx.fullmatch(r"\s?(?:和|与|同|及|以及|、|/|,|，)\s?", text[ordered[j - 1].end:ordered[j].start]):
        group.insert(0, ordered[j - 1])
        j -= 1
    j = i
    while j + 1 < len(ordered) and rx.fullmatch(r"\s?(?:和|与|同|及|以及|、|/)\s?", text[ordered[j].end:ordered[j + 1].start]):
        group.append(ordered[j + 1])
        j += 1
    return group


_GENERIC_MODIFIER = rx.compile(rf"\s?(?:{_listed('generic_modifiers')})")
_PART_SCOPE = rx.compile(r"^\s?(?:单核|多核|单线程|多线程|整体|峰值)?\s?")
_CLASS_IN_UNIT = rx.compile(r"\s?(?:小时|卡时|[Hh]ours?|时数|-hours?)")  # GPU小时, GPU Hours: a unit of work
_REPLACED = rx.compile(rf"(?:{_words(lexicons.context()['replaced_by'])})了?\s?(?:NVIDIA|英伟达|Intel|英特尔|AMD|ARM|Arm)?\s?$")
_UNNAMED_BEFORE = rx.compile(rf"(?:{_words(lexicons.context()['class_qualifiers'])})\s?$")
_LOCATED = rx.compile(r"在[^，,。；;：:]*$")
_WHOLE_AFTER = rx.compile(rf"\s?(?:{_listed('whole_system')})")
# "部署256台HGX H200服务器": whole machines counted by the 台 make up a deployment, parts of it (not "8卡H200服务器")
_MACHINES_COUNTED = rx.compile(r"(?:部署|配备|上架|投入|建成|采购|安装)了?\s?(?:约|超过|逾|近)?\s?[\d,]+\s?(?:台|套|組|组)[^\d，,。；;]{0,10}$")
_STACKED = rx.compile(r"(?i)-Hi|层|層")  # "8-Hi HBM3E", "16层堆叠HBM3E": a memory product, not a kind
# "FP16算力：500 TFLOPS（MTT S4000为100 TFLOPS）": a bracket opened after the figure is an aside about another
# system, never the figure's subject (as a later clause is not)
_OPEN_BRACKET = rx.compile(r"[（(][^）)]*$")
_LABEL_AFTER = rx.compile(r"\s?[:：]")
# "，而8块H100显卡的成绩是27.9分钟": a counted name opening the figure's own clause after a contrast is its topic
_CONTRAST_OPENS = rx.compile(r"\s?(?:而|但|则|反观|相比之下)\s?(?:\d+|[一二两三四五六七八九十百千万]+)\s?[块张颗台个卡片枚]?\s?$")
_COPULA = rx.compile(rf"\s?(?:{_listed('copula_verbs')})\s?(?:{_listed('copula_qualifiers')})?\s?")
# "节点内NVLink(160GB/s)", "InfiniBand延迟(2.8μs)": the figure in brackets after a name (and its metric word)
_APPOSITIVE = rx.compile(rf"\s?(?:{_listed('appositive_metrics')})?\s?[（(]\s?(?:{_listed('appositive_qualifiers')})?\s?")
_DESCRIBED = rx.compile(rf"[^，,。；;：:（()）]{{0,10}}?的\s?(?:{_listed('described_novelty')})?(?:{_listed('described_nouns')})?\s?")
_PER_UNIT = rx.compile(rf"(?:(?:每|单)\s?(?:{_listed('per_unit_measures')})?|(?<![A-Za-z])(?:per|each)\s)\s?$", rx.IGNORECASE)  # also "per GPU"


def _same_clause(text: str, start: int, end: int) -> bool:
    return 0 <= end - start <= 12 and not rx.search(r"[，,。；;！!？?]", text[start:end])


def _demoted(h: Mention, info: SentenceInfo, text: str, ctx: Context) -> bool:
    """Weak subjects: parts of a system (由4个X构成), a description in
    parentheses after a name (p4d.24xlarge（8×A100 40GB）), and a generic
    GPU/CPU when a specific system is in play (每颗GPU提供…, GPU显存总计…)."""
    if h.component or _in_parenthesis_after_name(h, info, text) or _inside_composition(h, info, text) \
            or _based_on(h, info, text):
        return True
    if h.name.upper() in _GENERIC:
        if _PER_UNIT.search(text[max(0, h.start - 5):h.start]) and (
                _specific_context(ctx)
                or any(o.name.upper() not in _GENERIC and not o.technology for o in info.all_hardware)):
            return True
        # (or named after it in the same clause: "纯CPU党报到：双路 EPYC 9654" is about the EPYC)
        specific_before = any((o.start < h.start or 0 <= o.start - h.end <= 3 or (_same_clause(text, h.end, o.start) and not o.technology))
                              and o.name.upper() not in _GENERIC
                              for o in info.all_hardware
                              if not any(c.start <= o.start < c.end for c in info.comparators))
        # (a memory or link the sentence names is no rival: "这款GPU配备288GB HBM3E")
        return specific_before or bool(_specific_context(ctx)
                                       and not [o for o in info.hardware if o is not h and not o.technology])
    return False


# "MTT S4000基于第三代MUSA架构“曲院”", "MTT S4000：基于…": what a named system is built on, between it and the name
_BUILT_ON_VERBS = "基于|采用|采取|沿用|使用"
_BASED_ON = rx.compile(rf"\s?[：:，,]?\s?(?:同样|也|均|都|亦)?\s?(?:{_BUILT_ON_VERBS})[^，,。；;：:\d]{{0,12}}?(?:架构|微架构|平台)?\s?[\"“「『]?$")


# "昇腾910B是…AI芯片，采用自研达芬奇架构": an architecture the sentence's system is built on
_BUILT_ON_BEFORE = rx.compile(rf"(?:{_BUILT_ON_VERBS})\s?(?:自研|自主研发|全新|新一代|第[一二三四五六七八九十\d]代)?的?\s?[\"“「]?$")
_ARCHITECTURE_AFTER = rx.compile(r"[\"”」]?\s?(?:微架构|架构)")


# "MI355X搭载8个12层HBM3E堆栈": memory a named system carries is its part
_CARRIES = rx.compile(r"(?:搭载|配备|配置|集成|采用|内置|封装)了?\s?(?:\d{1,2}|[一二两三四五六七八九十]{1,2})?\s?(?:个|颗|组|块)?\s?$")
_MEMORY_NAME = rx.compile(r"HBM|GDDR|LPDDR")


def _carried_memory(h: Mention, named_before: list[Mention], text: str) -> bool:
    return bool(named_before) and _MEMORY_NAME.search(h.name) is not None \
        and _CARRIES.search(text, max(0, h.start - 8), h.start) is not None


def _based_on(h: Mention, info: SentenceInfo, text: str) -> bool:
    """Whether ``h`` is the architecture or platform that a system named
    before it is built on ("X基于Y架构", "X是…芯片，采用自研Y架构"), or memory
    it carries ("X搭载8个12层HBM3E堆栈"): a description of X, not a subject."""
    named_before = [o for o in info.all_hardware if o is not h and o.end <= h.start
                    and o.name.upper() not in _GENERIC and not o.technology]
    if not named_before:
        return False
    if _carried_memory(h, named_before, text):
        return True
    return any(_BASED_ON.fullmatch(text, o.end, h.start) for o in named_before) or bool(
        _BUILT_ON_BEFORE.search(text, max(info.sentence.start, h.start - 12), h.start)
        and (h.surface.endswith("架构") or _ARCHITECTURE_AFTER.match(text, h.end)))


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
    # (the list runs to its clause's end: "分别约为3150、1480、1020 tokens/s，L20约为1150 tokens/s")
    ends = [i for i in (text.find(d, at, info.sentence.end) for d in "，,；;。") if i >= 0]
    stop = min(ends) if ends else info.sentence.end
    values = [w for w in info.values if at < w.start < stop and w.dimension == v.dimension]
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


_EACH = rx.compile(r"均|都|分别|各自|二者|两者")  # words that give a figure to each of a pair
_JOINER = rx.compile(r"\s?(?:和|及|以及|、)\s?(?:[\p{Han}A-Za-z]{1,4}\s?)?")  # (a vendor may stand between: "和沐曦曦云C500")


def _coordinated(h: Mention, info: SentenceInfo, text: str, v: ValueMention) -> bool:
    """Whether ``h`` is one of two systems joined in an earlier clause, with no word after them that
    gives the later figure to each (均, 都, 分别)."""
    # (与 mostly compares, "P800与H20持平"; a pair with a comparator in it is a comparison, not a list)
    compared = [(c.start, c.end) for c in info.comparators]
    joined = any(o.name != h.name and (_JOINER.fullmatch(text, o.end, h.start) or _JOINER.fullmatch(text, h.end, o.start))
                 and not any(a <= x.start < b for a, b in compared for x in (h, o))
                 for o in info.all_hardware)
    return joined and not _EACH.search(text, h.end, v.start)


def _mention_features(h: Mention, v: ValueMention, info: SentenceInfo, clause: Span, text: str, *,
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
    elif clause[0] <= h.start < clause[1] and h.start >= v.end and not _OPEN_BRACKET.search(text, v.end, h.start):
        features["clause_after"], distance = 1.0, h.start - v.end
    elif info.sentence.start <= h.start and h.end <= clause[0] + 1:
        features["sentence_before"], distance = 1.0, clause[0] - h.end
    else:
        features["sentence_after"], distance = 1.0, abs(h.start - v.end)
    features["proximity"] = 0.3 / (1.0 + max(distance, 0) / 20.0)
    if "sentence_before" in features and _coordinated(h, info, text, v):
        features["coordinated"] = 1.0  # "部署…，主要为昇腾910B和曦云C500，智能算力达1000P": one of a pair, no subject
    if is_weak:
        features["demoted"] = 1.0
        if h.component or _inside_composition(h, info, text):
            features["part_of_whole"] = 1.0
    elif compared_away and not appositive:
        features["compared_elsewhere"] = 1.0
    if _REPLACED.search(text, max(info.sentence.start, h.start - 14), h.start):
        features["replaced"] = 1.0  # "使用Cortex-A78AE CPU 取代了 Carmel CPU，…64KB缓存": the old one is no subject
    if h.count > 1 and not is_weak and not _LOCATED.search(text, max(info.sentence.start, h.start - 12), h.start) \
            and not ((_WHOLE_AFTER.match(text, h.end) or _WHOLE_AFTER.search(h.surface[-3:]))
                     and not _MACHINES_COUNTED.search(text, max(info.sentence.start, h.start - 20), h.start)) \
            and not _LABEL_AFTER.match(text, h.end) \
            and not ("clause_before" in features and _CONTRAST_OPENS.fullmatch(text, clause[0], h.start)):
        # ("- 1024 卡 910B：MFU 约 35%": the configuration a line is about; "而8块H100显卡的成绩是27.9分钟": the topic)
        # "128颗MTIA v4芯片，提供320PFLOPS": parts of a whole, which a named context is (not "在4096颗TPU
        # v5e芯片上训练", where the chips are where it ran, nor "8卡H200系统", a whole itself)
        features["counted"] = 1.0
    if h.technology and not _STACKED.search(h.name):
        # (a stack of a height is a memory product of its own, "12层HBM3E", "12-Hi HBM3E": no kind of memory)
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
    elif h.name.upper() in _GENERIC and (_GENERIC_MODIFIER.match(text, h.end) or (
            # (weak, under a named system, a per-unit class is its part even with no metric after it:
            # "该集群…per GPU 为 989 TFLOPS")
            _PER_UNIT.search(text, max(0, h.start - 5), h.start)
            and (is_weak or any(m.start == 0 for m in find_metrics(text[h.end:h.end + 8]))))
            or any(m.start == 0 for m in find_metrics(_PART_SCOPE.sub("", text[h.end:h.end + 10], count=1)))
            # "X的平台AI总算力为120 TOPS，其中NPU为48 TOPS，GPU为67 TOPS": the parts of the named whole
            or (is_weak and "其中" in text[info.sentence.start:h.start])):
        # "GPU利用率提升至80%", "NVLink 5.0的单GPU带宽为1.8TB/s", "CPU单核性能提升45%" under a phone chip: the
        # class qualifies the metric (the part's figure is the named system's, when one is in play)
        features["class_modifier"] = 1.0
    return features


def _bracketed_after(text: str, c: Comparator, v: ValueMention) -> bool:
    """"优于RoCE(3.6μs)": the figure in brackets right after the comparator's name."""
    at = text.rfind(c.baseline, c.start, c.end) if c.baseline else -1
    return at >= 0 and _APPOSITIVE.fullmatch(text, at + len(c.baseline), v.start) is not None
