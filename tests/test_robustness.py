"""Robustness (docs/robustness.md): bad input, faults and scale never lose
data. Every bad input is generated here under tmp_path; nothing is timed."""
from __future__ import annotations

import csv
import math
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extract import extract_claims
from extract.cli import main
from extract.io import files

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
GOOD = "与A100相比，IPU-M2000的ResNet50吞吐量提升2.6倍。"


def check_claims(text: str, doc: str = "d.txt") -> list:
    """The extractor's invariants on any text: no exception, offsets inside
    the text, evidence is the text at its offsets, finite values, stable
    ids, same claims on a second run."""
    claims = extract_claims(text, doc)
    for c in claims:
        assert 0 <= c.start <= c.end <= len(text)
        assert c.evidence == text[c.start:c.end]
        assert c.start <= c.value_start < c.end or c.value_start == -1
        assert math.isfinite(c.value)
        assert c.value_max is None or math.isfinite(c.value_max)
        assert len(c.claim_id) == 16
    assert extract_claims(text, doc) == claims
    return claims


# --- odd text never crashes the extractor -----------------------------------------

@pytest.mark.parametrize("text", [
    "",
    " ",
    " \n\t\u3000\r\n\n\f\v ",
    "\n" * 1000,
    "。，；！？" * 50,
    "---\n",                                 # a header that never closes
    "---\ntitle: t\n---\n",                  # a header and no body
    "1 2 3 4 5\n6789 3.14159 100%\n2024",
    "1e308倍 1e309倍 -1e308% NaN倍 inf倍",
    "吞吐量提升" + "9" * 400 + "倍，" + "9" * 400 + ".5TFLOPS，0." + "0" * 400 + "1倍",
    "算力为1" + "0" * 310 + "TFLOPS，" + "1," * 200 + "000 TOPS",
    "十十十倍，万万亿倍，零零零倍，亿十倍，两两倍，一百零零五倍，九九九万万万TFLOPS，百分之百分之",
    "吞吐量提升一" + "亿" * 50 + "倍，性能提升百分之一" + "亿" * 50,   # beyond any float
    "性能提升" + "十" * 400 + "倍",
    "Производительность H100 ist 3倍 schneller als A100; συγκριτικά 吞吐量 提升 ٣ 倍; 性能は2倍",
    "H100🚀性能提升3倍😀，与A100相比吞吐量提升2.6倍👍👨‍👩‍👧",
    "H1\u03010\u03010吞吐量提升2\u0301.6倍\u0308",
    "与A\u200b100相比，IPU\u200d-M2000的吞吐量提升\u202e2.6\u202c倍\u2066。\u2069\ufeff",
    "与A100相比，\ud800IPU-M2000的吞吐量提升2.6倍\udfff。\udc00\ud800",
    "与A100&nbsp;相比，IPU-M2000的吞吐量提升2.6&#20493;。&amp;&lt;&#x5343;&gt;",
    "吞吐量\x00提升\x012.6倍\x1b[31m，延迟降低\x7f30%",
    "吞吐量提升2.6倍\r性能提升3倍\r\n功耗降低20%\u2028带宽为3TB/s\u2029\x85算力2PFLOPS",
    "（（（（【【《《" * 100 + "提升2倍" + "）」』" * 100,
    "\ufffd" * 100 + "提升\ufffd2倍",
])
def test_odd_text_never_crashes_the_extractor(text):
    check_claims(text)


