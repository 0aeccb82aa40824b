"""For each value, the candidates of each field with their features: the
systems of its clause, sentence, paragraph, heading, title and test-setup
lines; the models; the baselines (comparators, the old figure of a change,
the other of a pair). Table columns (gain columns, flattened rows) too."""
from __future__ import annotations

from .. import lexicons
from .choice import Candidate
from .claims import Baseline, Span
from .context import (
    _hardware_label,
    _CHANGE_WORDS,
    _GENERIC,
    _GENERIC_WORKLOAD,
    _KNOWN_NAMES,
    _PERF_METRICS,
    _UNIT_METRIC,
    RELATIVE_UNITS,
    Comparator,
    Context,
    refined_model,
    SentenceInfo,
    _fmt,
    _listed,
)
from .features import _bracketed_after, _demoted, _inside_composition, _mention_features, _respectively
from .patterns import (
    rx,  # regex's interface, on re where re reads a pattern alike: see patterns.py
)
from .recognize import (
    Mention,
    find_hardware,
    is_technology,
)
from .values import ValueMention

# How far a paragraph's system carries without being named again (characters, lexicons/binder.yaml)
_PARAGRAPH_REACH = int(lexicons.load_yaml("binder.yaml")["reach"]["paragraph_hardware"])
# "单卡显存96GB", "每颗功耗…", also with the class of the part: "每颗GPU配备180GB", "单GPU双向互联带宽1.8TB/s"
_PER_UNIT_CLAUSE = rx.compile(rf"\s?(?:单|每)\s?(?:(?:{_listed('per_card_measures')})|(?:个|颗|块|张)?\s?(?:GPU|NPU|XPU|DCU))")
_TRAILING_COMPARATOR = rx.compile(rf"[，,]?\s?(?:与|和|跟|同|对比|相比于?|相较于?|相对于|较之?|比起?|{_listed('surpass_verbs')})?\s?")
_MODEL_SIDE_MEMORY = rx.compile(_listed("model_side_memory"))
_KIND_CLASS = rx.compile(_listed("kind_classes"), rx.IGNORECASE)
_RUN_UTILISATION = rx.compile(_listed("run_utilisation"))
_WHOLE_PRONOUN = rx.compile(_listed("whole_pronouns"))
_SOFTWARE_RELEASE = rx.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z\-]{1,15}\s?\d+(?:\.\d+)+\s?版本?(?:对|的|中|里|将|使|让|把|带来)")
_ON_THIS_BASIS = rx.compile(r"在(?:此|这一?|该|其)基础(?:上|之上)")
_EARLIER_USE = rx.compile(rf"(?:{_listed('earlier_words')})(?:{_listed('earlier_verbs')})")
_POSSESSIVE = rx.compile(rf"\s?的\s?(?:{_listed('possessive_qualifiers')})?\s?")
# "相比 vLLM 吞吐提升 1.8 倍，相比 TGI 提升 2.5 倍（Llama 2 13B，A100 80GB，详见下方基准）": a bracket that
# closes the sentence, with no figure of its own, states the test setup of every figure before it
_SETUP_FILLER = rx.compile(r"[\s（()）。.；;！!，,、/+×xX\d]+")
_REMARK = rx.compile(r"不|没|为|是|比|支持|达|约|仅|只")
_CLOSING_BRACKET = rx.compile(r"[（(][^（()）\n]{2,60}[)）]\s?[。.；;！!]?\s?$")


def _closing_setup(v: ValueMention, info: SentenceInfo) -> Span | None:
    """The span of the bracket that closes ``v``'s sentence after it and names its setup, or None."""
    sentence = info.sentence
    if not sentence.text.rstrip().rstrip("。.；;！!").endswith((")", "）")):
        return None  # most sentences: no closing bracket
    found = _CLOSING_BRACKET.search(sentence.text)
    if found is None:
        return None
    span = (sentence.start + found.start(), sentence.start + found.end())
    if v.end > span[0] or any(span[0] <= w.start < span[1] for w in info.values) \
            or any(span[0] <= c.start < span[1] or c.start <= span[0] < c.end for c in info.comparators):
        return None  # a figure in it, or a comparison ("（与A100相比）"): no setup
    # names and little else: not a remark about one of them ("（MTT S4000不支持FP8）")
    rest = list(info.sentence.text[span[0] - sentence.start:span[1] - sentence.start])
    for m in [*info.all_hardware, *info.models]:
        if span[0] <= m.start and m.end <= span[1]:
            rest[m.start - span[0]:m.end - span[0]] = " " * (m.end - m.start)
    remark = _SETUP_FILLER.sub("", "".join(rest))
    return span if len(remark) <= 8 and not _REMARK.search(remark) else None


