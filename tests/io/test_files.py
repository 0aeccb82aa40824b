"""File access: decoding documents of unknown encoding, ingest sources and
safe targets inside the corpus folder. Fixtures are written under tmp_path."""
from pathlib import Path

import pytest

from extract.core.claims import InputError
from extract.io.files import corpus_target, decode_bytes, iter_sources, read_source

from ..conftest import CORPUS

SIMPLIFIED = (CORPUS / "01_nvidia_h100_press_release.txt").read_text(encoding="utf-8")
TRADITIONAL = (CORPUS / "16_hanguang800_traditional.txt").read_text(encoding="utf-8")
SHORT = "与A100相比，IPU-M2000的ResNet50吞吐量提升2.6倍。"
SHORT_TRAD = "與A100相比，IPU-M2000的ResNet50吞吐量提升2.6倍。"
ONLY_HANZI = "昇腾训练速度提升六倍"


@pytest.mark.parametrize("text, encoding", [
    (SIMPLIFIED, "gb18030"),          # charset-normalizer alone finds nothing in short GB18030 samples
    (SIMPLIFIED[:80], "gb18030"),
    (SIMPLIFIED[:300], "gbk"),
    (SHORT, "gbk"),
    (ONLY_HANZI, "gb18030"),          # even byte count: also a valid (wrong) UTF-16 decoding
    (TRADITIONAL, "big5"),
    (TRADITIONAL[:80], "big5"),
    (SHORT_TRAD, "big5"),
    (SIMPLIFIED, "utf-16"),           # with BOM
    (TRADITIONAL, "utf-16-le"),       # without BOM
    (TRADITIONAL, "utf-16-be"),
    (ONLY_HANZI, "utf-16-le"),        # without BOM and without ASCII (no NUL bytes)
    (SIMPLIFIED, "utf-8-sig"),
    (SIMPLIFIED, "utf-8"),
])
def test_decode_bytes_detects_the_encoding(text, encoding):
    assert decode_bytes(text.encode(encoding), "a.txt") == text


@pytest.mark.parametrize("data, reason", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00", "binary"),
    (bytes(range(128, 256)) * 8, "undecodable"),
    (b"\xff\xfe\x00\xd8", "utf-16"),  # BOM, then a lone surrogate
])
def test_decode_bytes_refuses_what_is_not_text_and_names_the_file(data, reason):
    with pytest.raises(InputError, match=reason) as info:
        decode_bytes(data, "bad.txt")
    assert info.value.path == "bad.txt"


def test_iter_sources_lists_supported_files_of_a_folder_and_stdin(tmp_path):
    for name in ("b.html", "a.txt", "c.md", "d.htm", "e.pdf", ".hidden.txt", "sub/f.txt", ".git/g.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    suffixes = (".txt", ".md", ".html", ".htm")
    found = [p.relative_to(tmp_path).as_posix() for p in iter_sources(str(tmp_path), suffixes)]
    assert found == ["a.txt", "b.html", "c.md", "d.htm", "sub/f.txt"]
    assert list(iter_sources("-", suffixes)) == [None]
    assert list(iter_sources(str(tmp_path / "e.pdf"), suffixes)) == [tmp_path / "e.pdf"]  # named files are kept
    with pytest.raises(InputError, match="no such file"):
        list(iter_sources(str(tmp_path / "missing"), suffixes))


def test_read_source_refuses_oversized_files(tmp_path):
    (tmp_path / "big.txt").write_bytes(b"x" * 11)
    assert read_source(tmp_path / "big.txt", max_bytes=11) == b"x" * 11
    with pytest.raises(InputError, match="too large"):
        read_source(tmp_path / "big.txt", max_bytes=10)


@pytest.mark.parametrize("name", [
    "../escape.txt", "../../etc/passwd", "/etc/passwd", "a/b.txt", "a\\b.txt", "..", ".", "", ".hidden.txt", "x\x00.txt",
])
def test_corpus_target_refuses_names_that_leave_the_folder(tmp_path, name):
    with pytest.raises(InputError):
        corpus_target(tmp_path / "corpus", name)


def test_corpus_target_refuses_symlinks_out_and_existing_files(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "link.txt").symlink_to(tmp_path / "outside.txt")
    (corpus / "taken.txt").write_text("x", encoding="utf-8")
    for name in ("link.txt", "taken.txt"):
        with pytest.raises(InputError):
            corpus_target(corpus, name)
    target = corpus_target(corpus, "新文章.txt")
    assert target == (corpus / "新文章.txt").resolve() and target.parent == corpus.resolve()


def test_corpus_target_works_before_the_corpus_exists(tmp_path):
    assert corpus_target(tmp_path / "new", "a.txt") == (tmp_path / "new" / "a.txt").resolve()
    assert not Path(tmp_path / "new").exists()


# --- corpus scanning, tables and atomic writes (docs/robustness.md) ---------------

def test_scan_corpus_accounts_for_what_it_does_not_read(tmp_path):
    from extract.io.files import scan_corpus

    corpus = tmp_path / "corpus"
    (corpus / "a").mkdir(parents=True)
    (corpus / "a" / "b.txt").write_text("x", encoding="utf-8")
    (corpus / "a-b.txt").write_text("x", encoding="utf-8")
    (corpus / "c.MD").write_text("x", encoding="utf-8")
    (corpus / "d.html").write_text("x", encoding="utf-8")
    (corpus / ".cache").mkdir()
    (tmp_path / "secret.txt").write_text("x", encoding="utf-8")
    (corpus / "e.txt").symlink_to(tmp_path / "secret.txt")
    scan = scan_corpus(corpus)
    # sorted by path components, as sorted(Path.rglob()) was
    assert [doc for doc, _ in scan.documents] == ["a/b.txt", "a-b.txt", "c.MD"]
    assert scan.refused == [("e.txt", "symlink to outside the corpus folder, not followed")]
    assert scan.skipped == [(".cache/", "hidden folder, not read"),
                            ("d.html", "not a document (only .txt and .md files are read; turn a web page into one "
                                       "with `claims ingest`)")]


def test_a_single_file_is_a_corpus_of_one(tmp_path):
    from extract.io.files import scan_corpus

    (tmp_path / "a.txt").write_text("x", encoding="utf-8")
    scan = scan_corpus(tmp_path / "a.txt")
    assert (scan.documents, scan.refused, scan.skipped) == ([("a.txt", tmp_path / "a.txt")], [], [])
    with pytest.raises(InputError, match="no such file or directory"):
        scan_corpus(tmp_path / "missing")


def test_a_failed_atomic_write_keeps_the_old_file_and_no_temp(tmp_path, monkeypatch):
    import os

    from extract.io.files import atomic_write_bytes

    target = tmp_path / "t.csv"
    target.write_bytes(b"old")

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError):
        atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["t.csv"]


