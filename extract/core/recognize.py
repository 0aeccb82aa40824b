"""Entity spans in normalised text: hardware, models, metric triggers and
comparators. Patterns are built once from the lexicons (match first, then
the assembler sets the annotations)."""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from .. import lexicons
from .patterns import SCRIPT_TURN, Match, Pattern, alternation, guarded, in_order, initials, rx


class Mention(NamedTuple):
    """A name or trigger found in a sentence: a tuple, as one is built for every
    match (a NamedTuple in a third of a frozen dataclass's time)."""

    kind: str        # hardware | model | metric
    start: int
    end: int
    surface: str
    name: str        # canonical: hardware/model name, or metric
    rank: int = 0    # metrics: 0 specific, 1 generic (speed), 2 time (resolved by context)
    count: int = 1   # hardware: "3台DGX A100" -> 3
    component: bool = False  # hardware counted as a part ("由4个IPU-M2000构成")
    technology: bool = False  # a memory or interconnect product (HBM3E, NVLink): a subject of last resort




# recognize.yaml: the words around names and metric triggers (the patterns and their reasons stay here)
_WORDS = lexicons.load_yaml("recognize.yaml")


def _listed(key: str) -> str:
    """recognize.yaml's ``key`` as an alternation in the order written (the
    first word that fits at a position wins, so the data says which)."""
    return in_order(_WORDS[key])


def _alt(words: list[str], ignorecase: bool = False) -> str:
    """The lexicon words as one alternation; a space or dash may stand where a
    word has one, and a space where it turns from Han to Latin ("酷睿 Ultra")."""
    spaced = [SCRIPT_TURN.sub(" ", w) for w in words]
    return alternation([*words, *spaced], space=r"[\s-]?", ignorecase=ignorecase)


# What a system is for, between a vendor's code and its class word ("ZQ-I8 大模型推理服务器"): one alternation
# for every pattern that allows it.
PURPOSE_WORDS = _alt(lexicons.hardware()["purpose_words"])
# A laptop's or a desktop's card, written before its name without 版 ("笔记本5090", "台式4090"): another product
FORM_EDITIONS = _listed("form_editions")


# Latin product code: A100, H100, MI300X, L40S, GB200, BR100, T4, V100, R200.
_CODE = (r"(?<![A-Za-z0-9\-])(?:[A-Z]{1,4}(?:\d{1,5}(?:\.\d(?![0-9]))?|-\d{3,5})(?:(?![GCTNID]PU|DCU)[A-Za-z]){0,3}(?:\d{1,2}(?![0-9]))?"
         r"|\d{3,4}[A-F](?![A-Za-z0-9])"
         r"|[a-z]{2,8}[A-Z][A-Za-z]{0,3}\d{2,5}"
         r"|[A-Z][a-z]{1,6}[A-Z]\d{1,4}(?![A-Za-z0-9]))\+?")  # A100, MI300X, HL-325L, AI400X2; 910B; scaleX640; EyeQ4
_SUFFIX = r"(?:-(?:\d+GB|[A-Z][A-Za-z0-9]*|\d+[A-Za-z]*))*"
# (also in ten thousands: "10 万张 H100", "1.2万张H100", "两万颗")
# A cloud instance's family and its size suffix ("gc8is" + ".4xlarge", "gn8v" + "-8x.48xlarge"): the names read
# whole instances (recognize) and families written alone (context) from the same two parts.
INSTANCE_FAMILY = r"[a-z]{1,6}\d{1,2}[a-z]{0,3}"
INSTANCE_SIZE = r"(?:-[a-z0-9]{1,6})?\.\d{0,3}x?large\d{0,4}"
_COUNT = (rf"(?P<count>(?<![\d,.A-Za-z])\d+(?:\.\d+)?\s?万|(?<![\d,.A-Za-z])\d{{1,3}}(?:,\d{{3}})++|(?<![\d,.A-Za-z])\d++(?!\s(?:Ti|SUPER|Super|XTX|XT)(?![A-Za-z]))"
          rf"|[一二两三四五六七八九十]+万?|双(?!精度))\s?(?:{_listed('count_classifiers')})?\s?(?:的)?\s?")  # 双4090, 双卡A100
# (a card's number before its tier is its name, no count: "4060 Ti 16G"; nor is a decimal's last digit one:
# "…218.7 RTX 5090 211.3…")
# A part of a larger system: "由4个1U的IPU-M2000构成", "配有一台双CPU服务器".
_COMPONENT_BEFORE = guarded(
    rf"(?:(?:{_listed('component_verbs')})[^，。,；;]{{0,6}}|双|四|八"
    rf"|(?:{_listed('use_verbs')}|用)\s?\d+(?:,\d{{3}})*\s?[块颗张片个台枚])\s?$",  # "Eos使用10752块H100"
    initials([*_WORDS["component_verbs"], *"双四八", *_WORDS["use_verbs"], "用"]))
