"""Issue 14 (docs/robustness.md): deep folders, write errors of every
command, file names that are not UTF-8 or hold escapes, symlinks out of an
ingest folder or swapped in after the scan, planted hashes. Real files,
FIFOs and symlinks under tmp_path; nothing is timed."""
from __future__ import annotations

import csv
import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from extract.cli import main
from extract.io import files
from extract.tools.ingest import split_header

GOOD = "与A100相比，IPU-M2000的ResNet50吞吐量提升2.6倍。\n"
OTHER = "H100的功耗为700W。\n"
DEPTH = 1200  # beyond Python's recursion limit (1000)
BINARY = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"


def remove_tree(root: Path) -> None:
    """shutil.rmtree without recursion (it recurses, and so does os.walk on
    Python 3.11: pytest's own clean-up of old temporary folders would fail)."""
    stack = [os.fspath(root)]
    while stack:
        top = stack[-1]
        with os.scandir(top) as it:
            entries = list(it)
        subdirs = [e.path for e in entries if e.is_dir(follow_symlinks=False)]
        if subdirs:
            stack.extend(subdirs)
            continue
        for e in entries:
            os.unlink(e.path)
        os.rmdir(top)
        stack.pop()


@pytest.fixture
def deep(tmp_path):
    """Folders made by deep_folder under tmp_path are removed after the test."""
    made: list[Path] = []
    yield made
    for root in made:
        if root.exists():
            remove_tree(root)


def deep_folder(root: Path, depth: int = DEPTH) -> Path:
    """``root/d/d/.../d`` (depth folders), made iteratively."""
    root.mkdir(exist_ok=True)
    leaf = root
    for _ in range(depth):  # Path.mkdir(parents=True) and os.makedirs recurse
        leaf = leaf / "d"
        os.mkdir(leaf)
    return leaf


# --- deep folders -------------------------------------------------------------------

def test_scan_of_a_very_deep_folder(tmp_path, deep):
    deep.append(tmp_path / "corpus")
    leaf = deep_folder(tmp_path / "corpus")
    (leaf / "a.txt").write_text(GOOD, encoding="utf-8")
    scan = files.scan_corpus(tmp_path / "corpus")
    assert [doc for doc, _ in scan.documents] == ["/".join(["d"] * DEPTH + ["a.txt"])]


def test_run_report_and_lint_gold_on_a_very_deep_folder(tmp_path, capsys, deep):
    deep.append(tmp_path / "corpus")
    leaf = deep_folder(tmp_path / "corpus")
    (leaf / "a.txt").write_text(GOOD, encoding="utf-8")
    corpus = tmp_path / "corpus"
    assert main(["run", str(corpus), "-o", str(tmp_path / "c.csv")]) == 0
    assert len(files.read_table(tmp_path / "c.csv")) == 1
    assert main(["report", str(corpus), "-o", str(tmp_path / "r.html")]) == 0
    assert "IPU-M2000" in (tmp_path / "r.html").read_text(encoding="utf-8")
    gold = tmp_path / "gold"
    gold.mkdir()
    doc = "/".join(["d"] * DEPTH + ["a.txt"])
    with open(gold / "g.csv", "w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows([["doc", "model", "hardware", "metric", "value", "unit", "baseline", "evidence"],
                                  [doc, "ResNet50", "IPU-M2000", "throughput", "2.6", "x", "A100",
                                   "IPU-M2000的ResNet50吞吐量提升2.6倍"]])
    capsys.readouterr()
    assert main(["lint-gold", str(gold), str(corpus)]) == 0, capsys.readouterr()


def test_ingest_of_a_very_deep_folder(tmp_path, capsys, deep):
    deep.append(tmp_path / "src")
    leaf = deep_folder(tmp_path / "src")
    (leaf / "a.txt").write_text(GOOD, encoding="utf-8")
    assert main(["ingest", str(tmp_path / "src"), "--corpus", str(tmp_path / "corpus")]) == 0
    assert len(list((tmp_path / "corpus").glob("*.txt"))) == 1


