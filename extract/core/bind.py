"""Claims from spans and context (spec section 2, "Context rules"): the binder.

Document by document, paragraph by paragraph, sentence by sentence: each
sentence's offer is read (:mod:`.context`), its numbers are kept only when they
are claims (:mod:`.scope`), and every value is bound to a metric (a decision
list, :func:`_metric_and_rule`), a system, a model and a baseline (candidates
with named features from :mod:`.candidates` and :mod:`.features`, scored and
chosen by :mod:`.choice`). Tables go through :mod:`.text_tables`; the context
each sentence leaves for the next is updated; restatements are dropped.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

from .. import lexicons
from . import choice, textindex
from .candidates import _MODEL_SIDE_MEMORY, _baseline_candidates, _hardware_candidates, _model_candidates
from .choice import Candidate
from .claims import Claim, Span
from .context import (
    _CHANGE_WORDS,
    _GENERIC,
    _GENERIC_WORKLOAD,
    _HARDWARE_ALIASES,
    full_name,
    refined_model,
    _KNOWN_NAMES,
    _MODEL_ALIASES,
    _PERF_METRICS,
    _SOFTWARE_NAMES,
    _UNIT_METRIC,
    RELATIVE_UNITS,
    Context,
    SentenceInfo,
    _analyse,
    _as_written,
    _document_names,
    _fmt,
    _hardware_aliases,
    _listed,
    _model_aliases,
    _setup,
    _software_names,
    short_codes,
)
from .failures import Guard
from .features import _group, _respectively, _shared
from .normalize import Normalized, normalize
from .patterns import (
    Pattern,
    guarded,
    in_order,
    rx,  # regex's interface, on re where re reads a pattern alike: see patterns.py
)
from .recognize import (
    Mention,
    clear_open_names,
    find_hardware,
    find_metrics,
    find_models,
    has_words,
    is_technology,
    vendors,
)
from .scope import _in_scope, _out_of_scope_value, _relative_supported
from .segment import _BULLET, _CANDIDATE, _HEADING_MARK, _SUBSECTION, Paragraph, Sentence, boundaries_at, clause_span, split_document
from .text_tables import (
    TableValue,
    engine_columns_header,
    engine_columns_values,
    inline_row_table_values,
    is_corner,
    label_metric,
    label_unit,
    line_cells,
    named_figure_lines,
    pair_values,
    rank_table_header,
    rank_table_values,
    row_table_header,
    row_table_values,
    space_table_values,
    spaced_pair_values,
    system_columns_header,
    system_columns_values,
    table_values,
    vertical_rows_values,
    vertical_table_values,
)
from .values import ValueMention, direction, find_values, numeral_end

_AGGREGATE = rx.compile(_listed("aggregate"))
_TABLE_HEADER = rx.compile(rf"\s*(?:{_listed('table_header')})(?:\s|$)")
_PRECISIONS = guarded(r"(?<![A-Za-z])(FP8|FP16|BF16|TF32|FP32|FP64|INT8|INT4|FP4|FP6)(?![0-9])", "FBTI", rx.I)
# Durations in these sentences are effort estimates (迁移一周), not claims.
_EFFORT = rx.compile(_listed("effort"))
_NOT_FASTER = frozenset({"memory", "power", "cost", "accuracy"})  # quantities that are not "faster"
_POINTED_BACK = rx.compile(r"(?:这一|这个|这种|此|该|这)\s?$")
# "50% 的通信成本": the figure's own noun (also after a translated comparative: "7,000 倍更多的内存带宽")
_OF_NOUN = rx.compile(r"\s?(?:以上|左右)?\s?(?:更[多快高大强低少小])?的\s?[\p{Han}]{0,4}?")


_HELD_CONDITION = rx.compile(r"在[^，。；,;]{1,16}?(?:不变|相同|一致|持平|相当)的?(?:前提|情况|条件)?下")
_MEMORY_TYPE_AFTER = rx.compile(r"\s?(?:的\s?)?(?:HBM\d|GDDR\d|LPDDR\d|DDR\d)", rx.IGNORECASE)


_ENGLISH_AFTER = rx.compile(r"\s?(?P<adj>faster|higher|better|greater|lower|more|less|smaller|larger)\b"
                            r"(?P<words>[A-Za-z\-/ ]{0,40}?)(?=\s(?:and|on|than|for|versus|vs|at|in|with)\b|[,.;，。；]|$)",
                            rx.IGNORECASE)


def _metric_and_rule(v: ValueMention, info: SentenceInfo, clause: Span, ctx: Context,
                     heading: Context) -> tuple[str, str]:
    """The metric of ``v`` and the rule that decided it (shown by ``claims explain``)."""
    dim = v.dimension
    if dim in _UNIT_METRIC:
        metric = _UNIT_METRIC[dim]
        if dim == "data" and _MEMORY_TYPE_AFTER.match(info.sentence.text, v.end - info.sentence.start):
            return "memory", "a memory type after the size"  # "4090是24GB的GDDR6X 带宽1008GB/s"
        if dim == "data":
            # the nearer of a memory and a bandwidth word decides ("96GB的HBM3显存和4.0TB/s的带宽")
            near = [m for m in info.metrics if clause[0] <= m.start < clause[1] and m.name in ("memory", "bandwidth")]
            # (a word behind other figures with their own units is theirs: "显存 显存带宽 … H20 96GB
            # HBM3 4.0TB/s", a table flattened into one line, puts the header words far before the cells)
            near = [m for m in near if _nothing_between(m, v, info)] or ([] if len(near) > 1 else near)
            if near:
                return min(near, key=lambda m: abs(m.start - v.start)).name, "nearest memory or bandwidth word"
        return metric, "unit"
    if dim == "time":
        return _time_metric(v, info, clause, ctx, heading), "time unit"
    # English puts the measure after the figure: "up to 2.5x faster training and up to 4x higher inference
    # throughput": the words after the comparative, up to the next joint, name it
    english = _ENGLISH_AFTER.match(info.sentence.text, v.end - info.sentence.start)
    if english is not None:
        named = [m for m in find_metrics(english.group("words")) if m.rank == 0]
        if named:
            return named[0].name, f"trigger {named[0].surface} (after the English comparative)"
    # Relative units: the clause first (specific beats generic), then earlier clauses.
    in_clause = [m for m in info.metrics if clause[0] <= m.start < clause[1]]
    if english is not None:
        in_clause = [m for m in in_clause if m.start < v.start]  # (a word after it is the next figure's)
    held = [c.span() for c in _HELD_CONDITION.finditer(info.sentence.text)] if "下" in info.sentence.text else []
    if held:
        # "在功耗和价格不变的前提下性能翻倍": what a test holds fixed is no metric of the figure
        at = info.sentence.start
        in_clause = [m for m in in_clause if not any(a <= m.start - at < b for a, b in held)] or in_clause
    # "AI算力达上代4倍 推理性能暴涨35倍" (a title's clauses parted by a space): a metric word before an
    # earlier figure of the clause is that figure's, when another one stands between it and this figure
    earlier_end = max((w.end for w in info.values if clause[0] <= w.start and w.end <= v.start), default=-1)
    if earlier_end >= 0 and any(earlier_end <= m.start < v.start for m in in_clause):
        in_clause = [m for m in in_clause if m.start >= earlier_end]
    # "存储器带宽据说可以达到HBM的约3倍": a memory named as the comparator is no metric word of the figure
    outside = [m for m in in_clause if not any(c.start <= m.start < c.end for c in info.comparators)]
    if outside and len(outside) < len(in_clause):
        in_clause = outside
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
    if chosen is not None and chosen.surface == "优势" and _POINTED_BACK.search(
            info.sentence.text, max(0, chosen.start - info.sentence.start - 3), chosen.start - info.sentence.start):
        # "性价比约为A100集群的1.2倍；若计入运维成本，这一优势将收窄至1.05倍": the advantage a figure stated
        # before, in its metric (the last claim's, else the sentence's last metric word)
        earlier = [m for m in info.metrics if m.start < clause[0] and m.rank == 0]
        if earlier or ctx.metric:
            return (ctx.metric or earlier[-1].name), "the advantage pointed back to"
    if chosen is not None and chosen.surface in _SPEED_OF_RATE:
        # "结构化生成速度提升 5-10 倍", "视频生成速度是传统 GPU 的 4 倍": a ratio of a rate said as a 速度 is a
        # speed-up (as the real gold reads it); a rate itself (每秒100个token) stays throughput
        return "speed", f"ratio of {chosen.surface}"
    if chosen is not None and chosen.surface == "成绩" and any(
            c.named and clause[0] <= c.start < v.start for c in info.comparators):
        # "大约是 H100 同引擎成绩的 58%": a share of a named system's result, in the metric of the figure before
        earlier = [w for w in info.values if w.end <= v.start and w.dimension in _UNIT_METRIC
                   and w.dimension != "data" and w.start >= info.sentence.start]
        if earlier:
            return _UNIT_METRIC[earlier[-1].dimension], "share of a named system's result"
    if chosen is not None and chosen.surface in ("成绩", "得分", "分数") and v.unit == "%" and not _CHANGE_WORDS.search(
            info.sentence.text, clause[0] - info.sentence.start, clause[1] - info.sentence.start):
        return "accuracy", "percentage score"  # "获得了93%的成绩": a percentage score, not a speed-up
    if chosen is not None and chosen.surface == "效率" and _SPEED_UP.search(
            info.sentence.text, clause[0] - info.sentence.start, clause[1] - info.sentence.start):
        return "speed", "bare 效率 that grows"  # "训练效率提升68%": bare 效率 that grows is how fast (spec: 计算效率); "效率为95%" is a level
    if chosen is not None and chosen.surface == "效率" and any(
            c.named and clause[0] <= c.start and c.end <= v.start for c in info.comparators):
        return "speed", "bare 效率 against a named system"  # "训练效率能到A100集群的60%": how fast, relative to it
    if chosen is not None and chosen.rank == 1:
        # "Wi-Fi速度则翻倍到3.6Gbps": a generic word, and the clause's own figure says what was doubled
        figures = [w for w in info.values if w.start >= v.end and w.dimension in _UNIT_METRIC
                   and w.dimension != "data" and rx.fullmatch(
                       r"\s?(?:到|至|达到?|为)\s?", info.sentence.text[v.end - info.sentence.start:w.start - info.sentence.start])]
        if figures:
            return _UNIT_METRIC[figures[0].dimension], "the figure it reaches"
    if chosen is None:
        # "DGX H200达到59,022 tokens/s，比第二名高出约40%": the ratio compares the figure before it
        # (first in its own clause: "较MI300X的192GB提升50%")
        earlier = [w for w in info.values if clause[0] <= w.start and w.end <= v.start and w.dimension in _UNIT_METRIC] \
            or [w for w in info.values if w.end <= clause[0] and w.dimension in _UNIT_METRIC
                and not _in_brackets(info.sentence.text, w.start - info.sentence.start)]
        # ("电力效率（1瓦特当的性能）中，X是H100的3.2倍": an aside's figure in an earlier clause is not compared)
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
            figures = [w for w in info.values if w.end <= clause[0] and (w.dimension in _UNIT_METRIC or w.dimension == "time")]
            if figures and figures[-1].dimension == "time":
                # "8卡B200系统用时11.2分钟，比8卡H200系统快2.5倍" in a training paragraph: faster at that time
                return _time_metric(figures[-1], info, clause, ctx, heading), "faster at the time before"
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
                and not any(c.start < clause[1] and clause[0] < c.end for c in info.comparators) \
                and not has_words(info.sentence.text[clause[0] - info.sentence.start:v.start - info.sentence.start],
                                  lexicons.context()["unnamed"]) \
                and not any(clause[0] <= h.start < v.start and info.sentence.text[h.end - info.sentence.start:][:1] == "的"
                            for h in info.all_hardware):  # "提供BR100的一半算力": a share of another's
            # "理论最大 FLOPs/s 的 25-40%": a share of peak compute is a utilisation ("算力为H800的15%"
            # compares two systems' compute)
            return "efficiency", "share of peak"
        return chosen.name, f"trigger {chosen.surface}"
    if ctx.metric or heading.metric:
        return ctx.metric or heading.metric, "paragraph" if ctx.metric else "heading"
    return "speed", "default"


def _clause_text(info: SentenceInfo, clause: Span) -> str:
    """The clause's text (offsets of ``clause`` are in the document)."""
    return info.sentence.text[clause[0] - info.sentence.start:clause[1] - info.sentence.start]


