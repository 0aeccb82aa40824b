"""Speed and scale (issue 7) without timing anything: parallel runs, the
claims cache, streamed output, huge documents and the output-preserving
speed-ups (each checked against the slow path it replaces)."""
import dataclasses
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from extract import run
from extract.cli import main
from extract.core import segment
from extract.core.bind import extract_claims
from extract.core.normalize import normalize
from extract.core.patterns import rx
from extract.io import files
from extract.io.frames import claims_frame
from extract.run import RunOptions, iter_results, run_document

from .conftest import CORPUS, DEV, ROOT

DOCS = sorted(CORPUS.glob("*.txt"))


def _sentences(corpora=(CORPUS, DEV / "corpus")) -> list[str]:
    out = []
    for corpus in corpora:
        for path in sorted(Path(corpus).glob("*.txt")):
            text = normalize(files.read_document(path)).text
            out.extend(s.text for p in segment.split_document(text) for s in p.sentences)
            out.extend(text.split("\n"))
    return out


@pytest.fixture(scope="module")
def sentences():
    return _sentences()


def _run(*argv) -> int:
    return main(["run", *map(str, argv)])


# --- --jobs ------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_jobs_2_output_identical_to_jobs_1(tmp_path, fmt):
    one, two = tmp_path / f"one.{fmt}", tmp_path / f"two.{fmt}"
    assert _run(CORPUS, "-o", one, "--jobs", "1") == 0
    assert _run(CORPUS, "-o", two, "--jobs", "2") == 0
    assert one.read_bytes() == two.read_bytes()
    assert len(one.read_bytes().splitlines()) > 100


def test_map_ordered_keeps_input_order():
    items = list(range(50))
    assert list(run.map_ordered(abs, items, jobs=2, chunksize=3, warm=None)) == items
    assert list(run.map_ordered(abs, items, jobs=1)) == items


# --- streamed output == the DataFrame writer ------------------------------------------

@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_streamed_table_is_byte_identical_to_write_table(tmp_path, fmt):
    claims = [c for path in DOCS for c in extract_claims(files.read_document(path), path.name)]
    assert any(c.value_max is not None for c in claims) and any(c.value_max is None for c in claims)
    framed, streamed = tmp_path / f"a.{fmt}", tmp_path / f"b.{fmt}"
    files.write_table(claims_frame(claims), framed)
    n = files.write_rows((run.claim_row(c) for c in claims), run.TABLE_COLUMNS, streamed)
    assert n == len(claims)
    assert framed.read_bytes() == streamed.read_bytes()


def test_claim_row_is_to_row_typed():
    claims = [c for path in DOCS[:5] for c in extract_claims(files.read_document(path), path.name)]
    for c in claims:
        assert run.claim_row(c) == c.to_row()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(allow_nan=False, allow_infinity=False),
                          st.one_of(st.none(), st.floats(allow_nan=False, allow_infinity=False)),
                          st.text(alphabet='a,"\n 吞吐', max_size=6)),
                min_size=1, max_size=5))
def test_streamed_csv_formats_numbers_like_pandas(rows):
    from extract.core.claims import Claim

    claims = [Claim(doc="d", model=m, hardware="", metric="speed", value=v, unit="x", baseline="",
                    evidence="e", start=0, end=1, value_max=vm) for v, vm, m in rows]
    import io as _io

    expected = files.frame_to_bytes(claims_frame(claims), "csv")
    buf = _io.StringIO()
    old, sys.stdout = sys.stdout, buf
    try:
        files.write_rows((run.claim_row(c) for c in claims), run.TABLE_COLUMNS, "-", "csv")
    finally:
        sys.stdout = old
    assert buf.getvalue().encode("utf-8") == expected


def test_a_failed_stream_leaves_no_table(tmp_path):
    out = tmp_path / "t.csv"

    def rows():
        yield {c: "" for c in run.TABLE_COLUMNS}
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        files.write_rows(rows(), run.TABLE_COLUMNS, out)
    assert list(tmp_path.iterdir()) == []


# --- the cache ----------------------------------------------------------------------

def _copy_corpus(dest: Path, n: int = 6) -> Path:
    dest.mkdir()
    for path in DOCS[:n]:
        shutil.copy(path, dest / path.name)
    return dest