def _hardware_candidates(v: ValueMention, info: SentenceInfo, clause: Span, text: str,
                         ctx: Context, heading: Context) -> tuple[list[Candidate], dict[int, Mention], list[Mention]]:
    """Every system ``v`` could be about, with named features (weights in
    lexicons/choice.yaml). Also returns the mentions behind the candidates (by
    candidate index) and the sentence's subjects, for joined names (A和B均…)."""
    cands: list[Candidate] = []
    behind: dict[int, Mention] = {}
    for c in info.comparators:
        if c.named and (c.start <= v.start < c.end or _bracketed_after(text, c, v) or (
                # "此前用 A800 集群跑同样规模的数据需要 15 天": the earlier system's own figure
                v.unit not in RELATIVE_UNITS and clause[0] < c.end <= v.start
                and _EARLIER_USE.search(text, max(c.start - 6, clause[0]), c.start + 1))) \
                and not Baseline.is_pronoun(c.baseline) and c.baseline != Baseline.PREVIOUS:
            # (also "优于RoCE(3.6μs)": the figure in brackets after the comparator's name)
            # "与上一代征程5的128 TOPS相比": the value belongs to the comparator's system
            cands.append(Candidate(rx.sub(r"^\d+×", "", c.baseline), "comparator", {"holds_value": 1.0}, c.start))
            break
    before = text[clause[0]:v.start]
    pronoun = rx.search(r"(后者|前者)[^，,。；;]{0,20}$", before) if "者" in before else None
    pronoun_at = clause[0] + pronoun.start() if pronoun else -1
    if pronoun is None and "者" in text[info.sentence.start:clause[0]]:
        # "后者基于UALink协议，总计配备31TB HBM4", "后者的显存为80GB，带宽3.35TB/s": the pronoun is the subject
        # of an earlier clause, and no other system (a memory or link aside) is named since
        earlier = rx.search(r"(后者|前者)[^。；;]{0,60}$", text[info.sentence.start:clause[0]])
        at = info.sentence.start + earlier.start() if earlier else -1
        # (chips counted as its parts do not take over: "前者把两颗910B级别的裸片整合在同一基板上，FP16算力接近800TFLOPS")
        if earlier and not any(at <= h.start < v.start and not h.technology and h.count <= 1 and not h.component
                               for h in info.all_hardware):
            pronoun, pronoun_at = earlier, at
    if pronoun and any(c.start <= pronoun_at < c.end for c in info.comparators):
        pronoun = None  # "是后者的3.6倍": the pronoun is the comparator, not the subject
    # (a pronoun opening a bracket starts a clause of its own: "Blackhole只有H100的近四成（后者稠密1979 TFLOPS）")
    opened = max(text.rfind("（", clause[0], pronoun_at), text.rfind("(", clause[0], pronoun_at)) if pronoun else -1
    lo = opened if opened >= 0 and not rx.search(r"[)）]", text[opened:pronoun_at]) else clause[0]
    if pronoun and not [h for h in info.hardware if lo <= h.start < v.start]:
        # "A约为20 tokens/s，B则在22 tokens/s左右，后者快了约10%": the pair named just before
        # (the pair named before the pronoun itself, not a memory named after it: "后者…配备288GB HBM3E，带宽8TB/s")
        until = min(lo, pronoun_at) if pronoun_at >= 0 else lo
        local = list(dict.fromkeys(h.name for h in info.all_hardware if h.end <= until and not h.technology)) or \
            list(dict.fromkeys(h.name for h in info.all_hardware if h.end <= until))
        pair = local if len(local) > 1 else ctx.mentions
        named = local or pair
        subject = ctx.hardware or heading.hardware
        if len(pair) < 2 and len(named) == 1 and subject and subject != named[0]:
            # "该芯片…约为 H100 的八成；后者的 FP16 算力为 989 TFLOPS": the context's system and the one named
            pair = [subject, named[0]]
        if len(pair) > 1:
            cands.append(Candidate(pair[-1] if pronoun.group(1) == "后者" else pair[0], "pronoun", {"pronoun": 1.0}))
    compared_pronoun = next((c for c in info.comparators if c.baseline in (Baseline.FORMER, Baseline.LATTER)
                             and clause[0] <= c.start < v.start), None)
    if compared_pronoun is not None and not pronoun:
        # "A的功率约为559kW，而B约为145kW，功率消耗是后者的3.9倍": the pair named before the comparison, the
        # pronoun one of them; the figure is the other's
        # (two products, neither compared itself: not "其单NPU…约为GB200 NVL72的2.1倍，…达到后者的5.3倍")
        pair = list(dict.fromkeys(h.name for h in info.all_hardware
                                  if h.end <= clause[0] and not h.technology and not h.component
                                  and h.name.upper() not in _GENERIC
                                  and not any(c.named and c.start <= h.start < c.end for c in info.comparators)))
        if len(pair) == 2:
            cands.append(Candidate(pair[0] if compared_pronoun.baseline == Baseline.LATTER else pair[1], "pronoun",
                                   {"other_than_compared": 1.0}))
    if ctx.whole and _WHOLE_PRONOUN.search(text, info.sentence.start, v.start) \
            and not [h for h in info.hardware if clause[0] <= h.start < v.start]:
        # "每颗MI300A…配备128GB HBM3。该系统的理论峰值为2.746 EFLOPS": the whole the paragraph built, not its part
        cands.append(Candidate(ctx.whole, "pronoun", {"whole_pronoun": 1.0}))
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
    if _PER_UNIT_CLAUSE.match(text, clause[0]) and not any(clause[0] <= h.start < v.start and h.name.upper() not in _GENERIC
                                                           for h in info.hardware):
        # "gn8v实例搭载8块H20，单卡显存96GB": a per-card figure is the card's, the part the sentence built in
        for h in _counted_parts(info, info.sentence.start, clause[0], listed):
            behind[len(cands)] = h
            cands.append(Candidate(h.name, "sentence", {"per_unit_part": 1.0}, h.start))
            listed.add(id(h))
    if not strong:
        # "使用3584块H100完成同一测试耗时10.94分钟": the chips a sentence counts as used or built in name
        # (also in an earlier clause when they compose the whole: "由8颗H200组成的系统…，较半年前提升约27%")
        # the system when nothing else does (as weak, counted parts: a whole named around them wins)
        weak = weak + _counted_parts(info, clause[0], v.start, listed) + [
            h for h in _counted_parts(info, info.sentence.start, clause[0], listed) if _inside_composition(h, info, text)]
        # "曙光基于深算三号打造的液冷整机柜，单柜FP16算力可达10 PFLOPS": what an unnamed whole is built on names it
        # (not when the paragraph names the whole: "Atlas 900…。它由数千颗昇腾910组成，总算力…")
        weak = weak + [h for h in info.all_hardware if not ctx.hardware and h.component and h.count <= 1 and id(h) not in listed
                       and info.sentence.start <= h.start and h.end <= v.start and h not in weak
                       and not any(c.start <= h.start < c.end for c in info.comparators)]
    setup = _closing_setup(v, info) if info.hardware else None
    for h, is_weak in [(h, False) for h in strong] + [(h, True) for h in weak] + [
            (h, False) for h in possessive if id(h) not in listed]:
        features = _mention_features(h, v, info, clause, text, is_weak=is_weak, possessive=h in possessive,
                                     compared_away=not is_weak and h not in subjects and h not in possessive)
        if setup and setup[0] <= h.start < setup[1] and not is_weak:
            # the setup named in the bracket that closes the sentence; it stands after the sentence
            # (also when no comma parts it from the figure), so a name before the figure still wins
            features.pop("clause_after", None)
            features["sentence_after"] = features["closing_setup"] = 1.0
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
    for i, c in enumerate(cands):
        if "counted" in c.features and any(_peers(c.name, name) for name in (ctx.hardware, heading.hardware)):
            # "用4个节点共32块MI300X运行…" under "二、AMD：MI355X首次提交": chips counted as used are no parts of
            # the context's system when that is a chip of the same line, another system of the same kind
            cands[i] = c._replace(features={**c.features, "peer_of_context": 1.0})
    # "传统GPU的利用率仅60%": the clause's own subject is a kind of chips, so the figure is not the
    # paragraph's or the heading's system either
    unnamed_subject = any("unnamed_class" in c.features and "clause_before" in c.features for c in cands)
    # "软件生态方面，MUSA 5.0版本对…进行了优化，…通信效率达97%": a software release's figures are not the context's system
    release = _SOFTWARE_RELEASE.search(text, info.sentence.start, v.start) if not info.hardware else None
    for name, source in ((ctx.hardware, "paragraph"), (heading.hardware, "heading")):
        if name:
            features = {source: 1.0}
            if unnamed_subject:
                features["unnamed_subject"] = 1.0
            if release:
                features["software_release"] = 1.0
            if source == "paragraph" and 0 <= ctx.hardware_named_at < v.start - _PARAGRAPH_REACH:
                features["stale"] = 1.0  # a long flattened paragraph has moved on from the system it named
            if is_technology(name) and source != "heading":
                # (a memory or link heading a section is its subject: "SK 海力士量产 12 层 HBM3E", "■ HBM4明年放量";
                # a paragraph that moved from the memory to what is built of it keeps the penalty)
                features["context_technology"] = 1.0
                if any(c.named and is_technology(rx.sub(r"^\d+×", "", c.baseline)) for c in info.comparators):
                    # "此次的HBM4…。与前一代HBM3E相比速度提高了60%": compared with a memory, the memory is the subject
                    features["compared_with_technology"] = 1.0
            if _KIND_CLASS.fullmatch(name):
                # "…GPU利用率…。实现算力利用率提升40%以上": a class word the paragraph or heading named is a kind of
                # chips, no system a later sentence's figure is about (below the empty choice)
                features["context_class"] = 1.0
            if name in compared:
                features["compared_elsewhere"] = 1.0  # "吞吐量达 H200 五倍": what the sentence compares with
            cands.append(Candidate(name, source, features))
    cands.append(Candidate.empty())
    return cands, behind, subjects