def _clause_start_of(sentence: Sentence, pos: int) -> int:
    a, _ = clause_span(sentence.text, pos - sentence.start, pos - sentence.start + 1, 0, len(sentence.text))
    return a + sentence.start


def _best_trigger(candidates: list[Mention], anchor: int) -> Mention | None:
    if not candidates:
        return None
    return min(candidates, key=lambda m: (m.rank if m.name != "time" else 0.5, abs(m.start - anchor)))


def _nothing_between(word: Mention, v: ValueMention, info: SentenceInfo) -> bool:
    """No figure in another unit and no other kind of metric word stands between ``word`` and ``v``."""
    lo, hi = min(word.end, v.start), max(word.start, v.end)
    return not any(lo <= w.start and w.end <= hi and w.unit != v.unit for w in info.values) \
        and not any(lo <= o.start < hi and o.name not in ("memory", "bandwidth") for o in info.metrics)


def _time_metric(v: ValueMention, info: SentenceInfo, clause: Span, ctx: Context, heading: Context) -> str:
    s = info.sentence
    metrics = lexicons.metrics()
    named = [m for m in info.metrics if m.name in ("latency", "time_to_train")]
    if named:
        return min(named, key=lambda m: (not (clause[0] <= m.start < clause[1]), abs(m.start - v.start))).name
    clause_text = s.text[max(0, clause[0] - s.start):clause[1] - s.start]
    if has_words(clause_text, metrics["latency_context"]) or _PER_ITEM.match(s.text, v.end - s.start):
        return "latency"  # (also a time per item: "约 2.1 秒/张", "30ms/token")
    if has_words(s.text, metrics["training_context"]) or ctx.training:
        return "time_to_train"
    if has_words(s.text, metrics["latency_context"]) or v.unit in ("ms",):
        return "latency"
    if ctx.metric in ("latency", "time_to_train"):
        return ctx.metric
    return heading.metric if heading.metric in ("latency", "time_to_train") else "time_to_train"


