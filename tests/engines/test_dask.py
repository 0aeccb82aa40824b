"""Issue 16: ``claims run --engine dask`` gives the claims a local run gives.

Real clusters only: a ``LocalCluster`` of 2 worker processes (shared by the
tests of this module, it takes seconds to start), and a scheduler and
workers started as separate processes and reached through ``--scheduler``.
Outputs are compared with a local ``claims run`` on the same corpus, read
back (the Dask output is a folder of part files) and sorted.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from extract.cli import main
from extract.engines import dask as dask_engine
from extract.io import files

from ..conftest import CORPUS, ROOT

dask_distributed = pytest.importorskip("dask.distributed", reason="dask.distributed is not installed "
                                       "(pip install -e '.[test]' or '.[dask]')")
pd = pytest.importorskip("pandas")

#: Part of the bundled corpus: enough documents for several partitions, quick to extract.
DOCS = sorted(CORPUS.glob("*.txt"))[:24]
BAD = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"   # a binary "document": refused as in a local run
KEY = ["doc", "start", "end", "claim_id"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """A corpus with a subfolder (``doc`` keeps it), an unreadable document and a broken symlink."""
    root = tmp_path_factory.mktemp("dask") / "corpus"
    (root / "sub").mkdir(parents=True)
    for i, src in enumerate(DOCS):
        shutil.copy(src, root / ("sub" if i % 3 == 0 else "") / src.name)
    (root / "sub" / "bin.txt").write_bytes(BAD)
    (root / "gone.txt").symlink_to(root / "nowhere.txt")
    return root


@pytest.fixture(scope="module")
def local(corpus, tmp_path_factory):
    """(claims table, errors file text, exit status) of a local run."""
    out = tmp_path_factory.mktemp("local")
    rc = main(["run", str(corpus), "-o", str(out / "claims.parquet"), "--errors", str(out / "errors.csv"), "-q"])
    return pd.read_parquet(out / "claims.parquet"), (out / "errors.csv").read_text(), rc


@pytest.fixture(scope="module")
def client():
    with dask_engine.open_client(workers=2) as c:
        yield c


def _sorted(df):
    return df.sort_values(KEY, kind="stable").reset_index(drop=True)


def _same(got, expected) -> None:
    assert list(got.columns) == list(expected.columns)
    pd.testing.assert_frame_equal(_sorted(got), _sorted(expected))


def test_cluster_run_equals_local_run(corpus, local, client, tmp_path):
    claims, errors, rc = local
    out = tmp_path / "claims.parquet"
    summary = dask_engine.run_corpus(client, corpus, out, partition_bytes=10_000)
    assert summary.parts > 3 and summary.written
    parts = sorted(os.listdir(out))
    assert parts == [dask_engine.part_name(i) for i in range(summary.parts)]  # no temporary file left
    got = pd.read_parquet(out)
    _same(got, claims)
    # documented row order: the parts read in name order give the local order exactly
    pd.testing.assert_frame_equal(got.reset_index(drop=True), claims.reset_index(drop=True))
    assert {d for d in got["doc"] if "/" in d} and all(not os.path.isabs(d) for d in got["doc"])
    assert summary.failed == [("sub/bin.txt", "binary file (NUL bytes), not text")]
    assert not any(f.startswith(".") for f in os.listdir(tmp_path))  # the staging folder was renamed


def test_cli_engine_dask_matches_local_errors_exit_status_and_diff(corpus, local, tmp_path, capsys):
    claims, errors, rc = local
    out, err = tmp_path / "out" / "claims.parquet", tmp_path / "errors.csv"
    assert rc == 1  # a document failed
    assert main(["run", str(corpus), "-o", str(out), "--engine", "dask", "--jobs", "2",
                 "--errors", str(err), "-q"]) == rc
    assert err.read_text() == errors
    assert "bin.txt: binary file" in capsys.readouterr().err
    _same(files.read_table(out), claims)
    local_file = tmp_path / "local.parquet"
    claims.to_parquet(local_file, index=False)
    assert main(["diff", str(local_file), str(out), "-q"]) == 0
    # a second run replaces the folder, it does not add to it
    n = len(os.listdir(out))
    assert main(["run", str(corpus), "-o", str(out), "--engine", "dask", "--jobs", "2", "-q"]) == rc
    assert len(os.listdir(out)) == n
    _same(files.read_table(out), claims)


def test_engine_dask_refuses_what_it_cannot_write(corpus, tmp_path, capsys):
    assert main(["run", str(corpus), "-o", str(tmp_path / "c.csv"), "--engine", "dask"]) == 2
    assert "writes a Parquet dataset" in capsys.readouterr().err
    assert main(["run", str(corpus), "--engine", "dask"]) == 2
    assert main(["run", str(corpus), "-o", str(tmp_path / "c.parquet"), "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "--scheduler needs --engine dask" in capsys.readouterr().err
    assert main(["run", str(corpus), "-o", str(tmp_path / "c.parquet"), "--engine", "dask",
                 "--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"]) == 2


def test_without_dask_the_engine_says_what_to_install(corpus, tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)   # import dask.distributed then fails
    assert main(["run", str(corpus), "-o", str(tmp_path / "c.parquet"), "--engine", "dask"]) == 2
    assert "pip install 'claims[dask]'" in capsys.readouterr().err
    assert not (tmp_path / "c.parquet").exists()


def test_cache_is_shared_and_an_unchanged_rerun_reuses_every_document(corpus, local, client, tmp_path):
    claims = local[0]
    cache = tmp_path / "cache"
    first = dask_engine.run_corpus(client, corpus, tmp_path / "a.parquet", cache=cache, partition_bytes=30_000)
    again = dask_engine.run_corpus(client, corpus, tmp_path / "b.parquet", cache=cache, partition_bytes=30_000)
    assert first.reused == 0 and again.reused == again.documents == len(DOCS)
    _same(pd.read_parquet(tmp_path / "b.parquet"), claims)
    # the entries are the local run's: a local run on the same cache reuses them all
    assert main(["run", str(corpus), "-o", str(tmp_path / "c.parquet"), "--cache", str(cache)]) == 1


def test_a_killed_worker_is_retried_without_lost_or_doubled_rows(corpus, local, client, tmp_path):
    claims = local[0]
    pids = list(client.run(os.getpid).values())
    after_kill: list = []

    def kill_one(part) -> None:
        if after_kill:
            after_kill.append(part)   # the run goes on after the kill
        else:  # after the first partition: the others are queued or running
            os.kill(pids[0], signal.SIGKILL)
            after_kill.append(None)

    out = tmp_path / "claims.parquet"
    # one document per partition: many tasks, some in flight on the killed worker
    summary = dask_engine.run_corpus(client, corpus, out, partition_bytes=1, on_part=kill_one)
    assert len(after_kill) > 10
    got = pd.read_parquet(out)
    assert not got.duplicated(KEY).any()
    _same(got, claims)
    assert summary.documents == len(DOCS) and summary.parts == len(DOCS) + 1
    assert sorted(os.listdir(out)) == [dask_engine.part_name(i) for i in range(summary.parts)]
    client.wait_for_workers(2, timeout=60)  # the nanny restarts it, for the tests that follow
    assert pids[0] not in client.run(os.getpid).values()


def test_no_document_read_keeps_the_existing_table(client, tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "bin.txt").write_bytes(BAD)
    out = tmp_path / "claims.parquet"
    out.write_bytes(b"old")
    summary = dask_engine.run_corpus(client, corpus, out)
    assert not summary.written and out.read_bytes() == b"old"
    assert [n for n in os.listdir(tmp_path) if n.startswith(".")] == []


def test_claims_of_a_dask_dataframe_and_bag(local, client):
    import dask.bag as db
    import dask.dataframe as dd

    claims = local[0]
    texts = [(d, files.read_document(Path(p))) for d, p in files.iter_corpus(CORPUS) if d in set(claims["doc"])]
    frame = dd.from_pandas(pd.DataFrame(texts, columns=["doc", "text"]), npartitions=3)
    expected = claims[claims["doc"].isin([d for d, _ in texts])]
    _same(dask_engine.claims_of_frame(frame).compute(), expected)
    _same(dask_engine.claims_of_bag(db.from_sequence(texts, npartitions=4)).compute(), expected)


def test_scheduler_and_workers_as_separate_processes(corpus, local, tmp_path, monkeypatch):
    claims, errors, rc = local
    sched_file = tmp_path / "scheduler.json"
    procs = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                               "--port", "0", "--no-dashboard", "--scheduler-file", str(sched_file)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        deadline = time.monotonic() + 60
        while not sched_file.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        address = json.loads(sched_file.read_text())["address"]
        for _ in range(2):
            procs.append(subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address,
                                           "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1"],
                                          cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        with dask_distributed.Client(address, timeout=60) as c:
            c.wait_for_workers(2, timeout=60)
        # relative paths, from another working directory than the workers': doc stays relative to the root
        monkeypatch.chdir(corpus.parent)
        out, err = Path("out.parquet"), tmp_path / "errors.csv"
        assert main(["run", corpus.name, "-o", str(out), "--engine", "dask", "--scheduler", address,
                     "--errors", str(err), "-q"]) == rc
        assert err.read_text() == errors
        _same(files.read_table(out), claims)
        # these workers were spawned, not forked: the plugin loaded the extractor in each, once
        def _extractor_loaded(dask_worker) -> bool:  # local: sent by value (the workers cannot import tests/)
            from extract.core import segment

            return "claims-warm-up" in dask_worker.plugins and segment.get_jieba.cache_info().currsize == 1

        with dask_distributed.Client(address, timeout=60) as c:
            loaded = c.run(_extractor_loaded)
        assert len(loaded) == 2 and all(loaded.values())
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()


def test_import_extract_does_not_import_dask():
    code = "import sys, extract, extract.engines.dask; print([m for m in sys.modules if m.split('.')[0] == 'dask'])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_readme_python_example_runs(tmp_path, monkeypatch, capsys):
    import re

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Scaling out: --jobs or Dask", 1)[1].split("\n## ", 1)[0]
    [block] = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    monkeypatch.chdir(tmp_path)
    exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "H100" in out and "B200" in out and "1000.0" in out


def test_the_staging_folder_replaces_a_file_or_a_folder_and_is_never_recreated(tmp_path):
    target = tmp_path / "claims.parquet"
    for old in ("file", "folder"):
        if old == "file":
            target.write_bytes(b"a local run's table")
        staging = files.staging_folder(target)
        files.write_part(pd.DataFrame({"doc": ["a.txt"]}), staging, "part.000000.parquet", None)
        (staging / ".part.000001.parquet.x.tmp").write_bytes(b"left by a killed writer")
        files.replace_with_folder(staging, target)
        assert sorted(os.listdir(target)) == ["part.000000.parquet"]
        assert sorted(os.listdir(tmp_path)) == ["claims.parquet"]   # nothing old or staged left beside it
    files.remove_folder(staging)
    with pytest.raises(FileNotFoundError):
        files.write_part(pd.DataFrame({"doc": ["a.txt"]}), staging, "part.000000.parquet", None)
    assert not staging.exists()


@pytest.mark.skipif(sys.platform == "darwin" or not hasattr(os, "fork"),
                    reason="the injected failure reaches the workers only when they are forked")
def test_a_partly_read_document_is_reported_as_in_a_local_run(tmp_path, monkeypatch, capsys):
    from extract.core import bind

    from ..test_isolation import DOC, MARK, STEPS, inject

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("a.txt", "b.txt", "c.txt"):
        (corpus / name).write_text(DOC if name == "b.txt" else DOC.replace(MARK, "正常"), encoding="utf-8")
    # patched in this process before the local cluster forks its workers: they inherit it
    inject(monkeypatch, bind, "_claims_for_sentence", STEPS[2][1])
    got = {}
    for engine in ("local", "dask"):
        out, errors = tmp_path / f"{engine}.parquet", tmp_path / f"{engine}.csv"
        code = main(["run", str(corpus), "-o", str(out), "--errors", str(errors), "--engine", engine])
        stdout, stderr = capsys.readouterr()
        got[engine] = (code, stdout, stderr, errors.read_text(), files.read_table(out))
    (lc, lout, lerr, lerrors, lclaims), (dc, dout, derr, derrors, dclaims) = got["local"], got["dask"]
    assert lc == dc == 3 and lout == dout and lerrors == derrors and "partial" in derrors
    assert lerr == derr and "sentence not analysed" in derr
    _same(dclaims, lclaims)