def test_cache_reuses_identical_claims_and_recomputes_a_changed_document(tmp_path):
    corpus = _copy_corpus(tmp_path / "corpus")
    cache = tmp_path / "cache"
    fresh = list(iter_results(corpus, files.DEFAULT_MAX_BYTES, cache=cache))
    assert not any(r.cached for r in fresh)
    reused = list(iter_results(corpus, files.DEFAULT_MAX_BYTES, cache=cache))
    assert all(r.cached for r in reused)
    assert [(r.doc, r.sha256, r.claims) for r in reused] == [(r.doc, r.sha256, r.claims) for r in fresh]
    assert [[c.value_start for c in r.claims] for r in reused] == [[c.value_start for c in r.claims] for r in fresh]

    changed = sorted(corpus.iterdir())[2]
    changed.write_text(changed.read_text(encoding="utf-8") + "\n与A100相比，H100的吞吐量提升3倍。\n", encoding="utf-8")
    again = list(iter_results(corpus, files.DEFAULT_MAX_BYTES, cache=cache))
    assert [r.cached for r in again] == [r.doc != changed.name for r in again]
    uncached = list(iter_results(corpus, files.DEFAULT_MAX_BYTES))
    assert [(r.doc, r.claims) for r in again] == [(r.doc, r.claims) for r in uncached]
    assert any(c.value == 3 for r in again if r.doc == changed.name for c in r.claims)


def test_cached_and_fresh_tables_are_byte_identical(tmp_path, capsys):
    corpus = _copy_corpus(tmp_path / "corpus")
    cache = tmp_path / "cache"
    for name in ("nocache.csv", "fill.csv", "reuse.csv"):
        argv = [corpus, "-o", tmp_path / name] + ([] if name == "nocache.csv" else ["--cache", cache])
        assert _run(*argv) == 0
    assert "(6 documents from the cache)" in capsys.readouterr().out
    data = (tmp_path / "nocache.csv").read_bytes()
    assert (tmp_path / "fill.csv").read_bytes() == data == (tmp_path / "reuse.csv").read_bytes()


def test_a_damaged_or_foreign_cache_entry_is_recomputed(tmp_path):
    corpus = _copy_corpus(tmp_path / "corpus", 2)
    cache = tmp_path / "cache"
    fresh = list(iter_results(corpus, files.DEFAULT_MAX_BYTES, cache=cache))
    entries = sorted(cache.rglob("*.json"))
    assert len(entries) == 2
    entries[0].write_bytes(b"{not json")
    entry = json.loads(entries[1].read_bytes())
    entry["fingerprint"] = "another extractor"
    entries[1].write_text(json.dumps(entry), encoding="utf-8")
    again = list(iter_results(corpus, files.DEFAULT_MAX_BYTES, cache=cache))
    assert not any(r.cached for r in again)
    assert [r.claims for r in again] == [r.claims for r in fresh]


def test_cache_key_depends_on_document_text_and_extractor():
    key = run.cache_key("a.txt", "0" * 64)
    assert key != run.cache_key("b.txt", "0" * 64)
    assert key != run.cache_key("a.txt", "1" * 64)
    assert run.extractor_fingerprint().isalnum()


# --- huge documents ---------------------------------------------------------------

@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(run, "LARGE_DOC_CHARS", 3000)
    monkeypatch.setattr(run, "CHUNK_CHARS", 2000)


def test_large_document_streams_in_chunks_with_original_offsets(tmp_path, small_chunks):
    text = "\n\n".join(files.read_document(p) for p in DOCS[:12])
    assert len(text) > 3 * run.LARGE_DOC_CHARS
    big = tmp_path / "big.txt"
    big.write_text(text, encoding="utf-8")
    result = run_document(RunOptions(files.DEFAULT_MAX_BYTES), ("big.txt", big))
    assert not result.error and result.sha256 == run.text_sha256(text)
    assert len(result.claims) > 20
    for c in result.claims:
        assert text[c.start:c.end] == c.evidence
        assert c.start <= c.value_start < c.end
    # the in-memory path gives the same claims
    assert run.extract_text(text, "big.txt") == result.claims


@pytest.mark.parametrize("jobs", [1, 2])
def test_corpus_with_a_huge_document_streams_its_claims_in_order(tmp_path, small_chunks, jobs):
    corpus = _copy_corpus(tmp_path / "corpus", 4)
    text = "\n\n".join(files.read_document(p) for p in DOCS[4:12])
    (corpus / "02b_huge.txt").write_text(text, encoding="utf-8")
    results = iter_results(corpus, files.DEFAULT_MAX_BYTES, jobs=jobs)
    seen = []
    for r in results:
        claims = list(r.claims)  # the huge document's claims are a one-pass iterator
        seen.append((r.doc, claims))
        if r.doc == "02b_huge.txt":
            assert not isinstance(r.claims, tuple)
            assert all(text[c.start:c.end] == c.evidence for c in claims) and len(claims) > 20
    assert [d for d, _ in seen] == sorted(p.name for p in corpus.iterdir())
    out1, out2 = tmp_path / "one.csv", tmp_path / "two.csv"
    assert _run(corpus, "-o", out1) == 0 and _run(corpus, "-o", out2, "--jobs", "2") == 0
    assert out1.read_bytes() == out2.read_bytes()
    assert out1.read_bytes().count(b"\n") == 1 + sum(len(c) for _, c in seen)