def _pick_hardware(v: ValueMention, info: SentenceInfo, clause: Span, text: str,
                   ctx: Context, heading: Context, value_start: int = -1) -> list[str]:
    """Gather, score, choose; then the systems joined to the chosen one (A和B均…, 分别)."""
    cands, behind, subjects = _hardware_candidates(v, info, clause, text, ctx, heading)
    best = choice.decide("hardware", value_start, cands)
    chosen = behind.get(cands.index(best))
    if chosen is None:
        # (a memory or link the sentence names is no rival: "两者…分别为…，后者基于UALink协议")
        if not any(not h.technology for h in info.hardware) and len(ctx.mentions) > 1 \
                and _PLURAL_PRONOUN.search(text, info.sentence.start, v.start):
            respective = _respectively(v, info, text)
            if respective is not None and len(respective[1]) == len(ctx.mentions):
                # "A为…，B为…，C为…。三者的首token延迟分别为210ms、260ms和340ms": the systems just named, in order
                return [ctx.mentions[respective[0]]]
            if respective is None and _EACH.search(text, info.sentence.start, v.start):
                return list(ctx.mentions)  # "两者接近，均在45毫秒左右": the figure of each
        if best.source in ("paragraph", "heading") and len(ctx.mentions) < 2 and not info.hardware \
                and _PLURAL_PRONOUN.search(text, info.sentence.start, v.start):
            # "Eos和Azure…都采用了10,752个H100。它们的表现相差不到2%": the pronoun is about more than the one system
            # the paragraph named, so about none of them alone
            return [""]
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


def _contrasted_time(v: ValueMention, info: SentenceInfo, clause: Span) -> bool:
    """"以前训练要二十多天，现在一周左右就能跑完": a duration set against an earlier clause's training time."""
    return any(w.dimension == "time" and w.end <= clause[0] for w in info.values) and has_words(
        info.sentence.text[:clause[0] - info.sentence.start], lexicons.metrics()["training_context"])


def _in_brackets(text: str, at: int) -> bool:
    """Whether position ``at`` of ``text`` stands inside an open bracket."""
    opened = max(text.rfind("（", 0, at), text.rfind("(", 0, at))
    return opened > max(text.rfind("）", 0, at), text.rfind(")", 0, at))


def _pick_models(v: ValueMention, info: SentenceInfo, clause: Span, metric: str,
                 ctx: Context, heading: Context, norm_text: str = "", value_start: int = -1) -> list[str]:
    """The workload(s) of ``v``: one row per model a number is asserted of (spec 9).
    Gather, score, choose; then the models joined to the chosen one."""
    cands, behind, models = _model_candidates(v, info, clause, metric, ctx, heading)
    best = choice.decide("model", value_start, cands)
    chosen = behind.get(cands.index(best))
    if chosen is None:
        return [best.name]
    if "分别" in info.sentence.text:
        respective = _respectively(v, info, norm_text)
        group = _group(models, chosen, norm_text)
        if respective is not None and len(group) == len(respective[1]) > 1 \
                and not _coordinated_metrics(v, info, clause, norm_text):
            return [group[respective[0]].name]  # "在A和B上的推理性能分别提升了2倍和3倍": one model each
        return [chosen.name]
    group = _group(models, chosen, norm_text)
    if len(group) > 1:
        if _AGGREGATE.search(norm_text, group[0].start, max(v.end, clause[1])):
            return [""]  # "在Llama 70B和Falcon 180B上平均高出50%": an average is no single workload's
        return list(dict.fromkeys(m.name for m in group))  # spec 9: asserted of each named model
    return [chosen.name]


def _pick_baseline(v: ValueMention, info: SentenceInfo, clause: Span, hardware: str, text: str,
                   ctx: Context, heading: Context, metric: str = "", value_start: int = -1) -> str:
    if v.kind == "from_to" and v.old_value is not None:
        return f"{_fmt(v.old_value)} {v.old_unit}"  # "从100GB/s增加到120GB/s": against the old figure
    if v.unit not in RELATIVE_UNITS:
        return ""  # an absolute figure is measured against nothing
    cands = _baseline_candidates(v, info, clause, hardware, text, ctx, heading, metric)
    return choice.decide("baseline", value_start, cands).name


