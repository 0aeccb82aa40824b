"""Every table the tool writes reads back equal to what was written
(docs/robustness.md, "Every output reads back"): arbitrary text in every
text column, through every format and writer."""
from __future__ import annotations

import csv
import io as _io
import math

import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extract.core.claims import ALL_FIELDS, Claim
from extract.io import files
from extract.io.frames import claims_frame
from extract.run import TABLE_COLUMNS, claim_cells, claim_row

#: Any text that UTF-8 can hold, with the characters that break line-based
#: formats (bare CR, LF, quotes, commas, NUL, U+2028, U+0085) made frequent.
TEXT = st.text(st.one_of(st.sampled_from("\r\n\r\"',\x00\u2028\u2029\x85\t =+-@ "),
                         st.characters(exclude_categories=("Cs",))), max_size=12)
TEXT_FIELDS = tuple(f for f in ALL_FIELDS if f not in ("value", "start", "end", "value_max"))
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@st.composite
def claims(draw):
    n = draw(st.integers(1, 4))
    out = []
    for _ in range(n):
        texts = {f: draw(TEXT) for f in TEXT_FIELDS if f != "claim_id"}
        value = draw(st.floats(allow_nan=False, allow_infinity=False, width=64))
        value_max = draw(st.none() | st.floats(allow_nan=False, allow_infinity=False))
        out.append(Claim(value=value, value_max=value_max, start=draw(st.integers(0, 10**6)),
                         end=draw(st.integers(0, 10**6)), **texts))
    return out


def _expected(cs: list[Claim]) -> list[dict]:
    return [claim_row(c) for c in cs]


def _read_back(path) -> list[dict]:
    df = files.read_table(path)
    return [{k: v for k, v in r.items() if k != "_line"} for r in df.to_dict(orient="records")]


def _same(got: list[dict], want: list[dict], fmt: str) -> None:
    assert len(got) == len(want), fmt
    for g, w in zip(got, want):
        for col in TABLE_COLUMNS:
            a, b = g[col], w[col]
            if col in ("value", "value_max", "start", "end"):
                a = None if a in ("", None) or (isinstance(a, float) and math.isnan(a)) else float(a)
                b = None if b is None else float(b)
            assert a == b, (fmt, col, a, b)


@SETTINGS
@given(cs=claims())
def test_claims_tables_read_back_equal_in_every_format(tmp_path_factory, cs):
    tmp = tmp_path_factory.mktemp("t")
    want = _expected(cs)
    df = claims_frame(cs)
    for fmt in ("csv", "jsonl", "parquet"):
        files.write_table(df, tmp / f"frame.{fmt}")
        _same(_read_back(tmp / f"frame.{fmt}"), want, f"frame {fmt}")
    from extract.cli import _ledger_frame
    from extract.run import DocResult

    ledger = _ledger_frame(df, [DocResult(c.doc, (), sha256="0" * 64) for c in cs])
    files.write_table(ledger, tmp / "ledger.jsonl")
    _same(_read_back(tmp / "ledger.jsonl"), want, "ledger")
    for fmt in ("csv", "jsonl"):  # the streamed writer of `claims run`, both cell paths
        files.write_rows(cs, TABLE_COLUMNS, tmp / f"rows.{fmt}", as_row=claim_row, as_cells=claim_cells)
        _same(_read_back(tmp / f"rows.{fmt}"), want, f"rows {fmt}")
        files.write_rows(cs, TABLE_COLUMNS, tmp / f"slow.{fmt}", as_row=claim_row)
        assert (tmp / f"slow.{fmt}").read_bytes() == (tmp / f"rows.{fmt}").read_bytes()
        assert (tmp / f"rows.{fmt}").read_bytes() == (tmp / f"frame.{fmt}").read_bytes(), fmt


@SETTINGS
@given(rows=st.lists(st.tuples(TEXT, st.sampled_from(["failed", "skipped"]), TEXT), max_size=5))
def test_the_errors_csv_reads_back_equal(rows):
    from extract.cli import _errors_csv
    from extract.run import DocResult

    failed = [DocResult(doc, (), reason) for doc, status, reason in rows if status == "failed"]
    skipped = [(doc, reason) for doc, status, reason in rows if status == "skipped"]
    text = _errors_csv(failed, skipped)
    back = list(csv.reader(_io.StringIO(text, newline=""), strict=True))
    assert back[0] == ["doc", "status", "reason", "line", "text"]
    assert back[1:] == [[r.doc, "failed", r.error, "", ""] for r in failed] + [[d, "skipped", r, "", ""] for d, r in skipped]


@SETTINGS
@given(cells=st.lists(st.tuples(TEXT, TEXT, st.floats(allow_nan=False, allow_infinity=False)), min_size=1, max_size=5))
def test_any_frame_written_as_csv_reads_back_equal(tmp_path_factory, cells):
    """The writer behind `diff -o`, `conflicts -o` and the ledger."""
    tmp = tmp_path_factory.mktemp("f")
    df = pd.DataFrame(cells, columns=["a", "b", "v"])
    files.write_table(df, tmp / "f.csv")
    back = files.read_table(tmp / "f.csv")
    assert list(back["a"]) == list(df["a"]) and list(back["b"]) == list(df["b"])
    assert [float(v) for v in back["v"]] == list(df["v"])


