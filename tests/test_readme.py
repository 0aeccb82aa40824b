"""Issue 13: every command of the README's "Everyday use" and "Adding
articles" sections, run as written (through the same ``main`` the ``claims``
entry point and ``python -m extract`` call) in a temporary copy of the
project's corpus and gold, with the files the commands name made there."""
from __future__ import annotations

import io as _io
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from extract.cli import main
from extract.io import files

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = ("Everyday use", "Adding articles")
PAGE = ("<html><head><meta charset='gbk'><title>H100发布</title><script>var x='速度提升99倍';</script></head>"
        "<body><nav>首页</nav><article><h1>H100发布</h1><p>H100的显存带宽为3.35TB/s，功耗为700W。</p>"
        "<p>与A100相比，H100的训练速度提升了6倍。</p></article></body></html>")
STDIN = "B200评测\n\nB200的功耗为1000W。\n"


def readme_commands() -> list[str]:
    """The shell lines of the ```bash blocks in SECTIONS, comments dropped."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = []
    for section in re.split(r"^## ", text, flags=re.M)[1:]:
        if not section.startswith(SECTIONS):
            continue
        for block in re.findall(r"```bash\n(.*?)```", section, flags=re.S):
            for line in block.splitlines():
                words = shlex.split(line, comments=True)
                if words:
                    commands.append(line)
    return commands


def test_the_readme_sections_have_commands():
    commands = readme_commands()
    assert len(commands) >= 10
    assert "claims ingest page.html notes/ - --corpus corpus/" in [shlex.join(shlex.split(c, comments=True))
                                                                 for c in commands]


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "corpus", tmp_path / "corpus")
    shutil.copytree(ROOT / "gold", tmp_path / "gold")
    (tmp_path / "page.html").write_bytes(PAGE.encode("gbk"))
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "mi300x.md").write_text("# MI300X 笔记\n\nMI300X的显存为192GB。\n", encoding="utf-8")
    (notes / "broken.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(line: str, monkeypatch, capsys) -> tuple[int, str, str]:
    words = shlex.split(line, comments=True)
    if words[:1] == ["claims"]:
        argv = words[1:]
    elif words[:3] == ["python", "-m", "extract"]:
        argv = words[3:]
    else:
        raise AssertionError(f"not a claims command: {line}")
    monkeypatch.setattr(sys, "stdin", _io.TextIOWrapper(_io.BytesIO(STDIN.encode("gb18030"))))
    capsys.readouterr()
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_every_readme_command_runs_as_written(workdir, monkeypatch, capsys):
    results = {}
    for line in readme_commands():
        words = shlex.split(line, comments=True)
        # the tables the diff commands compare: an older run (one article
        # fewer) and the current one
        if words[:2] == ["claims", "diff"]:
            for name in words[2:4]:
                if not (workdir / name).exists():
                    table = files.read_table(workdir / "claims.csv")
                    old = table[table["doc"] != table["doc"].iloc[0]] if name.startswith("old") else table
                    files.write_table(old.drop(columns="_line"), workdir / name)
        code, out, err = _run(line, monkeypatch, capsys)
        assert "Traceback" not in err, (line, err)
        results[shlex.join(words)] = (code, out, err)
        if words[1] in ("run", "score", "show", "lint-gold"):
            assert code == 0, (line, err)
        else:   # diff and conflicts: 1 means "differences found"; ingest: 1 for the bad file
            assert code in (0, 1), (line, err)

    code, out, err = results["claims ingest page.html notes/ - --corpus corpus/"]
    assert code == 1
    assert "notes/broken.txt: binary file (NUL bytes), not text (skipped)" in err
    assert err.endswith("4 sources: 3 stored, 0 duplicates, 1 failed\n"), err
    stored = {p.name for p in (workdir / "corpus").iterdir()} - {p.name for p in (ROOT / "corpus").iterdir()}
    assert {"h100发布.txt", "mi300x-笔记.txt", "b200评测.txt"} <= stored
    assert results["claims diff old.csv new.parquet"][0] == 1
    assert len(files.read_table(workdir / "claims.csv")) > 100
    assert files.read_table(workdir / "ledger.jsonl")["claim_id"].is_unique


def test_every_readme_python_block_runs_as_written(workdir):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [block for section in re.split(r"^## ", text, flags=re.M)[1:] if section.startswith(SECTIONS)
              for block in re.findall(r"```python\n(.*?)```", section, flags=re.S)]
    assert len(blocks) >= 2
    spaces = []
    for block in blocks:
        namespace: dict = {}
        exec(compile(block, "README.md", "exec"), namespace)
        spaces.append(namespace)
    assert spaces[0]["claims"][0].baseline == "A100" and spaces[0]["report"].tuple.n_gold > 1000
    assert spaces[1]["doc"].spans["claims"][0]._.claim.value == 2.6