_SPEED_UP = rx.compile(_listed("speed_up"))


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
    # ("Blackwell这种数据中心卡就不用比了": a name given as an example of a kind is no topic)
    examples = [h for h in info.hardware if _EXAMPLE_OF_KIND.match(info.sentence.text, h.end - info.sentence.start)]
    # ("英伟达H100（SXM5，Hopper架构）": names in a bracket right after a system qualify it, no topic of their own)
    examples += [h for h in info.hardware if _in_aside_of_name(info, h)]
    names = {h.name for h in info.hardware if not h.technology and h not in examples} \
        or {h.name for h in info.hardware if h not in examples}
    if not claims and info.hardware and all(h.count > 1 and not _platform(info.sentence.text, h, info.sentence.start)
                                            for h in info.hardware):
        names = set()  # "仅需2048个H800 GPU即达到最先进性能": the chips used, not what the paragraph is about
    specific = {n for n in names if n.upper() not in _GENERIC}
    if specific and len(names) > len(specific):
        names = specific  # "ATOM是一款NPU": the product, not its class
    if len(names) > 1:
        # "ZQ-I8 能效与 TCO（对比 8×H20 服务器）": the system compared against is no topic
        own = {h.name for h in info.hardware if h.name in names
               and not any(c.named and c.start <= h.start - info.sentence.start < c.end for c in info.comparators)}
        if own:
            names = own
    pointed = _PAIR_SUBJECT.search(info.sentence.text)
    if pointed:
        # "华为的昇腾芯片有 910 和 310 型号，前者用于服务器": what follows is about one of the pair named last
        pair = _pair_before(info, info.sentence.start + pointed.start(1)) or (
            ctx.mentions[-2:] if not names and len(ctx.mentions) >= 2 else [])
        if len(pair) == 2:
            names = {pair[0] if pointed.group(1) == "前者" else pair[1]}
    if claims and any(c.hardware for c in claims):
        # "X90的算力为320 TFLOPS，略高于A100的312 TFLOPS。板卡配备64GB HBM2e": the system compared against
        # holds a figure, but the paragraph stays on the sentence's own subject
        compared = {rx.sub(r"^\d+×", "", c.baseline) for c in info.comparators if c.named}
        held = [c.hardware for c in claims if c.hardware]
        ctx.hardware = ([h for h in held if h not in compared] or held)[-1]
    elif len(names) == 1:
        ctx.hardware = names.pop()
    elif len(names) > 1:
        ctx.hardware = ""
    if ctx.hardware and any(h.name == ctx.hardware for h in info.all_hardware):
        ctx.hardware_named_at = info.sentence.end
    # (a chip that integrates CPU and GPU cores is no whole: its parts must be named systems)
    systems = [h for h in info.all_hardware if not h.technology and h.name.upper() not in _GENERIC]
    if len(systems) >= 2 and not systems[0].component and systems[1].name != systems[0].name \
            and _BUILD_VERB.search(info.sentence.text, systems[0].end - info.sentence.start,
                                   systems[1].start - info.sentence.start):
        ctx.whole = systems[0].name  # "El Capitan由HPE打造，采用AMD Instinct MI300A APU": the whole and its part
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


_ASIDE_OPEN = rx.compile(r"[(（][^()（）]*$")


def _in_aside_of_name(info: SentenceInfo, h: Mention) -> bool:
    """Whether ``h`` stands inside a bracket that opens right after another
    system's name: "H100（SXM5，Hopper架构）" names SXM5 and Hopper as
    qualifiers of H100.
    """
    text, base = info.sentence.text, info.sentence.start
    opened = _ASIDE_OPEN.search(text, 0, h.start - base)
    if not opened:
        return False
    before = base + opened.start()
    return any(o is not h and o.end <= before and not text[o.end - base:opened.start()].strip()
               for o in info.all_hardware)


_SPEED_OF_RATE = frozenset(lexicons.metrics()["rate_speeds"])
_EXAMPLE_OF_KIND = rx.compile(r"\s?(?:这种|这类|这样的|那种|之类的?|一类)")
#: "在DeepSeek-V3、8×H800上逐个去掉三个模块": counted chips that results are measured on, a platform
_ON_PLATFORM = rx.compile(r"\s?(?:GPU|卡|平台|机器|集群)?\s?上")


def _platform(sentence: str, h: Mention, offset: int) -> bool:
    """Whether the counted ``h`` is where the sentence's results run ("在8×H800上…"), not chips it uses."""
    before = sentence[:h.start - offset]
    clause_start = max(before.rfind(d) for d in "，,；;：:") + 1
    on = _ON_PLATFORM.match(sentence, h.end - offset)
    # ("表1 8×H800上的解码吞吐": 上的 says where the figures were measured)
    return bool(on) and ("在" in before[clause_start:] or sentence.startswith("的", on.end()))


def _precision(text: str) -> str:
    m = _PRECISIONS.search(text)
    return m.group(1).upper() if m else ""


def _task(sentence: str, metric: str) -> str:
    if metric == "time_to_train" or "训练" in sentence:
        return "training"
    if "推理" in sentence or metric == "latency":
        return "inference"
    return ""


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
    try:
        names |= short_codes(text)
    except Exception as exc:  # the document is still read, without its short codes
        guard.failed(0, len(text), exc)
    token = _KNOWN_NAMES.set(names)
    software = _SOFTWARE_NAMES.set(_software_names(text))
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
        _SOFTWARE_NAMES.reset(software)
        _KNOWN_NAMES.reset(token)


# A section's own mark (not a list's "1."): "一、", "## ", "（二）".
_SECTION_HEADING = rx.compile(r"\s*(?:#{1,6}\s|[一二三四五六七八九十]+、|[（(][一二三四五六七八九十]+[)）]|[■◆▶►]\s?)")
# "**2. AMD 发布 MI325X：288GB HBM3E，带宽 6TB/s**": a digest's item title, a whole line in bold
_CHART_CAPTION = rx.compile(r"\s*(?:图|图表|Figure|Fig\.?)\s?\d{1,2}(?:[.-]\d{1,2})?\s?[:：\s]")
_MARKDOWN_HEADING = rx.compile(r"[ \t]*#{1,6}\s")
_BOLD_LINE = rx.compile(r"[ \t]*\*\*[^*\n]{2,90}\*\*[ \t]*(?:\n|$)")
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


