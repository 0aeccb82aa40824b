"""File access: decoding documents of unknown encoding, ingest sources and
safe targets inside the corpus folder. Fixtures are written under tmp_path."""
from pathlib import Path

import pytest

from extract.claims import InputError
from extract.io import corpus_target, decode_bytes, iter_sources, read_source

CORPUS = Path(__file__).resolve().parent.parent / "corpus"

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
