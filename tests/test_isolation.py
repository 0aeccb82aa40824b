"""Issue 18: an exception on one sentence never loses the rest of the document.

Failures are injected by making one analysis step raise for the sentences
that hold a marker word; the document's other claims must be kept, the
failure reported with document, line and the sentence as written, and
``claims run`` must say the document was only partly read.
"""
import csv
import warnings

import pytest

from extract import extract_claims, extract_corpus
from extract import run
from extract.cli import PARTLY_READ, main
from extract.core import bind, context
from extract.core.failures import PartialReadWarning, SentenceFailure, collect_failures

MARK = "故障"  # a sentence holding this word makes the injected step raise
DOC = ("# H100评测\n"
       "\n"
       "H100的功耗为700W。它的显存为80GB。带宽达到3.35TB/s。\n"
       "A100的推理吞吐量为每秒1200张图像，功耗为400W，故障在此。这一句没有数字。\n"
       "\n"
       "MI300X的显存为192GB。\n")
BAD_SENTENCE = "A100的推理吞吐量为每秒1200张图像，功耗为400W，故障在此。"
BAD_LINE = 4


def fields(claims):
    return [(c.hardware, c.metric, c.value, c.unit) for c in claims]


def inject(monkeypatch, module, name, text_of):
    """Make ``module.name`` raise for the sentences ``text_of(*args)`` marks."""
    real = getattr(module, name)

    def flaky(*args, **kwargs):
        if MARK in text_of(*args):
            raise RuntimeError("injected")
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, flaky)


@pytest.fixture
def clean():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the unpatched document reports nothing
        return fields(extract_claims(DOC, doc="b.txt"))


# Every step the assembler runs on one sentence, and how to see the sentence in its arguments.
STEPS = [
    ("find_values", lambda text: text),
    ("_analyse", lambda norm, sentence, values: sentence.text),
    ("_claims_for_sentence", lambda norm, doc, info, ctx, heading: info.sentence.text),
    ("_update", lambda ctx, info, claims: info.sentence.text),
]


@pytest.mark.parametrize("step, text_of", STEPS, ids=[s for s, _ in STEPS])
def test_one_failing_sentence_keeps_the_documents_other_claims(monkeypatch, clean, step, text_of):
    assert ("A100", "throughput", 1200.0, "images/s") in clean and len(clean) == 6
    inject(monkeypatch, bind, step, text_of)
    with collect_failures() as failures:
        claims = extract_claims(DOC, doc="b.txt")
    lost = {("A100", "throughput", 1200.0, "images/s"), ("A100", "power", 400.0, "W")}
    if step == "_update":
        lost = set()  # the sentence's claims were made before its context update failed
    assert fields(claims) == [f for f in clean if f not in lost]
    assert failures == [SentenceFailure("b.txt", BAD_LINE, DOC.index(BAD_SENTENCE),
                                        DOC.index(BAD_SENTENCE) + len(BAD_SENTENCE), BAD_SENTENCE,
                                        "RuntimeError: injected")]


def test_without_a_collector_the_failure_is_a_warning(monkeypatch, clean):
    inject(monkeypatch, bind, "_claims_for_sentence", STEPS[2][1])
    with pytest.warns(PartialReadWarning) as caught:
        claims = extract_claims(DOC, doc="b.txt")
    assert len(claims) == len(clean) - 2
    [w] = caught
    assert str(w.message) == f"b.txt:{BAD_LINE}: sentence not analysed (RuntimeError: injected): {BAD_SENTENCE}"


def test_extract_corpus_keeps_every_document_and_warns_per_failure(monkeypatch, clean):
    inject(monkeypatch, bind, "_claims_for_sentence", STEPS[2][1])
    with pytest.warns(PartialReadWarning, match=r"^b\.txt:4: sentence not analysed"):
        df = extract_corpus({"a.txt": DOC.replace(MARK, "正常"), "b.txt": DOC})
    assert (df["doc"] == "a.txt").sum() == len(clean) and (df["doc"] == "b.txt").sum() == len(clean) - 2
    results = list(run.extract_documents([("a.txt", DOC.replace(MARK, "")), ("b.txt", DOC)]))
    assert [len(r.failures) for r in results] == [0, 1] and not any(r.error for r in results)


def test_a_failing_heading_sentence_is_reported_and_the_section_still_read(monkeypatch):
    text = "H100评测\n\n## 故障标题H100\n\nH100的功耗为700W。它的显存为80GB。带宽达到3.35TB/s。\n"
    inject(monkeypatch, bind, "_analyse", STEPS[1][1])
    with collect_failures() as failures:
        claims = extract_claims(text, doc="h.txt")
    assert len(claims) == 3
    assert [(f.line, f.text) for f in failures] == [(3, "## 故障标题H100")]


def test_a_line_whose_value_scan_fails_while_paragraphs_are_split_costs_only_that_line(monkeypatch):
    """The heading test of segment.split_document scans short lines for values: a
    failure there must not fail the document (每秒7个输出Token did)."""
    from extract.core import values

    text = "H100的功耗为700W。它的显存为80GB。带宽达到3.35TB/s。\n\n每秒7个token故障\n\nMI300X的显存为192GB。\n"
    inject(monkeypatch, values, "find_values", lambda text: text)      # what segment calls
    inject(monkeypatch, bind, "find_values", lambda text: text)
    with collect_failures() as failures:
        claims = extract_claims(text, doc="s.txt")
    assert fields(claims) == [("H100", "power", 700.0, "W"), ("H100", "memory", 80.0, "GB"),
                              ("H100", "bandwidth", 3.35, "TB/s"), ("MI300X", "memory", 192.0, "GB")]
    assert [(f.line, f.text, f.error) for f in failures] == [(3, "每秒7个token故障", "RuntimeError: injected")]