_PER_ITEM = rx.compile(rf"\s?(?:/|每)\s?(?:{_listed('per_item_nouns')})", rx.IGNORECASE)  # "秒/张": a time per item
_DATA_RATES = {"GB/s": "GB", "TB/s": "TB"}  # a rate and the size it is written as without its /s
_SETUP_SECTION = rx.compile(_listed("setup_sections"))
_REQUIREMENT_LABEL = rx.compile(_listed("requirement_labels"))
_BUILD_VERB = rx.compile(_listed("build_verbs"))
_BOUNDS = frozenset({"at_least", "up_to", "less_than"})


def _not_required(made: list[Claim], heading_label: str, text: str) -> list[Claim]:
    """The claims that are no threshold a buyer sets: a bound ("≥256TFLOPS", "不低于20PB") under a
    heading of requirements ("二、主要技术参数要求") or after a line label of them ("采购需求：") is dropped."""
    if not any(c.qualifier in _BOUNDS for c in made):
        return made  # most claims: no bound at all
    required = bool(_REQUIREMENT_LABEL.search(heading_label))
    kept = []
    for c in made:
        if c.qualifier in _BOUNDS:
            line_start = text.rfind("\n", 0, c.start) + 1
            label = text[line_start:c.start].split("：", 1)[0] if "：" in text[line_start:c.start] else ""
            if required or (len(label) <= 12 and _REQUIREMENT_LABEL.search(label)):
                continue
        kept.append(c)
    return kept
# a spec line of a part ("• GPU：8 × NVIDIA B200 SXM", "處理器：2 × Xeon"): the whole's part, no new subject
_PART_LABEL = rx.compile(rf"\s*(?:[-•·*]\s*)?(?:{_listed('part_labels')})\s?[:：]")
_RULE_LINE = rx.compile(r"\s*[-—_=*~·]{3,}\s*")  # a horizontal rule: a line of dashes, underscores, stars
_EACH = rx.compile(_listed("each_words"))
_PLURAL_PRONOUN = rx.compile(_listed("plural_pronouns"))
_PAIR_SUBJECT = rx.compile(r"(?:^|[，,；;])\s*(前者|后者)(?!的)")
_BACK_REFERENCE = rx.compile(_listed("back_reference"))


_QUOTE_MIN_CHARS = 15  # (a short line may well be written twice: "生成 38 tokens/s")
_QUOTE_LOOKBACK = 6000


