"""Issue 13: the command line as a new user meets it: `-o -` for every
command, `show` of HTML and stdin, plurals, --quiet, help texts, Ctrl-C,
jieba's messages kept off stderr."""
from __future__ import annotations

import csv
import io as _io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from extract.cli import build_parser, main
from extract.io import files

ROOT = Path(__file__).resolve().parent.parent
GOOD = "与A100相比，IPU-M2000的吞吐量提升2.6倍。\n"
PAGE = ("<html><head><title>T</title><script>var a='速度提升99倍';</script></head><body>"
        "<nav>首页 训练速度提升50倍</nav><article><p>与A100相比，IPU-M2000的吞吐量提升2.6倍。"
        "这是一段足够长的正文内容。</p></article></body></html>")


@pytest.fixture
def corpus(tmp_path):
    c = tmp_path / "corpus"
    c.mkdir()
    (c / "a.txt").write_text(GOOD, encoding="utf-8")
    (c / "b.txt").write_text("H100的功耗为700W。\n", encoding="utf-8")
    return c


def stdin_bytes(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", _io.TextIOWrapper(_io.BytesIO(data)))


# --- -o - --------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["csv", "jsonl", "ledger"])
def test_run_to_stdout_in_every_streamable_format(corpus, capsys, fmt):
    assert main(["run", str(corpus), "-o", "-", "--format", fmt]) == 0
    out, err = capsys.readouterr()
    if fmt == "csv":
        rows = list(csv.DictReader(_io.StringIO(out, newline="")))
    else:
        rows = [json.loads(line) for line in out.splitlines()]
    assert sorted(r["doc"] for r in rows) == ["a.txt", "b.txt"]
    assert "2 documents, 0 failed, 2 claims" in err   # the summary goes to stderr


@pytest.mark.parametrize("argv", [["run", "CORPUS", "-o", "-", "--format", "parquet"],
                                  ["diff", "T", "T", "-o", "-", "--format", "parquet"],
                                  ["conflicts", "T", "-o", "-", "--format", "parquet"]])
def test_parquet_to_stdout_is_a_clear_error(corpus, tmp_path, capsys, argv):
    argv = [str(corpus) if a == "CORPUS" else str(tmp_path / "t.csv") if a == "T" else a for a in argv]
    assert main(["run", str(corpus), "-o", str(tmp_path / "t.csv")]) == 0
    capsys.readouterr()
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and "cannot be written to stdout (it is binary)" in err and "Traceback" not in err


def test_report_to_stdout(corpus, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["report", str(corpus), "-o", "-"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("<!DOCTYPE html>") and "IPU-M2000" in out
    assert "<stdout>: 2 documents, 2 claims" in err and not (tmp_path / "-").exists()


@pytest.mark.parametrize("command", ["diff", "conflicts"])
@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_diff_and_conflicts_to_stdout(corpus, tmp_path, capsys, command, fmt):
    (corpus / "c.txt").write_text("与A100相比，IPU-M2000的吞吐量提升3倍。\n", encoding="utf-8")
    assert main(["run", str(corpus), "-o", str(tmp_path / "new.csv")]) == 0
    (corpus / "c.txt").unlink()
    assert main(["run", str(corpus), "-o", str(tmp_path / "old.csv")]) == 0
    capsys.readouterr()
    args = [str(tmp_path / "old.csv"), str(tmp_path / "new.csv")] if command == "diff" else [str(tmp_path / "new.csv")]
    assert main([command, *args, "-o", "-", "--format", fmt]) == 1
    out = capsys.readouterr().out
    rows = (list(csv.DictReader(_io.StringIO(out, newline=""))) if fmt == "csv"
            else [json.loads(line) for line in out.splitlines()])
    assert rows and any(r.get("doc") == "c.txt" for r in rows)


def test_run_without_output_says_nothing_was_written(corpus, capsys):
    assert main(["run", str(corpus)]) == 0
    out, err = capsys.readouterr()
    assert "2 documents, 0 failed, 2 claims" in out and "no -o given: no claims table written" in err


# --- show ---------------------------------------------------------------------------

def test_show_reduces_html_to_its_main_text(tmp_path, capsys):
    (tmp_path / "p.html").write_text(PAGE, encoding="utf-8")
    assert main(["show", str(tmp_path / "p.html")]) == 0
    out, err = capsys.readouterr()
    assert "IPU-M2000的吞吐量提升2.6倍" in out and "99倍" not in out and "50倍" not in out
    assert err == "1 claim\n"


@pytest.mark.parametrize("data", [PAGE.encode("gbk"), GOOD.encode("gb18030"), GOOD.encode("utf-8")])
def test_show_reads_stdin(monkeypatch, capsys, data):
    stdin_bytes(monkeypatch, data)
    assert main(["show", "-"]) == 0
    out, err = capsys.readouterr()
    assert "IPU-M2000的吞吐量提升2.6倍" in out and "99倍" not in out and err == "1 claim\n"


# --- plurals, --quiet, help -----------------------------------------------------------

def test_plurals_and_quiet(corpus, tmp_path, capsys):
    (corpus / "b.txt").unlink()
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv")]) == 0
    assert capsys.readouterr().out.startswith("1 document, 0 failed, 1 claim\n")
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv"), "--quiet"]) == 0
    assert capsys.readouterr() == ("", "")
    assert main(["ingest", str(corpus / "a.txt"), "--corpus", str(tmp_path / "c2"), "-q"]) == 0
    out, err = capsys.readouterr()
    assert out == "" and err == "1 source: 1 stored, 0 duplicates, 0 failed\n"


def test_every_subcommand_help_has_a_description_examples_and_argument_help():
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.choices and "run" in a.choices).choices
    for name, sub in subparsers.items():
        text = sub.format_help()
        assert sub.description and "examples:\n  claims " in text, name
        for action in sub._actions:
            assert action.help, (name, action.dest)


# --- Ctrl-C and library noise ------------------------------------------------------------

def _sigint_default() -> None:
    """In the child before exec: SIGINT as a terminal gives it, even when the
    test runner was started with SIGINT ignored (a background job of a
    script), which the child would inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_ctrl_c_stops_without_a_traceback(tmp_path):
    """SIGINT while `claims ingest -` waits for stdin: one line, exit 130."""
    proc = subprocess.Popen([sys.executable, "-m", "extract", "ingest", "-", "--corpus", str(tmp_path / "c")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(),
                            preexec_fn=_sigint_default)
    # wait until the program is reading stdin: its command line is parsed and
    # the corpus checked; a slow machine only makes this loop longer
    for _ in range(600):
        try:
            if "pipe" in os.readlink(f"/proc/{proc.pid}/fd/0") and _reading_stdin(proc.pid):
                break
        except OSError:
            pass
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and err.decode().strip().endswith("claims: interrupted")


def _reading_stdin(pid: int) -> bool:
    """Whether the process is blocked reading a pipe (its wchan is
    ``pipe_read``, ``anon_pipe_read`` or ``pipe_wait``, by kernel)."""
    try:
        wchan = Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return False
    return "pipe" in wchan


def test_jieba_messages_stay_off_stderr(tmp_path):
    """--jobs 2 loads jieba's dictionary before forking the workers."""
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(GOOD, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "extract", "run", str(tmp_path), "--jobs", "2", "-o",
                           str(tmp_path / "o.csv")], capture_output=True, env=_env(), timeout=300)
    assert done.returncode == 0 and done.stderr == b""


def test_verbose_names_each_document(corpus, tmp_path, capsys):
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv"), "-v"]) == 0
    assert capsys.readouterr().err == f"{corpus / 'a.txt'}: 1 claim\n{corpus / 'b.txt'}: 1 claim\n"


# --- ledger provenance ---------------------------------------------------------------------

def test_ledger_lines_carry_the_documents_provenance(tmp_path, capsys):
    from importlib.resources import files as resource_files

    import jsonschema

    from extract.tools.ingest import split_header

    page = tmp_path / "page.html"
    page.write_text(PAGE.replace("<title>T</title>", '<title>IPU评测</title><meta name="date" content="2023-11-13">'
                                 '<link rel="canonical" href="https://example.com/ipu">'), encoding="utf-8")
    corpus = tmp_path / "corpus"
    assert main(["ingest", str(page), "--corpus", str(corpus)]) == 0
    (corpus / "plain.txt").write_text("H100的功耗为700W。\n", encoding="utf-8")
    assert main(["run", str(corpus), "--format", "ledger", "-o", str(tmp_path / "l.jsonl")]) == 0
    lines = {d["doc"]: d for d in map(json.loads, (tmp_path / "l.jsonl").read_text(encoding="utf-8").splitlines())}
    stored = next(n for n in lines if n != "plain.txt")
    meta, _ = split_header((corpus / stored).read_text(encoding="utf-8"))
    entry = lines[stored]
    assert (entry["title"], entry["date"], entry["url"]) == ("IPU评测", "2023-11-13", "https://example.com/ipu")
    assert entry["body_sha256"] == meta["sha256"] and entry["body_sha256"] != entry["doc_sha256"]
    plain = lines["plain.txt"]
    assert (plain["title"], plain["source"], plain["url"], plain["date"]) == ("", "", "", "")
    schema = json.loads(resource_files("extract").joinpath("schema/ledger.schema.json").read_text(encoding="utf-8"))
    assert not schema["$id"].startswith("https://example.invalid")
    validator = jsonschema.Draft202012Validator(schema)
    assert all(validator.is_valid(d) for d in lines.values())
    capsys.readouterr()


def test_ctrl_c_with_worker_processes_prints_one_line(tmp_path):
    """Ctrl-C reaches the whole process group; the workers of --jobs 2 used
    to print a KeyboardInterrupt traceback each."""
    import shutil

    import psutil

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    docs = sorted((ROOT / "corpus").glob("*.txt"))
    for i in range(20):   # long enough to be running when the signal comes
        for d in docs:
            shutil.copyfile(d, corpus / f"{i}_{d.name}")
    proc = subprocess.Popen([sys.executable, "-m", "extract", "run", str(corpus), "--jobs", "2", "-o",
                             str(tmp_path / "o.csv")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(),
                            start_new_session=True, preexec_fn=_sigint_default)
    parent = psutil.Process(proc.pid)
    # until both workers run and results come back: the table's temporary
    # file has had its first buffer of rows written (a slow machine waits longer)
    for _ in range(2400):
        started = len(parent.children()) >= 2 and any(p.stat().st_size > 0 for p in tmp_path.glob(".o.csv.*.tmp"))
        if started or proc.poll() is not None:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and err.decode().strip() == "claims: interrupted"
    assert not (tmp_path / "o.csv").exists()