def _peers(a: str, b: str) -> bool:
    """Two model numbers of one product line ("MI300X", "MI355X"; "H100", "H200"): the same letters
    before their first digit, no whole of the other ("DGX H100" is H100's whole)."""
    head_a, head_b = _LINE_HEAD.match(a), _LINE_HEAD.match(b)
    return bool(a and b and a != b and head_a and head_b and head_a.group(1) == head_b.group(1))


_LINE_HEAD = rx.compile(r"([A-Za-z]{1,4}|[\u4e00-\u9fff]{2})\d")


def _counted_parts(info: SentenceInfo, lo: int, hi: int, listed: set[int]) -> list[Mention]:
    """The parts the sentence counts ("搭载8块H20", "使用3584块H100") within ``[lo, hi)``, not yet
    candidates and not in a comparator's phrase."""
    return [h for h in info.all_hardware if h.component and h.count > 1 and id(h) not in listed
            and lo <= h.start and h.end <= hi and not any(c.start <= h.start < c.end for c in info.comparators)]


# between the figures of a flattened row: nothing, a memory type ("80 GB HBM3141 GB"), a unit's tail ("/epoch")
# (a cell may carry an approximation word: "功耗 310W 400W 约550W")
_RUN_GAP = rx.compile(r"\s{0,2}(?:/?[A-Za-z][A-Za-z0-9]{0,7}\s?)?(?:约|~|≈)?")
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