def _quoted_again(text: str, para: Paragraph) -> bool:
    """Whether a one-line paragraph copies a piece of an earlier line, as a forum's quoted reply does
    ("引用：… 发表于 …" / the quoted sentence)."""
    line = text[para.start:para.end].strip()
    # (a reply quotes what stands a few posts above it: the look-back is bounded, so a long file costs no more per line)
    return len(line) >= _QUOTE_MIN_CHARS and "\n" not in line \
        and text.find(line, max(0, para.start - _QUOTE_LOOKBACK), para.start) >= 0


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
    in_setup_section = False  # under a heading like "一、测试平台", whose setup holds for the article
    numbered_heading_seen = False  # a setup line before the first numbered heading holds for the article

    def read_heading() -> Context:
        for sentence in unread:
            try:
                _update(heading, _analyse(norm, sentence, []), [])
            except Exception as exc:
                guard.failed(sentence.start, sentence.end, exc)
        if unread and not heading.hardware:
            # "一、骁龙8至尊版：自研Oryon CPU上位": the system before a heading's colon is what the section is about
            label = heading.label
            colon = min((i for i in (label.find("："), label.find(":")) if i > 0), default=-1)
            named = {h.name for h in find_hardware(label[:colon], known=_KNOWN_NAMES.get())} if colon > 0 else set()
            if len(named) == 1 and next(iter(named)).upper() not in _GENERIC:
                heading.hardware = named.pop()
        if unread and not heading.hardware:
            # "## 2. NCCL all_reduce：8卡H100之间能跑多少": the cards a heading counts are what the section measures
            found = [h for h in find_hardware(heading.label, known=_KNOWN_NAMES.get())
                     if not h.technology and h.name.upper() not in _GENERIC]
            if len({h.name for h in found}) == 1 and found[0].count > 1:
                heading.hardware = found[0].name
        unread.clear()
        # the setup of the section stands behind every heading of it that names nothing itself
        heading.hardware = heading.hardware or setup.hardware
        heading.setup_model = setup.model
        return heading

    def section_model() -> str:
        """The workload a table below the heading takes: the heading's, else its section's setup's."""
        return refined_model(read_heading().model, heading.setup_model)

    def introducing(sentence: Sentence, previous: Context) -> Context:
        try:
            return _introducing(norm, sentence, previous)
        except Exception as exc:
            guard.failed(sentence.start, sentence.end, exc)
            return previous

    def introduced_by(para: Paragraph, previous: Context) -> Context:
        last = para.sentences[-1]
        if len(para.sentences) > 1 and not rx.search(r"[\p{Han}A-Za-z0-9]", last.text):
            last = para.sentences[-2]  # "…的decode吞吐（仅供吃瓜?）：": an emoji's '?' parted off the colon's tail
        introduced = introducing(last, previous)
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
    table_header_at = table_rows_end = -1  # where the header line starts, where it or its last row read ends
    previous_end = -1
    consumed_to = -1  # paragraphs before this offset were read as cells of a table above
    # a body line ending in a colon introduces the block below it (a list, a table), not the
    # prose after that block: the section as it was before the line, to go back to
    before_colon: Context | None = None
    colon_index = -1
    for index, para in enumerate(paragraphs):
        if para.start < consumed_to:
            continue
        if para.kind == "body" and _quoted_again(text, para):
            continue  # a forum's quoted reply, a line copied from above: its claims were read where first written
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
                if not used:  # "系统 / 吞吐量（tokens/s） / 8×H200 / 34,864 / …": the transpose
                    found, used = vertical_rows_values(text, cells, heading.label)
                if used:
                    claims.extend((index, c) for c in _claims_of_cells(
                        norm, doc, found, section_model, lambda: read_heading().hardware))
                    consumed_to = cells[used - 1].end
                    continue
            except Exception as exc:
                guard.failed(para.start, para.end, exc)
        # (the header is the paragraph's first line: rows of bare figures may have been joined to it, or to
        # each other, as one hard-wrapped paragraph; each row is read as its own line)
        line_end = text.find("\n", para.start, para.end)
        header_end = para.end if line_end < 0 else line_end
        # a table written with spaces, a row a line: "型号 显存 显存带宽 功耗" / "H100 80GB 3.35TB/s 700W" (labels
        # across, systems down), or "模型 M3 Ultra RTX 5090" / "Llama 3.1 8B Q4_K_M 92.4 213.6" (systems across),
        # or a ranking "排名 提交方 系统 … 吞吐量" / "1 MangoBoost 4× G593-ZX1 … 103,182"
        # (a ranking may be flattened into one long line, its header's own)
        readers = (((row_table_header, row_table_values), (system_columns_header, system_columns_values),
                    (engine_columns_header, engine_columns_values))
                   if header_end - para.start <= 80 else ()) + ((rank_table_header, rank_table_values),)
        read_rows = 0
        for read_header, read_values in readers:
            header = read_header(text, para.start, header_end)
            if header is None:
                continue
            try:
                rows = [(p.start + m.start(), p.start + m.end())
                        for p in paragraphs[index:index + 1 + _VERTICAL_TABLE_PARAGRAPHS]
                        for m in rx.finditer(r"[^\n]+", text[p.start:p.end]) if p.start + m.start() > header_end]
                found, read_rows = read_values(text, header, rows, heading.label)
                if read_rows or found:  # (a table flattened into its header's line reads no line below)
                    claims.extend((index, c) for c in _claims_of_cells(
                        norm, doc, found, section_model, lambda: read_heading().hardware))
                    consumed_to = rows[read_rows - 1][1] if read_rows else header_end
                    read_rows = read_rows or 1
            except Exception as exc:
                guard.failed(para.start, para.end, exc)
            break
        if read_rows:
            continue
        if para.start > previous_end + 1 or para.kind == "table":
            table_header, table_header_at = "", -1  # a blank line ends the block the header heads
        previous_end = para.end
        if _TABLE_HEADER.match(text, para.start) and para.end - para.start <= 120 and \
                len({h.name for h in find_hardware(text[para.start:para.end], known=_KNOWN_NAMES.get())}) >= 2:
            table_header, table_header_at = text[para.start:para.end], para.start  # (a one-line table is still read as one below)
            table_rows_end = para.end
        elif table_header_at >= 0 and para.start == table_rows_end + 1 and _word_row(text[para.start:para.end], table_header) \
                and not find_values(text[para.start:para.end]):
            table_rows_end = para.end  # a row of words ("HBM代际 HBM3E HBM3E …"): the rows below are the table's still
        if para.kind in ("heading", "title") and _HEADING_MARK.match(text[para.start:para.end]):
            numbered_heading_seen = True  # (a first line "二、实测" is a numbered heading read as the title)
        try:
            if _RULE_LINE.fullmatch(text, para.start, para.end):
                # "————————" before the comments or between a forum's answers: another writer, another setup
                setup, in_setup_section = Context(), False
            elif para.kind == "heading" and _HEADING_MARK.match(text[para.start:para.end]):
                # a numbered heading opens a new section, with a setup of its own; the setup of a
                # setup section ("一、测试平台") stands for the whole article
                setup = setup if setup.whole_article else Context()
                in_setup_section = bool(_SETUP_SECTION.search(text, para.start, para.end))
            elif para.kind in ("body", "heading") and ("：" in text[para.start:para.end] or ":" in text[para.start:para.end]):
                named = _setup(text[para.start:para.end])
                if named is not None:
                    # (a setup line above the first numbered heading, "型号规格：YK-A8000" on a report's cover,
                    # is the whole document's, as a setup section's is)
                    setup = Context(model=named.model or setup.model, hardware=named.hardware or setup.hardware,
                                    whole_article=in_setup_section or not numbered_heading_seen)
                    heading.hardware = heading.hardware or setup.hardware
                    heading.setup_model = setup.model
                    if para.kind == "heading":
                        continue  # "🖥️ 配置：RTX 5090 + Ollama": a setup line, short as a heading but none
            if para.kind == "heading":
                if text[para.start:para.end].rstrip()[-1:] in ":：":
                    heading = introduced_by(para, read_heading())  # "每张卡跑三次取平均：" keeps the section
                    continue
                heading = Context(label=text[para.start:para.end])
                unread[:] = para.sentences
                continue
            if para.kind == "body" and "\n" not in text[para.start:para.end] and (
                    (para.end - para.start <= 40 and (_SECTION_HEADING.match(text, para.start)
                                                      or _SUBSECTION.match(text, para.start)))
                    or _BOLD_LINE.match(text, para.start)
                    or (para.end - para.start <= 90 and _MARKDOWN_HEADING.match(text, para.start))):
                # "三、HBM4：接口位宽翻倍至2048位": a section heading that states a figure is a claim, and it still
                # ends the section above (its names head the lines below); so does a longer markdown heading
                # ("### Q2 为什么 H100 SXM 的 FP8 算力有人说 1979 TFLOPS…？")
                heading = Context(label=text[para.start:para.end])
                unread[:] = para.sentences
            if para.kind == "title":  # (the first line after a page's navigation, if any)
                # spec 9: the title introduces the body like a heading until the first heading of the body
                titled = Context()
                for sentence in para.sentences:
                    _update(titled, _analyse(norm, sentence, []), [])
                # (a class word or a memory in the title names no subject for the body: "寒武纪发布全新AI训练GPU")
                # (but a vendor's own class, "Groq LPU", "Graphcore IPU", is its product)
                specific = titled.hardware if (titled.hardware.upper() not in _GENERIC
                                               or _vendor_class(titled.hardware, text[para.start:para.end])) \
                    and not is_technology(titled.hardware) else ""
                heading = Context(model=titled.model, hardware=specific, title=True)
            numbered = [i for i, x in enumerate(para.sentences) if _CANDIDATE.search(x.text)]
            if not numbered:
                continue  # context only flows within a paragraph, so nothing to bind here
            if para.kind == "table" or (para.kind in ("body", "title") and len(para.sentences) <= 2) or (
                    para.kind == "body" and "\n" in text[para.start:para.end] and heading.label and label_unit(heading.label)):
                # (a bullet run of "- Cerebras CS-3：2,148" lines under a line that names the unit is read as a table)
                label = heading.label
                table_model = section_model
                if index > 0 and not label_unit(label or ""):
                    # "tg128 生成速度，单位：tokens/s，越高越好。" right above a table: its unit, as a heading's would be
                    # (also a chart's caption above its bars: "图3：Llama 3.1 8B 生成速度（tokens/s，越高越好）")
                    above = paragraphs[index - 1]
                    line = text[above.start:above.end]
                    if above.kind == "body" and "\n" not in line and label_unit(line) and (
                            (para.kind == "table" and "单位" in line)
                            or (para.kind != "table" and _CHART_CAPTION.match(line))):
                        label = line
                        captioned = list(dict.fromkeys(m.name for m in find_models(line)))
                        # (also the one workload of a table's caption: "Qwen2.5-32B离线吞吐汇总如下（单位：tokens/s）：")
                        if len(captioned) == 1:
                            table_model = lambda: captioned[0]  # noqa: E731 - the caption's one workload
                try:
                    made = _table_claims(norm, doc, para, label, table_model,
                                         spaced=para.kind != "table", section_hardware=lambda: read_heading().hardware,
                                         header_at=table_header_at if para.start == table_rows_end + 1 else -1)
                except Exception as exc:  # reported; its sentences are still read one by one
                    guard.failed(para.start, para.end, exc)
                    made = []
                made = _not_required(made, heading.label, norm.original)
                if made and para.start == table_rows_end + 1:
                    table_rows_end = para.end  # a row of the header's table: the next line may be one too
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
                    claims.extend((index, c) for c in _not_required(made, heading.label, norm.original))
                    subject = ctx.hardware
                    _update(ctx, info, made)
                    if head.hardware and ctx.hardware != subject and (
                            _PART_LABEL.match(sentence.text) or is_technology(ctx.hardware)):
                        # "GX-8800L主要規格：• GPU：8 × B200 SXM … • 系統記憶體：最高4TB": a spec list's line of a
                        # part (or of its network's technology) leaves the list on the system its colon line names
                        ctx.hardware = subject
                except Exception as exc:
                    guard.failed(sentence.start, sentence.end, exc)
        except Exception as exc:  # outside any one sentence: the paragraph is skipped
            guard.failed(para.start, para.end, exc)
    return _numbered_repeats(_drop_restatements(claims, norm.original))


