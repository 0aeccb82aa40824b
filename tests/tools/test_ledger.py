"""The claims ledger (issue 17), end to end through the CLI on a temporary
copy of a few corpus documents: sync, re-sync, an edited value, a deleted and
re-added article, a schema of another version, a sync killed before commit
and two syncs at once (real processes)."""
from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from extract.cli import main
from extract.tools import ledger

from ..conftest import CORPUS
DOCS = ("01_nvidia_h100_press_release.txt", "04_analyst_note_mi300x.txt", "12_huawei_ascend910_launch.txt")
H100 = DOCS[0]


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    for name in DOCS:
        shutil.copy(CORPUS / name, folder / name)
    return folder


#: A PostgreSQL server to run the same tests on, as a SQLAlchemy URL of a database the
#: user may create databases from, e.g. postgresql+psycopg://postgres@/postgres?host=/tmp/pg&port=5432;
#: without it (or without a server answering there) those tests are skipped.
POSTGRES_ENV = "CLAIMS_TEST_POSTGRES"


def _postgres_database(name: str):
    """A fresh database on the test server: (its URL, a function dropping it); skips when there is none."""
    admin_url = os.environ.get(POSTGRES_ENV)
    if not admin_url:
        pytest.skip(f"no PostgreSQL server: set {POSTGRES_ENV} to run the ledger tests on one")
    pytest.importorskip("psycopg")
    sa = pytest.importorskip("sqlalchemy")
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    except sa.exc.OperationalError as exc:
        admin.dispose()
        pytest.skip(f"PostgreSQL server at {POSTGRES_ENV} not reachable: {exc.orig}")
    url = sa.engine.make_url(admin_url).set(database=name).render_as_string(hide_password=False)

    def drop() -> None:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()

    return url, drop


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path: Path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'ledger.db'}"
        return
    url, drop = _postgres_database(f"ledger_test_{os.getpid()}_{abs(hash(request.node.name)) % 10**8}")
    yield url
    drop()


def _sql(db: str, sql: str, params: dict | None = None) -> list[tuple]:
    """Rows of a query on the ledger, read with SQLAlchemy (any backend)."""
    import sqlalchemy as sa

    engine = sa.create_engine(db)
    try:
        with engine.begin() as conn:
            result = conn.execute(sa.text(sql), params or {})
            return [tuple(r) for r in result] if result.returns_rows else []
    finally:
        engine.dispose()


def sync(corpus: Path, db: str, *extra: str) -> int:
    return main(["ledger", "sync", str(corpus), "--db", db, "-q", *extra])


def last_run(db: str) -> dict:
    return ledger.runs(db)[-1]


def events(db: str, run: int | None = None) -> list[tuple]:
    sql = "SELECT run_id, claim, kind, fields, old_value, new_value FROM events"
    return _sql(db, sql + (" WHERE run_id = :run" if run else "") + " ORDER BY id", {"run": run})


def current(db: str) -> list[dict]:
    return ledger.query(db)