def _model_candidates(v: ValueMention, info: SentenceInfo, clause: Span, metric: str,
                      ctx: Context, heading: Context) -> tuple[list[Candidate], dict[int, Mention], list[Mention]]:
    """Every workload ``v`` could be about, with named features (weights in
    lexicons/choice.yaml, section ``model``); also the mentions behind the
    candidates and the sentence's models, for joined names (A和B上均…)."""
    # "DeepSeek V3的训练成本仅为Llama 3 405B的1/5": the model compared against is not the workload
    compared = [m for m in info.models if any(c.named and c.start <= m.start < c.end for c in info.comparators)]
    models = [m for m in info.models if m not in compared]
    cands: list[Candidate] = []
    behind: dict[int, Mention] = {}
    setup = _closing_setup(v, info) if models else None
    for m in models:
        if setup and setup[0] <= m.start < setup[1]:
            # "…提升 2.5 倍（Llama 2 13B，A100 80GB）": the workload of the setup the sentence closes with
            features = {"closing_setup": 1.0, "proximity": 0.3 / (1.0 + (m.start - v.end) / 20.0)}
        elif info.sentence.start <= m.start and m.end <= v.start + 1:
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
    of_workload = _of_workload(v, info, metric)
    if ctx.model and of_workload:
        cands.append(Candidate(ctx.model, "paragraph", {"paragraph": 1.0}))
    if heading.model and (of_workload or not heading.title and metric not in _SPEC_ONLY_METRICS):
        # (a heading scopes every figure under it; a title's workload, "训练Llama 2快50%", is the
        # workload of the body's performance figures, not of its spec figures)
        cands.append(Candidate(refined_model(heading.model, heading.setup_model), "heading", {"heading": 1.0}))
    elif heading.setup_model and of_workload:
        # "测试模型：Qwen2.5-72B": the workload of the results, not of a spec figure ("FP16算力为148 TFLOPS")
        cands.append(Candidate(heading.setup_model, "heading", {"heading": 1.0}))
    cands.append(Candidate("", "empty", empty))
    return cands, behind, models


