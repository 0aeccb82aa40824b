"""Issue 13: the spaCy component: entry point, config, `._.claim`, and
claims that survive to_bytes, DocBin and n_process=2."""
from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

spacy = pytest.importorskip("spacy")
from spacy.tokens import Doc, DocBin  # noqa: E402

from extract import extract_claims  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TEXTS = ["与A100相比，IPU-M2000的吞吐量提升2.6倍。", "H100的功耗为700W，显存为80GB。"]


#: the recommended tokenizer (extract.component.ClaimsTokenizer) and jieba's words
TOKENIZERS = {"claims": {"@tokenizers": "claims.Tokenizer.v1"}, "jieba": {"segmenter": "jieba"}}


@pytest.fixture(scope="module", params=list(TOKENIZERS))
def nlp(request):
    import extract.component  # noqa: F401  (registered by the entry point too; tested below)

    nlp = spacy.blank("zh", config={"nlp": {"tokenizer": TOKENIZERS[request.param]}})
    nlp.add_pipe("claims")
    return nlp


def test_the_factory_and_the_tokenizer_are_entry_points():
    assert "claims" in {e.name for e in entry_points(group="spacy_factories")}
    assert "claims.Tokenizer.v1" in {e.name for e in entry_points(group="spacy_tokenizers")}


def test_every_corpus_article_gives_the_plain_api_claims_with_names_as_tokens(nlp):
    from extract.component import ClaimsTokenizer, _name_spans
    from extract.core.normalize import normalize

    for path in sorted((ROOT / "corpus").glob("*.txt"))[:30]:
        text = path.read_text(encoding="utf-8")
        doc = nlp(text)
        assert doc.text == text and doc._.claims == extract_claims(text, ""), path.name
        exact = isinstance(nlp.tokenizer, ClaimsTokenizer)
        reach = 0
        for a, b in sorted(_name_spans(normalize(text))):
            if a < reach:
                continue  # overlapping names: the first one is kept
            reach = b
            span = doc.char_span(a, b, alignment_mode="expand")
            assert len(span) == 1 and (not exact or span.text == text[a:b]), (path.name, text[a:b], span.text)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.text(alphabet=st.sampled_from(list("  \t\n\r与A100相比，IPU-M2000的2.6倍。H100 80GB😀\u200b")), max_size=60)
       | st.text(max_size=30))
def test_the_claims_tokenizer_keeps_the_text_exactly(text):
    from extract.component import ClaimsTokenizer

    doc = ClaimsTokenizer(spacy.blank("zh").vocab)(text)
    assert doc.text == text
    assert all(t.text for t in doc)


def test_spans_carry_their_claim_and_match_the_plain_api(nlp):
    for text in TEXTS:
        doc = nlp(text)
        plain = extract_claims(text, "")
        assert doc._.claims == plain
        assert [s._.claim for s in doc.spans["claims"]] == plain


def test_claims_survive_to_bytes_docbin_and_two_processes(nlp):
    doc = nlp(TEXTS[1])
    again = Doc(nlp.vocab).from_bytes(doc.to_bytes())
    assert again._.claims == doc._.claims and [s._.claim for s in again.spans["claims"]] == doc._.claims
    bin_ = DocBin(store_user_data=True, attrs=["ORTH"])
    bin_.add(doc)
    [back] = list(DocBin(store_user_data=True).from_bytes(bin_.to_bytes()).get_docs(nlp.vocab))
    assert back._.claims == doc._.claims and len(back.spans["claims"]) == 2
    docs = list(nlp.pipe(TEXTS * 2, n_process=2))
    assert [d._.claims for d in docs] == [extract_claims(t, "") for t in TEXTS * 2]


def test_config_span_key_and_doc_key():
    import extract.component  # noqa: F401

    nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
    nlp.add_pipe("claims", config={"span_key": "perf", "doc_key": "id", "merge_names": False})
    doc = nlp.make_doc(TEXTS[0])
    doc.user_data["id"] = "a.txt"
    doc = nlp.get_pipe("claims")(doc)
    assert "claims" not in doc.spans and len(doc.spans["perf"]) == 1
    assert doc._.claims[0].doc == "a.txt"


def test_a_saved_pipeline_loads_without_importing_the_module(nlp, tmp_path):
    nlp.to_disk(tmp_path / "pipe")
    code = ("import spacy, sys; nlp = spacy.load(sys.argv[1]); doc = nlp(sys.argv[2]); "
            "print(doc.spans['claims'][0]._.claim.value)")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "pipe"), TEXTS[0]], capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "2.6"
    assert "prefix dict" not in done.stderr      # jieba's start-up chatter is kept off stderr