def test_what_odd_text_yields():
    """Exact outcomes for the cases where there is one."""
    assert check_claims("") == []
    assert check_claims(" \n\t\u3000\n") == []
    assert check_claims("1 2 3 4 5\n6789") == []                 # numbers without units are no claims
    assert check_claims("吞吐量提升1e308倍，NaN倍，inf倍") == []   # no exponents, no non-finite values
    assert check_claims("吞吐量提升" + "9" * 400 + "倍") == []     # absurd lengths are noise
    assert check_claims("吞吐量提升一" + "亿" * 50 + "倍") == []   # overflows a float: noise, no inf
    # invisible characters are skipped, and kept in the evidence
    [c] = check_claims("与A\u200b100相比，IPU\u200d-M2000的吞吐量提升\u202e2.6\u202c倍。")
    assert (c.hardware, c.value, c.unit, c.baseline) == ("IPU-M2000", 2.6, "x", "A100")
    assert "\u202e" in c.evidence
    # a lone surrogate stays in the evidence, which is the text at its offsets
    text = "与A100相比，IPU-M2000的吞吐量提升2.6倍\udfff。"
    [c] = check_claims(text)
    assert c.evidence.endswith("2.6倍\udfff") and c.evidence == text[c.start:c.end]
    assert c.to_row()["claim_id"] == c.claim_id                    # ids hash it (surrogatepass)


def test_a_long_line_without_punctuation(tmp_path):
    """3 MB on one line, no sentence or clause punctuation: extracted in
    bounded pieces (segment.MAX_SENTENCE_CHARS), every claim found."""
    filler = "这是一段没有任何标点符号的很长的文字用来测试"
    chunk = filler * 90 + "H100的吞吐量比A100提升2.6倍"
    n = 3_000_000 // len(chunk.encode("utf-8"))
    text = chunk * n
    assert len(text.encode("utf-8")) > 2_900_000 and "\n" not in text
    claims = extract_claims(text, "long.txt")
    assert len(claims) >= n - 2                    # a claim cut by a piece boundary may be lost
    assert {(c.hardware, c.metric, c.value, c.unit, c.baseline) for c in claims} == {
        ("H100", "throughput", 2.6, "x", "A100")}
    assert all(c.evidence == text[c.start:c.end] and c.end - c.start <= 1000 for c in claims)


def test_sentences_are_bounded():
    """The guard that keeps a long line linear: no sentence the assembler
    sees is longer than MAX_SENTENCE_CHARS, and the pieces cover the line."""
    from extract.core.segment import MAX_SENTENCE_CHARS, split_document

    line = ("吞吐量提升2倍A100" * 700) + "，" + "9" * 2500 + "、" + "的" * 3000
    [para] = split_document(line)
    spans = [(s.start, s.end) for s in para.sentences]
    assert max(b - a for a, b in spans) <= MAX_SENTENCE_CHARS
    assert spans[0][0] == 0 and spans[-1][1] == len(line)
    assert all(b == c for (_, b), (c, _) in zip(spans, spans[1:]))