#: A peak figure a heading's workload does not scope ("## H20 + Qwen2.5-72B" over "FP16 算力只有 148 TFLOPS")
_SPEC_ONLY_METRICS = frozenset({"compute", "bandwidth"})


def _of_workload(v: ValueMention, info: SentenceInfo, metric: str) -> bool:
    """Whether a figure is measured on a run of the workload (so the paragraph's or heading's model is its
    model): a performance figure, an absolute efficiency, a utilisation of the run ("缩小到8192张H100时，MFU为
    43%"), the size of the model's own weights ("换成 FP8 权重后，体积从 470GB 降到 235GB")."""
    if metric in _PERF_METRICS:
        return True
    before = info.sentence.text[:v.start - info.sentence.start]
    if metric == "efficiency":
        return v.unit not in RELATIVE_UNITS or _RUN_UTILISATION.search(before) is not None
    return metric == "memory" and _MODEL_SIDE_MEMORY.search(before) is not None


# "只有 H100 的约 15%": a qualifier and spaces between the share's comparator and its figure
_SHARE_GAP = rx.compile(rf"\s?的?\s?(?:{_listed('share_qualifiers')})?\s?")
_LISTED_SHARES = rx.compile(r"\s?的?(?:\s?[\d.]+\s?[%％]\s?(?:和|、|与|及|以及|或|,|，)\s?)+")


