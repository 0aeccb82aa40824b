"""The speed-ups of extract.fastre keep every match: the standard ``re``
engine against ``regex`` on the extractor's own patterns, trie alternations
against the sorted alternations they replace."""
import dataclasses
import inspect
import re

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from extract import assemble, fastre, io, lexicons, segment
from extract.claims import Claim
from extract.normalize import normalize
from extract.numbers import ValueMention
from extract.recognize import Mention

from .conftest import CORPUS, DEV


def _lines() -> list[str]:
    out = []
    for corpus in (CORPUS, DEV / "corpus"):
        for path in sorted(corpus.glob("*.txt")):
            text = normalize(io.read_document(path)).text
            assemble.extract_claims(text)  # compiles every pattern the extractor uses on real text
            out.extend(line for line in text.split("\n") if line.strip())
    return out


@pytest.fixture(scope="module")
def lines():
    return _lines()


def _spans(pattern, texts):
    return [[(m.span(), m.groups()) for m in pattern.finditer(t)] for t in texts]


def test_the_extractor_runs_mostly_on_re(lines):
    assert len(fastre.compiled_by_re()) >= 100


def test_every_pattern_given_to_re_matches_like_regex(lines):
    sample = "\n".join(lines)
    differing = []
    for pattern, flags in fastre.compiled_by_re():
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
    assert type(fastre.compile(pattern)).__module__ == engine


def test_compile_keeps_regex_only_flags_on_regex():
    assert type(fastre.compile(r"abc", regex.V1)).__module__ == "_regex"   # V1 has re.ASCII's bit
    assert type(fastre.compile(r"abc", regex.IGNORECASE)).__module__ == "re"


def _sorted_alternation(words, space):
    return "|".join(re.escape(w).replace(r"\ ", space) for w in sorted(set(words), key=lambda w: (-len(w), w)))


# Words without spaces, one per length (the sorted alternation leaves words of equal length in set
# order, so ties have no one answer to compare with). Spaces: see the lexicon test below.
_WORDS = st.lists(st.text(alphabet="abAB-c倍", min_size=1, max_size=5), min_size=1, max_size=5, unique_by=len)


@settings(max_examples=1500, deadline=None)
@given(_WORDS, st.text(alphabet="abAB -c倍xX", max_size=30), st.booleans())
def test_trie_alternation_matches_like_the_sorted_alternation(words, text, ignorecase):
    flags = re.IGNORECASE if ignorecase else 0
    trie = re.compile(fastre.alternation(words, ignorecase=ignorecase), flags)
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
            trie = re.compile(fastre.alternation(words, space=space, ignorecase=bool(flags)), flags)
            flat = re.compile(_sorted_alternation(words, space), flags)
            assert _spans(trie, [text]) == _spans(flat, [text]), words[:3]


def test_trie_alternation_prefers_the_spelled_out_word():
    # the one designed difference (see alternation's docstring)
    assert re.match(fastre.alternation(["b-aa", "b - a"]), "b-aa").group() == "b-aa"
    assert re.match(_sorted_alternation(["b-aa", "b - a"], r"\s?"), "b-aa").group() == "b-a"


def test_ignorecase_alternation_does_not_stop_at_another_case_variant():
    words = ["LLaMA", "Llama 2"]
    assert re.match(fastre.alternation(words, ignorecase=True), "Llama 2", re.I).group() == "Llama 2"


def test_alternation_of_nothing_matches_nothing():
    assert re.search(fastre.alternation([]), "anything") is None


@pytest.mark.parametrize("index", range(len(assemble._COMPARATOR_PATTERNS)))
def test_every_comparator_match_contains_one_of_its_needles(lines, index):
    pattern, needles = assemble._COMPARATOR_PATTERNS[index]
    # with the two characters a lookbehind may have looked at ("能效比")
    found = [line[max(0, m.start() - 2):m.end()] for line in lines for m in pattern.finditer(line)]
    assert found and all(any(n in text for n in needles) for text in found)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("与和跟同比较相对能效性价功耗是为的达其它后者前优于超越过领先从由以此原来之用在基快高低提升，1A") +
                                ["H100", "相比", "差距", "比起来"]), max_size=16).map("".join))
def test_comparator_needles_on_generated_text(text):
    for pattern, needles in assemble._COMPARATOR_PATTERNS:
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


@pytest.mark.parametrize("cls", [Claim, Mention, ValueMention, assemble.Comparator])
def test_quick_init_keeps_the_dataclass_signature(cls):
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    expected = [(f.name, f.default) for f in dataclasses.fields(cls)]
    assert [(p.name, p.default if p.default is not inspect.Parameter.empty else dataclasses.MISSING)
            for p in params] == expected
    assert cls.__dataclass_params__.frozen


def test_quick_init_instances_behave_as_frozen_dataclasses():
    m = Mention("hardware", 1, 5, "A100", "A100")
    assert m == Mention("hardware", 1, 5, "A100", "A100", rank=0, count=1, component=False)
    assert hash(m) == hash(dataclasses.replace(m))
    assert dataclasses.replace(m, count=3).count == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.start = 2
    with pytest.raises(TypeError):
        Mention("hardware", 1)  # missing arguments are refused as before


def test_quick_init_leaves_classes_it_cannot_speed_up():
    @dataclasses.dataclass(frozen=True)
    class WithFactory:
        items: list = dataclasses.field(default_factory=list)

    @dataclasses.dataclass
    class Mutable:
        a: int

    original = WithFactory.__init__, Mutable.__init__
    assert (fastre.quick_init(WithFactory).__init__, fastre.quick_init(Mutable).__init__) == original