def _numbered_repeats(claims: list[Claim]) -> list[Claim]:
    """Two rows of a table that read the same ("| llama 8B | 4.58 GiB |" twice) are two claims with the same
    fields and words: each later one is numbered, so every claim of a document has an id of its own."""
    seen: dict[str, int] = {}
    out = []
    for c in claims:
        n = seen.get(c.claim_id, 0)
        seen[c.claim_id] = n + 1
        out.append(replace(c, repeat=n) if n else c)
    return out


_FIGURE_HEADS_ITEM = rx.compile(r"\s*(?:[-•*·●▪◆]\s*)?")
_FIGURE_GLOSS = rx.compile(r"\s*(?:[：:]|——|—|–)\s*\S")


def _claims_for_sentence(norm: Normalized, doc: str, info: SentenceInfo, ctx: Context, heading: Context) -> list[Claim]:
    text = norm.text
    s = info.sentence
    if not info.values:
        return []
    # only a Chinese numeral's own edges are asked about (_in_scope)
    edges = [p - s.start for v in info.values if v.chinese for p in (v.start, v.end, numeral_end(v))]
    # jieba runs only if a numeral gets that far, and once per sentence
    shifted = cache(lambda: frozenset(b + s.start for b in boundaries_at(s.text, edges))) if edges else None
    if ctx.absolute and not info.metrics and all(u in _DATA_RATES for u, _ in ctx.absolute) \
            and any(v.unit in _DATA_RATES.values() for v in info.values):
        # "PPU的带宽达每秒700GB，高于A800的400GB。昇腾只有392GB。": after a sentence of rates, a bare
        # size in a sentence that names no metric is the same rate
        rate_of = {size: rate for rate, size in _DATA_RATES.items()}
        info.values = [v._replace(unit=rate_of[v.unit]) if v.unit in rate_of and v.kind == "plain" else v
                       for v in info.values]
    made: list[Claim] = []
    wrapped = "\n" in s.text.strip()
    sentence_precision: list[str] = []  # computed once, when a clause names no precision
    for v in info.values:
        clause = clause_span(text, v.start, v.end, s.start, s.end, wrapped=wrapped)
        if _FIGURE_HEADS_ITEM.fullmatch(text, textindex.line_start(text, v.start), v.start) \
                and _FIGURE_GLOSS.match(text, v.end):
            # "• 0.8 秒：昆仑芯 P800 运行 Qwen3-235B 的首 token 时延": a digest's figure first, then what it is
            clause = (clause[0], max(clause[1], s.end))
        # both tests are pure, so their order changes nothing but the cost: the ratio test is the
        # cheaper one, and a run of bare ratios ("1倍1倍…") fails it
        if v.unit in RELATIVE_UNITS and not _relative_supported(v, info, clause, text, ctx):
            continue
        if v.unit == "x" and v.raw.rstrip()[-1:] in "×xX" and any(
                0 <= h.start - v.end <= 1 for h in info.all_hardware):
            continue  # "8 × 擎芯Q2 加速卡": a count of the system named right after the sign, no ratio
        if not _in_scope(text, v, clause, shifted, info.comparators):
            continue
        if v.dimension == "time" and _EFFORT.search(s.text) and not [
                m for m in info.metrics if m.rank == 0 and m.name in ("time_to_train", "latency")]:
            continue
        if v.chinese and v.dimension == "time" and "点" not in v.raw \
                and not [m for m in info.metrics if clause[0] <= m.start < clause[1]] \
                and not has_words(text[clause[0]:clause[1]], lexicons.metrics()["training_context"]) \
                and not _contrasted_time(v, info, clause):
            continue  # 两周, 一天: effort and durations, unless a metric says otherwise (a spoken decimal,
            # "十二点五秒", is a measurement)
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


def _coordinated_metrics(v: ValueMention, info: SentenceInfo, clause: Span, text: str) -> list[str]:
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
    return names if _EACH.search(after) or "同时" in after else []  # ("容量和頻寬皆翻倍")


@cache
def _vendor_class_pattern() -> Pattern:
    return rx.compile(rf"(?:{in_order(sorted(vendors(), key=len, reverse=True))})\s?(?P<name>[A-Z]{{3,5}})(?![A-Za-z0-9])")


def _vendor_class(name: str, text: str) -> bool:
    """Whether ``text`` writes the class word ``name`` right after a vendor ("Groq LPU", "Graphcore IPU")."""
    return any(m.group("name") == name for m in _vendor_class_pattern().finditer(text))


