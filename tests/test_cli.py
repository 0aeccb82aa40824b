"""The workflows end to end through ``claims`` (extract.cli.main): ingest,
diff, conflicts and the ledger export. Fixtures are written under tmp_path."""
import hashlib
import io as _io
import json
import sys
from importlib.resources import files as resource_files

import jsonschema
import pandas as pd
import pytest

from extract.cli import main
from extract.core.claims import METRICS
from extract.io import files
from extract.lexicons import units
from extract.run import EXTRACTOR_VERSION
from extract.tools.ingest import body_sha256, split_header

from .conftest import CORPUS

REQUIRED = ("doc", "model", "hardware", "metric", "value", "unit", "baseline", "evidence",
            "claim_id", "doc_sha256", "start", "end", "extractor_version")
OPTIONAL = ("task", "precision", "qualifier", "value_max", "raw")

GB_TEXT = "寒武纪思元370评测\n\n思元370的INT8算力为256 TOPS，是上一代的2倍。\n"
BIG5_TEXT = "含光800評測\n\n含光800的功耗為276W。\n"
UTF16_TEXT = "昇腾910评测\n\n昇腾910的半精度算力为256 TFLOPS。\n"
UTF8_BOM_TEXT = "# TPU v5e 笔记\n\nTPU v5e 的显存为16GB。\n"
HTML_GBK = """<html><head><meta charset="gbk"><title>H100发布</title>
<script>var x = "脚本：速度提升99倍";</script></head>
<body><nav><a href="/">首页</a> | <a href="/news">新闻</a></nav>
<article><h1>H100发布</h1><p>H100的显存带宽为3.35TB/s，功耗为700W。</p>
<p>与A100相比，H100的训练速度提升了6倍。</p></article>
<footer>版权所有 (c) 新闻网</footer></body></html>
"""


def stored_docs(corpus):
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(corpus.glob("*.txt"))}


def tree(path):
    return sorted(p.relative_to(path).as_posix() for p in path.rglob("*"))


# --- ingest --------------------------------------------------------------------