def test_a_bare_carriage_return_is_quoted(tmp_path):
    """Issue 14.1: a field holding a bare CR used to be written unquoted."""
    files.write_table(pd.DataFrame({"a": ["x\ry", "z"], "n": [1, 2]}), tmp_path / "t.csv")
    assert (tmp_path / "t.csv").read_bytes() == b'a,n\n"x\ry","1"\nz,2\n'


def test_run_then_diff_with_a_carriage_return_in_text_and_name(tmp_path, capsys):
    """Issue 14.1 as reported: `claims run cr -o cr.csv; claims diff cr.csv cr.csv`."""
    from extract.cli import main

    corpus = tmp_path / "cr"
    corpus.mkdir()
    (corpus / "b.txt").write_bytes("H100\r的吞吐量比A100提升2.6倍。\r\n".encode())
    (corpus / "cr\rname.txt").write_bytes("H100的吞吐量比A100提升2.6倍。\r\n".encode())
    for fmt in ("csv", "parquet"):
        assert main(["run", str(corpus), "-o", str(tmp_path / f"cr.{fmt}"), "--errors", str(tmp_path / "e.csv")]) == 0
    assert main(["diff", str(tmp_path / "cr.csv"), str(tmp_path / "cr.csv")]) == 0
    assert main(["diff", str(tmp_path / "cr.csv"), str(tmp_path / "cr.parquet")]) == 0
    docs = set(files.read_table(tmp_path / "cr.csv")["doc"])
    assert "cr\rname.txt" in docs
    capsys.readouterr()


def test_stdout_tables_quote_a_carriage_return(capsys):
    cs = [Claim("d\r.txt", "m", "h", "speed", 2.0, "x", "", "e\rv", 0, 1)]
    files.write_rows(cs, TABLE_COLUMNS, "-", "csv", as_row=claim_row)
    back = list(csv.reader(_io.StringIO(capsys.readouterr().out, newline="")))
    assert len(back) == 2 and back[1][0] == "d\r.txt" and back[1][7] == "e\rv"


@SETTINGS
@given(title=TEXT, url=TEXT, source=TEXT)
def test_the_ingest_header_is_yaml_front_matter_that_reads_back(title, url, source):
    """Issue 13: the `---` header is valid YAML (`H100: 性能 #1 实测` broke
    yaml.safe_load), read back equal by split_header and by yaml itself."""
    import yaml

    from extract.core.segment import body_start
    from extract.tools.ingest import Article, clean_value, render_document, split_header

    article = Article("H100的功耗为700W。\n", title=title, url=url, source=source)
    text = render_document(article)
    end = body_start(text)
    header = yaml.safe_load(text[4:end - 4])
    want = {k: clean_value(v) for k, v in (("title", title), ("source", source), ("url", url)) if clean_value(v)}
    assert {k: v for k, v in header.items() if k != "sha256"} == want
    meta, body = split_header(text)
    assert meta == header and body == "H100的功耗为700W。\n"


def test_old_headers_that_are_not_yaml_are_still_read():
    from extract.tools.ingest import split_header

    meta, body = split_header("---\ntitle: H100: 性能 #1 实测\nsource: blog\n---\n正文\n")
    assert meta == {"title": "H100: 性能 #1 实测", "source": "blog"} and body == "正文\n"


# --- spreadsheet formulas: opt-in --excel-safe ------------------------------------------

def test_excel_safe_prefixes_formula_cells_in_every_csv(tmp_path, capsys):
    from extract.cli import main

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "=cmd.txt").write_text("=HYPERLINK(\"http://x\")，H100的功耗为700W。\n", encoding="utf-8")
    (corpus / "@bad.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00")
    plain, safe = tmp_path / "plain.csv", tmp_path / "safe.csv"
    assert main(["run", str(corpus), "-o", str(plain), "--allow-failures"]) == 0
    assert main(["run", str(corpus), "-o", str(safe), "--excel-safe", "--errors", str(tmp_path / "e.csv"),
                 "--allow-failures"]) == 0
    assert set(files.read_table(plain)["doc"]) == {"=cmd.txt"}      # by default the data is as written
    table = files.read_table(safe)
    assert set(table["doc"]) == {"'=cmd.txt"} and all(float(v) == 700 for v in table["value"])
    errors = list(csv.reader(_io.StringIO((tmp_path / "e.csv").read_text(encoding="utf-8"), newline="")))
    assert errors[1][0] == "'@bad.txt"
    for command in (["diff", str(plain), str(safe)], ["conflicts", str(plain)]):
        main([*command, "-o", str(tmp_path / "x.csv"), "--excel-safe"])
        cells = [c for row in csv.reader(open(tmp_path / "x.csv", encoding="utf-8", newline="")) for c in row]
        assert not any(c.startswith(("=", "@")) for c in cells), command
    capsys.readouterr()