# "搭载该内存的H200": the name heads a clause that says what it carries, it is no part (the 的 of
# "由4个1U的IPU-M2000构成" is inside the part's own description)
_HEAD_OF_CLAUSE = rx.compile(r"^(?!由).*的\s?$")
# a verb of use right before a counted name ("Eos使用10752块H100"): a part too
_USED_BEFORE = rx.compile(rf"(?:{_listed('use_verbs')})\s?$")
_DEPLOYED_ON = rx.compile(r"\s?上?\s?(?:部署|运行|推理|训练|上线|跑)")
# after a part, a joiner makes the next name a part ("72颗B200 GPU和36颗Grace CPU")
_PART_JOINER = rx.compile(rf"\s?(?:{_listed('part_joiners')})\s?")
_CN_COUNT = {"一": 1, "二": 2, "两": 2, "双": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


@lru_cache(maxsize=1)
def _hardware_pattern() -> Pattern:
    source, first = _hardware_regex()
    return guarded(source, first)


def _hardware_regex(inner_guard: bool = True) -> tuple[str, str]:
    """(the hardware pattern, the characters a match can start with);
    ``inner_guard``: with the name's own first-character test (the tests
    compare the pattern with and without it)."""
    lex = lexicons.hardware()
    families = _alt(lex["families"])
    # a name written in capitals ("AGX ORIN分为32GB、64GB两种模块") is the name
    capitals = [w.upper() for w in lex["standalone"] if " " in w and w.upper() != w and w.isascii()]
    standalone = _alt(list(lex["standalone"]) + capitals)
    generic = _alt(lex["generic"])
    vendors = _alt(lex["vendors"])
    categories = _alt(lex["categories"])
    # One code after the family ("DGX A100", "TPU v4", "昇腾910B", "骁龙8 Gen3"); a
    # second part only when glued or a known tail, so "TPU v4 275 TFLOPS" stays "TPU v4".
    family_code = (
        rf"(?:{families})[\s-]?(?!\d+(?:\.\d+)?\s?(?:[KMGTPE]?FLOPS|[KMGTPE]?OPS|[KMGT]B|[KMG]?W|[GM]Hz|ms)(?![A-Za-z]))"  # "酷睿Ultra 11TOPS": a figure
        rf"(?:v\d+[a-z]*|\d+\s?代|[一二三四五六]代|[A-Za-z]{{0,3}}\d+(?:\.\d+)?[A-Za-z0-9]*\+?(?:\s?号)?|[一二三]号)"
        rf"(?:\s?(?:Gen\s?\d+|v\d+[a-z]*)|\s[A-Z]\d{{1,2}}(?![0-9])|[A-Za-z]{{0,3}}\d+[A-Za-z0-9]*"
        # a laptop chip's tier and model number ("Core Ultra 7 155H", "Ryzen AI 9 HX 370", "至强6 6980P"); a bare
        # three-digit number stays out ("TPU v4 275 TFLOPS")
        rf"|\s(?:HX\s\d{{3}}|\d{{3}}[HUVK]{{1,2}}|\d{{4,5}}(?:X3D|X|KF|KS|K|HX|HS|H|U|P|E))(?![A-Za-z0-9]))?"
    )
    # Cloud instances: p4d.24xlarge, p5, gn7e, trn1, ND H100 v5.
    # (also a size between: "ecs.gn8is-2x.8xlarge")
    # (an Alibaba or Volcano Engine family too: "ecs.gh3e.48xlarge", "ecs.gl2.16xlarge")
    # (a bare-metal family: "ebmgn8v", "ebmgc8i"; a family after 规格族: "实例规格族gn8is")
    instance = (r"(?<![A-Za-z0-9.])(?:(?:p|g|gn|ebmgn|ebmgc|trn|inf|dl|ecs\.[a-z]{1,3})\d{1,2}[a-z]{0,3}(?:-[a-z0-9]{1,6}(?=\.\d{0,2}x?large))?(?:\.\d{0,2}x?large)?"
                # any family with a size suffix: "gc7i.2xlarge", "gc8is.49xlarge", Huawei's "HCCPNV7.96XLARGE2304"
                rf"|(?:ecs\.)?{INSTANCE_FAMILY}{INSTANCE_SIZE}"
                r"|[A-Z]{2,8}\d{1,2}[A-Z]{0,2}\.\d{0,3}X?LARGE\d{0,4}"
                r"|[a-z]\d{3,4}[a-z]?"  # n300, p150: lower-case board codes
                r"|[a-z]{1,3}\d{1,2}[a-z]{0,2}(?=\s?实例)|(?<=规格族\s?)[a-z]{1,6}\d{1,2}[a-z]{0,3})(?![A-Za-z0-9])")  # "gh3e实例", "gl2实例": a family of instances
    # A capitalised name followed by a category word: Eos超级计算机, KUAE集群.
    # (a Latin gloss in brackets may stand between: "FSD(full self-driving computer)芯片")
    named_system = (rf"(?<![A-Za-z0-9])[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)?(?:\s[A-Z][A-Za-z0-9]*)?"
                    rf"(?=(?:\s?[（(][A-Za-z][A-Za-z \-]{{2,40}}[)）])?\s?(?:{categories}))"
                    # a vendor's code with a dash and a digit may say what the system is for before its class
                    # ("XR-G48 AI训练一体机", "ZQ-I8 大模型推理服务器")
                    rf"|(?<![A-Za-z0-9])[A-Z][A-Za-z0-9]*-[A-Za-z0-9]*\d[A-Za-z0-9]*"
                    rf"(?=\s?(?:{PURPOSE_WORDS}){{1,3}}\s?(?:{categories}))")
    # "第四代至强可扩展处理器": a generation ordinal in front of a family is part of the name.
    bare = _alt(sorted(set(lex["families"]) - set(lex["standalone"])))
    # (not before the family's version: "第四代 TPU v4" is TPU v4)
    generation = rf"第[一二三四五六七八九十\d]+代\s?(?:{bare})(?:可扩展)?(?![A-Za-z0-9])(?!\s?v\d)"
    # "Wormhole n150", "Cloud AI 100 Ultra", "CloudMatrix 384": a product line and a model number.
    # (a CamelCase line may take its number glued: "CloudMatrix384")
    # (a line in capitals may lead: "ROG Flow Z13", "YOGA Air 14")
    # (a vendor's letters and a dash may lead: "QT-SuperPod 256")
    word_code = (r"(?:(?:[A-Z]{2,5}\s|[A-Z]{1,5}-)?[A-Z][a-z]+(?:[A-Z][a-z]+)?(?:\s[A-Z][A-Za-z]*)*\s|[A-Z][a-z]+[A-Z][a-z]+)[a-z]?\d+[A-Za-z]?"
                 r"(?:\s(?:Ultra|Pro|Max|Plus|Mini))?")
    # "PowerEdge XE9680", "ThinkSystem SR680a": a CamelCase product line before a code.
    product_line = r"(?:(?:[A-Z]{2,5}\s)?(?:[A-Z][A-Za-z]*-)?[A-Z][a-z]+(?:[A-Z][a-z]+)?\s)?"  # also "Cray XD670", "MN-Core L1000", "ROG Flow Z13"
    core = rf"(?:{generation}|{family_code}|{word_code}|{standalone}|(?<![A-Za-z0-9\-]){product_line}{_CODE}|{instance}|{generic}|{named_system})"
    name = (
        rf"(?:(?P<vendor>{vendors})\s?(?:的\s?)?)?"
        rf"(?P<core>{core}{_SUFFIX}(?:\s?NVL\d+|(?<=\d)\sNVL(?![A-Za-z0-9])|(?<=\d)\s?(?:性能核|能效核)|(?<=[NCG]PU)\s?(?:微核|大核|小核)|至尊版|(?<=\d{{4}})\sD(?![A-Za-z0-9])|(?<=PRO\s\d{{4}})\sBlackwell|\sMax-Q|\s(?:X1[EP]-\d{{2}}-\d{{3}}|NVL\d+|SXM\d?|OAM|PCIe|PCle|Pod\d*|POD\d*|Superpod|SuperPOD|SuperPoD|SuperCluster|Cluster|UltraServer|V\d|v\d(?![\d.])|PoD|Max|Pro|Ultra|SUPER|Super|Ti|XTX|XT|Nano|NX|AGX|5G|Ada|Elite|Duo|Slim|CPX|[A-Z]\d)"
        # a memory-size variant is part of the name ("A100 80GB", "RTX 3090 24GB"), not a memory figure
        # ("A100 40GB的FP16算力" is the variant's; "配备80GB的HBM" a capacity)
        # (a forum writes the size without its B: "M4 Max 128G", "M2 Ultra 192G")
        rf"|\s\d{{1,3}}GB?(?![A-Za-z0-9/])(?!\s?(?:HBM|GDDR|LPDDR|DDR|显存|内存|容量|统一|的\s?(?:HBM|GDDR|LPDDR|DDR|显存|内存|容量|高带宽|统一内存)|版本?显存))){{0,3}})"
        # glued text ("GB300NVL72FP4推理算力"): a precision may follow a name directly
        # (a name ending in an edition's or a number's word may be glued to Latin text: "骁龙8至尊版Hexagon NPU";
        # not a bare family: "昇腾CANN" names no system)
        rf"(?:(?![A-Za-z0-9])|(?<=[版号])|(?=(?:{categories}))|(?=(?:FP|INT|BF|TF)\d))"
        rf"(?:\s?(?P<category>{categories}))?"
    )
    # The characters a name can start with, tested before the name's many
    # alternatives are tried after every number ("2.6倍": 倍 starts none): a vendor,
    # a family, a standalone or generic name, 第 of a generation, else a Latin
    # letter or a digit (codes, product lines, word codes, instances, named systems).
    name_first = r"A-Za-z\d第" + initials([*lex["vendors"], *lex["families"], *lex["standalone"], *lex["generic"]])
    source = (
        rf"(?P<count_part>{_COUNT})?"
        # a Latin name must not continue a Latin word; a Chinese one may follow it ("GPU曦云C500")
        rf"(?:(?<![A-Za-z0-9])|(?=[^\x00-\x7f]))"
        + (f"(?=[{name_first}])" if inner_guard else "") + name
    )
    # the whole pattern's guard: the count's digits and numerals, else the name's (~1.4x faster:
    # the optional count hides the name's first characters from the engine)
    return source, r"\d一二两三四五六七八九十双" + name_first


@lru_cache(maxsize=1)
def _center_tails() -> frozenset[str]:
    """The last two characters of every kind of centre (中心, 集群, 节点): a sentence without one holds none."""
    return frozenset(k[-2:] for k in lexicons.hardware()["center_kinds"])  # (a national centre ends in 中心 too)


@lru_cache(maxsize=1)
def _center_pattern() -> Pattern:
    """Computing centres: "武汉AI计算中心", "上海临港智算中心", "国家超级计算无锡中心" — a place (and a
    district) before a kind of centre. A pattern of its own, tried only where a sentence holds one of
    the kinds' tails (中心, 集群, 节点): place names start with common characters, which the main
    pattern's first-character guard would otherwise let through at most positions."""
    lex = lexicons.hardware()
    places = _alt([*lex["center_places"], *lexicons.places()])
    # (a district the list lacks between the place and the kind, "洛阳伊滨智算中心"; not words that say what the
    # text does with a centre: "北京首个智算中心", "武汉新建智算中心")
    district = r"(?:(?![的了在是和与及为将把被等个座家首新该此这其建发打投布落签启开规部全超算智])\p{Han}){2}"
    # (a place the list lacks, written with its 市/县/区: "临江市人工智能计算中心")
    unlisted = r"(?:(?![的了在是和与及为将把被等个座家首新该此这其建发打投布落签启开规部全超算智国])\p{Han}){2,3}(?:市|县|区)"
    return rx.compile(rf"(?:(?:{places}){{1,2}}|{unlisted})(?:{district})?(?:{_alt(lex['center_kinds'])})"
                      rf"|(?:{_alt(lex['national_centers'])})(?:{places})中心")


@lru_cache(maxsize=1)
def _model_families() -> frozenset[str]:
    """The models lexicon's family names, case-folded."""
    return frozenset(f.casefold() for f in lexicons.models()["families"])


@lru_cache(maxsize=1)
def _standalone_names() -> frozenset[str]:
    """Names listed whole, kept even when their first word alone is no system ("Tensor G4", not "Tensor")."""
    return frozenset(lexicons.hardware()["standalone"])


@lru_cache(maxsize=1)
def _model_pattern() -> Pattern:
    lex = lexicons.models()
    families = _alt(lex["families"])
    variants = _alt(lex["variants"])
    suffix = (
        rf"(?::\d+(?:\.\d+)?[BbMK](?![A-Za-z])|[-\s]?(?:\d+x\d+B|A\d+(?:\.\d+)?B(?![A-Za-z])|[A-Z]/\d{{1,2}}|v\d+(?:\.\d+)*[a-z]?|\d+(?:\.\d+)?[BbMKT](?![A-Za-z])|(?!Q\d)[A-Z]\d{{1,2}}(?:\.\d)?(?![0-9])|(?:{variants})(?![a-z])|\d+\.\d+(?![0-9%])|\d+[a-z]?(?![0-9.%]|\s?(?:卡|张|块|颗|台|节点|机)))"
        rf"|[-](?:J|NeoX|Neo))"
    )
    # "Llama 3.1 8B": a trailing ".1" means the version continues, so back off to the family.
    # (a quantisation is no part of the name: "Qwen2.5-32B Q4" is Qwen2.5-32B)
    # (nor is a resolution: "SDXL 1024×1024" is SDXL, nor a count of cards: "ResNet-50 8卡扩展效率")
    return guarded(rf"(?<![A-Za-z])(?P<name>(?:{families})(?:{suffix}){{0,4}})(?![A-Za-z]|\.\d|\s?[×xX*]\s?\d)",
                   initials(lex["families"]))  # 3x faster


@lru_cache(maxsize=1)
def _metric_pattern() -> tuple[Pattern, dict[str, tuple[str, int]]]:
    lex = lexicons.metrics()
    table: dict[str, tuple[str, int]] = {}
    for metric, words in lex["comparative"].items():
        for w in words:
            table[w.casefold()] = (metric, 2)
    for metric, words in lex["generic"].items():
        for w in words:
            table[w.casefold()] = (metric, 1)
    for metric, words in lex["specific"].items():
        for w in words:
            table[w.casefold()] = (metric, 0)
    # "精度" is model quality, except in 混合精度/FP16精度 (numeric precision).
    words = [w for w in table if w != '精度']
    numeric = "".join(f"(?<!{rx.escape(w)})" for w in _WORDS["numeric_precision"])  # one fixed-width look-back each
    # guarded: 4x faster (IGNORECASE on the Latin words hides the first characters from re)
    pattern = guarded(
        rf"训练[^，。；,;!?]{{0,16}}?的?(?:{_listed('training_time_nouns')})|(?:{_listed('time_words')})|"
        rf"{numeric}(?<![半单双低A-Za-z0-9])精度|(?:{_alt(words, ignorecase=True)})",
        initials(["训练", *_WORDS["time_words"], "精度"]) + initials(words),
        rx.IGNORECASE,
    )
    return pattern, table


@lru_cache(maxsize=1)
def _technology_pattern() -> Pattern:
    words = lexicons.hardware()["technologies"]
    names = _alt(words, ignorecase=True)
    # a stack height is part of the product's name ("12-Hi HBM3E", "16层堆叠的 HBM3E" → 16层堆叠HBM3E, "12层HBM3E")
    return guarded(  # 2.5x faster
        rf"(?:(?<![A-Za-z0-9\-])(?:\d{{1,2}}-Hi\s?)?|(?P<layers>(?<!\d)\d{{1,2}}\s?层(?:堆叠)?)(?:的)?\s?)"
        rf"(?:{names})(?:\s?\d(?:\.\d)?(?![0-9.])(?!\s?(?:段|-Hi)))?(?![A-Za-z0-9])"
        # or after it, as Korean news writes it in translation ("HBM3E 12段", "HBM4 16-Hi")
        rf"(?:\s?\d{{1,2}}\s?(?:段|-Hi(?![A-Za-z])))?",
        r"\d" + initials(words), rx.IGNORECASE)


def find_technologies(text: str, taken: list[tuple[int, int]]) -> list[Mention]:
    """Memory and interconnect products named in ``text``, outside ``taken`` spans.

    >>> [m.name for m in find_technologies("推出36GB 12-Hi HBM3E，第五代NVLink和InfiniBand", [])]
    ['12-Hi HBM3E', 'NVLink', 'InfiniBand']
    """
    out = []
    for m in _technology_pattern().finditer(text):
        if not any(a < m.end() and m.start() < b for a, b in taken):
            name = m.group()
            if m.group("layers"):  # "16层堆叠的 HBM3E": the height and the type, without the particle
                name = m.group("layers") + rx.sub(r"^的?\s?", "", name[len(m.group("layers")):])
            stack = _STACK_BEFORE_CAPACITY.search(text, max(0, m.start() - 16), m.start())
            if stack and "-Hi" not in name:
                name = f"{stack.group(1)} {name}"  # "12-Hi 36GB HBM3E": a 12-Hi HBM3E stack of 36 GB
            product = _IN_MEMORY_SUFFIX.match(text, m.end())
            if product:
                # "GDDR6-AiM", "LPDDR5X-PIM": memory that computes, a product, no kind of memory
                out.append(Mention("hardware", m.start(), product.end(), text[m.start():product.end()],
                                   text[m.start():product.end()]))
                continue
            # "美光HBM4送样": a memory maker's own product is what its figures are about, no part of a system
            made = _memory_maker_before().search(text, max(0, m.start() - 8), m.start()) is not None
            out.append(Mention("hardware", m.start(), m.end(), m.group(), name, technology=not made))
    return out


@lru_cache(maxsize=1)
def _memory_maker_before() -> Pattern:
    return rx.compile(rf"(?:{_alt(lexicons.hardware()['memory_makers'])})\s?(?:的|最新|新一代|新款)?\s?$")


_IN_MEMORY_SUFFIX = rx.compile(r"-(?:AiM|PIM|PNM)(?![A-Za-z])")
_STACK_BEFORE_CAPACITY = rx.compile(r"(?<![A-Za-z0-9])(\d{1,2}-Hi)\s?\d+(?:\.\d+)?\s?GB\s?$")


# quoted praise, not a name: “最强”芯片, “国产”GPU, “全新”架构
_QUOTED_PRAISE = rx.compile(rf"^(?:{_listed('praise_openers')})|{_listed('praise_words')}")


_COMPANY_SUFFIXES = tuple(_WORDS["company_suffixes"])


@lru_cache(maxsize=1)
def _quoted_system_pattern() -> Pattern:
    categories = _alt(lexicons.hardware()["categories"])
    # "“曲院”GPU核心": a named part of a chip, not a system
    # (a space may stand where the name turns script, as a spacing tool writes it: "“望舒 100”")
    quoted = r"[“\"「『](?P<name>(?:[^“”\"「」『』，。,；;：:\s]|(?<=[\u4e00-\u9fff]) (?=[A-Za-z0-9])){2,12})[”\"」』]"
    # "“夸娥”万卡智算集群": a few words of description may stand between the name and its class;
    # "GPU架构“花港”": or the class word comes first and introduces the name
    # (not across 架构/平台 words: "“一拖二”高密架构" is a design, not a product)
    products = _alt([c for c in lexicons.hardware()["categories"] if c not in _WORDS["not_product_categories"]])
    part = rf"(?!\s?(?:{categories})?\s?(?:{_listed('chip_parts')}))"
    return rx.compile(rf"(?:(?<=(?:{categories})\s?){quoted}{part}"
                         rf"|{quoted}\s?(?=(?:{categories}){part}|[^“”\"「」『』，。,；;：:\s\d]{{1,6}}?(?:{products}){part}))")


def find_quoted_systems(text: str, taken: list[tuple[int, int]]) -> list[Mention]:
    """A name in quotes followed by its class word: the text presents it as a system.

    >>> [m.name for m in find_quoted_systems("“富岳”系统的AI算力，「天河」超算", [])]
    ['富岳', '天河']
    """
    out = []
    for m in _quoted_system_pattern().finditer(text):
        start, end = m.span("name")
        if not any(a < end and start < b for a, b in taken) and m.group("name").casefold() not in _not_hardware() \
                and not _QUOTED_PRAISE.search(m.group("name")) and not m.group("name").endswith(_COMPANY_SUFFIXES):
            out.append(Mention("hardware", start, end, m.group("name"), m.group("name")))
    return out


@lru_cache(maxsize=256)
def is_technology(name: str) -> bool:
    """Whether ``name`` is a memory or interconnect product."""
    return _technology_pattern().fullmatch(name) is not None


@lru_cache(maxsize=1)
def _not_hardware() -> frozenset[str]:
    words = lexicons.hardware()["not_hardware"]
    return frozenset(w.casefold() for w in words) | frozenset(f"p{n}" for n in (50, 90, 95, 99, 999))


@lru_cache(maxsize=1)
def _codenames() -> frozenset[str]:
    """Standalone names without a digit ("Ironwood", "Trillium", "Blackwell"): each names one generation."""
    return frozenset(w for w in lexicons.hardware()["standalone"] if not rx.search(r"\d", w))


@lru_cache(maxsize=1)
def _model_families() -> frozenset[str]:
    return frozenset(w.casefold() for w in lexicons.models()["families"])


@lru_cache(maxsize=1)
def _needs_version() -> frozenset[str]:
    return frozenset(lexicons.models().get("needs_version", []))


@lru_cache(maxsize=1)
def _brand_prefix() -> Pattern:
    return rx.compile(rf"(?:{_alt(lexicons.hardware()['brand_prefixes'])})\s?(?=[A-Z])")


@lru_cache(maxsize=1)
def _bare_families() -> frozenset[str]:
    lex = lexicons.hardware()
    return frozenset(lex["families"]) - frozenset(lex["standalone"])


@lru_cache(maxsize=1)
def class_names() -> frozenset[str]:
    """The class words (GPU, NPU, TPU…) upper-cased: a kind of chips, no system on its own."""
    return frozenset(w.upper() for w in lexicons.hardware()["generic"])


#: A vendor's own product code, known to no lexicon ("XH-8H20", "gn8t-48"): letters, then a dash and a
#: part holding a digit. Only where the layout already says "a system stands here" (a table's header
#: of systems, a setup line of the machine) is such a code taken as a name.
VENDOR_CODE = rx.compile(r"[A-Za-z]{1,6}-[A-Za-z0-9]*\d[A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")


@lru_cache(maxsize=1)
def vendors() -> frozenset[str]:
    """Vendor words stripped before a name (hardware lexicon), loaded once."""
    return frozenset(lexicons.hardware()["vendors"])


def _count(text: str | None) -> int:
    if not text:
        return 1
    if text.replace(",", "").isdigit():
        return int(text.replace(",", ""))  # "100,000 个 H100"
    if text.endswith("万"):  # "10 万张", "1.2万张", "两万颗"
        number = text[:-1].strip()
        return round(float(number) * 10000) if number.replace(".", "", 1).isdigit() else _CN_COUNT.get(number, 1) * 10000
    return _CN_COUNT.get(text, 1)


def find_models(text: str, offset: int = 0) -> list[Mention]:
    """Named models, as written with their version or size; spans plus
    ``offset`` (where ``text`` starts in the document).

    >>> [m.name for m in find_models("IPU-M2000的ResNet50吞吐量，BERT-Large和GPT-J 6B，ResNet-50 v1.5")]
    ['ResNet50', 'BERT-Large', 'GPT-J 6B', 'ResNet-50 v1.5']
    >>> [m.name for m in find_models("用Llama 2 70B推理，图像分类模型")]
    ['Llama 2 70B']
    """
    out = []
    bare = _needs_version()
    for m in _model_pattern().finditer(text):
        name = m.group("name").strip(" -")
        if name in bare:
            continue  # "DeepSeek" alone: the brand, not one model
        if name == "SSD" and _is_drive(text, m.start("name"), m.start("name") + len(name)):
            continue  # "NVMe SSD": a drive, not the detector
        if _ENGINE_AFTER.match(text, m.start("name") + len(name)):
            continue  # "第二代Transformer引擎": a part of a chip named for the workload, no workload
        if _digit_glued_to_family().match(name):
            continue  # "衡川T50": a family that ends in a digit (T5) with another digit glued on is another code
        start = m.start("name") + offset
        out.append(Mention("model", start, start + len(name), name, name))
    return out


_ENGINE_AFTER = rx.compile(r"\s?(?:引擎|Engine|engine)")


@lru_cache(maxsize=1)
def _digit_glued_to_family() -> Pattern:
    ending = [f for f in lexicons.models()["families"] if f[-1].isdigit()]
    return rx.compile(rf"(?:{_alt(ending)})\d") if ending else rx.compile(r"(?!)")


def _is_drive(text: str, start: int, end: int) -> bool:
    words = lexicons.models()
    return (any(w in text[max(0, start - 12):start] for w in words["drive_before"])  # ("PCIe 4.0 SSD")
            or any(text[end:].lstrip().startswith(w) for w in words["drive_after"]))


@lru_cache(maxsize=4)
def _hardware_matches(text: str) -> tuple[Match, ...]:
    """All hardware-pattern matches in ``text``, kept for the next few calls:
    a sentence is scanned for hardware twice (with and without exclusions).
    Keyed by the text alone: hashing a compiled pattern hashes its whole
    program, 8 µs for this one."""
    return tuple(_hardware_pattern().finditer(text))


def find_hardware(text: str, exclude: list[tuple[int, int]] = (), known: frozenset[str] = frozenset()) -> list[Mention]:
    """Hardware names without vendor prefix or trailing category word.

    >>> [(m.name, m.count) for m in find_hardware("英伟达A100 GPU与华为昇腾910 AI处理器，比3台DGX-A100快")]
    [('A100', 1), ('昇腾910', 1), ('DGX-A100', 3)]
    >>> [m.name for m in find_hardware("在IPU-POD16上，Google TPU v4，FP16算力，MI300X")]
    ['IPU-POD16', 'TPU v4', 'MI300X']
    """
    out: list[Mention] = []
    banned = _not_hardware()
    vendor_words = vendors()
    if _GLUED_YEAR.search(text):
        # "NVIDIA H1002022NVIDIA H2002023": a flattened table glues a year to each code
        text = _GLUED_YEAR.sub(lambda m: " " * len(m.group()), text)
    for m in _hardware_matches(text):
        core = m.group("core").strip()
        start, end = m.span("core")
        if exclude and any(s < end and start < e for s, e in exclude):
            continue
        brand = _brand_prefix().match(core)
        if brand:
            core, start = core[brand.end():], start + brand.end()  # "昆仑芯R200" -> R200
        determiner = _determiner().match(core)
        if determiner:  # "Each Ascend 910C delivers…": the word opens the sentence, not the name
            core, start = core[determiner.end():], start + determiner.end()
        spaced = _SPACED_DECIMAL.search(core)
        if spaced and lexicons.unit_for(_next_word(text, start + len(core))):
            # "LPU 0.22 s": a figure after a class, not its model number ("TPU 3.0 效能" keeps its version)
            core = core[:spaced.start()]
            end = start + len(core)
        counted = _SPACED_COUNT.search(core)
        if counted and _CLASSIFIER_AFTER.match(text, start + len(core)) and counted.start() > 0:
            # "UltraServer 64 顆合計", "DGX 8 块 H100": a count of units after the name, no model number
            core = core[:counted.start()]
            end = start + len(core)
        figure = _WORD_THEN_FIGURE.fullmatch(core)
        if figure and (text[end:end + 1] == "." or lexicons.unit_for(_next_word(text, end))):
            # "Spark 38.6 tok/s", "Spark 1723 tok/s": a figure after a one-word name, not its model number
            core = figure.group(1)
            end = start + len(core)
        year = _TRAILING_YEAR.search(core)
        if year and _FIGURE_NEXT.match(text, end):
            # "第六代 Trillium 2024 918 TFLOPS 32GB": a table row's year column after the name, no model number
            core = core[:year.start()]
            end = start + len(core)
        underscored = _UNDERSCORE_TAIL.match(text, end) if not m.group("category") else None
        if underscored:
            core, end = core + underscored.group(), underscored.end()  # "海光K100_AI": a variant joined by "_"
        fabric = _FABRIC_TAIL.match(text, end) if not m.group("category") else None
        if fabric:
            core, end = core + fabric.group(), fabric.end()  # "H20+RoCE", "H800+IB": a test setup, chips and network
        words = core.split()
        first_word = words[0].split("-")[0].casefold() if words else ""
        if core.casefold() in banned or (first_word in banned and core not in _standalone_names()) or core in vendor_words:
            continue
        if _NOT_A_SYSTEM.search(core) or (len(words) > 1 and _FORMAT_WORD.fullmatch(words[-1])) \
                or (_PAGE_MARK.fullmatch(core) and text[end:end + 1] in (":", "：")) \
                or (_SIZE_CODE.fullmatch(core) and (_COUNTED_AFTER.match(text, end)
                                                    or _size_before().search(text, max(0, start - 8), start)
                                                    or (core not in _standalone_names() and (
                                                        _MODEL_AFTER_SIZE.match(text, end)
                                                        or (text[start - 1:start] in ("（", "(")
                                                            and text[end:end + 1] in ("，", ",", "）", ")", "、")))))):
            continue  # "P3：Blackhole 总览": a slide; "续训 300B tokens": a count of tokens  # "EP320" (a parallelism degree), "Max-32B" (a model size), "Only INT4" (a format)
        if m.group("category") and core.casefold() in _model_families():
            continue  # "DeepSeek一体机", "Qwen服务器": a kind of appliance sold for a model, no system
        glued = _GLUED_FORMAT.match(core)
        if glued and glued.group(1).casefold() in banned:
            continue  # "80 GB HBM3141 GB HBM3e": a memory type glued to the next figure
        count_text = m.group("count")
        match_start = m.start()
        prefix = text[max(0, match_start - 8):match_start]
        verb = _COMPONENT_BEFORE.search(prefix)
        if verb is not None and _DEPLOYED_ON.match(text, m.end()):
            verb = None  # "基于CloudMatrix384部署的DeepSeek-R1": the system a model runs on, no part
        component = (verb is not None and not _HEAD_OF_CLAUSE.search(verb.group())) or bool(
            count_text and _USED_BEFORE.search(prefix))  # "Eos使用10752块H100"
        gap = text[out[-1].end:match_start] if out else ""
        if out and out[-1].component and _PART_JOINER.fullmatch(gap):
            component = True  # "集成了72颗B200 GPU和36颗Grace CPU": every listed part
        elif component and out and out[-1].component and gap.strip() == "的" and not count_text:
            component = False  # "基于WSE-3的CS-3系统": the part is WSE-3, the system built on it is CS-3
        elif count_text and out and not out[-1].component and _BRACKET_OPENS.fullmatch(gap):
            component = True  # "Atlas 800T A2训练服务器（8×昇腾910B）": the whole's parts, in brackets after it
        elif out and not out[-1].component and not count_text and gap.strip() in ("", "的") \
                and (m.group("category") or "").strip() in _BLOCK_CLASSES and core.upper() not in class_names() \
                and "架构" not in text[out[-1].start:match_start]:  # ("Blackwell架构的B200 GPU": a product of it)
            component = True  # "骁龙X Elite的Hexagon NPU", "Grace Hopper的Hopper GPU": a block of the chip before it
        generation = _GENERATION_BEFORE.search(text, max(0, start - 6), start)
        if generation and not m.group("vendor") and not count_text and core.upper() not in class_names() \
                and core not in _codenames() and not _VERSIONED.search(core):
            # "第二代FSD芯片": a generation ordinal makes another product (spec 9), part of the name (a codename
            # names its generation already: "第七代Ironwood" is Ironwood; so does a version, "第四代 TPU v4")
            core, start = text[generation.start():end], generation.start()
        edition = _EDITION_BEFORE.search(text, max(0, start - 8), start) \
            if not m.group("vendor") and core.upper() not in class_names() else None  # (not "桌面 GPU": a kind)
        if edition:
            core, start = text[edition.start():end], edition.start()
        glued = _GLUED_PRECISION_TAIL.search(core)
        if glued is not None and not m.group("category"):
            core, end = core[:glued.start()], end - len(glued.group())  # "深算三号FP16算力": the name, then a format
        category = m.group("category")
        span_end = m.end("category") if category else end
        if _SOFTWARE_AFTER.match(text, span_end):
            continue  # "AIDA64软件", "PaddleX系列模型": software and models are not hardware (spec 2)
        if _VEHICLE_AFTER.match(text, span_end):
            continue  # "理想L7、蔚来ET5等车型都搭载了双Orin-X": a car carries the system, it is none
        if text[match_start - 1:match_start] in ("#", "＃") and (
                text[span_end:span_end + 1] in ("#", "＃", "") or text[span_end:span_end + 1].isspace()):
            continue  # "#国产算力# #昇腾#", "#M4Max #RTX4090": a topic's tag, no system a figure is about
        if category and core in _bare_families() and core.upper() not in class_names() \
                and "\n" not in text[start:span_end]:
            core = text[start:span_end]  # "Bow IPU": the family alone names nothing
        if out and (not gap or (len(gap) == 1 and gap.isspace())) and not count_text and not m.group("vendor"):
            # adjacent (\s? between; a vendor word in between starts a new name: "MTIA v4英伟达H200")
            # "GH200 Grace Hopper超级芯片": an appositive of the name before it;
            # "RDU芯片SN40L": a generic class followed by the product's name.
            if (out[-1].name.upper() in class_names() and core.upper() not in class_names()) or (
                    not _NUMBERED.search(out[-1].name) and _NUMBERED.search(core)) or (
                    out[-1].name.startswith("第") and core in _codenames()):
                # (and "第七代TPU Ironwood": the generation's own name)
                # ...and "Blackwell B200": the model number is more specific than the architecture
                out[-1] = Mention("hardware", start, span_end, text[start:span_end], core, count=out[-1].count)
                continue
            if not (_NUMBERED.search(out[-1].name) and _NUMBERED.search(core)):
                continue
            # two model numbers side by side ("A100 H100 H200", "H100 SXM H100 PCIe"): two names
        out.append(Mention("hardware", start, span_end, text[start:span_end], core,
                           count=_count(count_text), component=component))
    opened = find_open_names(text, [(m.start, m.end) for m in out] + list(exclude))
    for o in opened:
        before = next((i for i, m in enumerate(out) if m.end == o.start), None)
        if before is not None and not rx.search(r"\d", out[before].name) and rx.search(r"\d", o.name):
            # "昇腾超节点CloudMatrix384": a family and its class word, then the product itself
            out[before] = Mention("hardware", o.start, o.end, o.surface, o.name, count=out[before].count)
        else:
            out.append(o)
    if any(tail in text for tail in _center_tails()):
        taken = [(m.start, m.end) for m in out] + list(exclude)
        for m in _center_pattern().finditer(text):
            if not any(a < m.end() and m.start() < b for a, b in taken):
                out.append(Mention("hardware", m.start(), m.end(), m.group(), m.group()))
    if "”" in text or "」" in text or '"' in text:
        out += find_quoted_systems(text, [(m.start, m.end) for m in out] + list(exclude))
    if _TECH_HINT.search(text):
        out += find_technologies(text, [(m.start, m.end) for m in out] + list(exclude))
    if known and any(head in text for head in _known_heads(known)):
        taken = [(m.start, m.end) for m in out] + list(exclude)
        for start, end in known_spans(text, known):
            if not any(a < end and start < b for a, b in taken):
                out.append(Mention("hardware", start, end, text[start:end], text[start:end]))
            elif _HAN_BRAND.match(text, start) and any(start < a and b == end for a, b in taken) and not any(
                    a < end and start < b and not (start <= a and b <= end) for a, b in taken) \
                    and not any(a < end and start < b for a, b in exclude):
                # "衡山S3": a brand's product the document names with several codes holds the code found alone
                inner = [m for m in out if start <= m.start and m.end <= end]
                out = [m for m in out if m not in inner]
                out.append(Mention("hardware", start, end, text[start:end], text[start:end],
                                   count=inner[0].count if inner else 1))
    if out and ("架构" in text and len(out) > 1 or _ADOPTION_HINT.search(text)):
        out = [_adopted_architecture(text, m, out) for m in out]
    if "基于" in text:
        out = [_base_of_unnamed(text, m, out) for m in out]
    return sorted(out, key=lambda m: m.start)


_WORD_THEN_FIGURE = rx.compile(r"((?:[A-Z][a-z]+\s)*[A-Z][a-z]+)\s\d+")  # (also "Panther Lake 50 TOPS")
_BRACKET_OPENS = rx.compile(r"[^，。,；;:：()（）\s]{0,12}\s?[(（]\s?")
_BLOCK_CLASSES = frozenset({"NPU", "GPU", "CPU", "DSP", "ISP"})
_FABRIC_TAIL = rx.compile(r"\+(?:IB|InfiniBand|RoCE(?:v2)?|NVLink|以太网|Ethernet)(?![A-Za-z0-9])")
_UNDERSCORE_TAIL = rx.compile(r"_[A-Za-z0-9]{1,6}(?![A-Za-z0-9_])")

#: a model number, in digits or in Chinese ("深算三号"): two such names side by side are two systems
_NUMBERED = rx.compile(r"\d|[一二三四五六七八九十]号")
_BASED_ON = rx.compile(r"基于[^，。,；;的\d]{0,5}$")  # (a vendor or brand between: "基于昆仑芯P800")
_OF_AFTER = rx.compile(r"\s?的\s?")


def _base_of_unnamed(text: str, m: Mention, found: list[Mention]) -> Mention:
    """"基于昆仑芯P800的3万卡集群…，单卡显存96GB": what an unnamed whole is built on names it (spec 9, parts
    and wholes); "基于WSE-3的CS-3系统" keeps WSE-3 a part of the named CS-3."""
    if not m.component or m.count > 1 or not _BASED_ON.search(text, max(0, m.start - 8), m.start):
        return m
    of = _OF_AFTER.match(text, m.end)
    if of is None or any(o.start == of.end() for o in found):
        return m
    return m._replace(component=False)


# ("蔚来ET7、小鹏G9等采用的Orin-X芯片，其单颗算力…": the chip heads a relative clause, no part)
_ADOPTED_BEFORE = rx.compile(rf"(?:{_listed('adoption_verbs')})了?(?!的)[^，。,；;]{{0,14}}$")
_ARCHITECTURE_AFTER = rx.compile(r"[”」\"]?\s?架构")
_CHIP_WORDS = ("超级芯片", "芯片", "处理器", "SoC", "APU", "GPU")  # (longest first: read as an alternation below)
_ADOPTION_HINT = rx.compile(rf"(?:{_listed('adoption_verbs')})[^，。,；;]{{0,30}}(?:{'|'.join(_CHIP_WORDS)})")
_CHIP_AFTER = rx.compile(rf"[”」\"]?(?:\s?[A-Z][A-Za-z]+){{0,3}}\s?(?:{'|'.join(_CHIP_WORDS)})")  # ("GB10 Grace Blackwell 超级芯片")
_ADOPTER_PRONOUN = rx.compile(rf"(?:它|其|该[\u4e00-\u9fff]{{1,3}}|這[\u4e00-\u9fff]{{0,2}})\s?(?:{_listed('adoption_verbs')})")


@lru_cache(maxsize=1)
def _determiner() -> Pattern:
    return rx.compile(rf"(?:{_alt(lexicons.hardware()['name_determiners'])})\s(?=\S)")


_SPACED_DECIMAL = rx.compile(r"\s\d+\.\d+$")
_SPACED_COUNT = rx.compile(r"\s\d{1,5}$")
_CLASSIFIER_AFTER = rx.compile(r"\s?[颗顆块塊张張台臺个個片枚]")
_WORD_AFTER = rx.compile(r"\s?([A-Za-z%/]+|[\u4e00-\u9fff]{1,2})")


def _next_word(text: str, at: int) -> str:
    m = _WORD_AFTER.match(text, at)
    return m.group(1) if m else ""


def _adopted_architecture(text: str, m: Mention, found: list[Mention]) -> Mention:
    """"A100采用了Ampere架构", "征程6P采用了…BPU“纳什”架构": an architecture a named chip adopts is a part
    of that chip, not a second subject (the architecture alone stays a subject: "Hopper架构的性能…")."""
    if m.component:
        return m
    architecture = m.surface.endswith("架构") or _ARCHITECTURE_AFTER.match(text, m.end)
    chip = not architecture and (m.surface.endswith(_CHIP_WORDS) or _CHIP_AFTER.match(text, m.end))
    if not (architecture or chip):
        return m
    adopted = _ADOPTED_BEFORE.search(text, max(0, m.start - 16), m.start)
    if adopted is None:
        return m
    verb_at = m.start - len(adopted.group())
    if any(o.end <= verb_at + 2 and o is not m for o in found):
        return m._replace(component=True)
    if chip and _ADOPTER_PRONOUN.search(text, max(0, verb_at - 6), verb_at + 3):
        # "它采用 GB10 Grace Blackwell 超级芯片，可提供 1 PFLOP": the chip the system the pronoun names is built on
        return m._replace(component=True)
    return m


def known_spans(text: str, names: frozenset[str]) -> list[tuple[int, int]]:
    """The spans ``_known_pattern(names).finditer(text)`` finds.

    The alternation of a document's names would be compiled once per
    document; when no name is a prefix of another (spaces and dashes aside,
    the usual case) at most one name can match at a position, so the same
    spans come from each name's own pattern, compiled once per name for the
    whole run, tried where its head occurs, taken leftmost first without
    overlaps. Otherwise the alternation is compiled."""
    if _prefix_related(names):
        return [m.span() for m in _known_pattern(names).finditer(text)]
    found: dict[int, int] = {}
    for name in names:
        head = name.split(" ")[0]
        pattern = _name_pattern(name)
        i = text.find(head)
        while i != -1:
            m = pattern.match(text, i)
            if m is not None:
                found[i] = m.end()
            i = text.find(head, i + 1)
    spans, pos = [], 0
    for start in sorted(found):
        if start >= pos:
            spans.append((start, found[start]))
            pos = found[start]
    return spans


@lru_cache(maxsize=64)
def _prefix_related(names: frozenset[str]) -> bool:
    # a match can differ from its name only in whitespace and dashes
    folded = sorted(_SEPARATORS.sub("", name) for name in names)
    return any(b.startswith(a) for a, b in zip(folded, folded[1:])) or "" in folded


_SEPARATORS = rx.compile(r"[\s-]")


# a known name with a tier after it is the tier's product ("衡川T30 Pro" beside "衡川T30")
NAME_TIER = rx.compile(_alt(lexicons.hardware()["name_tiers"]))
_TIER_AFTER = rf"(?:\s(?:{NAME_TIER.pattern}))?"


@lru_cache(maxsize=4096)
def _name_pattern(name: str) -> Pattern:
    return rx.compile(rf"(?<![A-Za-z0-9\-])(?:{_alt([name])}){_TIER_AFTER}(?![A-Za-z0-9])")


@lru_cache(maxsize=64)
def _known_pattern(names: frozenset[str]) -> Pattern:
    # the first-character test written from the names themselves (prefiltered() would parse the pattern again)
    first = "".join(sorted({rx.escape(name[0]) for name in names if name}))
    test = f"(?=[{first}])" if first and all(name and name[0] != " " for name in names) else ""
    return rx.compile(rf"{test}(?<![A-Za-z0-9\-])(?:{_alt(list(names))}){_TIER_AFTER}(?![A-Za-z0-9])")


_CAPITAL = rx.compile(r"[A-Z]")
_PREDICATED_FIGURE = rx.compile(rf"\s?(?:{_listed('figure_copulas')})\s?\d")
_FORMAT_WORD = rx.compile(r"(?:MX|NV)?(?:FP|INT|BF|TF)\d{1,2}")
# "EP320" (a parallelism degree), "Max-32B" (a model size), "Training v2" / "Inference v4" (MLPerf rounds)
# (also a quantisation scheme: "W8A8", "W4A16")
_NOT_A_SYSTEM = rx.compile(r"^(?:EP|TP|PP|DP|CP)\d+$|-\d+(?:\.\d+)?B$|^(?:Training|Inference|Storage|Tiny)\s?v\d|^W\d{1,2}A\d{1,2}$"
                           r"|^I?Q\d(?:_[A-Z0-9]{1,2})*$"  # (and llama.cpp's quantisations: "IQ2", "Q4_K_M")
                           r"|^(?:LV|Lv|lv)\.?\d{1,2}$"  # (a forum or video site's user level: "LV6")
                           r"|^JESD\d+(?:-\d+)?[A-Z]?$|^(?:PAM|NRZ)\d?$"  # (a JEDEC standard, "JESD270-4"; a signalling, "PAM3")
                           r"|^(?:WRX|TRX)\d{2}[A-Z]?$|^[XB]\d{3}E$|^Z\d{3}$"  # (a motherboard's chipset: "WRX90E", "X670E", "Z790")
                           r"|^b\d{4}$"  # (a llama.cpp build: "b5600")
                           r"|^(?:MX|NV)?(?:FP|INT|BF|TF|HIF)\d+(?:\.\d+)?$")  # (a number format glued to a figure: "MXFP84.5")
_PAGE_MARK = rx.compile(r"P\d{1,2}")
_VEHICLE_AFTER = rx.compile(rf"(?:\s?[、和与及][^，。；,;、]{{1,12}}?)*\s?等?(?:{_listed('vehicle_words')})")
_HAN_BRAND = rx.compile(r"[\u4e00-\u9fff]{2}\s?[A-Za-z]")  # a known "衡山S3" ("衡山 S3"): a Chinese brand before a code
_SIZE_CODE = rx.compile(r"\d+(?:\.\d+)?[BMKT]")
_COUNTED_AFTER = rx.compile(r"\s?(?:tokens?|Tokens?|参数|词元|条|个)")
# "跑671B的模型", "DeepSeek V3.2（671B，W8A8量化）": a size code before a model word or alone in a model's
# brackets is the model's size (a chip code the lexicon knows alone, 910B, stays a chip)
_MODEL_AFTER_SIZE = rx.compile(r"\s?的?\s?(?:大)?(?:模型|model|参数)")


@lru_cache(maxsize=1)
def _size_before() -> Pattern:
    """A workload-size word right before a size code ("总参数671B", "参数量为70B"): a model's size, not
    a chip's code (as "910B" is)."""
    return rx.compile("(?:" + alternation(lexicons.grammar()["workload_size"]) + r")(?:为|达|约|是|有|规模)?\s?$")


_GLUED_PRECISION_TAIL = rx.compile(r"(?<=\p{Han})(?:FP|INT|BF|TF)\d{1,2}$")
_TRAILING_YEAR = rx.compile(r"\s(?:19|20)\d{2}$")
_FIGURE_NEXT = rx.compile(r"\s+\d")
_GLUED_YEAR = rx.compile(r"(?<=[A-Z]{1,4}\d{3})(?:19|20)\d{2}(?![0-9])")
_GLUED_FORMAT = rx.compile(r"((?:HBM|GDDR|LPDDR|DDR|FP|INT|BF)\d[eE]?)\d+$")
# (not a server for one: "ZQ-I8 大模型推理服务器" is hardware)
_SOFTWARE_AFTER = rx.compile(rf"\s?(?:系列)?(?:{_listed('software_nouns')})"
                             rf"(?!(?:{PURPOSE_WORDS}){{0,2}}\s?(?:服务器|一体机|集群|加速卡))")
# guarded: under IGNORECASE re tried every word at every position (asked of every sentence; 3x faster)
_TECH_HINT = guarded(r"HBM|DDR|NVL|NVS|Infini|RoCE|CXL|UAL|-Hi|Ethernet", r"HDNIRCUE\-", rx.IGNORECASE)


@lru_cache(maxsize=64)
def _known_heads(names: frozenset[str]) -> tuple[str, ...]:
    """What any match of a name must contain verbatim: the name up to its
    first space (a space may be matched as "-" or nothing). A sentence with
    none of them is not scanned, and a document whose analysed sentences
    hold none does not compile the pattern at all."""
    return tuple({name.split(" ")[0] for name in names})


_OPEN_NAME = guarded(  # (the lookbehind in front hid the capital a name starts with from re)
    r"(?<![A-Za-z0-9\-])(?=[A-Za-z-]{3})[A-Z][A-Za-z]+\d{0,4}(?:-[A-Z0-9][A-Za-z0-9]*)*(?:\s[A-Z0-9][A-Za-z0-9]*)?(?![A-Za-z0-9])",
    "A-Z")


_INTRODUCED_BY = rx.compile(rf"(?:{_listed('name_introducers')})\s?[“\"「『]?$")


def find_open_names(text: str, taken: list[tuple[int, int]], strict: bool = False) -> list[Mention]:
    """Latin names the lexicon lacks, accepted only where the sentence uses
    them as a system: "Trillium的峰值算力", "在Trillium上"; ``strict``: only
    where the sentence introduces them as one (not "X的吞吐量")."""
    if _CAPITAL.search(text) is None:
        return []  # every open name starts with a Latin capital
    out = []
    for start, end, name, introduced in _open_candidates(text):
        if any(a < end and start < b for a, b in taken):
            continue
        # ("Hailo-8 的能效比": a space before 的 after a model number; not "KV Cache 的显存占用")
        of = end + (1 if text.startswith(" 的", end) and rx.search(r"\d", name) else 0)
        if introduced or (not strict and text.startswith("的", of)
                          and any(x.rank == 0 for x in find_metrics(text[of + 1:of + 14]))) or (
                not strict and _PREDICATED_FIGURE.match(text, end)  # "Adastra以46.1 petaflops的成绩"
                and not any(x.start == 0 and x.end == len(name) for x in find_metrics(name))):  # not "TDP为750W"
            out.append(Mention("hardware", start, end, name, name))
    return out


def clear_open_names() -> None:
    _open_candidates.cache_clear()


@lru_cache(maxsize=1024)
def _open_candidates(text: str) -> tuple[tuple[int, int, str, bool], ...]:
    """(start, end, name, introduced as a system) of the open-name candidates
    of a sentence; cached, as a document's sentences are read for the names
    it introduces before they are read for claims."""
    out = []
    banned, vendor_words, families = _not_hardware(), vendors(), _model_families()
    for m in _OPEN_NAME.finditer(text):
        name = m.group()
        figure = _TRAILING_FIGURE.search(name)
        if figure and (text[m.end():m.end() + 1] == "." or lexicons.unit_for(_next_word(text, m.end()))):
            name = name[:figure.start()]  # "Spark 38.6 tok/s", "Spark 1723 tok/s": the figure after the name
        head = name.split()[0].split("-")[0].casefold()  # (its first word, up to a dash)
        if name.casefold() in banned or head in banned or name in vendor_words or head in families:
            continue  # ("DeepSeek的“低成本”": a model family is no system)
        if name.casefold() in _metric_pattern()[1]:
            continue  # "在MMLU上", "TTFT": a benchmark or a metric named like a product
        start, end = m.start(), m.start() + len(name)
        located = text[start - 1:start] == "在" and text[end:end + 1] == "上" if start else False
        # "第二代芯片RNGD", "推理用NPU“ATOM”": a name right after the class word that introduces it
        introduced = located or bool(_INTRODUCED_BY.search(text[max(0, start - 8):start])) or (
            # "XR-G4808搭载8张RTX 4090": what holds counted parts is a system
            _HOLDS_PARTS.match(text, end) is not None) or (
            # "发表了…的'REBEL-Quad'", "第二代NPU'RNGD(热尼格德)'": a product name in quotes (Korean and Japanese
            # news put the names they introduce in single quotes)
            start > 0 and text[start - 1] in _OPENING_QUOTES and _CLOSING_QUOTE.match(text, end) is not None)
        out.append((start, end, name, introduced))
    return tuple(out)


_HOLDS_PARTS = rx.compile(r"\s?(?:搭载|配备|配置|集成|内置|装有)了?\s?(?:\d{1,5}|[一二两三四五六七八九十]{1,3})\s?(?:张|颗|块|片|个|卡)")
_TRAILING_FIGURE = rx.compile(r"\s\d+$")
_OPENING_QUOTES = "'‘“「"
_CLOSING_QUOTE = rx.compile(r"(?:\s?[（(][^)）]{1,12}[)）])?['’”」]")
# what follows a ratio word (能耗比, 功耗比) that is the ratio itself, not "than X"
_RATIO_FOLLOWS = rx.compile(r"\s?(?:[提增翻改优达为是高低降减上下约仅可近超最，,。；;、）)]|\d|$)")
_RATIO_OR_THAN = frozenset(_WORDS["ratio_or_than"])  # a ratio, or a quantity and "than"
_GENERATION_BEFORE = rx.compile(r"第[一二三四五六七八九十\d]{1,2}代\s?$")
_VERSIONED = rx.compile(r"\sv\d|[A-Za-z]\d")  # "TPU v4", "P800": a name that carries its version
# spec 9: a qualifier that makes another product is part of the name ("中国特供版H20", "笔记本版RTX 4090")
# (a laptop's or a desktop's card is another product even without 版: "笔记本5090只有桌面5090六成速度")
_EDITION_BEFORE = rx.compile(rf"(?:(?:{_listed('edition_qualifiers')})版|{FORM_EDITIONS})\s?$")
_CONDITION_BEFORE = rx.compile(rf"(?:{_listed('same_words')})(?:AI|的)?\s?$")  # ("同等AI算力下")
_CONDITION_OPEN = rx.compile(r"在[^，,。；;]{0,6}$")
_CONDITION_CLOSE = rx.compile(r"[^，,。；;]{0,6}?(?:条件)?下")
# "扩到1024卡时仍有约88%", "在512卡时": 时 is "when" after a count of cards, not card-hours ("消耗30万卡时")
_WHEN_CARDS = rx.compile(r"(?:在|到|至)\s?[\d,.]+\s?(?=卡时)|(?<=卡时)(?:仍|还|也|下|候)")


def find_metrics(text: str, offset: int = 0) -> list[Mention]:
    """Metric triggers; rank 0 specific, 1 generic speed noun, 2 comparative
    verb (快, 领先); the bare time words (耗时) are metric "time", rank 2.
    Spans plus ``offset`` (where ``text`` starts in the document).

    >>> [(m.name, m.rank) for m in find_metrics("吞吐量实现2.6倍的性能提升，训练BERT的时间")]
    [('throughput', 0), ('speed', 1), ('time_to_train', 0)]
    >>> [m.name for m in find_metrics("混合精度训练，Top-1准确率")]
    ['accuracy', 'accuracy']
    """
    pattern, table = _metric_pattern()
    out = []
    for m in pattern.finditer(text):
        word = m.group()
        start = m.start()
        near, before = text[max(0, start - 5):start], text[max(0, start - 8):start]
        if ("同" in near and _CONDITION_BEFORE.search(near)) or (
                "在" in before and _CONDITION_OPEN.search(before)
                and _CONDITION_CLOSE.match(text, m.end(), m.end() + 8)):
            continue  # "在相同功耗和价格下", "同功耗主流GPU": a test condition, not what is measured
        if word == "卡时" and (_WHEN_CARDS.search(text, max(0, start - 10), start) or _WHEN_CARDS.match(text, m.end())):
            continue
        key = word.casefold()
        end = m.end()
        if key in _RATIO_OR_THAN and not _RATIO_FOLLOWS.match(text, end):
            # "能耗比GPU降低九成": 比 opens a comparison (than GPU), the word is 能耗; "能耗比提升16%" is the ratio
            key, word, end = key[:-1], word[:-1], end - 1
        if key in table:
            metric, rank = table[key]
        elif word.startswith("训练"):
            metric, rank = "time_to_train", 0
        else:
            metric, rank = "time", 2
        out.append(Mention("metric", m.start() + offset, end + offset, word, metric, rank=rank))
    return out


def find_words(text: str, words: Sequence[str]) -> list[tuple[int, int, str]]:
    """(start, end, word) of every word of ``words`` in ``text``, any case."""
    return [(m.start(), m.end(), m.group()) for m in _pattern_of(words).finditer(text)]


def has_words(text: str, words: Sequence[str]) -> bool:
    """Whether ``find_words(text, words)`` finds any (stops at the first)."""
    return _pattern_of(words).search(text) is not None


def _pattern_of(words: Sequence[str]) -> Pattern:
    entry = _PATTERN_OF_LIST.get(id(words))
    if entry is None or entry[0] is not words:
        # the lexicons pass the same list objects every time: key their pattern by identity,
        # not by a tuple of their words built and hashed on every call
        entry = (words, _words_pattern(tuple(words)))
        if len(_PATTERN_OF_LIST) < 256:  # a caller passing fresh lists falls back to the slower path
            _PATTERN_OF_LIST[id(words)] = entry
    return entry[1]


_PATTERN_OF_LIST: dict[int, tuple[Sequence[str], Pattern]] = {}


@lru_cache(maxsize=None)
def _words_pattern(words: tuple[str, ...]) -> Pattern:
    pattern = _alt(list(words), ignorecase=True)
    if any(w[:1].lower() != w[:1].upper() for w in words):
        # a word starting with a Latin letter hides the first characters from re under IGNORECASE:
        # guarded, 2-4x faster; lists of Han words only are faster without (re scans for them itself)
        return guarded(pattern, initials(words), rx.IGNORECASE)
    return rx.compile(pattern, rx.IGNORECASE)
