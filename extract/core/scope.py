"""Which numbers are claims (spec section 1): definitions, storage, weights,
questions, prices, times ago, requirements, test conditions, out-of-scope
words (lexicons/context.yaml, scope.yaml), numerals inside longer words, and
relative values with nothing to be relative to."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from .. import lexicons
from . import textindex
from .claims import Span
from .context import _CHANGE_WORDS, _GRAMMAR, RELATIVE_UNITS, Comparator, Context, SentenceInfo, _listed, _words
from .patterns import (
    Pattern,
    rx,  # regex's interface, on re where re reads a pattern alike: see patterns.py
)
from .recognize import (
    find_metrics,
    find_words,
    has_words,
)
from .values import ValueMention, find_values, numeral_end

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
# (also "1 PFLOPS即每秒1000万亿次浮点运算", "1 EFLOPS则是它的一千倍": a unit explained by another)
_DEFINES = rx.compile(r"\s?(?:表示|代表|等于|相当于|即为|即每|=|＝|则是它的)")
_UNITY = rx.compile(r"1(?![\d.])")
_DEFINITION_OPENS = rx.compile(r"(?<![\d.])1\s?[A-Za-zμµ/]{1,8}\s?(?:表示|代表|即每|则是它的)")
_DEFINED_AS = rx.compile(r"(?<![\d.])1\s?[A-Za-zμµ/]{1,8}\s?(?:等于|相当于|=|＝|即每秒?)\s?$")
_SENTENCE_END = rx.compile(r"[^。！!？?\n]*?([。！!？?\n]|$)")


# (also per unit of compute: "4.45 tokens/s/TFLOPS", no vocabulary unit either)
_PER_RESOURCE_AFTER = rx.compile(r"\s?/\s?(?:W|w|瓦|[GTP]FLOPS|TOPS)(?![A-Za-z])")
_PER_WATT_BEFORE = rx.compile(r"每瓦(?:特)?\s?(?:约|大约|可达|达到|能达到|为|可|能){0,2}\s?(?:产生|生成|输出|跑出|提供)?\s?$")
# a line that is only an age, maybe with the reactions after it ("2周", "3天前", "1周 赞 · 12 回复")
_AGE_LINE = rx.compile(r"\s*\d{1,3}\s?(?:周|天|小时|分钟|个月|月)前?\s*(?:(?:赞|回复|评论|已编辑|条回复|[·•|🌐]|\d|\s)*)")
# a power supply's efficiency grade after its rating ("6 × 3000W 80 PLUS Titanium")
_SUPPLY_GRADE_AFTER = rx.compile(r"\s?80\s?PLUS|\s?(?:Titanium|Platinum)(?![A-Za-z])")


def _list_start(text: str, item_start: int) -> int:
    """Where the clause that opens an enumeration with 、 starts (the nearest comma, stop or line start before it)."""
    return max(text.rfind(c, 0, item_start) for c in "，,。；;：:\n") + 1


_VIDEO_FORMAT = rx.compile(r"\d{3,4}[pPiK]\s?@?\s?$")  # ("1080p@30fps", "256路1080P 30FPS")
# (also an attachment's size after its name: "image.png (356.21 KB, 下载次数: 0)")
_FILE_BEFORE = rx.compile(r"(?:PDF|pdf|ZIP|zip|文件大小|安装包|附件|下载|loc\)\s?[·•]"  # (a repository file's "172 lines (133 loc) · 9.42 KB")
                          r"|\.(?i:png|jpe?g|gif|webp|bmp|zip|rar|7z|gz|pdf|docx?|xlsx?|pptx?|mp4|apk|exe))[^\n\d]{0,4}$")


_BROKEN_DECIMAL = rx.compile(r"(?<=\S\s)\d\.\s$")
_MARKET_COLUMNS = rx.compile(r"(?:最新价|现价|收盘价)\s?(?:[^\n]{0,12}?)(?:涨跌幅|涨幅|换手率)")
_BOUND_BEFORE = rx.compile(r"[≥≤＞＜><]=?\s?$")
_POLL_LINE = rx.compile(r"(?:^|\s)[A-E][.．、]\s?\S[^\n]*?\s[A-E][.．、]\s?\S")
_PEOPLE_AFTER = rx.compile(r"\s?(?:以上|左右)?的?(?:读者|受访者|用户|开发者|企业|受访企业|网友|观众|团队|人)(?:表示|认为|选择|称|已经|会)")
_RACK_BEFORE = rx.compile(r"(?:单|每)机?柜(?:支持|可达|最高|可支持|最大)?\s?(?:高达|达)?\s?$")
_UNIT_BEFORE = rx.compile(r"\d\s?(?:[KMGTPE]?FLOPS|[KMGTP]?OPS|[KMGT]B/s|[KMG]?W)\s$", rx.IGNORECASE)
# "5090D比4090D贵百分之六十", "便宜了三成": a price difference, no performance ("贵州" is a place)
_PRICIER = rx.compile(r"(?:(?<![宝珍昂高富])贵(?![州阳安])|便宜)(?:了|出)?\s?(?:约|近|大概|将近|足足|差不多)?\s?$")


# a registration or index code: a long run of capitals and digits, both mixed in ("11350100MB0X00000A")
_IDENTIFIER = rx.compile(r"(?=(?:[A-Z]*\d){8})(?=(?:\d*[A-Z]){2})(?=.*\d[A-Z]+\d)[0-9A-Z]{12,}")
_TOKEN_CHAR = rx.compile(r"[0-9A-Za-z]")


def _token_around(text: str, start: int, end: int) -> str:
    """The run of Latin letters and digits the span ``[start, end)`` lies in."""
    a, b = start, end
    while a > 0 and _TOKEN_CHAR.match(text, a - 1):
        a -= 1
    while b < len(text) and _TOKEN_CHAR.match(text, b):
        b += 1
    return text[a:b]


def _out_of_scope_value(text: str, v: ValueMention, clause: Span) -> bool:
    """The value layer's own scope rules (scope.yaml, questions, weights, times ago).

    >>> from extract.core.values import find_values
    >>> def out(t, n): return _out_of_scope_value(t, find_values(t)[n], (0, len(t)))
    >>> out("1TOPS代表每秒可进行一万亿次运算", 0), out("配备1TB SSD", 0), out("模型权重为16GB", 0)
    (True, True, True)
    >>> out("如何让延迟稳定在50ms?", 0), out("7B(14GB)", 0), out("2小时前更新", 0), out("10分钟部署一个服务", 0)
    (True, True, True, True)
    >>> out("设置 `pool_size=16GB` 即可", 0), out("参数 --max-memory=24GB", 0), out("显存 `H100` 为80GB", 0)
    (True, True, False)
    >>> out("EP320下TPOT=42ms", 0), out("你这15%只算了算力", 0), out("支持108路1080p@30fps硬件解码", 0), out("[下载手册(PDF,2.3MB)]", 0)
    (False, True, True, True)
    >>> out("image.png (356.21 KB, 下载次数: 0)", 0), out("64GB eMMC", 0), out("8GB LPDDR4x", 0)
    (True, True, False)
    >>> out("单服务器FP16算力 ≥2.5 PFLOPS 2.8 PFLOPS 正偏离", 0), out("单服务器FP16算力 ≥2.5 PFLOPS 2.8 PFLOPS 正偏离", 1)
    (True, False)
    >>> out("Prefill 吞吐提升 1. 4×", 0), out("代码 名称 最新价 涨跌幅 换手率 688256 寒武纪-U 176.50 +8.31% 6.12%", 1)
    (True, True)
    >>> out("1 GB/s 表示每秒传输10亿字节", 0), out("因此1 GB/s相当于8 Gb/s", 1), out("1 μs等于1000 ns", 1)
    (True, True, True)
    >>> out("显存为16GB", 0), out("训练只需2小时", 0), out("比前代快2倍", 0), out("比GPU快20倍?。", 0)
    (False, False, False, False)
    >>> out("能效约为6.2 tokens/s/W", 0), out("每瓦约0.69 tokens/s", 0), out("能效为2 TOPS/W", 0)
    (True, True, False)
    >>> out("5090D比4090D贵百分之六十", 0), out("价格便宜了30%", 0), out("贵州集群快30%", 0)
    (True, True, False)
    """
    scope = _scope()
    if _PER_RESOURCE_AFTER.match(text, v.end) or (
            v.unit.endswith("/s") and _PER_WATT_BEFORE.search(text, max(0, v.start - 8), v.start)):
        return True  # "6.2 tokens/s/W", "每瓦约0.69 tokens/s": a unit the vocabulary lacks, not the rate in it
    if (_UNITY.match(v.raw) and _DEFINES.match(text, v.end)) or _DEFINED_AS.search(text, max(0, v.start - 16), v.start) \
            or _DEFINITION_OPENS.search(text, clause[0], v.start):
        return True  # "1 GB/s 表示每秒传输10亿字节", "1 GB/s相当于8 Gb/s", "1 μs等于1000 ns": a unit's definition
    if text[max(0, v.start - 1):v.start] in ("这", "那", "這"):
        return True  # "你这15%只算了算力": a figure stated before, pointed at, is no new claim
    if v.dimension == "time" and _AGE_LINE.fullmatch(text, textindex.line_start(text, v.start), textindex.line_stop(text, v.end)):
        return True  # "2周", "1周 赞 · 12": a post's or a comment's age alone on its line, no duration of anything
    if v.dimension == "power" and _SUPPLY_GRADE_AFTER.match(text, v.end):
        return True  # "6 × 3000W 80 PLUS Titanium（5+1 備援）": the power supplies' rating, no system's draw
    if _IDENTIFIER.fullmatch(_token_around(text, v.start, v.end)):
        return True  # "索引号：11350100MB0X00000A/2024-00317": a figure inside a code of letters and digits
    if _VIDEO_FORMAT.search(text, max(0, v.start - 8), v.start):
        return True  # "支持108路1080p@30fps硬件解码": a video format's frame rate, no throughput
    if v.dimension == "data" and _FILE_BEFORE.search(text, max(0, v.start - 10), v.start):
        return True  # "[下载产品手册(PDF,2.3MB)]": the size of a file to download
    if scope["after"].match(text, v.end, min(len(text), v.end + 6)) or scope["after"].match(text, v.end + 1, v.end + 7):
        return True
    if _POLL_LINE.search(text, textindex.line_start(text, v.start), textindex.line_stop(text, v.end)):
        return True  # a reader poll's options ("A. 增加50%以上   B. 增加20%-50%   C. 基本不变"): answers, no claims
    if v.unit == "%" and _PEOPLE_AFTER.match(text, v.end):
        return True  # "62%的读者表示…": a share of people asked, no performance
    if v.raw[:1] == "一" and text[v.start - 1:v.start] == "同":
        return True  # "在同一周内发布": 同一 is "the same", no figure
    if v.unit == "week" and text.startswith("排名", v.end):
        return True  # a blog's author card ("原创 86 周排名 2万+"): a weekly ranking, no duration
    if _BROKEN_DECIMAL.search(text, max(0, v.start - 6), v.start):
        return True  # spec 9: a garbled number ("Prefill 吞吐提升 1. 4×", an OCR'd decimal point), no figure
    if v.unit == "%" and _MARKET_COLUMNS.search(text, textindex.line_start(text, v.start), v.start):
        return True  # "代码 名称 最新价 涨跌幅 换手率 … 寒武纪-U 176.50 +8.31% 6.12%": a quote table's moves and turnover
    if _BOUND_BEFORE.search(text, max(0, v.start - 3), v.start):
        # a tender's row: the bound required, then the figure offered ("单服务器FP16算力 ≥2.5 PFLOPS 2.8 PFLOPS 正偏离")
        offered = find_values(text[v.end:v.end + 24])
        if offered and not text[v.end:v.end + offered[0].start].strip() and offered[0].dimension == v.dimension:
            return True
    if scope["before"].search(text, clause[0], v.start):
        return True
    if text[clause[0] - 1:clause[0]] == "、" and scope["before"].search(text, _list_start(text, clause[0]), v.start):
        return True  # "需满足TTFT≤450ms、TPOT≤40ms": a requirement holds for every item of its list
    if v.unit in RELATIVE_UNITS and scope["ratio_before"].search(text, clause[0], v.start):
        return True
    if v.unit in RELATIVE_UNITS and _PRICIER.search(text, max(clause[0], v.start - 8), v.start):
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
    if v.dimension == "power" and scope["power_after"].match(text, v.end):
        return True  # "58兆瓦数据中心": a facility's rating
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
# "理论速度上限为…", "带宽上限为…": the system's own bound, masked before the threshold words are sought
_CAPABILITY_BOUND = rx.compile(rf"(?:{_words(lexicons.context()['capability_qualifier'])})[^，。；,;\d]{{0,6}}?上限"
                               rf"|(?:{_words(lexicons.context()['capability_bounds'])})")
_DISK_AFTER = rx.compile(rf"[A-Za-z0-9.\s]{{0,12}}(?:{_words(lexicons.context()['disk_after'])})")
_EXAMPLE_OPENER = rx.compile(r"(?:比如|例如|假设|如果|若|譬如)?")
_ONE_OF_A_KIND_BEFORE = rx.compile(r"(?:一个|一颗|一块|一张|一台|某个|某款)\s?$")
_KIND_AFTER = rx.compile(r"\s?的\s?(?:AI\s?)?(?:芯片|NPU|GPU|处理器|加速器|加速卡|显卡|卡|系统|服务器)")
_PRICE_MOVE = rx.compile(r"(?:涨|跌|(?<![提晋拉跃])升|[+＋\-－])(?:超|逾|近|了)?\s?$")
_PER_WORK_UNIT = rx.compile(rf"\s?(?:/|每)\s?(?:{_listed('per_work_nouns')})(?![A-Za-z])", rx.IGNORECASE)
# (the noun ends the clause: "72% 的模型 FLOPs 利用率", "2倍的网络带宽" go on to a metric)
_DESCRIBED_WORKLOAD = rx.compile(rf"\s?(?:以上|多)?的\s?(?:{_listed('described_workloads')})(?=\s?(?:[，。；,;！!？?）)]|$))")
_MODE_AFTER = rx.compile(r"\s?(?:模式|档|功耗档|功耗模式)\s?[)）]")
_CONDITION_AFTER = rx.compile(rf"\s?(?:以内|以上|以下)?(?:的)?(?:{_words(lexicons.context()['condition_nouns'])})?下")


def _in_scope(text: str, v: ValueMention, clause: Span, bounds: Callable[[], frozenset[int]] | None,
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
    if "占比" in before:  # "有效训练时间占比超90%": a goodput, not a share of something
        before = before.replace("有效训练时间占比", "_" * 8).replace("有效训练时长占比", "_" * 8)
    if "每" in before or "参数面" in before or "单用户" in before:
        # ("每秒处理的图片数量为3000": a per-second count is a rate, not a count of things; "每用户 300 tokens/s" a
        # rate per user, not a count of users)
        before = rx.sub(r"每(?:美元|瓦|元)|[每单]用户|参数面|每秒[^，。；,;\d]{0,12}?数量", lambda m: "_" * len(m.group()), before)
    for c in comparators:
        a, b = max(c.start, lo) - lo, min(c.end, v.start) - lo
        if a < b:
            before = before[:a] + "_" * (b - a) + before[b:]
    after = text[v.end:min(clause[1], v.end + 8)].replace("参数面", "___")
    if v.dimension != "time" and _PER_WORK_UNIT.match(text, v.end):
        return False  # "250 GFLOPS/令牌": compute per token, a workload's cost, no unit of the spec ("30ms/token" is a latency)
    if v.unit in RELATIVE_UNITS and has_words(text[clause[0]:v.start], ctx["ratio_out_of_scope"]):
        return False  # "接口位宽从1024位翻倍至2048位": a ratio of width, not of performance
    if v.unit in RELATIVE_UNITS and text.startswith("于", v.end) and has_words(
            text[v.end:min(clause[1], v.end + 24)], ctx["ratio_out_of_scope"]):
        return False  # "依靠5倍于NVL72的芯片数量": a ratio of counts, written after the figure
    if has_words(text[lo:v.start], ctx["price_comparatives"]):
        return False  # "B300比B200贵了30%": a price, whatever it is compared with
    if v.unit in RELATIVE_UNITS and has_words(text[lo:v.start], ctx["year_on_year"]):
        return False  # "算力规模…比去年同期增长21.5%": a year-on-year growth, a market statistic
    one = _ONE_OF_A_KIND_BEFORE.search(text, max(clause[0], v.start - 4), v.start)
    if one and _EXAMPLE_OPENER.fullmatch(text[clause[0]:one.start()].strip()) and _KIND_AFTER.match(text, v.end):
        # "一个 1 TOPS 的芯片可以…": an example of a kind of chip opening its clause, no system's figure
        # (not "Lunar Lake将提供一个45 TOPS的NPU", "910B是一颗320 TFLOPS的芯片")
        return False
    if v.unit == "%" and text[max(0, v.start - 2):v.start].strip()[-1:] in ("▲", "▼", "△", "▽"):
        return False  # "DDR5 16Gb 4800  5.120 ▲0.8%": a ticker's move
    if v.unit == "%" and (_PRICE_MOVE.search(text, clause[0], v.start) or v.raw[:1] in "+＋-－") \
            and has_words(text[max(0, v.start - 80):v.start], ctx["market_words"]):
        return False  # "A股算力概念股集体走强，…浪潮信息涨3.2%，工业富联+2.6%": share prices
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
    if has_words(rx.split(r"\s{1,}|\u3000|[|｜]", after, maxsplit=1)[0][:4], ctx["out_of_scope"]):
        return False  # ("带宽：1935GB/s　价格：￥5.90": the next field of a spec line is another field's)
    if has_words(text[v.end:min(clause[1], v.end + 16)], ctx["out_of_scope_after"]):
        return False  # "给予最高50%的费用补贴", "20 分钟左右就会到 85℃ 触发降频": a subsidy, a throttling delay
    if v.dimension == "data" and _DISK_AFTER.match(text, v.end, clause[1]):
        return False  # "存储为1TB PCIe 4.0 SSD": a drive's capacity (not "32GB 内存和 1TB SSD")
    if v.dimension == "power" and has_words(text[v.end:min(clause[1], v.end + 10)], ctx["capacity_after"]):
        return False  # "该机柜支持高达 200kW 的液冷散热能力": a cooling capacity
    if v.dimension == "power" and _RACK_BEFORE.search(text, max(clause[0], v.start - 10), v.start):
        return False  # "单柜42kW", "支持单机柜 40kW 液冷部署": what a rack position takes, spec 9 (not "整柜功耗 120kW")
    if v.unit in RELATIVE_UNITS and _DESCRIBED_WORKLOAD.match(after):
        return False  # "能够训练比GPT-4大10倍的模型": the size of a workload, not a claim about a system
    if v.dimension == "data" and rx.search(r"需要|需|占用了?$", text[max(clause[0], v.start - 6):v.start]) \
            and not find_metrics(text[clause[0]:v.start]):
        return False  # "70B的Q4模型大约需要40GB内存": what a model needs, not what a system offers
    lead = text[clause[0]:v.start]
    if "限" in lead:
        lead = _CAPABILITY_BOUND.sub(lambda m: "_" * len(m.group()), lead)
    if _whole_words(lead, ctx["threshold"]) or _THRESHOLD_AFTER.match(text, v.end, clause[1]):
        return False
    if _CONDITION_AFTER.match(after) and "在" in text[clause[0]:v.start]:
        return False
    if _MODE_AFTER.match(after) and text[clause[0]:v.start].rstrip()[-1:] in ("（", "("):
        return False  # "Orin Nano 8GB（15W 模式）", "（20 TOPS 档）": the setting a result was measured at
    if v.dimension == "time" and rx.search(r"每\s?[~～约]?\s?$", text[max(0, v.start - 4):v.start]):
        return False
    if v.chinese and v.raw not in ("一半",) and bounds is not None:
        edges = bounds()
        # after a comparative the tokenizer may glue the numeral to it ("高一倍" as 高一 + 倍)
        starts_word = v.start in edges or text[v.start - 1:v.start] in (
            "近", "约", "超", "逾", "达", "高", "快", "多", "大", "强", "过", "低", "少", "慢", "省", "长", "短")
        # (or at the numeral's own end, when the tokenizer glues the unit to the next word: "八秒|左右" as 秒左右)
        digits_end = numeral_end(v)
        ends_word = v.end in edges or (v.unit not in RELATIVE_UNITS and digits_end in edges and digits_end < v.end)
        if not (starts_word and ends_word):
            return False  # 一成不变, 十成: the numeral is part of a longer word
    if v.dimension == "data" and rx.search(r"[A-Za-z0-9][\s-]?$", text[max(clause[0], v.start - 2):v.start]) \
            and rx.search(r"(?:\d|[A-Z]{2,}\d*|SXM\d?|PCIe)[\s-]?$", text[max(clause[0], v.start - 8):v.start]) \
            and not has_words(text[clause[0]:clause[1]], _MEMORY_WORDS) \
            and not _MEMORY_TYPE_BEFORE.search(text, max(clause[0], v.start - 8), v.start) \
            and not _UNIT_BEFORE.search(text, max(clause[0], v.start - 14), v.start):
        return False  # "8×A100 40GB", "H100 80GB": a variant in a product name (not "GDDR7 32GB": a capacity,
        # nor "197 TFLOPS 16GB 819GB/s": the next cell of a row after a figure's unit)
    return True


# More verbs of change and comparison, for ratios only ("暴涨4.4倍", "落后X约2倍", "三倍于A100").
_RELATIVE_VERBS = rx.compile(_listed("relative_verbs"))
_MEMORY_TYPE_BEFORE = rx.compile(r"(?:HBM|GDDR|LPDDR|DDR)\d*[A-Za-z]?[\s-]?$")
_CELL_LINE = rx.compile(r"\s*[(（]\s*[+~约]?\s*\d+(?:\.\d+)?\s?[×xX倍%]\s*[)）]\s*")
_SHARE_OF = rx.compile(rf"(?:{_listed('share_of_verbs')})[^，。；,;]{{1,24}}的\s?(?:{_listed('share_of_qualifiers')})?\s?$")
_LABEL_BEFORE = rx.compile(r"([^\s，。；,;:：]{2,12})\s?[:：]\s?[<>≤≥~约]?\s?$")
_REACHES = rx.compile(_listed("reaches"))


@lru_cache(maxsize=512)
def _found_in(pattern: Pattern, part: str) -> bool:
    """``pattern.search(part) is not None``, remembered: every value of a
    clause asks about the same clause text (500 times in "1倍1倍…")."""
    return pattern.search(part) is not None


def _has_colon(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` holds a colon, ASCII or full-width."""
    return text.find(":", start, end) >= 0 or text.find("：", start, end) >= 0


def _relative_supported(v: ValueMention, info: SentenceInfo, clause: Span, text: str, ctx: Context) -> bool:
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
    # (the clause may start right after the colon: "MFU：BR100集群达到46%")
    # (the pattern needs a colon: looking for one first spares two backtracking
    # searches per value, 40% of the time of a line of bare ratios)
    window = max(0, clause[0] - 16), clause[0] + 1
    label = _has_colon(text, *window) and (_LABEL_BEFORE.search(text, *window)
                                           or _LABEL_BEFORE.search(text, window[0], clause[0]))
    if label and find_metrics(label.group(1)):
        return True  # "精度损失:<0.5%": the label before the colon names the metric
    if any(c.start < clause[1] and clause[0] < c.end for c in info.comparators):
        return True
    if v.unit == "x" and _found_in(_REACHES, part):
        return True  # "DeepVoice3达到了13倍" continues the sentence's metric
    if info.metrics and any(w.unit == v.unit and w.end <= v.start for w in info.values):
        return True  # "准确率为81.6%，对照组为81.5%": a parallel figure of the same metric
    return False