# --- write errors: "cannot write", exit 2, for every command that writes -------------

def _table(tmp_path: Path) -> Path:
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "a.txt").write_text("H100的显存为80GB。\n", encoding="utf-8")
    (tmp_path / "corpus" / "b.txt").write_text("H100显存达94GB。\n", encoding="utf-8")
    assert main(["run", str(tmp_path / "corpus"), "-o", str(tmp_path / "t.csv")]) == 0
    return tmp_path / "t.csv"


def _unwritable_targets(tmp_path: Path) -> dict[str, Path]:
    (tmp_path / "a_folder.csv").mkdir()
    (tmp_path / "a_file").write_text("x", encoding="utf-8")
    return {"target is a folder": tmp_path / "a_folder.csv", "parent is a file": tmp_path / "a_file" / "o.csv"}


@pytest.mark.parametrize("command", ["diff", "conflicts"])
def test_diff_and_conflicts_name_a_target_they_cannot_write(tmp_path, capsys, command):
    table = _table(tmp_path)
    args = [str(table), str(table)] if command == "diff" else [str(table)]
    for why, target in _unwritable_targets(tmp_path).items():
        capsys.readouterr()
        assert main([command, *args, "-o", str(target)]) == 2, why
        err = capsys.readouterr().err
        assert err.startswith(f"claims: {target}: cannot write (") and "Traceback" not in err, (why, err)


@pytest.mark.parametrize("command", ["diff", "conflicts", "run", "report"])
def test_a_full_disk_keeps_the_old_output(tmp_path, capsys, monkeypatch, command):
    table = _table(tmp_path)
    out = tmp_path / ("out.html" if command == "report" else "out.csv")
    out.write_bytes(b"old")
    args = {"diff": ["diff", str(table), str(table)], "conflicts": ["conflicts", str(table)],
            "run": ["run", str(tmp_path / "corpus")], "report": ["report", str(tmp_path / "corpus")]}[command]

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    capsys.readouterr()
    assert main([*args, "-o", str(out)]) == 2
    assert f"claims: {out}: cannot write (No space left on device)" in capsys.readouterr().err
    assert out.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("."))== []


def test_the_same_path_for_table_and_errors_is_refused(tmp_path, capsys):
    _table(tmp_path)
    same = tmp_path / "t.csv"
    before = same.read_bytes()
    assert main(["run", str(tmp_path / "corpus"), "-o", str(same), "--errors", str(same)]) == 2
    assert "given as both -o and --errors" in capsys.readouterr().err
    assert same.read_bytes() == before


# --- ingest: odd names, symlinks, FIFOs, planted hashes ---------------------------------

def test_ingest_goes_on_after_a_name_that_is_not_utf8(tmp_path, capsys):
    src = tmp_path / "src"
    src.mkdir()
    fd = os.open(os.fsencode(src) + b"/bad\xff.txt", os.O_WRONLY | os.O_CREAT, 0o644)
    os.write(fd, ("坏名字\n\n" + GOOD).encode("utf-8"))
    os.close(fd)
    (src / "z.txt").write_text(OTHER, encoding="utf-8")
    corpus = tmp_path / "corpus"
    assert main(["ingest", str(src), "--corpus", str(corpus)]) == 0
    out, err = capsys.readouterr()
    stored = {p.name: p.read_text(encoding="utf-8") for p in corpus.iterdir()}
    assert len(stored) == 2 and "坏名字.txt" in stored
    meta, _ = split_header(stored["坏名字.txt"])
    assert meta["source_path"].endswith("/bad\\xff.txt")
    assert "bad\\xff.txt" in out and "2 sources: 2 stored" in err