def test_a_failing_table_pass_falls_back_to_the_sentences(monkeypatch):
    text = "H100的功耗为700W，故障。\n"
    inject(monkeypatch, bind, "_table_claims", lambda norm, doc, para, *rest: norm.text[para.start:para.end])
    with collect_failures() as failures:
        claims = extract_claims(text, doc="t.txt")
    assert fields(claims) == [("H100", "power", 700.0, "W")]
    assert [(f.line, f.text.strip(), f.error) for f in failures] == [(1, "H100的功耗为700W，故障。",
                                                                       "RuntimeError: injected")]


def test_a_failing_paragraph_in_the_document_names_pass_costs_only_its_names(monkeypatch, clean):
    inject(monkeypatch, context, "find_open_names", lambda text, *rest, **kw: text)
    with collect_failures() as failures:
        claims = extract_claims(DOC, doc="b.txt")
    assert fields(claims) == clean
    [f] = failures
    assert (f.line, f.text) == (BAD_LINE, BAD_SENTENCE + "这一句没有数字。")  # the paragraph: a line


def test_failures_in_a_chunked_document_point_into_the_whole_text(monkeypatch):
    # the last copy fails; the others have their own values (a restated claim is dropped)
    text = "".join(DOC.replace(MARK, "").replace("1200", str(1201 + i)).replace("400W", f"{401 + i}W")
                   for i in range(3)) + DOC

    def chunked(failures):
        return list(run.iter_chunk_claims(run.paragraph_chunks([text], size=150), "big.txt", failures))

    clean = chunked([])
    failures = []
    inject(monkeypatch, bind, "_claims_for_sentence", STEPS[2][1])
    claims = chunked(failures)
    assert len(claims) == len(clean) - 2 and len(clean) > 8
    [f] = failures
    assert f.text == BAD_SENTENCE == text[f.start:f.end]
    assert f.line == text[:f.start].count("\n") + 1 == 3 * DOC.count("\n") + BAD_LINE


# --- the CLI ----------------------------------------------------------------------------

def read_csv(path):
    with open(path, encoding="utf-8", newline="") as fh:
        return list(csv.reader(fh))


@pytest.fixture
def corpus(tmp_path, monkeypatch):
    folder = tmp_path / "corpus"
    folder.mkdir()
    for name in ("a.txt", "b.txt", "c.txt"):
        (folder / name).write_text(DOC if name == "b.txt" else DOC.replace(MARK, "正常"), encoding="utf-8")
    inject(monkeypatch, bind, "_claims_for_sentence", STEPS[2][1])
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_run_keeps_a_partly_read_documents_claims_and_says_so(tmp_path, capsys, corpus, jobs):
    out, errors = tmp_path / "out.csv", tmp_path / "errors.csv"
    code = main(["run", str(corpus), "-o", str(out), "--errors", str(errors), "--jobs", jobs])
    stdout, stderr = capsys.readouterr()
    assert code == PARTLY_READ == 3
    assert stdout.startswith("3 documents, 0 failed, 1 partly read, 16 claims\n")
    assert f"{corpus / 'b.txt'}:{BAD_LINE}: sentence not analysed (RuntimeError: injected): {BAD_SENTENCE}\n" in stderr
    assert read_csv(errors) == [["doc", "status", "reason", "line", "text"],
                                ["b.txt", "partial", "sentence not analysed (RuntimeError: injected)", str(BAD_LINE),
                                 BAD_SENTENCE]]
    docs = [row[0] for row in read_csv(out)[1:]]
    assert docs.count("a.txt") == docs.count("c.txt") == 6 and docs.count("b.txt") == 4


def test_allow_failures_exits_zero_and_a_failed_document_still_means_one(tmp_path, capsys, corpus):
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.jsonl"), "--allow-failures"]) == 0
    assert "1 partly read" in capsys.readouterr().out
    (corpus / "d.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00")
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv")]) == 1
    stdout, stderr = capsys.readouterr()
    assert "4 documents, 1 failed, 1 partly read, 16 claims" in stdout and "b.txt:4: sentence not analysed" in stderr


def test_a_partly_read_document_is_not_cached(tmp_path, capsys, corpus):
    cache = tmp_path / "cache"
    for _ in range(2):  # the second run recomputes b.txt and reports it again
        assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv"), "--cache", str(cache)]) == PARTLY_READ
        stdout, stderr = capsys.readouterr()
        assert "1 partly read" in stdout and "b.txt:4: sentence not analysed" in stderr
    assert "(2 documents from the cache)" in stdout


def test_a_streamed_huge_document_reports_its_failures(tmp_path, capsys, corpus, monkeypatch):
    monkeypatch.setattr(run, "LARGE_DOC_CHARS", 100)  # every document is streamed
    errors = tmp_path / "e.csv"
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv"), "--errors", str(errors)]) == PARTLY_READ
    assert "3 documents, 0 failed, 1 partly read, 16 claims" in capsys.readouterr().out
    assert read_csv(errors)[1][:4] == ["b.txt", "partial", "sentence not analysed (RuntimeError: injected)", "4"]