_BRACKETED_UNIT = rx.compile(r"[（(]\s?[A-Za-z][A-Za-z/]{1,12}\s?[，,;；)）]")


def _introducing(norm: Normalized, sentence: Sentence, previous: Context) -> Context:
    """A paragraph ending in a colon ("…结果如下：") introduces the lines
    below it like a heading; fields it does not name stay as they were."""
    ctx = Context()
    _update(ctx, _analyse(norm, sentence, []), [])
    # "…测试的结果，单位为tokens/s：": the unit of the table below, as a heading's label gives one
    # (also a unit in brackets: "以下是 Llama 3.1 70B 在不同 platform 上的 output speed（tokens/s，越高越好）：")
    label = sentence.text if ("单位" in sentence.text or _BRACKETED_UNIT.search(sentence.text)) and label_unit(sentence.text) \
        else previous.label
    return Context(model=ctx.model or previous.model, hardware=ctx.hardware or previous.hardware,
                   metric=ctx.metric or previous.metric, comparator=ctx.comparator or previous.comparator,
                   setup_model=previous.setup_model, label=label)


def _word_row(line: str, header: str) -> bool:
    """A row of a spaced table that yields no claim ("HBM代际 HBM3E HBM3E HBM4", "HBM堆栈数 6 8 8"): a label
    that names no unit, and no more cells than the header has tokens, no sentence punctuation."""
    cells = line.split()
    return 3 <= len(cells) <= len(header.split()) and not rx.search(r"[。，；！？,;]", line) \
        and label_unit(cells[0]) is None


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
                  spaced: bool = False, section_hardware: Callable[[], str] = lambda: "", header_at: int = -1) -> list[Claim]:
    """Claims of a table (or a short line read as one); ``label``: the
    heading's text, ``section_model()`` / ``section_hardware()``: the
    heading's (or introducing line's) model and system, asked for only when a
    claim needs them — a table that names no system is about the section's."""
    found = ((space_table_values(norm.text, para.start, para.end, _KNOWN_NAMES.get())
              or inline_row_table_values(norm.text, para.start, para.end)) if spaced
             else table_values(norm.text, para.start, para.end, label, _KNOWN_NAMES.get()))
    if not found and not spaced:
        found = pair_values(norm.text, para.start, para.end, label)
    if not found and spaced and (":" in norm.text[para.start:para.end] or "：" in norm.text[para.start:para.end]):
        found = named_figure_lines(norm.text, para.start, para.end, label)
    if not found and spaced:
        found = spaced_pair_values(norm.text, para.start, para.end, label)  # a chart's bars on one line
    if not found and spaced and header_at >= 0:
        # "型号 昇腾910C 深算三号 P800" above "FP16算力（TFLOPS） 781 512 345": a row of the header line's table
        found = [tv for tv in space_table_values(norm.text, header_at, para.end, _KNOWN_NAMES.get())
                 if tv.cell.start >= para.start]
    if spaced:
        # a line read as a table is still prose: its figures pass the value layer's scope rules ("1周 赞 · 12": an
        # age; "请求速率 8 req/s": a load offered)
        found = [tv for tv in found if not _out_of_scope_value(norm.text, tv.value, (tv.cell.start, tv.cell.end))]
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
        hardware = full_name(hardware)  # ("2×4090 410 2900" in a thread that says RTX 4090)
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
            # (a run's measured memory takes the workload too: a "峰值显存" column)
            doc=doc, model=tv.model or (section_model() if metric in _PERF_METRICS or (
                metric == "memory" and _MODEL_SIDE_MEMORY.search(tv.label)) else ""), hardware=hardware, metric=metric,
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
    named: dict[tuple, int] = {}  # (metric, value, unit) of the claims so far that name a system: their paragraph
    out = []
    for para, c in claims:
        if original and _quotes_earlier_text(original, c):
            continue  # "作者那句“只比3090的936GB/s高了不到8%”才是重点": a quotation of the article restates it
        figure = (c.metric, c.value, c.unit)
        if not (c.model or c.hardware or c.baseline) and named.get(figure, para) < para:
            # "一图读懂：…1000P（FP16）" below "洛阳伊滨智算中心…智能算力规模达1000 PFLOPS": a later bare figure
            # with nothing named restates the earlier claim of the same figure
            continue
        if c.hardware:
            named.setdefault(figure, para)
        key = (c.model, c.hardware, c.metric, c.value, c.unit, c.baseline)
        seen = first.setdefault(key, (para, c))
        if seen[1] is not c:
            earlier = seen[1]
            parts_before, parts = _parts_named(earlier.evidence), _parts_named(c.evidence)
            if parts_before and parts and parts_before != parts:
                # "NPU性能提升45%" in the title, "CPU单核性能提升45%" below: the chip's figures for two of its
                # parts are two assertions, though both are the chip's
                out.append(c)
                continue
            if seen[0] != para:
                continue
            between = original[earlier.end:c.start] if original and earlier.end <= c.start else ""
            if _SENTENCE_BREAK.search(between) and not _is_cell(original, c) and not _is_cell(original, earlier):
                continue
        out.append(c)
    return out


_SENTENCE_BREAK = rx.compile(r"[。！？!?；;]")
_QUOTE_MIN_CHARS = 6


def _quotes_earlier_text(original: str, c: Claim) -> bool:
    """Whether ``c`` stands inside quotation marks whose words the text wrote before the quotation."""
    at, end = c.value_start, c.value_start + len(c.raw)
    opened = original.rfind("“", max(0, at - 80), at)
    if opened < 0 or original.find("”", opened, at) >= 0:
        return False
    closed = original.find("”", end, end + 80)
    quoted = original[opened + 1:closed] if closed >= 0 else ""
    return len(quoted) >= _QUOTE_MIN_CHARS and original.find(quoted, 0, opened) >= 0


_PART_WORDS = rx.compile(rf"(?<![A-Za-z])(?:{'|'.join(sorted(_GENERIC, key=len, reverse=True))})(?![A-Za-z])|单核|多核")


def _parts_named(evidence: str) -> frozenset[str]:
    """The parts of a chip an evidence names by their class (CPU, GPU, NPU; single or multi core)."""
    return frozenset(m.group().upper() for m in _PART_WORDS.finditer(evidence))


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
