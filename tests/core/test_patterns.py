"""The regular-expression speed-ups of extract.core.patterns keep every match: the
standard ``re`` engine against ``regex`` on the extractor's own patterns, trie
alternations against the sorted alternations they replace, every
first-character guard against its plain pattern; and the package stays on
public modules, plain types and no generated code."""
import dataclasses
import pickle
import re
from pathlib import Path

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from extract import lexicons
from extract.core import bind, context, scope
from extract.core import normalize as normalize_module
from extract.core import patterns
from extract.core import recognize, segment
from extract.core import values as values_module
from extract.core.claims import Claim
from extract.core.normalize import normalize
from extract.core.recognize import Mention
from extract.core.values import ValueMention
from extract.io import files

from ..conftest import CORPUS, DEV, ROOT


def _lines() -> list[str]:
    out = []
    for corpus in (CORPUS, DEV / "corpus"):
        for path in sorted(corpus.glob("*.txt")):
            text = normalize(files.read_document(path)).text
            bind.extract_claims(text)  # compiles every pattern the extractor uses on real text
            out.extend(line for line in text.split("\n") if line.strip())
    return out


@pytest.fixture(scope="module")
def lines():
    return _lines()


@pytest.fixture(scope="module")
def real_lines():
    real = ROOT.parent / "shared" / "real" / "corpus"
    out = []
    for path in sorted(real.glob("*.txt")):
        text = normalize(files.read_document(path)).text
        bind.extract_claims(text)
        out.extend(line for line in text.split("\n") if line.strip())
    return out


def _spans(pattern, texts):
    return [[(m.span(), m.groups()) for m in pattern.finditer(t)] for t in texts]


def test_the_extractor_runs_mostly_on_re(lines):
    assert len(patterns.compiled_by_re()) >= 100


def test_every_pattern_given_to_re_matches_like_regex(lines):
    sample = "\n".join(lines)
    differing = []
    for pattern, flags in patterns.compiled_by_re():
        std, reference = re.compile(pattern, flags), regex.compile(pattern, flags)
        if _spans(std, [sample]) != _spans(reference, [sample]):
            differing.append(pattern)
    assert not differing


@pytest.mark.parametrize("pattern, engine", [
    (r"\d+GB", "re"),
    (r"(?<!混合|半)精度", "_regex"),       # variable-width lookbehind: re refuses it
    (r"[[:alpha:]]+", "_regex"),            # POSIX class: re only warns, and reads it differently
    (r"\p{Han}+", "_regex"),
])
def test_compile_picks_the_engine_that_reads_the_pattern(pattern, engine):
    assert type(patterns.compile(pattern)).__module__ == engine


def test_compile_keeps_regex_only_flags_on_regex():
    assert type(patterns.compile(r"abc", regex.V1)).__module__ == "_regex"   # V1 has re.ASCII's bit
    assert type(patterns.compile(r"abc", regex.IGNORECASE)).__module__ == "re"


def _sorted_alternation(words, space):
    return "|".join(re.escape(w).replace(r"\ ", space) for w in sorted(set(words), key=lambda w: (-len(w), w)))


# Words without spaces, one per length (the sorted alternation leaves words of equal length in set
# order, so ties have no one answer to compare with). Spaces: see the lexicon test below.
_WORDS = st.lists(st.text(alphabet="abAB-c倍", min_size=1, max_size=5), min_size=1, max_size=5, unique_by=len)


@settings(max_examples=1500, deadline=None)
@given(_WORDS, st.text(alphabet="abAB -c倍xX", max_size=30), st.booleans())
def test_trie_alternation_matches_like_the_sorted_alternation(words, text, ignorecase):
    flags = re.IGNORECASE if ignorecase else 0
    trie = re.compile(patterns.alternation(words, ignorecase=ignorecase), flags)
    flat = re.compile(_sorted_alternation(words, r"\s?"), flags)
    assert _spans(trie, [text]) == _spans(flat, [text])
    # also inside a larger pattern that backtracks into the alternation
    tail = r"(?=c|$)"
    assert _spans(re.compile(f"(?:{trie.pattern}){tail}", flags), [text]) == \
        _spans(re.compile(f"(?:{flat.pattern}){tail}", flags), [text])


def test_trie_alternation_of_every_lexicon_matches_like_the_sorted_one(lines):
    """The lexicons' words with spaces and case variants, on the corpus."""
    strong, weak = lexicons.unit_aliases()
    metrics = lexicons.metrics()
    cases = [(words, 0) for key, words in lexicons.hardware().items() if key != "not_hardware"]
    cases += [(lexicons.models()["families"], 0), (lexicons.models()["variants"], 0),
              ([*strong, *weak], re.IGNORECASE),
              ([w for group in ("specific", "generic", "comparative") for ws in metrics[group].values() for w in ws],
               re.IGNORECASE)]
    cases += [(words, re.IGNORECASE) for words in lexicons.context().values()]
    text = "\n".join(lines)
    for words, flags in cases:
        for space in (r"[\s-]?", r"\s?"):
            trie = re.compile(patterns.alternation(words, space=space, ignorecase=bool(flags)), flags)
            flat = re.compile(_sorted_alternation(words, space), flags)
            assert _spans(trie, [text]) == _spans(flat, [text]), words[:3]


