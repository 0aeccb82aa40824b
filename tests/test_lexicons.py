"""Integrity of the lexicon data files."""
import re
from pathlib import Path

import pytest

from extract import lexicons
from extract.core.claims import METRICS


def test_spun_synonyms_keep_length():
    for spun, canonical in lexicons.spun_synonyms().items():
        assert len(spun) == len(canonical), (spun, canonical)


def test_unit_aliases_are_unambiguous():
    seen = {}
    for name, spec in lexicons.load_yaml("units.yaml").items():
        for alias in [name, *spec.get("aliases", []), *spec.get("weak", [])]:
            key = alias  # exact spelling; case-folded lookup is only a fallback
            assert seen.setdefault(key, name) == name, f"{alias!r} maps to {seen[key]} and {name}"


def test_bits_and_bytes_are_told_apart():
    assert lexicons.unit_for("Gb/s") == "Gbit/s"
    assert lexicons.unit_for("GB/s") == "GB/s"
    # A spelling that is neither exact has lost its case ("900GB/S" for V100's 900 GB/s of
    # HBM2 in shared/real g101): the case of its "b" says nothing, and the case-folded
    # lookup reads the byte unit, the one chip bandwidths are given in.
    assert lexicons.unit_for("gb/S") == "GB/s"
    assert lexicons.unit_for("GB/S") == "GB/s"


def test_unit_dimensions_have_positive_factors():
    for entry in lexicons.units().values():
        assert entry.factor > 0 and entry.dimension


def test_metric_triggers_use_spec_metrics():
    data = lexicons.metrics()
    assert set(data["specific"]) | set(data["generic"]) <= METRICS
    assert set(data["specific"]) | set(data["generic"]) == METRICS


def test_hardware_lexicon_has_every_section():
    hw = lexicons.hardware()
    for key in ("vendors", "categories", "generic", "families", "standalone", "not_hardware"):
        assert hw[key], key


def test_context_words_present():
    ctx = lexicons.context()
    for key in ("predecessor", "unnamed", "out_of_scope", "threshold"):
        assert ctx[key], key


def test_every_lexicon_word_is_a_string():
    """YAML 1.1 reads bare On/Yes/No as booleans: every entry must stay text."""
    for name in ("hardware.yaml", "models.yaml", "context.yaml", "grammar.yaml", "recognize.yaml"):
        for key, words in lexicons.load_yaml(name).items():
            assert all(isinstance(w, str) for w in words), (name, key)
    data = lexicons.metrics()
    for words in [*data["specific"].values(), *data["generic"].values(), *data["comparative"].values()]:
        assert all(isinstance(w, str) for w in words)


def test_scaled_units_point_at_canonical_units():
    for alias, (unit, factor) in lexicons.scaled_units().items():
        assert unit in lexicons.units() and factor > 0, alias
        assert alias not in lexicons.unit_aliases()[0], f"{alias} is already a canonical alias"


def test_t2s_changed_is_what_opencc_changes():
    """Every character the installed OpenCC changes is in the shipped list:
    an OpenCC that converts more fails here (regenerate the list, see its
    header) instead of letting normalize() skip a conversion. Extra entries
    only cost a conversion that changes nothing."""
    from extract.core.normalize import _t2s

    convert = _t2s().convert
    code_points = [*range(0x80, 0xD800), *range(0xE000, 0x10000), *range(0x20000, 0x32000)]
    changed = {chr(cp) for cp in code_points if convert(chr(cp)) != chr(cp)}
    assert changed <= lexicons.t2s_changed()
    assert len(changed) > 4000  # the check itself ran on a working OpenCC


def test_normalize_skips_opencc_only_when_it_would_change_nothing():
    from extract.core.normalize import _t2s, normalize

    simplified = "英伟达H100的推理吞吐量提升了30%，功耗降低一半"
    assert lexicons.t2s_changed().isdisjoint(simplified)
    assert _t2s().convert(simplified) == simplified == normalize(simplified).text.replace(",", "，")
    assert normalize("與A100相比").text == "与A100相比"


def test_the_fast_yaml_loader_reads_every_lexicon_as_the_safe_loader():
    from importlib import resources

    import yaml

    folder = resources.files("extract.lexicons")
    names = [f.name for f in folder.iterdir() if f.name.endswith(".yaml")]
    assert len(names) >= 6
    for name in names:
        text = folder.joinpath(name).read_text(encoding="utf-8")
        assert lexicons.load_yaml(name) == yaml.load(text, Loader=yaml.SafeLoader), name


def _grammar_keys_read_by_the_binder(as_pattern: bool = False) -> set[str]:
    """The grammar.yaml keys the stages in extract/core read: as an ordered alternation
    (``_listed``), or also as a set of words (``_GRAMMAR[...]``)."""
    sources = [p.read_text(encoding="utf-8") for p in (Path(lexicons.__file__).parent.parent / "core").glob("*.py")]
    # context.py reads grammar.yaml (_listed, _GRAMMAR); the stages built on it import them
    source = "\n".join(text for text in sources if 'load_yaml("grammar.yaml")' in text or "_GRAMMAR = lexicons.grammar()" in text
                       or re.search(r"from \.context import (?:\([^)]*|[^\n]*)\b(?:_listed|_GRAMMAR)\b", text))
    listed = set(re.findall(r"""_listed\(['"](\w+)['"]\)""", source))
    # (a stage with lexicons of its own reads a grammar.yaml class by name: recognize.py's workload sizes)
    direct = set(re.findall(r"""lexicons\.grammar\(\)\[['"](\w+)['"]\]""", "\n".join(sources)))
    return listed if as_pattern else listed | direct | set(re.findall(r"""_GRAMMAR\[['"](\w+)['"]\]""", source))