def test_ingest_refuses_symlinks_out_of_the_source_folder(tmp_path, capsys):
    src = tmp_path / "src"
    src.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash 密码 H100的功耗为700W。\n", encoding="utf-8")
    (src / "passwd.txt").symlink_to(secret)
    (src / "up").symlink_to(tmp_path)
    (src / "good.txt").write_text(GOOD, encoding="utf-8")
    corpus = tmp_path / "corpus"
    assert main(["ingest", str(src), "--corpus", str(corpus)]) == 1
    err = capsys.readouterr().err
    assert f"{src / 'passwd.txt'}: symlink to outside the corpus folder, not followed (skipped)" in err
    assert f"{src / 'up'}: symlink to outside the corpus folder, not followed (skipped)" in err
    texts = [p.read_text(encoding="utf-8") for p in corpus.iterdir()]
    assert len(texts) == 1 and "root:x" not in texts[0]


def test_ingest_names_a_fifo_and_a_folder_named_like_an_article(tmp_path, capsys):
    src = tmp_path / "src"
    src.mkdir()
    os.mkfifo(src / "pipe.txt")
    (src / "dir.html").mkdir()
    (src / "dir.html" / "inner.txt").write_text(GOOD, encoding="utf-8")
    assert main(["ingest", str(src), "--corpus", str(tmp_path / "corpus")]) == 1
    err = capsys.readouterr().err
    assert f"{src / 'pipe.txt'}: not a regular file (a FIFO, socket or device), not read (skipped)" in err
    assert len(list((tmp_path / "corpus").iterdir())) == 1   # the folder's article was stored
    os.mkfifo(tmp_path / "alone.txt")
    assert main(["ingest", str(tmp_path / "alone.txt"), "--corpus", str(tmp_path / "corpus")]) == 1
    assert "not a regular file" in capsys.readouterr().err


def test_a_planted_header_hash_does_not_block_another_article(tmp_path, capsys):
    from extract.tools.ingest import body_sha256

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "planted.txt").write_text(f"---\ntitle: x\nsha256: {body_sha256(GOOD)}\n---\n{OTHER}", encoding="utf-8")
    (tmp_path / "new.txt").write_text(GOOD, encoding="utf-8")
    assert main(["ingest", str(tmp_path / "new.txt"), "--corpus", str(corpus)]) == 0
    assert "1 source: 1 stored" in capsys.readouterr().err
    assert len(list(corpus.iterdir())) == 2


# --- a file swapped for a symlink after the scan is not read ---------------------------