def test_sync_records_every_claim_with_provenance_and_a_resync_records_nothing(corpus, db, capsys):
    assert sync(corpus, db) == 0
    run = last_run(db)
    assert run["added"] == run["claims"] > 20 and run["documents"] == 3 and run["failed"] == 0
    assert run["fingerprint"] and run["extractor_version"]
    claims = current(db)
    assert len(claims) == run["claims"] == len(events(db, run["id"]))
    h100 = [c for c in claims if c["doc"] == H100]
    text = (corpus / H100).read_text(encoding="utf-8")
    assert {c["title"] for c in h100} == {"NVIDIA发布H100 Tensor Core GPU与DGX H100系统，为新一代AI数据中心提供动力"}
    assert {(c["source"], c["date"]) for c in h100} == {("press release", "2022-03-22")}
    assert all(text[c["start"]:c["end"]] == c["evidence"] for c in h100)
    assert len({c["body_sha256"] for c in claims}) == 3 and all(len(c["doc_sha256"]) == 64 for c in claims)

    assert sync(corpus, db) == 0
    again = last_run(db)
    assert again["id"] == run["id"] + 1
    assert (again["added"], again["changed"], again["retracted"], again["reinstated"]) == (0, 0, 0, 0)
    assert again["unchanged"] == run["claims"] and events(db, again["id"]) == []
    assert current(db) == claims
    capsys.readouterr()
    assert main(["ledger", "log", "--db", db]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 and out[1].split()[0] == "1" and out[2].split()[0] == "2"


def test_the_ledger_and_the_jsonl_export_hold_the_same_claims_and_ids(corpus, db, tmp_path):
    assert sync(corpus, db) == 0
    export = tmp_path / "ledger.jsonl"
    assert main(["run", str(corpus), "--format", "ledger", "-o", str(export), "-q"]) == 0
    lines = [json.loads(line) for line in export.read_text(encoding="utf-8").splitlines()]
    key = lambda r: (r["doc"], r["start"], r["claim_id"], r["value"], r["doc_sha256"])  # noqa: E731
    assert sorted(map(key, lines)) == sorted(map(key, current(db)))
    assert {c["id"] for c in current(db)} == {r["claim_id"] for r in lines}   # first seen: ledger id = claim_id


def test_an_edited_value_is_one_change_of_the_same_claim(corpus, db, capsys):
    assert sync(corpus, db) == 0
    before = {c["id"]: c for c in current(db)}
    path = corpus / H100
    text = path.read_text(encoding="utf-8")
    assert text.count("900GB/s") == 1
    path.write_text(text.replace("900GB/s", "950GB/s"), encoding="utf-8")
    assert sync(corpus, db) == 0
    run = last_run(db)
    assert (run["added"], run["changed"], run["retracted"], run["reinstated"]) == (0, 1, 0, 0)
    [(_, claim, kind, fields, old, new)] = events(db, run["id"])
    assert (kind, old, new) == ("changed", 900.0, 950.0) and "value" in fields.split(",")
    after = {c["id"]: c for c in current(db)}
    assert after.keys() == before.keys()      # the same ids: a change, not a removal and an addition
    assert after[claim]["value"] == 950.0 and after[claim]["claim_id"] != before[claim]["claim_id"]
    capsys.readouterr()
    for key in (claim, before[claim]["claim_id"], after[claim]["claim_id"]):   # any of its names
        assert main(["ledger", "history", key, "--db", db]) == 0
        out = capsys.readouterr().out
        assert "added  900 GB/s" in out and "changed  900 GB/s -> 950 GB/s  (value, evidence)" in out
    assert main(["ledger", "history", "0000000000000000", "--db", db]) == 1


def test_a_deleted_article_is_retracted_and_reinstated_when_it_comes_back(corpus, db, tmp_path):
    assert sync(corpus, db) == 0
    ids = {c["id"] for c in current(db) if c["doc"] == H100}
    kept = shutil.move(corpus / H100, tmp_path / H100)
    assert sync(corpus, db) == 0
    run = last_run(db)
    assert run["retracted"] == len(ids) and run["added"] == run["changed"] == 0
    assert {c["id"] for c in ledger.query(db, status="retracted")} == ids
    assert not [c for c in current(db) if c["doc"] == H100]
    assert {e[1] for e in events(db, run["id"])} == ids

    shutil.move(kept, corpus / H100)
    assert sync(corpus, db) == 0
    run = last_run(db)
    assert run["reinstated"] == len(ids) and run["added"] == run["retracted"] == 0
    assert {c["id"] for c in current(db) if c["doc"] == H100} == ids
    assert ledger.query(db, status="retracted") == []


def test_an_unreadable_document_leaves_its_claims_alone(corpus, db):
    assert sync(corpus, db) == 0
    n = len(current(db))
    (corpus / H100).write_bytes(b"\x00\x01\x02" * 100)      # binary: refused when read
    assert sync(corpus, db) == 1
    run = last_run(db)
    assert run["failed"] == 1 and run["retracted"] == 0 and len(current(db)) == n


def test_query_filters_and_writes_a_table(corpus, db, tmp_path, capsys):
    assert sync(corpus, db) == 0
    out = tmp_path / "h100.csv"
    assert main(["ledger", "query", "--db", db, "--hardware", "h100", "--metric", "bandwidth", "-o", str(out)]) == 0
    df = pd.read_csv(out)
    assert len(df) >= 2 and set(df["metric"]) == {"bandwidth"}
    assert all("h100" in h.lower() for h in df["hardware"]) and {"id", "status", "title", "body_sha256"} <= set(df)
    assert 900.0 in set(df["value"])


def test_claims_table_input(corpus, db, tmp_path):
    table = tmp_path / "claims.csv"
    assert main(["run", str(corpus), "-o", str(table), "-q"]) == 0
    assert sync(corpus, db, "--claims", str(table)) == 0
    assert last_run(db)["source"].startswith("claims table")
    assert sync(corpus, db) == 0        # the extractor's claims are the table's: nothing happened
    assert events(db, last_run(db)["id"]) == []


def test_a_database_of_another_schema_version_is_refused(corpus, db, tmp_path, capsys):
    assert sync(corpus, db) == 0
    _sql(db, "UPDATE ledger_version SET version = 99")
    capsys.readouterr()
    assert sync(corpus, db) == 2
    assert "schema version 99" in capsys.readouterr().err
    assert main(["ledger", "log", "--db", db]) == 2
    if not db.startswith("sqlite"):
        return
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE stuff (x)")
    con.close()
    assert sync(corpus, f"sqlite:///{other}") == 2
    assert "not a claims ledger" in capsys.readouterr().err
    assert main(["ledger", "log", "--db", f"sqlite:///{tmp_path / 'missing.db'}"]) == 2
    assert not (tmp_path / "missing.db").exists()


# --- faults and load: real processes -------------------------------------------

def _sync_process(corpus: Path, db: str, pause: float | None = None) -> subprocess.Popen:
    env = dict(os.environ)
    env.pop(ledger.PAUSE_ENV, None)
    if pause is not None:
        env[ledger.PAUSE_ENV] = str(pause)
    return subprocess.Popen([sys.executable, "-m", "extract", "ledger", "sync", str(corpus), "--db", db, "-q"],
                            env=env, stderr=subprocess.PIPE, text=True)


def _wait_for_pause(proc: subprocess.Popen) -> None:
    assert proc.stderr is not None
    line = proc.stderr.readline()      # written just before the pause, transaction open
    assert "pausing" in line, line


def _dump(db: str) -> list:
    return [_sql(db, f"SELECT * FROM {t} ORDER BY 1") for t in ("runs", "claims", "events")]


def test_a_sync_killed_before_commit_leaves_the_ledger_as_it_was(corpus, db):
    assert sync(corpus, db) == 0
    before = _dump(db)
    (corpus / H100).write_text((corpus / H100).read_text(encoding="utf-8").replace("900GB/s", "950GB/s"),
                               encoding="utf-8")
    proc = _sync_process(corpus, db, pause=60)
    _wait_for_pause(proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert _dump(db) == before
    assert sync(corpus, db) == 0          # and the next sync works on it
    runs = ledger.runs(db)      # (a server's id sequence may skip the killed run's number)
    assert len(runs) == 2 and runs[-1]["changed"] == 1 and len(events(db, runs[-1]["id"])) == 1


def test_two_syncs_at_once_both_complete_and_keep_each_others_events(corpus, db, tmp_path):
    small = tmp_path / "small"
    small.mkdir()
    shutil.copy(corpus / H100, small / H100)
    first = _sync_process(corpus, db, pause=3)      # holds the write lock for 3 s
    _wait_for_pause(first)
    second = _sync_process(small, db)               # must wait for it, then diff against its result
    assert first.wait(timeout=120) == 0 and second.wait(timeout=120) == 0
    runs = ledger.runs(db)
    assert [r["corpus"] for r in runs] == [str(corpus), str(small)]
    n_all, n_h100 = runs[0]["claims"], runs[1]["claims"]
    assert runs[0]["added"] == n_all and len(events(db, runs[0]["id"])) == n_all
    # the second run saw the first's claims: the other two articles retracted, H100's unchanged
    assert runs[1]["unchanged"] == n_h100 and runs[1]["added"] == 0
    assert runs[1]["retracted"] == n_all - n_h100 == len(events(db, runs[1]["id"]))


def test_plan_pairs_occurrences_as_diff_does():
    row = {"doc": "a.txt", "model": "", "hardware": "H100", "metric": "speed", "value": 6.0, "unit": "x",
           "baseline": "A100", "evidence": "提升6倍", "start": 0, "end": 4, "task": "", "precision": "",
           "qualifier": "", "value_max": None, "raw": "6倍", "direction": "up", "claim_id": "a" * 16}
    stored = [{**row, **dict.fromkeys(ledger.PROVENANCE, ""), "id": "a" * 16, "status": "current"},
              {**row, **dict.fromkeys(ledger.PROVENANCE, ""), "value": 9.0, "start": 10, "end": 14,
               "id": "b" * 16, "claim_id": "b" * 16, "status": "current"}]
    new = [{**row, "value": 9.0, "start": 12, "end": 16, "claim_id": "b" * 16}, {**row, "value": 7.0, "claim_id": "c" * 16}]
    plan = ledger.plan_sync(stored, new, {}, ())
    assert plan.counts["unchanged"] == 1 and plan.counts["refreshed"] == 1 and plan.counts["changed"] == 1
    assert [(e["claim"], e["old_value"], e["new_value"]) for e in plan.events] == [("a" * 16, 6.0, 7.0)]
    assert not plan.inserts


def test_a_sync_killed_at_any_point_leaves_the_ledger_before_or_after_it(corpus, db):
    """SIGKILL at spread-out moments of a whole sync process (start-up, extraction, the
    transaction): the ledger is always exactly as before the sync, or as after it."""
    assert sync(corpus, db) == 0
    before = _dump(db)
    (corpus / H100).write_text((corpus / H100).read_text(encoding="utf-8").replace("900GB/s", "950GB/s"),
                               encoding="utf-8")
    t0 = time.monotonic()
    assert _sync_process(corpus, db).wait(timeout=120) == 0
    whole = time.monotonic() - t0
    after = _shape(_dump(db))
    assert after != _shape(before)
    seen = set()
    for fraction in (0.3, 0.6, 0.8, 0.9, 0.95, 1.0):
        restore(db, before)
        proc = _sync_process(corpus, db)
        time.sleep(whole * fraction)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        state = _dump(db)
        assert state == before or _shape(state) == after, fraction
        seen.add("before" if state == before else "after")
    assert "before" in seen


def restore(db: str, state: list) -> None:
    """Put the three tables back to ``state`` (a :func:`_dump`)."""
    import sqlalchemy as sa

    engine = sa.create_engine(db)
    try:
        with engine.begin() as conn:
            md = sa.MetaData()
            md.reflect(conn, only=["runs", "claims", "events"])
            for name in ("events", "claims", "runs"):
                conn.execute(md.tables[name].delete())
            for name, rows in zip(("runs", "claims", "events"), state):
                table = md.tables[name]
                if rows:
                    conn.execute(table.insert(), [dict(zip(table.columns.keys(), r)) for r in rows])
    finally:
        engine.dispose()


def _shape(state: list) -> list:
    """A :func:`_dump` without what differs between two equal syncs: times, run and event ids."""
    runs, claims, events = state
    return [[r[3:] for r in runs], [c[:2] + c[4:] for c in claims], [e[2:] for e in events]]