def test_grammar_words_are_all_read_and_all_there():
    """Every word class of grammar.yaml is read by the stages, and every one they read exists."""
    grammar = lexicons.grammar()
    assert set(grammar) == _grammar_keys_read_by_the_binder()


def _clean_word_list(words, ordered: bool) -> None:
    """No duplicates and no empty or padded words; in a list read as a pattern, no word after its
    own prefix (the prefix would match first and the longer word never: "达" before "达到")."""
    assert words and isinstance(words, list)
    assert all(isinstance(w, str) and w.strip() == w and w for w in words), words
    assert len(set(words)) == len(words), [w for w in words if words.count(w) > 1]
    if ordered:
        shadowed = [(a, b) for i, a in enumerate(words) for b in words[i + 1:] if b.startswith(a)]
        assert not shadowed, shadowed


@pytest.mark.parametrize("key", sorted(lexicons.grammar()))
def test_grammar_lists_are_clean(key):
    _clean_word_list(lexicons.grammar()[key], ordered=key in _grammar_keys_read_by_the_binder(as_pattern=True))


def test_value_vocabulary_kinds_and_units():
    """values.yaml: qualifiers map to the spec's qualifier kinds (or "" for a mere link word),
    and the nouns of rates to rate units the unit lexicon knows."""
    vocabulary = lexicons.load_yaml("values.yaml")
    kinds = {"", "approx", "at_least", "up_to", "less_than"}
    for key in ("qualifier_before", "qualifier_after"):
        assert vocabulary[key] and set(vocabulary[key].values()) <= kinds, key
    for key in ("per_second_nouns", "bare_rate_units"):
        rates = set(vocabulary[key].values())
        assert rates and rates <= set(lexicons.units()) and all(u.endswith("/s") for u in rates), key


def _keys_read_as_patterns(module: str) -> set[str]:
    """The keys a module of extract/core reads with its ``_listed`` (an ordered alternation)."""
    source = (Path(lexicons.__file__).parent.parent / "core" / module).read_text(encoding="utf-8")
    return set(re.findall(r"""_listed\(['"](\w+)['"]\)""", source))


@pytest.mark.parametrize("key", sorted(k for k, v in lexicons.load_yaml("values.yaml").items() if isinstance(v, list)))
def test_value_word_lists_are_clean(key):
    """values.yaml's word lists; those values.py reads as ordered alternations keep a longer
    word before its prefix."""
    assert key in _keys_read_as_patterns("values.py") or key == "cn_numeral_units"  # (segment.py's)
    _clean_word_list(lexicons.load_yaml("values.yaml")[key], ordered=True)


@pytest.mark.parametrize("key", sorted(lexicons.load_yaml("recognize.yaml")))
def test_recognize_word_lists_are_clean(key):
    """recognize.yaml's word lists; those recognize.py reads as ordered alternations keep a
    longer word before its prefix, the others (sets, look-backs) only have to be clean."""
    _clean_word_list(lexicons.load_yaml("recognize.yaml")[key], ordered=key in _keys_read_as_patterns("recognize.py"))


def test_direction_words_are_not_both_ways():
    vocabulary = lexicons.load_yaml("values.yaml")
    assert not set(vocabulary["up_words"]) & set(vocabulary["down_words"])


@pytest.mark.parametrize("name", ["context.yaml", "hardware.yaml", "models.yaml", "metrics.yaml", "scope.yaml",
                                  "values.yaml", "grammar.yaml", "conflicts.yaml", "tables.yaml",
                                  "recognize.yaml"])
def test_every_section_of_a_lexicon_is_read(name):
    """A section no code reads is data that silently does nothing: each top-level key of the
    lexicons read by section is named somewhere in the package's source."""
    package = Path(lexicons.__file__).parent.parent
    source = "\n".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py"))
    unread = [key for key in lexicons.load_yaml(name) if not re.search(rf"""["']{re.escape(key)}["']""", source)]
    assert not unread, f"{name}: sections never read: {unread}"


def test_place_names_are_clean_and_new():
    """places.txt: one Han place name a line (no 市/州 suffix), no duplicates, none already in
    hardware.yaml's center_places (a name listed twice would hide an edit to one of them)."""
    places = lexicons.places()
    assert len(places) > 300
    assert len(set(places)) == len(places)
    assert all(re.fullmatch(r"[\u4e00-\u9fff]{2,6}", p) for p in places), [p for p in places if not re.fullmatch(r"[\u4e00-\u9fff]{2,6}", p)]
    assert not [p for p in places if p.endswith(("市", "自治州"))]
    assert not set(places) & set(lexicons.hardware()["center_places"])