def test_trie_alternation_prefers_the_spelled_out_word():
    # the one designed difference (see alternation's docstring)
    assert re.match(patterns.alternation(["b-aa", "b - a"]), "b-aa").group() == "b-aa"
    assert re.match(_sorted_alternation(["b-aa", "b - a"], r"\s?"), "b-aa").group() == "b-a"


def test_ignorecase_alternation_does_not_stop_at_another_case_variant():
    words = ["LLaMA", "Llama 2"]
    assert re.match(patterns.alternation(words, ignorecase=True), "Llama 2", re.I).group() == "Llama 2"


def test_alternation_of_nothing_matches_nothing():
    assert re.search(patterns.alternation([]), "anything") is None


@pytest.mark.parametrize("index", range(len(context._COMPARATOR_PATTERNS)))
def test_every_comparator_match_contains_one_of_its_needles(lines, index):
    pattern, needles = context._COMPARATOR_PATTERNS[index]
    # with the two characters a lookbehind may have looked at ("能效比") and the three a lookahead may
    # have ("只有桌面5090六成": the share's 成 after the comparator)
    found = [line[max(0, m.start() - 2):m.end() + 3] for line in lines for m in pattern.finditer(line)]
    assert found and all(any(n in text for n in needles) for text in found)


# find_values scans two slow patterns only where a cheaper one finds what each of their matches holds
_PREFILTERS = [("compute_precision", "_PRECISION_BEFORE_UNIT"), ("compute_shorthand", "_DIGIT_THEN_PE")]


@pytest.mark.parametrize("name,prefilter", _PREFILTERS)
def test_value_prefilter_finds_something_in_every_match(lines, name, prefilter):
    pattern, gate = values_module._patterns()[name], getattr(values_module, prefilter)
    samples = ["105 INT8 稀疏 TOPs", "5.3 FP32 TFLOPs", "2 dense PFLOPS", "算力从10P提升到100P", "300P算力", "1.5 E 的AI算力"]
    found = [m.group() for text in lines + samples for m in pattern.finditer(text)]
    assert len(found) >= 3 and all(gate.search(text) for text in found), [t for t in found if not gate.search(t)]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["1", "05", ".", " ", "INT8", "fp16", "BF16", "稀疏", "sparse", "TOPs", "TFLOPS", "pflops",
                                 "P", "E", "算力", "的", "AI", "x", "-"]), max_size=12).map("".join))
def test_value_prefilters_on_generated_text(text):
    for name, prefilter in _PREFILTERS:
        if values_module._patterns()[name].search(text):
            assert getattr(values_module, prefilter).search(text), (name, text)


def test_an_assignment_before_a_value_holds_an_equals_sign(lines):
    # _out_of_scope_value asks _ASSIGNED only of a window with a "=": every match holds one
    found = [m.group() for line in lines for m in scope._ASSIGNED.finditer(line + " ")]
    found += [m.group() for t in ("x=", "pool_size = '", "--max-memory=", "a.b-c =\"") for m in scope._ASSIGNED.finditer(t)]
    assert found and all("=" in text for text in found)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="=-_.aZ9 '\"显存", max_size=24))
def test_assignment_pattern_needs_an_equals_sign_on_generated_text(text):
    if "=" not in text:
        assert scope._ASSIGNED.search(text) is None, text


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("与和跟同比较相对能效性价功耗是为的达其它后者前优于超越过领先从由以此原来之用在基快高低提升，1A") +
                                ["H100", "相比", "差距", "比起来"]), max_size=16).map("".join))
def test_comparator_needles_on_generated_text(text):
    for pattern, needles in context._COMPARATOR_PATTERNS:
        if not any(n in text for n in needles):
            assert pattern.search(text) is None, (pattern.pattern, text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="成本降低三十五倍半 ，。A100-.%\n", max_size=40), st.data())
def test_boundaries_at_equals_token_boundaries(text, data):
    positions = data.draw(st.lists(st.integers(0, len(text)), max_size=6))
    assert segment.boundaries_at(text, positions) == segment.token_boundaries(text) & set(positions)


def test_boundaries_at_on_the_corpus_lines(lines):
    for line in lines[:1500]:
        positions = list(range(0, len(line) + 1, 3))
        assert segment.boundaries_at(line, positions) == segment.token_boundaries(line) & set(positions), line


# --- first-character guards -----------------------------------------------------

def _guarded(lines):
    """(guarded pattern, plain pattern) of every guard built while the corpus was read."""
    assert lines
    out = []
    for pattern, first, flags in patterns.guarded_patterns():
        out.append((patterns.compile(f"(?=[{first}])(?:{pattern})", flags), regex.compile(pattern, flags)))
    # the hardware pattern's inner guard, on the name after the count
    source, first = recognize._hardware_regex(inner_guard=False)
    out.append((recognize._hardware_pattern(), regex.compile(source)))
    return out