def _baseline_candidates(v: ValueMention, info: SentenceInfo, clause: Span, hardware: str, text: str,
                         ctx: Context, heading: Context, metric: str = "") -> list[Candidate]:
    """What a relative value could be measured against, with named features (weights in
    lexicons/choice.yaml, section ``baseline``). A candidate may name nothing: an unnamed
    comparator ("比同类产品快") is a choice of the empty baseline for a reason."""
    gain = _gain_column(v, info, text, ctx.table_header or heading.label)
    if gain is not None:  # (a flattened row's gain column: 130% after 8.3小时 and 19.1小时)
        return [Candidate(gain[1], "sentence", {"gain_over_column": 1.0}), Candidate.empty()]
    signed = v.raw[:1] in "+＋" or text[max(0, v.start - 2):v.start].rstrip()[-1:] in ("+", "＋")
    if v.unit == "%" and not signed and not _CHANGE_WORDS.search(text[clause[0]:clause[1]]):
        # (a signed figure is a change: "显存容量 +80%" after "对比上一代 ZQ-A1：")
        # a share, not a change ("占H100的60%"): only a comparator right before it
        # (and the later shares of a list after it: "达到8卡H200系统的97%和95%")
        tied = [c for c in info.comparators
                if 0 <= v.start - c.end <= 2 or (c.end < v.start and (_LISTED_SHARES.fullmatch(text, c.end, v.start)
                                                                    or _SHARE_GAP.fullmatch(text, c.end, v.start)))]
        return ([Candidate(_pronoun_in_sentence(tied[0], hardware, info, ctx), "sentence", {"share_of": 1.0}, tied[0].start)]
                if tied else []) + [Candidate.empty()]
    cands: list[Candidate] = []
    respective = _respectively(v, info, text) if "分别" in text[info.sentence.start:v.start] else None
    if respective is not None:
        # "B200的算力分别是H100和A100的2.5倍和5倍": one comparator each, in order
        k, values = respective
        for c in info.comparators:
            named = [h for h in info.all_hardware if c.start <= h.start < c.end]
            if c.named and c.end <= values[0].start and len({h.name for h in named}) == len(values):
                cands.append(Candidate(_hardware_label(named[k]), "sentence", {"respective_comparator": 1.0}, named[k].start))
                break
    for c in info.comparators:
        # the nearest comparator before the value, else the first one after it
        if c.start < v.start:
            features = {"comparator_before": 1.0, "proximity": 0.3 / (1.0 + max(v.start - c.start, 0) / 20.0)}
        elif c.start < clause[1] or _TRAILING_COMPARATOR.fullmatch(text, clause[1], c.start):
            # spec 9: a comparator applies to a value before it only in its own clause (or when it is all
            # the next clause says: "快1.8倍，与A100相比")
            features = {"comparator_after": 1.0, "proximity": 0.3 / (1.0 + (c.start - v.end) / 20.0)}
        else:
            continue
        if clause[0] <= c.start < clause[1]:
            # "4倍的算力比较于上一代，以及35倍的推理性能相较于MI300X": a translated sentence puts the
            # comparator after its figure; one in the figure's own clause beats one of an earlier clause
            features["same_clause"] = 1.0
        name = c.baseline
        name = _pronoun_in_sentence(c, hardware, info, ctx)
        cands.append(Candidate(name, "sentence", features, c.start))
    old = [w for w in info.values if w.end <= v.start and w.kind == "from_to" and w.old_value is not None
           and _UNIT_METRIC.get(w.dimension) == metric]  # (not "显存从80GB降到48GB，推理速度提升2.3倍")
    if old:
        # "算力从18TOPS增加到了38TOPS，达到了两倍多的提升": the ratio of the change, against the old figure
        cands.append(Candidate(f"{_fmt(old[-1].old_value)} {old[-1].old_unit}", "sentence", {"from_value_before": 1.0}))
    if ctx.hardware and hardware and ctx.hardware != hardware and _ON_THIS_BASIS.search(text, info.sentence.start, v.start):
        # "深算一号的算力为…。深算二号在此基础上性能提升超过100%": against the system the sentence before was about
        cands.append(Candidate(ctx.hardware, "paragraph", {"on_this_basis": 1.0}))
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
    elif hardware and not any(c.named for c in info.comparators):
        # "A为2,850 tokens/s，B为2,310 tokens/s，A领先约23%": two systems, a figure each in one unit,
        # then a bare comparison of one of them: against the other
        local = list(dict.fromkeys(h.name for h in info.all_hardware if h.end <= clause[0] and not h.technology))
        units = [w.unit for w in info.values if w.end <= clause[0] and w.unit not in RELATIVE_UNITS]
        if len(local) == 2 and hardware in local and len(units) == 2 and units[0] == units[1]:
            cands.append(Candidate(next(m for m in local if m != hardware), "sentence", {"other_of_pair": 1.0}))
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


def _pronoun_in_sentence(c: Comparator, hardware: str, info: SentenceInfo, ctx: Context) -> str:
    """A comparator's baseline, a pronoun resolved first to the systems its sentence named before it:
    "Orin-X算力为254 TOPS，征程6P的算力约为其2.2倍" (the other one named just before), "相比MTT S3000，
    MTT S4000…，显存容量则是前者的1.5倍" (the first one), "对标A100，训练性能达其80%"; else the paragraph's."""
    if not Baseline.is_pronoun(c.baseline):
        return c.baseline
    local = [h.name for h in info.all_hardware if h.end <= c.start and h.name != hardware]
    if local:
        return local[0] if c.baseline == Baseline.FORMER else local[-1]
    return _resolve_pronoun(c.baseline, hardware, ctx)


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