def test_read_document_does_not_follow_a_link_swapped_in_after_the_scan(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    [(doc, path)] = files.scan_corpus(corpus).documents
    path.unlink()
    path.symlink_to(tmp_path / "secret.txt")
    with pytest.raises(files.InputError, match="a symlink where the folder scan found a file, not followed"):
        files.read_document(path, follow_symlinks=False)
    with pytest.raises(files.InputError, match="symlink"):
        "".join(files.iter_text_pieces(path, follow_symlinks=False))
    assert files.read_document(path) == "secret"   # a file the user names is theirs to link


def test_run_does_not_read_a_link_swapped_in_after_the_scan(tmp_path, capsys, monkeypatch):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(GOOD, encoding="utf-8")
    (corpus / "b.txt").write_text(OTHER, encoding="utf-8")
    (tmp_path / "secret.txt").write_text("H100的显存为999GB。\n", encoding="utf-8")
    real = files.iter_corpus

    def scan_then_swap(root):
        docs = list(real(root))
        (corpus / "a.txt").unlink()
        (corpus / "a.txt").symlink_to(tmp_path / "secret.txt")
        return iter(docs)

    monkeypatch.setattr(files, "iter_corpus", scan_then_swap)
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv")]) == 1
    assert "a.txt: a symlink where the folder scan found a file, not followed" in capsys.readouterr().err
    assert "999" not in (tmp_path / "o.csv").read_text(encoding="utf-8")


def test_a_symlinked_document_inside_is_read_through_its_checked_target(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(GOOD, encoding="utf-8")
    (corpus / "alias.txt").symlink_to(corpus / "a.txt")
    docs = dict(files.scan_corpus(corpus).documents)
    assert docs["alias.txt"] == (corpus / "a.txt").resolve()
    assert files.read_document(docs["alias.txt"], follow_symlinks=False) == GOOD


# --- a folder above the file swapped for a symlink after the scan is not entered --------

@pytest.fixture
def opened(monkeypatch) -> list[str]:
    """The real path of every file or folder os.open opens during the test
    (read back from /proc/self/fd), to show what was never opened."""
    seen: list[str] = []
    real_open = os.open

    def spy(*args, **kwargs):
        fd = real_open(*args, **kwargs)
        seen.append(os.readlink(f"/proc/self/fd/{fd}"))
        return fd

    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("needs /proc/self/fd to see what was opened")
    monkeypatch.setattr(os, "open", spy)
    return seen


def _outside(tmp_path: Path, name: str = "a.txt") -> Path:
    """A folder outside the corpus holding ``name`` with a claim of its own."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / name).write_text("H100的显存为999GB。\n", encoding="utf-8")
    return outside


def _swap_for_link(folder: Path, target: Path) -> None:
    """Replace a folder by a symlink to ``target`` (its files moved aside)."""
    folder.rename(folder.with_name(folder.name + ".moved"))
    folder.symlink_to(target, target_is_directory=True)


def test_read_document_does_not_enter_a_folder_swapped_for_a_link_after_the_scan(tmp_path, opened):
    corpus = tmp_path / "corpus"
    (corpus / "sub" / "deeper").mkdir(parents=True)
    (corpus / "sub" / "deeper" / "a.txt").write_text(GOOD, encoding="utf-8")
    outside = _outside(tmp_path)
    (outside / "deeper").mkdir()
    (outside / "deeper" / "a.txt").write_text("secret", encoding="utf-8")
    [(doc, path)] = files.scan_corpus(corpus).documents
    assert doc == "sub/deeper/a.txt" and files.read_document(path, follow_symlinks=False) == GOOD
    _swap_for_link(corpus / "sub", outside)
    assert path.read_text(encoding="utf-8") == "secret"      # the path now leads outside
    opened.clear()
    for read in (lambda: files.read_document(path, follow_symlinks=False),
                 lambda: "".join(files.iter_text_pieces(path, follow_symlinks=False)),
                 lambda: files.read_source(path, follow_symlinks=False)):
        with pytest.raises(files.InputError, match="a symlink where the folder scan found a folder, not followed"):
            read()
    assert opened and not [p for p in opened if p.startswith(str(outside.resolve()))], opened


def test_a_swapped_file_is_refused_before_its_target_is_opened(tmp_path, opened):
    corpus = tmp_path / "corpus"
    (corpus / "sub").mkdir(parents=True)
    (corpus / "sub" / "a.txt").write_text(GOOD, encoding="utf-8")
    outside = _outside(tmp_path)
    [(_, path)] = files.scan_corpus(corpus).documents
    path.unlink()
    path.symlink_to(outside / "a.txt")
    opened.clear()
    with pytest.raises(files.InputError, match="a symlink where the folder scan found a file, not followed"):
        files.read_document(path, follow_symlinks=False)
    assert not [p for p in opened if p.startswith(str(outside.resolve()))], opened


def test_the_scan_facts_survive_pickling_for_worker_processes(tmp_path):
    import pickle

    (tmp_path / "corpus" / "sub").mkdir(parents=True)
    (tmp_path / "corpus" / "sub" / "a.txt").write_text(GOOD, encoding="utf-8")
    [(_, path)] = files.scan_corpus(tmp_path / "corpus").documents
    again = pickle.loads(pickle.dumps(path))
    assert (again, again.scan_root, again.scan_parts, again.scan_root_id) == \
        (path, path.scan_root, ("sub", "a.txt"), path.scan_root_id) and again.scan_root is not None


def test_a_corpus_folder_replaced_after_the_scan_is_not_read(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(GOOD, encoding="utf-8")
    [(_, path)] = files.scan_corpus(corpus).documents
    corpus.rename(tmp_path / "old")
    corpus.mkdir()
    (corpus / "a.txt").write_text(OTHER, encoding="utf-8")
    with pytest.raises(files.InputError, match="the corpus folder was replaced since the folder scan"):
        files.read_document(path, follow_symlinks=False)


def _swap_after_the_scan(tmp_path: Path, monkeypatch, scan: str) -> Path:
    """``tmp_path/NAME`` with ``sub/a.txt`` and ``z.txt``, whose ``sub`` is
    swapped for a link to a folder outside right after ``files.<scan>`` (the
    folder scan of run or ingest) has listed it. Returns the folder."""
    folder = tmp_path / ("corpus" if scan == "iter_corpus" else "src")
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "a.txt").write_text(GOOD, encoding="utf-8")
    (folder / "z.txt").write_text(OTHER, encoding="utf-8")
    outside = _outside(tmp_path)
    real = getattr(files, scan)

    def scan_then_swap(*args):
        found = real(*args)
        found = list(found) if scan == "iter_corpus" else found   # the listing is done before the swap
        _swap_for_link(folder / "sub", outside)
        return iter(found) if scan == "iter_corpus" else found

    monkeypatch.setattr(files, scan, scan_then_swap)
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_run_does_not_enter_a_folder_swapped_for_a_link_after_the_scan(tmp_path, capsys, monkeypatch, jobs):
    corpus = _swap_after_the_scan(tmp_path, monkeypatch, "iter_corpus")
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv"), "--jobs", jobs]) == 1
    err = capsys.readouterr().err
    assert "sub/a.txt: a symlink where the folder scan found a folder, not followed" in err
    table = files.read_table(tmp_path / "o.csv")
    assert list(table["doc"]) == ["z.txt"] and "999" not in (tmp_path / "o.csv").read_text(encoding="utf-8")


def test_ingest_does_not_enter_a_folder_swapped_for_a_link_after_the_scan(tmp_path, capsys, monkeypatch):
    src = _swap_after_the_scan(tmp_path, monkeypatch, "scan_sources")
    corpus = tmp_path / "corpus"
    assert main(["ingest", str(src), "--corpus", str(corpus)]) == 1
    err = capsys.readouterr().err
    assert "sub/a.txt: a symlink where the folder scan found a folder, not followed (skipped)" in err
    texts = [p.read_text(encoding="utf-8") for p in corpus.iterdir()]
    assert len(texts) == 1 and "700W" in texts[0] and "999" not in texts[0]


# --- accounting and printing -------------------------------------------------------------

def test_report_and_lint_gold_account_for_refused_entries(tmp_path, capsys):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(GOOD, encoding="utf-8")
    os.mkfifo(corpus / "pipe.txt")
    (corpus / "out.txt").symlink_to(tmp_path)
    (corpus / "notes.pdf").write_bytes(b"%PDF")
    assert main(["report", str(corpus), "-o", str(tmp_path / "r.html")]) == 1
    out, err = capsys.readouterr()
    assert f"{corpus / 'pipe.txt'}: not a regular file" in err and f"{corpus / 'out.txt'}: symlink" in err
    assert "3 documents, 1 claim, 2 unreadable" in out and "notes.pdf: not a document" in out
    gold = tmp_path / "gold"
    gold.mkdir()
    (gold / "g.csv").write_text("doc,model,hardware,metric,value,unit,baseline,evidence\n", encoding="utf-8")
    main(["lint-gold", str(gold), str(corpus)])
    err = capsys.readouterr().err
    assert f"{corpus / 'pipe.txt'}: not a regular file" in err and "notes.pdf: not a document" in err


def test_terminal_escapes_in_file_names_are_printed_escaped(tmp_path, capsys):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "x\x1b[31mred.txt").write_bytes(BINARY)
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv")]) == 1
    err = capsys.readouterr().err
    assert "x\\x1b[31mred.txt: binary file" in err and "\x1b" not in err


def test_a_single_file_corpus_is_named_once(tmp_path, capsys):
    (tmp_path / "bin.txt").write_bytes(BINARY)
    assert main(["run", str(tmp_path / "bin.txt"), "-o", str(tmp_path / "o.csv")]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'bin.txt'}: binary file" in err and "bin.txt/bin.txt" not in err


# --- a run that read nothing does not replace a good table ----------------------------

@pytest.mark.parametrize("fmt", ["csv", "jsonl", "parquet", "ledger"])
def test_a_run_where_every_document_fails_keeps_the_old_table(tmp_path, capsys, fmt):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(GOOD, encoding="utf-8")
    out = tmp_path / ("t.jsonl" if fmt == "ledger" else f"t.{fmt}")
    assert main(["run", str(corpus), "-o", str(out), "--format", fmt]) == 0
    before = out.read_bytes()
    (corpus / "a.txt").write_bytes(BINARY)
    capsys.readouterr()
    assert main(["run", str(corpus), "-o", str(out), "--format", fmt, "--allow-failures"]) == 1
    err = capsys.readouterr().err
    assert f"claims: {out}: not replaced: no document was read" in err
    assert out.read_bytes() == before and [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    (corpus / "a.txt").unlink()              # an empty folder: nothing read either
    assert main(["run", str(corpus), "-o", str(out), "--format", fmt]) == 1
    assert out.read_bytes() == before
    (corpus / "b.txt").write_text("没有数字的一句话。\n", encoding="utf-8")   # read, no claims: replaced
    assert main(["run", str(corpus), "-o", str(out), "--format", fmt]) == 0
    assert out.read_bytes() != before


# --- ingest takes dates from the page's metadata, never from product names -------------

@pytest.mark.parametrize("name", ["IPU-M2000", "MI300X 1992", "Atlas 900 2019", "GH200 2099", "昇腾910 2020版"])
def test_ingest_does_not_read_a_product_number_as_a_date(name):
    from extract.tools.ingest import html_to_article

    page = (f"<html><head><title>{name}评测</title></head><body><article><p>{name}的ResNet50吞吐量提升2.6倍，"
            "这是一段足够长的正文内容，用来测试日期。</p></article></body></html>")
    assert html_to_article(page).date == ""


@pytest.mark.parametrize("meta, date", [
    ('<meta property="article:published_time" content="2021-05-04T10:00:00Z">', "2021-05-04"),
    ('<meta name="date" content="2023-11-13">', "2023-11-13"),
])
def test_ingest_takes_the_date_from_the_page_metadata(meta, date):
    from extract.tools.ingest import html_to_article

    page = (f"<html><head><title>IPU-M2000</title>{meta}</head><body><article><p>IPU-M2000的吞吐量提升2.6倍，"
            "这是一段足够长的正文内容。</p></article></body></html>")
    assert html_to_article(page).date == date


# --- encodings: Shift-JIS read as Japanese, a guessed encoding is flagged ----------------

JAPANESE = "これは日本語の記事です。H100の性能は2倍になりました。"


def test_shift_jis_is_decoded_as_japanese_not_gb_mojibake():
    assert files.decode_bytes(JAPANESE.encode("shift_jis"), "ja.txt") == JAPANESE
    for codec, text in (("gb18030", "与A100相比，IPU-M2000的吞吐量提升2.6倍。寒武纪思元370评测"),
                        ("big5", "含光800評測，含光800的功耗為276W。")):   # Chinese stays Chinese
        assert files.decode_bytes(text.encode(codec), "zh.txt") == text


def test_a_guessed_encoding_is_flagged_with_the_file_name(tmp_path, capsys):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "fr.txt").write_bytes("Le débit a augmenté de 2,6 fois, très élevé, déjà là.".encode("cp1252"))
    (corpus / "zh.txt").write_bytes("与A100相比，IPU-M2000的吞吐量提升2.6倍。".encode("gb18030"))
    (corpus / "ja.txt").write_bytes(JAPANESE.encode("shift_jis"))
    assert main(["run", str(corpus), "-o", str(tmp_path / "o.csv")]) == 0
    err = capsys.readouterr().err
    assert f"claims: warning: {corpus / 'fr.txt'}: decoded as " in err and "a guess" in err
    assert "zh.txt" not in err and "ja.txt" not in err


def test_an_html_page_too_large_for_extraction_is_named_and_skipped(tmp_path, capsys, monkeypatch):
    from extract.tools import ingest

    monkeypatch.setattr(ingest, "MAX_HTML_CHARS", 2000)   # the limit is 8 M characters; the path is the same
    src = tmp_path / "src"
    src.mkdir()
    (src / "big.html").write_text("<html><body><article>" + "<p>H100的功耗为700W。</p>" * 200 + "</article></body></html>",
                                  encoding="utf-8")
    (src / "ok.txt").write_text(GOOD, encoding="utf-8")
    assert main(["ingest", str(src), "--corpus", str(tmp_path / "corpus")]) == 1
    err = capsys.readouterr().err
    assert f"{src / 'big.html'}: HTML page too large for main-text extraction" in err
    assert len(list((tmp_path / "corpus").iterdir())) == 1
    assert main(["show", str(src / "big.html")]) == 2
    assert "too large" in capsys.readouterr().err


# --- real read-only and full file systems (tmpfs mounts; root only) ----------------------

@pytest.fixture
def mount(tmp_path):
    """mount(name, options) -> a fresh tmpfs folder; unmounted after the test.
    Skipped where mounting is not allowed (not root)."""
    mounted: list[Path] = []

    def make(name: str, options: str, prepare=None) -> Path:
        point = tmp_path / name
        point.mkdir()
        rw = subprocess.run(["mount", "-t", "tmpfs", "-o", options.replace("ro,", "").replace(",ro", ""),
                             "tmpfs", str(point)], capture_output=True)
        if rw.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here: {rw.stderr.decode().strip()}")
        mounted.append(point)
        if prepare:
            prepare(point)
        if "ro" in options.split(","):
            subprocess.run(["mount", "-o", "remount,ro", str(point)], check=True)
        return point

    yield make
    for point in reversed(mounted):
        subprocess.run(["umount", str(point)], check=False)


@pytest.mark.parametrize("command", ["run", "errors", "report", "diff", "conflicts", "ingest"])
def test_a_read_only_file_system_is_named_and_exits_2(tmp_path, capsys, mount, command):
    table = _table(tmp_path)
    ro = mount("ro", "ro,size=1m", lambda p: (p / "out.csv").write_bytes(b"old"))
    out = ro / "out.csv"
    argv = {"run": ["run", str(tmp_path / "corpus"), "-o", str(out)],
            "errors": ["run", str(tmp_path / "corpus"), "--errors", str(out)],
            "report": ["report", str(tmp_path / "corpus"), "-o", str(ro / "r.html")],
            "diff": ["diff", str(table), str(table), "-o", str(out)],
            "conflicts": ["conflicts", str(table), "-o", str(out)],
            "ingest": ["ingest", str(tmp_path / "corpus" / "a.txt"), "--corpus", str(ro / "c")]}[command]
    capsys.readouterr()
    code = main(argv)
    err = capsys.readouterr().err
    assert "Read-only file system" in err and "Traceback" not in err, err
    assert code == (1 if command == "ingest" else 2)   # ingest names the source and goes on
    assert out.read_bytes() == b"old"


def test_a_full_file_system_keeps_the_old_table(tmp_path, capsys, mount):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for i in range(40):
        (corpus / f"d{i}.txt").write_text("".join(f"H100的功耗为{700 + j}W。\n" for j in range(20)), encoding="utf-8")
    full = mount("full", "size=16k", lambda p: (p / "out.csv").write_bytes(b"old"))
    assert main(["run", str(corpus), "-o", str(full / "out.csv")]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert (full / "out.csv").read_bytes() == b"old" and sorted(p.name for p in full.iterdir()) == ["out.csv"]


def test_a_symlink_named_as_the_corpus_or_source_is_read(tmp_path, capsys):
    (tmp_path / "real.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "link.txt").symlink_to(tmp_path / "real.txt")
    assert main(["run", str(tmp_path / "link.txt"), "-o", str(tmp_path / "o.csv")]) == 0
    assert list(files.read_table(tmp_path / "o.csv")["doc"]) == ["link.txt"]
    assert main(["report", str(tmp_path / "link.txt"), "-o", str(tmp_path / "r.html")]) == 0
    assert main(["ingest", str(tmp_path / "link.txt"), "--corpus", str(tmp_path / "c")]) == 0
    assert main(["show", str(tmp_path / "link.txt")]) == 0


# --- `claims diff -o` and `claims conflicts -o` killed with SIGKILL: never torn ------------

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def big_tables(tmp_path_factory) -> tuple[Path, Path]:
    """Two claims tables of ~25,000 rows (the corpus's claims 20 times over
    under other doc ids; every seventh value changed in the second), large
    enough that diff and conflicts take seconds."""
    folder = tmp_path_factory.mktemp("tables")
    assert main(["run", str(ROOT / "corpus"), "-o", str(folder / "one.csv")]) == 0
    with open(folder / "one.csv", encoding="utf-8", newline="") as fh:
        header, *rows = list(csv.reader(fh))
    doc, value = header.index("doc"), header.index("value")
    for name, changed in (("old.csv", False), ("new.csv", True)):
        with open(folder / name, "w", encoding="utf-8", newline="") as fh:
            out = csv.writer(fh, lineterminator="\n")
            out.writerow(header)
            for copy in range(20):
                for i, row in enumerate(rows):
                    row = list(row)
                    row[doc] = f"{copy:02}_{row[doc]}"
                    if changed and i % 7 == 0:
                        row[value] = "9.5"
                    out.writerow(row)
    return folder / "old.csv", folder / "new.csv"


@pytest.mark.parametrize("command", ["diff", "conflicts"])
def test_a_killed_diff_or_conflicts_leaves_the_old_output_or_the_complete_new_one(tmp_path, big_tables, command):
    """SIGKILL at spread-out moments (start-up, reading, comparing, writing):
    the -o file is always the old content or the whole new output."""
    import signal
    import time

    old_table, new_table = big_tables
    out = tmp_path / "out.csv"
    args = [str(old_table), str(new_table)] if command == "diff" else [str(new_table)]
    cmd = [sys.executable, "-m", "extract", command, *args, "-o", str(out)]
    t0 = time.monotonic()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    whole = time.monotonic() - t0
    assert done.returncode in (0, 1), done.stderr    # 1: differences or conflicts found
    complete = out.read_bytes()
    assert complete.count(b"\n") > 100
    old = b"old content, not a table\n"
    seen = set()
    for fraction in (0.2, 0.5, 0.7, 0.85, 0.95, None):
        out.write_bytes(old)
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            if fraction is None:   # the moment writing starts (a temporary file, or the target changing)
                deadline = time.monotonic() + 2 * whole + 30
                while time.monotonic() < deadline and proc.poll() is None and out.stat().st_size == len(old) \
                        and not any(p.name.endswith(".tmp") for p in tmp_path.iterdir()):
                    time.sleep(0.002)
            else:
                time.sleep(whole * fraction)
            proc.send_signal(signal.SIGKILL)
        finally:
            proc.wait(timeout=60)
        state = out.read_bytes()
        assert state in (old, complete), (fraction, state[:200])
        seen.add("old" if state == old else "complete")
        for p in tmp_path.iterdir():    # what a kill leaves is a hidden .tmp file, never a table
            assert p == out or (p.name.startswith(".out.csv.") and p.name.endswith(".tmp")), p
    assert "old" in seen                # the kills did land before the end