def _matches(pattern, texts):
    return [[(m.span(), m.groups(), m.groupdict()) for m in pattern.finditer(t)] for t in texts]


def test_every_guard_in_use_is_tested(lines):
    names = {pattern for pattern, _, _ in patterns.guarded_patterns()}
    expected = [recognize._model_pattern(), recognize._metric_pattern()[0], recognize._technology_pattern(),
                bind._PRECISIONS, context._GENERIC_WORKLOAD, context._BRAND_CODE, normalize_module._NAME_DASH,
                recognize._COMPONENT_BEFORE, recognize._TECH_HINT, recognize._OPEN_NAME, values_module._GLUED_MEMORY,
                values_module._patterns()["value"], values_module._patterns()["cheng"]]
    assert len(names) >= 17
    assert all(p.pattern.startswith("(?=[") and p.pattern[p.pattern.index("])(?:") + 5:-1] in names for p in expected)


def test_every_guarded_pattern_matches_like_the_plain_one_on_the_corpora(guarded_pairs, lines, real_lines):
    texts = ["\n".join(lines), "\n".join(real_lines)]
    differing = [plain.pattern[:80] for fast, plain in guarded_pairs if _matches(fast, texts) != _matches(plain, texts)]
    assert not differing


def test_every_guarded_pattern_matches_like_the_plain_one_line_by_line(guarded_pairs, lines):
    # anchors and lookbehinds see a line's start: the patterns run on sentences
    sample = lines[::7]
    for fast, plain in guarded_pairs:
        assert _matches(fast, sample) == _matches(plain, sample), plain.pattern[:80]


_PIECES = (list("0123456789 -.的台个第代AHVXdgpvxFBIT与和比相较对是为达不低高约仅只某大多模型，由配双用") +
           ["A100", "H100", "英伟达", "华为", "昇腾910", "IPU-POD", "GPU", "集群", "吞吐量", "延迟", "耗时", "训练", "fp16",
            "Int8", "HBM3e", "nvlink", "ResNet-50", "BERT", "Llama 2", "能效比", "相比", "—", "–", "\t", "千亿参数", "batch"])


@pytest.fixture(scope="module")
def guarded_pairs(lines):
    return _guarded(lines)  # after the corpus was read: every lazily built pattern exists


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=20).map("".join))
def test_guarded_patterns_on_generated_text(guarded_pairs, text):
    for fast, plain in guarded_pairs:
        assert _matches(fast, [text]) == _matches(plain, [text]), (plain.pattern[:80], text)


def test_initials_refuses_words_it_cannot_guard():
    with pytest.raises(ValueError):
        patterns.initials(["GPU", ""])
    with pytest.raises(ValueError):
        patterns.initials([" x"])
    assert patterns.initials(["-a", "]b", "^c", "\\d", "a"]) == "\\-\\\\\\]\\^a"
    assert re.fullmatch(f"[{patterns.initials(['-a', ']b', '^c', 'xy'])}]+", "-]^x")


# --- plain types --------------------------------------------------------------------

@pytest.mark.parametrize("cls", [Mention, ValueMention, context.Comparator])
def test_mentions_are_named_tuples(cls):
    assert issubclass(cls, tuple) and hasattr(cls, "_fields")
    m = cls(*(1,) * len([f for f in cls._fields if f not in cls._field_defaults]))
    with pytest.raises(AttributeError):
        m.start = 2
    assert m._replace(start=7).start == 7 and hash(m) == hash(cls(*m))


def test_claim_is_a_frozen_slotted_dataclass():
    claim = bind.extract_claims("与A100相比，IPU-M2000的吞吐量提升2.6倍。", "a.txt")[0]
    assert Claim.__dataclass_params__.frozen and not hasattr(claim, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        claim.start = 2
    assert pickle.loads(pickle.dumps(claim)) == claim
    assert dataclasses.replace(claim, start=3).start == 3


# --- no private modules, no generated code ---------------------------------------------

_FORBIDDEN = re.compile(r"\b(?:sre_parse|sre_compile|sre_constants)\b|\bexec\s*\(|\beval\s*\(")
# an absolute import of a private module (re._parser, anything._x) or of a private name from
# another library (from re import _parser); the package's own relative imports may be private
_PRIVATE_IMPORT = re.compile(r"^\s*(?:import\s+[\w.]*\b_[a-z]|from\s+[a-z][\w.]*\b_[a-z]|from\s+[a-z][\w.]*\s+import\s+.*\b_[a-z])")


def test_the_package_uses_no_private_module_and_no_exec():
    offenders = []
    for path in sorted(Path(bind.__file__).parent.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if _FORBIDDEN.search(code) or _PRIVATE_IMPORT.search(code):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert not offenders


@pytest.mark.parametrize("line", ["from re import _parser as _p", "import sre_parse", "from re._constants import X",
                                  "    exec(source, namespace)", "import regex._regex_core"])
def test_the_private_module_check_sees(line):
    assert _FORBIDDEN.search(line) or _PRIVATE_IMPORT.search(line)