def test_tables_round_trip_text_with_line_separators(tmp_path):
    """U+2028, U+0085, CR and quotes inside evidence survive every format
    (JSON Lines records end at \\n only)."""
    from extract import extract_corpus
    from extract.io.files import read_table, write_table

    df = extract_corpus({"a.txt": "性能提升2倍\u2028吞吐量\x85提升\"3倍\"\r，带宽\u2029为3TB/s"})
    assert len(df) == 3 and "\u2028" in df["evidence"][0]
    for fmt in ("csv", "jsonl", "parquet"):
        path = tmp_path / f"t.{fmt}"
        write_table(df, path)
        assert list(read_table(path)["evidence"]) == list(df["evidence"]), fmt


def test_jsonl_rows_carry_their_line(tmp_path):
    from extract.io.files import read_table

    (tmp_path / "t.jsonl").write_text('{"a": 1}\n\n\n{"a": 2}\n', encoding="utf-8")
    df = read_table(tmp_path / "t.jsonl")
    assert list(df["a"]) == [1, 2] and list(df["_line"]) == [1, 4]


@pytest.mark.parametrize("text, line, message", [
    ('a,b\n1,"2\n3,4\n', 2, "malformed CSV (unexpected end of data; detected at line 3)"),
    ('a,b\n1,"2"x\n', 2, "malformed CSV (',' expected after '\"'; detected at line 2)"),
    ("a,b,a\n1,2,3\n", 1, "duplicate column(s) 'a' in the header"),
    ("a,b\n1,2\n\n3\n", 4, "expected 2 fields (a, b), found 1"),
    ("", 1, "empty file: expected a header row"),
])
def test_read_csv_text_is_strict_and_names_the_line(text, line, message):
    from extract.core.claims import TableError
    from extract.io.files import read_csv_text

    with pytest.raises(TableError) as info:
        read_csv_text(text, "t.csv")
    assert (info.value.line, info.value.reason) == (line, message)


def test_read_csv_text_keeps_the_file_line_of_each_row():
    from extract.io.files import read_csv_text

    df = read_csv_text('a,b\n1,"x\ny"\n\n2,z\n', "t.csv")
    assert list(df["a"]) == ["1", "2"] and list(df["_line"]) == [3, 5]


def test_read_gold_refuses_what_is_not_a_gold_set(tmp_path):
    from extract.core.claims import TableError
    from extract.io.files import read_gold

    with pytest.raises(TableError, match="no such gold folder"):
        read_gold(tmp_path / "missing")
    with pytest.raises(TableError, match="no gold files: expected one or more .csv files"):
        read_gold(tmp_path)
    (tmp_path / "g.jsonl").write_text("{}", encoding="utf-8")
    with pytest.raises(TableError, match="a gold file is CSV"):
        read_gold(tmp_path / "g.jsonl")
    (tmp_path / "g.csv").write_bytes("doc\n文".encode("big5"))
    with pytest.raises(TableError) as info:
        read_gold(tmp_path)
    assert (info.value.line, info.value.reason) == (2, "not UTF-8 text (byte 0xa4 cannot be decoded); expected a UTF-8 file")