@pytest.fixture
def sources(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    (src / "a_gb18030.txt").write_bytes(GB_TEXT.encode("gb18030"))
    (src / "b_big5.txt").write_bytes(BIG5_TEXT.encode("big5"))
    (src / "c_utf16.txt").write_bytes(UTF16_TEXT.encode("utf-16"))          # with BOM
    (src / "d_bom.md").write_bytes(UTF8_BOM_TEXT.encode("utf-8-sig"))
    (src / "e_page.html").write_bytes(HTML_GBK.encode("gbk"))
    (src / "notes.pdf").write_bytes(b"%PDF-1.4 ignored in a folder")
    return src


def test_ingest_mixed_encodings_and_html(sources, tmp_path, capsys, no_network):
    corpus = tmp_path / "corpus"
    assert main(["ingest", str(sources), "--corpus", str(corpus)]) == 0
    out, err = capsys.readouterr()
    docs = stored_docs(corpus)
    assert sorted(docs) == ["h100发布.txt", "tpu-v5e-笔记.txt", "含光800評測.txt", "寒武纪思元370评测.txt", "昇腾910评测.txt"]
    expected_bodies = {"寒武纪思元370评测.txt": GB_TEXT, "含光800評測.txt": BIG5_TEXT, "昇腾910评测.txt": UTF16_TEXT,
                       "tpu-v5e-笔记.txt": UTF8_BOM_TEXT}
    for name, text in docs.items():
        meta, body = split_header(text)
        assert meta["sha256"] == body_sha256(body) and meta["title"] and meta["source"]
        assert meta["source_path"].startswith(sources.as_posix())
        if name in expected_bodies:
            assert body == expected_bodies[name]
    meta, body = split_header(docs["h100发布.txt"])
    assert (meta["title"], meta["source_path"]) == ("H100发布", (sources / "e_page.html").as_posix())
    assert "显存带宽为3.35TB/s" in body and not any(w in body for w in ("首页", "脚本", "版权所有"))
    # where each article went, and its claims
    assert f"-> {corpus / '含光800評測.txt'} (1 claim)" in out
    assert "276 W" in out and "256 TOPS" in out and "3.35 TB/s" in out and "6 x vs A100" in out
    assert "99倍" not in out and "99 x" not in out  # the script's claim (not a tmp path's digits)
    assert "5 sources: 5 stored, 0 duplicates, 0 failed" in err


def test_ingest_skips_an_undecodable_file_and_fails_at_the_end(sources, tmp_path, capsys):
    (sources / "broken.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    (sources / "zz_last.txt").write_text("最后一篇\n\nH100的功耗为700W。\n", encoding="utf-8")
    corpus = tmp_path / "corpus"
    assert main(["ingest", str(sources), "--corpus", str(corpus)]) == 1
    out, err = capsys.readouterr()
    assert f"{sources / 'broken.txt'}: binary file" in err
    assert "6 stored, 0 duplicates, 1 failed" in err
    assert "最后一篇.txt" in stored_docs(corpus)  # files after the bad one were still ingested


@pytest.mark.parametrize("argv_tail, message", [
    (["missing_folder"], "no such file or directory"),
    (["in/notes.pdf"], "unsupported file type .pdf"),
])
def test_ingest_reports_bad_sources(sources, tmp_path, capsys, monkeypatch, argv_tail, message):
    monkeypatch.chdir(tmp_path)
    assert main(["ingest", *argv_tail, "--corpus", "corpus"]) == 1
    assert message in capsys.readouterr().err
    assert not (tmp_path / "corpus").exists() or not any((tmp_path / "corpus").iterdir())


def test_ingest_recognises_duplicates(sources, tmp_path, capsys):
    corpus = tmp_path / "corpus"
    assert main(["ingest", str(sources), "--corpus", str(corpus)]) == 0
    before = stored_docs(corpus)
    # the same texts again, in other encodings and line ends, and twice in one call
    again = tmp_path / "again"
    again.mkdir()
    (again / "gb_as_utf8.txt").write_text(GB_TEXT.replace("\n", "\r\n"), encoding="utf-8")
    (again / "big5_as_utf16.txt").write_bytes(BIG5_TEXT.encode("utf-16"))
    (again / "new.txt").write_text("新文章\n\nB200的功耗为1000W。\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["ingest", str(again), str(again / "new.txt"), "--corpus", str(corpus)]) == 0
    out, err = capsys.readouterr()
    assert f"duplicate {again / 'gb_as_utf8.txt'}: same text as {corpus / '寒武纪思元370评测.txt'}, not stored" in out
    assert f"duplicate {again / 'new.txt'}: same text as {corpus / '新文章.txt'}" in out
    assert "4 sources: 1 stored, 3 duplicates, 0 failed" in err
    after = stored_docs(corpus)
    assert set(after) == set(before) | {"新文章.txt"}
    assert all(after[name] == text for name, text in before.items())


def test_ingest_recognises_bundled_corpus_articles_without_a_hash_header(tmp_path, capsys):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    original = CORPUS / "01_nvidia_h100_press_release.txt"
    (corpus / original.name).write_bytes(original.read_bytes())
    copy = tmp_path / "copy.txt"
    copy.write_bytes(original.read_text(encoding="utf-8").encode("gb18030"))
    assert main(["ingest", str(copy), "--corpus", str(corpus)]) == 0
    assert f"same text as {corpus / original.name}" in capsys.readouterr().out
    assert tree(corpus) == [original.name]


def test_ingest_from_stdin(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", _io.TextIOWrapper(_io.BytesIO(HTML_GBK.encode("gbk"))))
    corpus = tmp_path / "corpus"
    assert main(["ingest", "-", "--corpus", str(corpus)]) == 0
    out = capsys.readouterr().out
    assert f"stored <stdin> -> {corpus / 'h100发布.txt'}" in out
    meta, body = split_header(stored_docs(corpus)["h100发布.txt"])
    assert "source_path" not in meta and "功耗为700W" in body


def test_ingest_names_cannot_escape_the_corpus(tmp_path, capsys):
    src = tmp_path / "deep" / "in"
    src.mkdir(parents=True)
    (src / "t1.txt").write_text("---\ntitle: ../../etc/passwd\n---\nH100的功耗为700W。\n", encoding="utf-8")
    (src / "t2.txt").write_text("---\ntitle: /etc/passwd\n---\nB200的功耗为1000W。\n", encoding="utf-8")
    (src / "t3.html").write_text("<html><head><title>../../../../tmp/pwned</title></head><body><article>"
                                 "<p>A100的显存为80GB，带宽为2TB/s，这是一段足够长的正文。</p></article></body></html>",
                                 encoding="utf-8")
    (src / "报告 (1) ..;rm -rf ~.txt").write_text("一句话说明H100的算力为989 TFLOPS。\n", encoding="utf-8")
    (src / ".evil.txt").write_text("一句话说明H200的显存为141GB。\n", encoding="utf-8")  # hidden: only when named
    (src / "t5.txt").write_text("---\ntitle: ..\n---\nMI300X的显存为192GB。\n", encoding="utf-8")
    (src / "t6.txt").write_text("---\ntitle: .bashrc\n---\nGaudi3的功耗为900W。\n", encoding="utf-8")
    corpus = tmp_path / "deep" / "corpus"
    outside_before = tree(tmp_path)
    assert main(["ingest", str(src), str(src / ".evil.txt"), "--corpus", str(corpus)]) == 0
    names = sorted(stored_docs(corpus))
    assert names == ["bashrc.txt", "etc-passwd-2.txt", "etc-passwd.txt", "evil.txt", "t5.txt", "tmp-pwned.txt",
                     "报告-1-rm-rf.txt"]
    assert set(tree(tmp_path)) - set(outside_before) == {f"deep/corpus/{n}" for n in names} | {"deep/corpus"}
    assert not list(corpus.glob(".*"))


# --- ledger ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def ledger(tmp_path_factory):
    path = tmp_path_factory.mktemp("ledger") / "ledger.jsonl"
    assert main(["run", str(CORPUS), "--format", "ledger", "-o", str(path)]) == 0
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def schema():
    return json.loads(resource_files("extract").joinpath("schema/ledger.schema.json").read_text(encoding="utf-8"))


def test_ledger_export_of_the_bundled_corpus_validates_against_the_schema(ledger, schema):
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert len(ledger) > 100
    errors = [f"line {n}: {e.message}" for n, obj in enumerate(ledger, 1) for e in validator.iter_errors(obj)]
    assert errors == []
    assert all(set(REQUIRED + OPTIONAL) <= set(obj) for obj in ledger)
    assert list(ledger[0])[:len(REQUIRED)] == list(REQUIRED)


def test_ledger_fields_point_into_the_documents(ledger):
    texts = {doc: files.read_document(path) for doc, path in files.iter_corpus(CORPUS)}
    for obj in ledger:
        text = texts[obj["doc"]]
        assert text[obj["start"]:obj["end"]] == obj["evidence"]
        assert obj["doc_sha256"] == hashlib.sha256(text.encode("utf-8")).hexdigest()
        assert obj["extractor_version"] == EXTRACTOR_VERSION
    ids = [(o["doc"], o["start"], o["claim_id"]) for o in ledger]
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("obj_change", [
    {"metric": "speediness"}, {"unit": "furlongs"}, {"value": "6"}, {"claim_id": "XYZ"}, {"start": -1},
    {"doc_sha256": "abc"}, {"value_max": "7"},
])
def test_the_schema_rejects_malformed_entries(ledger, schema, obj_change):
    assert not jsonschema.Draft202012Validator(schema).is_valid({**ledger[0], **obj_change})
    missing = {k: v for k, v in ledger[0].items() if k != "claim_id"}
    assert not jsonschema.Draft202012Validator(schema).is_valid(missing)


def test_schema_vocabularies_follow_the_lexicons(schema):
    assert set(schema["properties"]["metric"]["enum"]) == set(METRICS)
    assert schema["properties"]["unit"]["enum"] == list(units())


# --- diff ----------------------------------------------------------------------

def test_regression_review_of_the_bundled_corpus(ledger, tmp_path, capsys):
    old = pd.DataFrame(ledger)
    old_path = tmp_path / "old.csv"
    files.write_table(old, old_path)
    new = old.copy()
    k_value, k_drop, k_name = 3, 10, 20
    new.loc[k_value, "value"] = new.loc[k_value, "value"] * 2
    new.loc[k_name, "hardware"] = new.loc[k_name, "hardware"] + "—X"  # another system: removed + added
    added = new.loc[[30]].assign(value=12345.0, evidence="新增的一句", start=99999)
    new = pd.concat([new.drop(index=k_drop), added]).sample(frac=1, random_state=0)  # also reordered
    new_path = tmp_path / "new.parquet"
    files.write_table(new, new_path)

    assert main(["diff", str(old_path), str(old_path)]) == 0
    assert capsys.readouterr().out.splitlines() == ["changed: 0", "added: 0", "removed: 0", f"unchanged: {len(old)}"]

    assert main(["diff", str(old_path), str(new_path)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[-4:] == ["changed: 1", "added: 2", "removed: 2", f"unchanged: {len(old) - 3}"]
    row = old.loc[k_value]
    assert f"changed  {row['doc']}  {row['metric']}" in out and f"{row['value']:g} {row['unit']} -> " in out
    assert "+ 新增的一句" in out and f"- {old.loc[k_drop, 'evidence']}" in out

    table = tmp_path / "changes.jsonl"
    assert main(["diff", str(old_path), str(new_path), "-o", str(table)]) == 1
    changes = files.read_table(table)
    assert sorted(changes["kind"]) == ["added", "added", "changed", "removed", "removed"]
    changed = changes[changes["kind"] == "changed"].iloc[0]
    assert (changed["old_value"], changed["new_value"], changed["fields"]) == (row["value"], row["value"] * 2, "value")


def test_diff_reports_bad_tables(tmp_path, capsys):
    bad = tmp_path / "bad.csv"
    bad.write_text("doc,model\na.txt,x\n", encoding="utf-8")
    assert main(["diff", str(bad), str(bad)]) == 2
    assert "missing column" in capsys.readouterr().err
    assert main(["diff", str(bad), str(bad), "-o", str(tmp_path / "x.txt")]) == 2


# --- conflicts -------------------------------------------------------------------

def test_conflicts(tmp_path, capsys):
    table = tmp_path / "claims.csv"
    rows = [
        ("a.txt", "", "H100", "memory", 80, "GB", "", "H100的显存为80GB"),
        ("b.txt", "", "H100", "memory", 94, "GB", "", "H100显存达94GB"),
        ("c.txt", "", "H100", "memory", 0.08, "TB", "", "H100有0.08TB显存"),
        ("a.txt", "", "H100", "power", 700, "W", "", "功耗为700W"),
        ("b.txt", "", "H100", "power", 0.7, "kW", "", "功耗0.7kW"),
    ]
    files.write_table(pd.DataFrame(rows, columns=["doc", "model", "hardware", "metric", "value", "unit", "baseline",
                                               "evidence"]), table)
    assert main(["conflicts", str(table)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "1. H100  memory: 3 documents, values 80 GB, 94 GB",
        "    a.txt: 80 GB  H100的显存为80GB",
        "    b.txt: 94 GB  H100显存达94GB",
        "    c.txt: 0.08 TB  H100有0.08TB显存",
        "1 conflict",
    ]
    assert main(["conflicts", str(table), "-o", str(tmp_path / "c.parquet")]) == 1
    assert files.read_table(tmp_path / "c.parquet")["doc"].tolist() == ["a.txt", "b.txt", "c.txt"]
    files.write_table(pd.DataFrame([r for r in rows if r[3] == "power"],
                                columns=["doc", "model", "hardware", "metric", "value", "unit", "baseline", "evidence"]),
                   table)
    assert main(["conflicts", str(table)]) == 0


def test_conflicts_of_the_bundled_corpus(ledger, tmp_path, capsys):
    path = tmp_path / "ledger.jsonl"
    files.write_table(pd.DataFrame(ledger), path)
    code = main(["conflicts", str(path)])
    out = capsys.readouterr().out
    groups = [line for line in out.splitlines() if line[:1].isdigit() and ". " in line]
    assert code == (1 if groups else 0) and out.splitlines()[-1] == f"{len(groups)} conflict{'' if len(groups) == 1 else 's'}"
    for line in groups:
        assert int(line.split(": ")[1].split(" documents")[0]) >= 2


def test_a_single_file_given_as_the_corpus_is_named_once(tmp_path, capsys):
    # "-v" names each document; a file given alone was named as "a.txt/a.txt"
    article = tmp_path / "a.txt"
    article.write_text("标题\nK9的算力为100 TFLOPS。\n", encoding="utf-8")
    assert main(["run", str(article), "-v", "-o", str(tmp_path / "out.csv")]) == 0
    err = capsys.readouterr().err
    assert f"{article}: 1 claim" in err and f"{article}/a.txt" not in err