@pytest.mark.parametrize("unit,values", [
    ("1234567890", set()),                       # numbers with no unit (spec 1)
    ("性能提升2倍A100吞吐量", {(2, "x")}),         # 2倍 is the only number with a unit; A100 is a name
    ("A100" * 3, set()),                         # digits inside names (spec 1)
    ("倍%万亿", set()),                           # units and scale words without a digit (spec 9)
])
def test_dense_long_lines(unit, values):
    """Several bounded pieces of one line, each as dense as it gets."""
    claims = check_claims(unit * (4_000 // len(unit)))
    assert {(c.value, c.unit) for c in claims} == values


@pytest.mark.skipif(not os.environ.get("CLAIMS_SLOW"), reason="50 MB run: set CLAIMS_SLOW=1")
def test_a_50_mb_single_line_document_through_the_cli(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    chunk = "这是一段没有任何标点符号的很长的文字用来测试" * 90 + "H100的吞吐量比A100提升2.6倍"
    with open(corpus / "huge.txt", "w", encoding="utf-8") as fh:
        for _ in range(50_000_000 // len(chunk.encode("utf-8"))):
            fh.write(chunk)
    out = tmp_path / "out.csv"
    proc = subprocess.run([sys.executable, "-m", "extract", "run", str(corpus), "-o", str(out)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "1 documents, 0 failed" in proc.stdout
    assert files.read_table(out)["value"].astype(float).eq(2.6).all()


# --- properties over generated text ------------------------------------------------

DOMAIN = [
    "0", "1", "2", "3", "5", "7", "9", ".", ",", "倍", "%", "万", "亿", "千", "十", "百", "一", "两", "三", "零",
    "半", "成", "翻番", "百分之", "A100", "H100", "IPU-M2000", "昇腾910", "TPU v4", "MI300X", "GPU", "DGX-A100",
    "3台", "ResNet-50", "BERT", "Llama 2 70B", "吞吐量", "性能", "提升", "降低", "与", "相比", "比", "快", "训练",
    "时间", "推理", "延迟", "ms", "小时", "TFLOPS", "GB/s", "GB", "W", "每秒", "张图像", "tokens/s", "约", "超过",
    "从", "到", "由", "组成", "的", "是", "为", "，", "。", "；", "：", "、", "（", "）", "(", ")", "|", "\n", "\n\n",
    " ", "—", "－", "１", "２", "---\n", "# ", "- ", "\u200b", "\u202e", "😀", "\u0301", "&amp;", "e308", "\ud800",
]
PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(st.text(alphabet=st.characters(exclude_categories=()), max_size=300))
def test_any_unicode_text(text):
    check_claims(text)


@PROPERTY
@given(st.lists(st.sampled_from(DOMAIN), max_size=80).map("".join))
def test_text_from_the_domain_alphabet(text):
    check_claims(text)



# --- every input is accounted for --------------------------------------------------

def make_bad_corpus(tmp_path: Path) -> Path:
    """A corpus folder with one of each kind of entry (docs/robustness.md)."""
    corpus = tmp_path / "corpus"
    (corpus / "sub").mkdir(parents=True)
    (corpus / "dir.txt").mkdir()                      # a folder is a folder, whatever its name
    (corpus / ".git").mkdir()
    (corpus / "good.txt").write_text(GOOD, encoding="utf-8")
    (corpus / "sub" / "nested.md").write_text(GOOD, encoding="utf-8")
    (corpus / "dir.txt" / "inner.txt").write_text(GOOD, encoding="gb18030")
    (corpus / "empty.txt").write_bytes(b"")
    (corpus / "bin.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00")
    (corpus / "undecodable.txt").write_bytes(bytes(range(128, 256)) * 4)
    (corpus / "big.txt").write_text(GOOD * 100, encoding="utf-8")
    (corpus / "notes.pdf").write_bytes(b"%PDF-1.4")
    (corpus / ".hidden.txt").write_text(GOOD, encoding="utf-8")
    (corpus / ".git" / "HEAD").write_text("ref", encoding="utf-8")
    (tmp_path / "outside.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "outside_dir").mkdir()
    (tmp_path / "outside_dir" / "x.txt").write_text(GOOD, encoding="utf-8")
    (corpus / "out.txt").symlink_to(tmp_path / "outside.txt")
    (corpus / "outdir").symlink_to(tmp_path / "outside_dir")
    (corpus / "up").symlink_to("..")
    (corpus / "broken.txt").symlink_to(corpus / "missing.txt")
    (corpus / "loop.txt").symlink_to(corpus / "loop.txt")
    (corpus / "alias.txt").symlink_to(corpus / "good.txt")
    (corpus / "linkdir").symlink_to(corpus / "sub")
    os.mkfifo(corpus / "pipe.txt")
    fd = os.open(os.fsencode(corpus) + b"/bad\xff.txt", os.O_WRONLY | os.O_CREAT, 0o644)
    os.write(fd, GOOD.encode("utf-8"))
    os.close(fd)
    return corpus


EXPECTED_FAILED = [
    ("bad\\xff.txt", "file name is not valid UTF-8, not read"),
    ("big.txt", f"too large: {len(GOOD.encode()) * 100} bytes > limit 1000"),
    ("bin.txt", "binary file (NUL bytes), not text"),
    ("broken.txt", "unreadable: broken symlink (no target, or a loop)"),
    ("loop.txt", "unreadable: broken symlink (no target, or a loop)"),
    ("out.txt", "symlink to outside the corpus folder, not followed"),
    ("outdir", "symlink to outside the corpus folder, not followed"),
    ("pipe.txt", "not a regular file (a FIFO, socket or device), not read"),
    ("undecodable.txt", "undecodable: no text encoding fits these bytes"),
    ("up", "symlink to outside the corpus folder, not followed"),
]
EXPECTED_SKIPPED = [
    (".git/", "hidden folder, not read"),
    (".hidden.txt", "hidden file, not read"),
    ("linkdir/", "symlink to a folder inside the corpus, not followed (its files are read at their own path)"),
    ("notes.pdf", "not a document (only .txt and .md files are read)"),
]
READ = ["alias.txt", "dir.txt/inner.txt", "empty.txt", "good.txt", "sub/nested.md"]


ERRORS_HEADER = ["doc", "status", "reason", "line", "text"]


def read_errors(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8", newline="") as fh:
        return list(csv.reader(fh))


def test_scan_accounts_for_every_entry(tmp_path):
    scan = files.scan_corpus(make_bad_corpus(tmp_path))
    assert [doc for doc, _ in scan.documents] == [
        "alias.txt", "big.txt", "bin.txt", "dir.txt/inner.txt", "empty.txt", "good.txt", "sub/nested.md",
        "undecodable.txt"]
    assert sorted(scan.refused) == [(n, r) for n, r in EXPECTED_FAILED
                                    if n not in ("big.txt", "bin.txt", "undecodable.txt")]
    assert scan.skipped == EXPECTED_SKIPPED
    assert list(files.iter_corpus(tmp_path / "corpus")) == scan.documents


def test_run_reports_every_file_it_cannot_read(tmp_path, capsys):
    corpus = make_bad_corpus(tmp_path)
    out, errors = tmp_path / "out.csv", tmp_path / "errors.csv"
    errors.write_text("stale content of an earlier run\n", encoding="utf-8")
    code = main(["run", str(corpus), "-o", str(out), "--errors", str(errors), "--max-bytes", "1000"])
    stdout, stderr = capsys.readouterr()
    assert code == 1
    assert read_errors(errors) == [ERRORS_HEADER] + [
        [n, "failed", r, "", ""] for n, r in EXPECTED_FAILED] + [[n, "skipped", r, "", ""] for n, r in EXPECTED_SKIPPED]
    for name, reason in EXPECTED_FAILED:
        assert f"{corpus / name}: {reason}" in stderr
    assert stdout.startswith(f"{len(READ) + len(EXPECTED_FAILED)} documents, {len(EXPECTED_FAILED)} failed, 4 claims\n")
    assert "4 skipped (not documents):\n" + "".join(f"  {n}: {r}\n" for n, r in EXPECTED_SKIPPED) in stdout
    table = files.read_table(out)
    assert sorted(table["doc"]) == ["alias.txt", "dir.txt/inner.txt", "good.txt", "sub/nested.md"]
    for doc in table["doc"]:                  # ids are relative and stay inside the corpus
        assert not doc.startswith("/") and ".." not in doc.split("/")


def test_allow_failures_exits_zero_and_still_reports(tmp_path, capsys):
    corpus = make_bad_corpus(tmp_path)
    code = main(["run", str(corpus), "-o", str(tmp_path / "out.jsonl"), "--allow-failures", "--max-bytes", "1000"])
    stdout, stderr = capsys.readouterr()
    assert code == 0
    assert f"{len(EXPECTED_FAILED)} failed" in stdout and f"{corpus / 'pipe.txt'}: not a regular file" in stderr


def test_a_clean_run_writes_an_errors_file_with_only_the_header(tmp_path, capsys):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(GOOD, encoding="utf-8")
    errors = tmp_path / "errors.csv"
    errors.write_text("doc,status,reason\nold.txt,failed,stale\n", encoding="utf-8")
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv"), "--errors", str(errors)]) == 0
    assert read_errors(errors) == [ERRORS_HEADER]
    assert "skipped" not in capsys.readouterr().out


def test_odd_file_names_are_quoted_in_the_errors_file(tmp_path, capsys):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    names = ['quote"d,comma.txt', "new\nline.txt", "空 格.md"]
    for name in names:
        (corpus / name).write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00")
    errors = tmp_path / "errors.csv"
    assert main(["run", str(corpus), "--errors", str(errors)]) == 1
    capsys.readouterr()
    assert read_errors(errors)[1:] == [[n, "failed", "binary file (NUL bytes), not text", "", ""] for n in sorted(names)]


def test_many_skipped_entries_are_summarised(tmp_path, capsys):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for i in range(25):
        (corpus / f"f{i:02}.pdf").write_bytes(b"%PDF")
    errors = tmp_path / "e.csv"
    assert main(["run", str(corpus), "--errors", str(errors)]) == 0
    out = capsys.readouterr().out
    assert "25 skipped (not documents):" in out and "  f19.pdf: " in out and "f20.pdf" not in out
    assert f"  ... and 5 more (all listed in {errors})" in out
    assert len(read_errors(errors)) == 26


def test_an_extractor_crash_fails_one_document_not_the_run(tmp_path, capsys, monkeypatch):
    from extract import run

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("a.txt", "b.txt", "c.txt"):
        (corpus / name).write_text(GOOD if name != "b.txt" else "触发错误", encoding="utf-8")
    real = run.extract_text

    def flaky(text, doc):
        if doc == "b.txt":
            raise RuntimeError("boom")
        return real(text, doc)

    monkeypatch.setattr(run, "extract_text", flaky)
    errors = tmp_path / "errors.csv"
    out = tmp_path / "out.csv"
    assert main(["run", str(corpus), "-o", str(out), "--errors", str(errors)]) == 1
    assert "3 documents, 1 failed, 2 claims" in capsys.readouterr().out
    assert read_errors(errors)[1:] == [["b.txt", "failed", "internal error: RuntimeError: boom", "", ""]]
    assert sorted(files.read_table(out)["doc"]) == ["a.txt", "c.txt"]


def test_an_unwritable_output_is_an_error_not_a_traceback(tmp_path, capsys):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(GOOD, encoding="utf-8")
    for name in ("taken.csv", "taken.parquet"):   # streamed and written whole; the path is a folder
        (tmp_path / name).mkdir()
        assert main(["run", str(corpus), "-o", str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"claims: {tmp_path / name}: cannot write (") and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "taken.csv", "taken.parquet"]  # no temp left


def test_fifos_and_folders_are_never_read_as_documents(tmp_path, capsys):
    """Reading a FIFO would block forever: every command refuses it."""
    os.mkfifo(tmp_path / "pipe.txt")
    (tmp_path / "dir.txt").mkdir()
    for name in ("pipe.txt", "dir.txt"):
        assert main(["show", str(tmp_path / name)]) == 2
        assert capsys.readouterr().err == (f"claims: {tmp_path / name}: not a regular file "
                                           "(a folder, FIFO, socket or device), not read\n")
    assert main(["run", str(tmp_path / "pipe.txt")]) == 2
    assert capsys.readouterr().err == f"claims: {tmp_path / 'pipe.txt'}: not a regular file or folder\n"


def test_a_run_never_opens_a_network_connection(tmp_path, capsys, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    corpus = make_bad_corpus(tmp_path)
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv"), "--allow-failures"]) == 0
    capsys.readouterr()


# --- writes are atomic -------------------------------------------------------------

def big_corpus(folder: Path, copies: int) -> Path:
    folder.mkdir()
    docs = sorted(CORPUS.glob("*.txt"))
    for i in range(copies):
        src = docs[i % len(docs)]
        (folder / f"{i:04}_{src.name}").write_bytes(src.read_bytes())
    return folder


def wait_for(condition, proc: subprocess.Popen, patience: float = 300.0) -> bool:
    """Poll until ``condition()`` or the process ends (not a timing test:
    the limit only keeps a broken run from hanging the suite)."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        if condition():
            return True
        if proc.poll() is not None:
            return False
        time.sleep(0.01)
    return False


def visible_tables(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()
                  if p.suffix in files.TABLE_SUFFIXES and not p.name.startswith("."))


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_a_killed_run_leaves_the_old_table_or_a_complete_new_one(tmp_path, fmt):
    corpus = big_corpus(tmp_path / "corpus", 200)
    outdir = tmp_path / "out"
    outdir.mkdir()
    out = outdir / f"claims.{fmt}"
    old = b"old content, not a table\n"
    out.write_bytes(old)
    cache = tmp_path / "cache"
    cmd = [sys.executable, "-m", "extract", "run", str(corpus), "-o", str(out), "--cache", str(cache)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if fmt == "csv":   # streamed: killed while the new table is being written
            started = wait_for(lambda: any(p.name.endswith(".tmp") and p.stat().st_size > 0
                                           for p in outdir.iterdir()), proc)
        else:              # written at the end: killed while documents are being processed
            started = wait_for(lambda: cache.is_dir() and sum(1 for _ in cache.rglob("*.json")) >= 5, proc)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    assert started and proc.returncode == -signal.SIGKILL
    assert out.read_bytes() == old                      # never torn
    assert visible_tables(outdir) == [out.name]         # leftovers are hidden .tmp files
    for p in outdir.iterdir():
        if p != out:
            assert p.name.startswith(f".{out.name}.") and p.name.endswith(".tmp")
            with pytest.raises(files.TableError, match="unknown table format"):
                files.read_table(p)
    # A run that completes replaces it with the whole new table.
    small = big_corpus(tmp_path / "small", 3)
    proc = subprocess.run([sys.executable, "-m", "extract", "run", str(small), "-o", str(out)],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    n_claims = int(proc.stdout.split(" claims")[0].rsplit(" ", 1)[1])
    assert len(files.read_table(out)) == n_claims > 0


def test_a_closed_stdout_stops_the_run_quietly(tmp_path):
    """`claims run -o - | head`: no traceback, a non-zero status."""
    corpus = big_corpus(tmp_path / "corpus", 100)    # far more output than a pipe buffers
    proc = subprocess.Popen([sys.executable, "-m", "extract", "run", str(corpus), "-o", "-"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline().startswith(b"doc,model,hardware,")
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait()
    assert proc.returncode == 1 and b"Traceback" not in err, err


def test_tables_get_the_usual_file_mode(tmp_path):
    umask = os.umask(0)
    os.umask(umask)
    for fmt in ("csv", "parquet"):            # streamed and written whole
        out = tmp_path / f"o.{fmt}"
        assert main(["run", str(CORPUS / "01_nvidia_h100_press_release.txt"), "-o", str(out)]) == 0
        assert out.stat().st_mode & 0o777 == 0o666 & ~umask


# --- bad tables and gold give clear errors -----------------------------------------

HEADER = "doc,model,hardware,metric,value,unit,baseline,evidence\n"
ROW = "a.txt,,IPU-M2000,throughput,2.6,x,A100,{}\n".format("与A100相比")


def jsonl_row(**change) -> str:
    import json

    row = dict(zip(HEADER.strip().split(","), ROW.strip().split(",")))
    row.update(change)
    return json.dumps(row, ensure_ascii=False) + "\n"


# (file name, bytes, where the message points, what it says)
BAD_TABLES = [
    ("t.csv", (HEADER.replace(",value", "") + ROW.replace(",2.6", "")).encode(), "t.csv",
     "missing column(s) value; expected doc, model, hardware, metric, value, unit, baseline, evidence"),
    ("t.csv", (HEADER + ROW + ROW.replace("2.6", "2.6倍")).encode(), "t.csv:3",
     "value '2.6倍' is not a number; expected a finite number"),
    ("t.csv", (HEADER + ROW.replace("throughput", "speediness")).encode(), "t.csv:2",
     "unknown metric 'speediness'; expected one of accuracy, bandwidth"),
    ("t.csv", (HEADER + ROW + "\n" + ROW.replace(",x,", ",furlongs,")).encode(), "t.csv:4",
     "unknown unit 'furlongs'; expected one of x, %"),
    ("t.csv", (HEADER + ROW).encode("gb18030"), "t.csv:2",
     "not UTF-8 text (byte 0xd3 cannot be decoded); expected a UTF-8 file"),
    ("t.csv", b"", "t.csv", "empty file: expected a header row"),
    ("t.csv", (HEADER + "a.txt,,A100\n").encode(), "t.csv:2",
     "expected 8 fields (doc, model, hardware, metric, value, unit, baseline, evidence), found 3"),
    ("t.csv", (HEADER + ROW + ROW.replace("与A100相比", '"与A100\n相比')).encode(), "t.csv:3",
     "malformed CSV (unexpected end of data; detected at line 4)"),
    ("t.csv", (HEADER.strip() + ",doc\n" + ROW.strip() + ",b.txt\n").encode(), "t.csv:1",
     "duplicate column(s) 'doc' in the header"),
    ("t.jsonl", (jsonl_row() + '{"doc": "a.txt", "model": \n').encode(), "t.jsonl:2",
     "invalid JSON (Expecting value at column 27); expected one JSON object per line"),
    ("t.jsonl", (jsonl_row() + "\n" + '["a.txt"]\n').encode(), "t.jsonl:3",
     "expected a JSON object per line, found list"),
    ("t.jsonl", (jsonl_row() + jsonl_row(value="lots")).encode(), "t.jsonl:2",
     "value 'lots' is not a number"),
    ("t.jsonl", b"\n\n", "t.jsonl", "missing column(s) doc, model"),
    ("t.parquet", b"PAR1 this is not a parquet file PAR1", "t.parquet", "not a readable Parquet file"),
    ("t.txt", (HEADER + ROW).encode(), "t.txt", "unknown table format '.txt'; expected one of .csv, .jsonl, .parquet"),
]


@pytest.mark.parametrize("name, data, where, message", BAD_TABLES)
def test_score_reports_a_bad_table_with_file_and_line(tmp_path, capsys, name, data, where, message):
    (tmp_path / name).write_bytes(data)
    gold = tmp_path / "gold"
    gold.mkdir()
    (gold / "a.csv").write_text(HEADER + ROW, encoding="utf-8")
    assert main(["score", str(tmp_path / name), str(gold)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"claims: {tmp_path / where}: {message}"), err
    assert "Traceback" not in err


def test_a_parquet_table_names_the_row(tmp_path, capsys):
    import pandas as pd

    df = pd.DataFrame([dict(zip(HEADER.strip().split(","), ROW.strip().split(",")))] * 2)
    df.loc[1, "metric"] = "vibes"
    df.to_parquet(tmp_path / "t.parquet")
    gold = tmp_path / "gold"
    gold.mkdir()
    (gold / "a.csv").write_text(HEADER + ROW, encoding="utf-8")
    assert main(["score", str(tmp_path / "t.parquet"), str(gold)]) == 2
    assert capsys.readouterr().err.startswith(f"claims: {tmp_path / 't.parquet'}: row 2: unknown metric 'vibes'")


@pytest.mark.parametrize("name, data, where, message", [
    (n, d, w, m) for n, d, w, m in BAD_TABLES if n == "t.csv" and "missing column" not in m
    and "not a number" not in m and "unknown" not in m
])
def test_lint_gold_reports_an_unreadable_gold_file(tmp_path, capsys, name, data, where, message):
    gold = tmp_path / "gold"
    gold.mkdir()
    (gold / name).write_bytes(data)
    (tmp_path / "corpus").mkdir()
    assert main(["lint-gold", str(gold), str(tmp_path / "corpus")]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{gold / where}: {message}")


def test_lint_gold_reports_every_row_problem(tmp_path, capsys):
    gold, corpus = tmp_path / "gold", tmp_path / "corpus"
    gold.mkdir()
    corpus.mkdir()
    (corpus / "a.txt").write_text(GOOD, encoding="utf-8")
    rows = [ROW.replace("与A100相比", "IPU-M2000的ResNet50吞吐量提升2.6倍"),
            ROW.replace("与A100相比", "not in the article"),
            ROW.replace("2.6", "abc"),
            ROW.replace("throughput", "speediness"),
            ROW.replace(",x,", ",furlongs,"),
            ROW.replace("a.txt", "missing.txt")]
    (gold / "a.csv").write_text(HEADER + "".join(rows), encoding="utf-8")
    (gold / "b.csv").write_text(HEADER.replace(",value", "") + "a.txt,,A100,speed,x,,ev\n", encoding="utf-8")
    assert main(["lint-gold", str(gold), str(corpus)]) == 1
    out = capsys.readouterr().out.splitlines()
    a, b = gold / "a.csv", gold / "b.csv"
    assert out == [
        f"{a}:3: evidence not found verbatim in a.txt: 'not in the article'",
        f"{a}:4: value 'abc' is not a plain number",
        f"{a}:5: unknown metric 'speediness'",
        f"{a}:6: unknown unit 'furlongs'",
        f"{a}:7: document 'missing.txt' not found in the corpus",
        f"{b}:1: missing column(s): value",
    ]


def test_lint_gold_and_score_refuse_missing_or_empty_inputs(tmp_path, capsys):
    gold, corpus = tmp_path / "gold", tmp_path / "corpus"
    gold.mkdir()
    corpus.mkdir()
    assert main(["lint-gold", str(gold), str(corpus)]) == 1
    assert capsys.readouterr().out == f"{gold}: no gold files: expected one or more .csv files in this folder\n"
    (gold / "a.csv").write_text(HEADER + ROW, encoding="utf-8")
    assert main(["lint-gold", str(gold), str(tmp_path / "nowhere")]) == 2
    assert capsys.readouterr().err == f"claims: {tmp_path / 'nowhere'}: no such file or directory\n"
    (gold / "b.csv").mkdir()              # a gold "file" that cannot be read
    assert main(["lint-gold", str(gold), str(corpus)]) == 1
    assert capsys.readouterr().out == f"{gold / 'b.csv'}: unreadable: Is a directory\n"
    (gold / "b.csv").rmdir()
    table = tmp_path / "t.csv"
    table.write_text(HEADER + ROW, encoding="utf-8")
    assert main(["score", str(table), str(corpus)]) == 2      # arguments swapped: no gold there
    assert "no gold files" in capsys.readouterr().err


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(alphabet="\n`|a倍1", max_size=40), st.data())
def test_the_text_index_answers_as_the_string_methods(text, data):
    """extract.core.textindex replaces per-value scans of a value's line (quadratic on a
    one-line document such as '1倍' * n) and must answer exactly as they did."""
    from extract.core import textindex

    i = data.draw(st.integers(0, len(text)))
    j = data.draw(st.integers(i, len(text)))
    assert textindex.line_start(text, i) == text.rfind("\n", 0, i) + 1
    assert textindex.line_end(text, i) == text.find("\n", i)
    for char in textindex.MARKERS:
        assert textindex.count(text, char, i, j) == text.count(char, i, j)