def test_document_pieces_join_to_read_document(tmp_path):
    text = files.read_document(DOCS[0]) * 3
    for name, data in [("u8.txt", text.encode("utf-8")), ("bom.txt", b"\xef\xbb\xbf" + text.encode("utf-8")),
                       ("gb.txt", text.encode("gb18030", "replace")), ("empty.txt", b"")]:
        path = tmp_path / name
        path.write_bytes(data)
        assert "".join(files.iter_text_pieces(path, piece_bytes=1000)) == files.read_document(path), name


def test_paragraph_chunks_cover_the_text():
    text = "".join(f"第{i}段，吞吐量提升{i}倍。\n" + ("\n" if i % 3 == 0 else "") for i in range(500))
    chunks = list(run.paragraph_chunks([text[i:i + 777] for i in range(0, len(text), 777)], size=1000))
    assert "".join(c for _, c in chunks) == text
    assert all(text[o:o + len(c)] == c for o, c in chunks)
    assert all(c.endswith("\n") for _, c in chunks[:-1])


# --- start-up: `claims run` imports neither pandas nor spaCy ---------------------------

def test_run_imports_no_pandas_or_spacy(tmp_path):
    code = ("import sys; from extract.cli import main; "
            f"rc = main(['run', {str(DOCS[0])!r}, '-o', {str(tmp_path / 'o.csv')!r}]); "
            "heavy = [m for m in ('pandas', 'spacy', 'trafilatura') if m in sys.modules]; "
            "print(rc, heavy)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "0 []"


# --- the speed-ups give the slow paths' results --------------------------------------

def _spacy_boundaries(text: str) -> frozenset[int]:
    doc = segment.get_nlp()(text)
    return frozenset(b for t in doc for b in (t.idx, t.idx + len(t.text)))


def test_token_boundaries_equal_spacy_docs_on_the_corpora(sentences):
    for s in sentences:
        assert segment.token_boundaries(s) == _spacy_boundaries(s), s


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list(" \t\n\u3000 ab1二三成倍%，。A吞吐量提升") + ["A100", "三成", "  "]),
                max_size=30).map("".join))
def test_token_boundaries_equal_spacy_docs_with_any_whitespace(text):
    assert segment.token_boundaries(text) == _spacy_boundaries(text)


def test_cached_regex_functions_return_what_regex_returns():
    cases = [("match", (r"\d+", "12ab")), ("search", (r"b+", "abbc")), ("fullmatch", (r"a.c", "abc")),
             ("findall", (r"\d", "a1b2")), ("split", (r",", "a,b")), ("sub", (r"\s+", " ", "a  b")),
             ("match", (r"A", "a", regex.I)), ("search", (r"x", "x", 0, 0, 1))]
    for fn, args in cases:
        got, want = getattr(rx, fn)(*args), getattr(regex, fn)(*args)
        if hasattr(want, "span"):
            assert got.span() == want.span() and got.group() == want.group()
        else:
            assert got == want
    assert [m.span() for m in rx.finditer(r"a", "aba")] == [(0, 1), (2, 3)]
    assert rx.IGNORECASE == regex.IGNORECASE and rx.escape("a.b") == regex.escape("a.b")


# --- the benchmark's corpus is deterministic ---------------------------------------------

def test_bench_corpus_is_deterministic(tmp_path):
    import runpy

    bench = runpy.run_path(str(ROOT / "bench" / "bench.py"), run_name="bench")
    a = bench["build_corpus"](CORPUS, tmp_path / "a", 0.05, 0)
    b = bench["build_corpus"](CORPUS, tmp_path / "b", 0.05, 0)
    assert a == b and a[1] >= 50_000
    assert [p.read_bytes() for p in sorted((tmp_path / "a").iterdir())] == \
           [p.read_bytes() for p in sorted((tmp_path / "b").iterdir())]


def test_claim_cells_equal_the_general_csv_path():
    claims = [c for path in DOCS for c in extract_claims(files.read_document(path), path.name)]
    assert len(claims) > 100                                      # the corpus documents give claims to compare
    claims.append(dataclasses.replace(claims[0], value_max=2.5))  # the optional float column filled
    for c in claims:
        assert run.claim_cells(c) == files.csv_cells(run.claim_row(c), run.TABLE_COLUMNS)
