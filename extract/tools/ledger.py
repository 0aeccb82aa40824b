"""The claims ledger: claims kept in a database across runs, with history.

``claims ledger sync`` records one *run* (time, extractor version and
fingerprint, corpus, counts) and one *event* per claim that was added,
changed, retracted or reinstated since the previous run, all in a single
transaction. Any SQLAlchemy URL works; SQLite (a file, no server) is the
embedded default.

Identity: a claim keeps its ledger id across runs while it is the same
assertion -- same document, model, hardware, metric, baseline and unit
dimension (:func:`extract.tools.diff.identity`), the occurrences of one identity
paired as multisets exactly as ``claims diff`` pairs them
(:func:`extract.tools.diff.pair_rows`). So a corrected value is a *change* (old ->
new) of the same claim, not a removal plus an addition. A claim's ledger id
is its ``claim_id`` when it was first seen; its current ``claim_id`` (the
content hash ``claims run`` writes) is kept beside it and follows each change.

Nothing is deleted: a claim no longer extracted, or whose document is gone,
is marked retracted; if it comes back it is reinstated under its old id.
Documents that could not be read in a run leave their claims as they were.

This module and :mod:`extract.io.files`/:mod:`extract.cli` are the only ones that
touch the disk (here: the database only).
"""
from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from ..core.claims import ALL_FIELDS, Claim, ClaimsError
from .diff import COMPARED, changed_fields, pair_rows
from .score import norm_name

#: Bump when the tables change; a database of another version is refused.
SCHEMA_VERSION = 1

#: Provenance columns of every claim, from its document.
PROVENANCE = ("title", "source", "url", "date", "doc_sha256", "body_sha256")
#: The columns of a claim that come from extraction and its document.
CLAIM_COLUMNS = ALL_FIELDS + PROVENANCE
EVENT_KINDS = ("added", "changed", "retracted", "reinstated")
COUNTS = ("added", "changed", "retracted", "reinstated", "unchanged", "refreshed")

#: Seconds a sync waits for another sync's transaction (SQLite busy timeout),
#: and how many times a transaction that still lost the race is retried.
BUSY_TIMEOUT = 120.0
RETRIES = 5
#: PostgreSQL advisory lock key a sync holds for its transaction ("claims ledger" as a number).
ADVISORY_LOCK = 0x636C61696D73

#: Fault-injection hook for the kill and concurrency tests: with this set to
#: a number of seconds, a sync sleeps that long with its transaction open
#: and everything written, just before committing (and says so on stderr).
PAUSE_ENV = "CLAIMS_LEDGER_PAUSE_BEFORE_COMMIT"


class LedgerError(ClaimsError):
    """The database is not a ledger this version can use, or cannot be reached."""


# --- tables --------------------------------------------------------------------

def _tables():
    """The schema, built on first use (SQLAlchemy is imported only by ledger commands)."""
    from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text

    md = MetaData()
    Table("ledger_version", md, Column("version", Integer, primary_key=True))
    Table("runs", md,
          Column("id", Integer, primary_key=True, autoincrement=True),
          Column("started_at", String(40), nullable=False),
          Column("finished_at", String(40), nullable=False),
          Column("extractor_version", String(40), nullable=False),
          Column("fingerprint", String(64), nullable=False),
          Column("corpus", Text, nullable=False),
          Column("source", Text, nullable=False),      # "extractor" or the claims table synced
          Column("documents", Integer, nullable=False),
          Column("failed", Integer, nullable=False),
          Column("claims", Integer, nullable=False),
          *(Column(name, Integer, nullable=False) for name in COUNTS))
    text_cols = [c for c in CLAIM_COLUMNS if c not in ("value", "value_max", "start", "end")]
    Table("claims", md,
          Column("id", String(32), primary_key=True),     # the ledger id: stable across runs
          Column("status", String(12), nullable=False),   # current | retracted
          Column("first_run", Integer, ForeignKey("runs.id"), nullable=False),
          Column("updated_run", Integer, ForeignKey("runs.id"), nullable=False),
          Column("value", Float, nullable=False),
          Column("value_max", Float, nullable=True),
          Column("start", Integer, nullable=False),
          Column("end", Integer, nullable=False),
          *(Column(name, Text, nullable=False) for name in text_cols),
          Index("ix_claims_doc", "doc"), Index("ix_claims_claim_id", "claim_id"),
          Index("ix_claims_metric", "metric"))
    Table("events", md,
          Column("id", Integer, primary_key=True, autoincrement=True),
          Column("run_id", Integer, ForeignKey("runs.id"), nullable=False),
          Column("claim", String(32), ForeignKey("claims.id"), nullable=False),
          Column("kind", String(12), nullable=False),
          Column("fields", Text, nullable=False),          # compared fields that differ, comma-separated
          Column("old_value", Float, nullable=True),
          Column("new_value", Float, nullable=True),
          Column("old", Text, nullable=True),              # the claim before (JSON), None when added
          Column("new", Text, nullable=True),              # the claim after (JSON), None when retracted
          Index("ix_events_claim", "claim"), Index("ix_events_run", "run_id"))
    return md


_MD = None


def _md():
    global _MD
    if _MD is None:
        _MD = _tables()
    return _MD


def _t(name: str):
    return _md().tables[name]


# --- connecting ----------------------------------------------------------------

def connect(url: str, *, create: bool = False):
    """A SQLAlchemy engine for ``url``. SQLite gets a busy timeout (a second
    sync waits for the first instead of failing), WAL (readers are not
    blocked by a sync) and ``BEGIN IMMEDIATE`` for writing transactions (the
    write lock is taken before the ledger is read, so two syncs cannot both
    diff against the same state). Without ``create``, a SQLite file that
    does not exist is an error instead of a new empty database."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise LedgerError(f"{url}: not a database URL (e.g. sqlite:///ledger.db): {exc}") from None
    sqlite = parsed.get_backend_name() == "sqlite"
    if sqlite and not create and parsed.database not in (None, "", ":memory:") and not os.path.exists(parsed.database):
        raise LedgerError(f"{url}: no ledger there yet (`claims ledger sync CORPUS --db {url}` creates it)")
    try:
        engine = create_engine(parsed, connect_args={"timeout": BUSY_TIMEOUT} if sqlite else {})
    except (NoSuchModuleError, ImportError) as exc:
        raise LedgerError(f"{url}: no driver for this database ({exc}); for PostgreSQL: pip install 'claims[postgresql]'") from None
    if sqlite:
        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_conn, _record) -> None:
            dbapi_conn.isolation_level = None   # SQLAlchemy emits BEGIN itself (below)
            dbapi_conn.execute("PRAGMA journal_mode=WAL")
            dbapi_conn.execute("PRAGMA foreign_keys=ON")

        @event.listens_for(engine, "begin")
        def _on_begin(conn) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("ledger_write") else "BEGIN")
    return engine


def _check_schema(conn, url: str, *, create: bool) -> None:
    """Create the tables in an empty database (``create``), else insist on
    this schema version."""
    from sqlalchemy import inspect, select

    names = set(inspect(conn).get_table_names())
    if not names:
        if not create:
            raise LedgerError(f"{url}: empty database, not a claims ledger yet (`claims ledger sync` creates it)")
        _md().create_all(conn)
        conn.execute(_t("ledger_version").insert(), {"version": SCHEMA_VERSION})
        return
    if "ledger_version" not in names:
        raise LedgerError(f"{url}: not a claims ledger (tables {', '.join(sorted(names))}, no ledger_version table); "
                          "give another database")
    versions = conn.execute(select(_t("ledger_version").c.version)).scalars().all()
    if versions != [SCHEMA_VERSION]:
        found = ", ".join(map(str, versions)) or "none"
        raise LedgerError(f"{url}: ledger schema version {found}, but this claims reads and writes version "
                          f"{SCHEMA_VERSION}; use the claims release that made it, or sync into a new database")


def _is_retryable(exc: Exception) -> bool:
    """Lost a race for the database: locked/busy (SQLite), deadlock or serialization failure (servers)."""
    text = str(getattr(exc, "orig", exc)).lower()
    return any(s in text for s in ("database is locked", "busy", "deadlock", "serializ", "could not obtain lock",
                                        "already exists"))   # two first syncs creating the tables


# --- input rows ----------------------------------------------------------------

def document_provenance(text: str) -> dict[str, str]:
    """Provenance of a document as read from the corpus: title, source, url
    and date from its ingest header (YAML front matter) when it has one,
    the sha256 of the whole text (as ``claims run --format ledger`` writes
    it) and of its normalised body (as ``claims ingest`` hashes it).

    >>> p = document_provenance("---\\ntitle: H100\\ndate: 2024-03-01\\n---\\n正文。\\n")
    >>> p["title"], p["date"], p["source"], p["body_sha256"][:8]
    ('H100', '2024-03-01', '', '161e3117')
    """
    from ..run import text_sha256
    from .ingest import body_sha256, split_header

    meta, body = split_header(text)
    out = {key: meta.get(key, "") for key in ("title", "source", "url", "date")}
    out["doc_sha256"] = text_sha256(text)
    out["body_sha256"] = body_sha256(body)
    return out


_DEFAULTS: dict[str, Any] = {"start": -1, "end": -1, "task": "", "precision": "", "qualifier": "",
                             "value_max": None, "raw": "", "direction": "", "claim_id": ""}


def rows_from_records(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Claims given as table rows (``--claims``, validated) as ledger input
    rows: every column of :data:`ALL_FIELDS`, missing optional ones filled
    (offsets -1), ``claim_id`` computed as ``claims run`` does when absent."""
    out = []
    for rec in records:
        row = {name: rec.get(name, _DEFAULTS.get(name)) for name in ALL_FIELDS}
        for name in ALL_FIELDS:
            v = row[name]
            if v is None or (isinstance(v, float) and math.isnan(v)) or (name in _DEFAULTS and v == ""):
                row[name] = _DEFAULTS.get(name, "")   # CSV writes a missing value as an empty cell
            elif name in ("start", "end"):
                row[name] = int(float(v))
            elif name in ("value", "value_max"):
                row[name] = float(v)
            else:
                row[name] = str(v)
        if not row["claim_id"]:
            fields = {k: row[k] for k in ALL_FIELDS if k != "claim_id"}
            row["claim_id"] = Claim(**fields).claim_id
        out.append(row)
    return out


# --- planning a sync (pure) ----------------------------------------------------

@dataclass
class Plan:
    """What a sync writes: new claims, updates of stored ones and events."""
    inserts: list[dict[str, Any]] = field(default_factory=list)
    updates: list[dict[str, Any]] = field(default_factory=list)    # full rows keyed by "id"
    events: list[dict[str, Any]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: {name: 0 for name in COUNTS})


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    return a == b


def _key(row: Mapping[str, Any]) -> tuple:
    """Every claim column, NaN as None (NaN != NaN would make a claim differ from itself)."""
    return tuple(None if isinstance(v, float) and v != v else v for v in (row[name] for name in CLAIM_COLUMNS))


def _snapshot(row: Mapping[str, Any]) -> str:
    """A claim as stored in an event (JSON): every claim column."""
    return json.dumps({name: row.get(name) for name in CLAIM_COLUMNS}, ensure_ascii=False, sort_keys=False)


def _new_id(claim_id: str, taken: set[str]) -> str:
    """The claim's ``claim_id``, unless a claim that was changed since holds it."""
    import hashlib

    candidate, n = claim_id, 1
    while candidate in taken:
        n += 1
        candidate = hashlib.sha256(f"{claim_id}#{n}".encode()).hexdigest()[:16]
    taken.add(candidate)
    return candidate


def plan_sync(stored: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]],
              provenance: Mapping[str, Mapping[str, str]], unread: Iterable[str]) -> Plan:
    """The writes that bring ``stored`` claims (rows of the claims table)
    to the ``new`` extraction. Claims of documents in ``unread`` (that
    failed to load this time) are left alone. Events are in document order."""
    skip = set(unread)
    empty = dict.fromkeys(PROVENANCE, "")
    plan = Plan()
    taken = {str(r["id"]) for r in stored}
    # Fast paths, per document (identity includes the document, so pairing per
    # document is the same pairing): a document whose claims are all exactly as
    # stored is unchanged, and one never seen has only new claims; only the
    # rest go through pair_rows, whose name normalisation costs on 100k claims.
    by_doc: dict[str, tuple[list, list]] = defaultdict(lambda: ([], []))
    for r in stored:
        if r["doc"] not in skip:
            by_doc[str(r["doc"])][0].append(r)
    for row in new:
        if row["doc"] not in skip:
            by_doc[str(row["doc"])][1].append({**row, **provenance.get(str(row["doc"]), empty)})
    incoming: list[Mapping[str, Any]] = []
    current: list[Mapping[str, Any]] = []
    retracted: list[Mapping[str, Any]] = []
    fresh: list[Mapping[str, Any]] = []
    for olds, news in by_doc.values():
        if not olds:
            fresh.extend(news)
        elif all(r["status"] == "current" for r in olds) and Counter(map(_key, olds)) == Counter(map(_key, news)):
            plan.counts["unchanged"] += len(olds)
        else:
            incoming.extend(news)
            current.extend(r for r in olds if r["status"] == "current")
            retracted.extend(r for r in olds if r["status"] == "retracted")

    def update(old: Mapping[str, Any], row: Mapping[str, Any], status: str = "current") -> None:
        plan.updates.append({**{name: row[name] for name in CLAIM_COLUMNS}, "id": old["id"], "status": status})

    def event(kind: str, claim: str, old: Mapping[str, Any] | None, row: Mapping[str, Any] | None,
              fields: Sequence[str] = ()) -> None:
        plan.counts[kind] += 1
        where = row if row is not None else old
        assert where is not None
        plan.events.append({
            "claim": claim, "kind": kind, "fields": ",".join(fields),
            "old_value": float(old["value"]) if old is not None else None,
            "new_value": float(row["value"]) if row is not None else None,
            "old": _snapshot(old) if old is not None else None, "new": _snapshot(row) if row is not None else None,
            "_order": (str(where["doc"]), int(where["start"]), EVENT_KINDS.index(kind)),
        })

    first = pair_rows(current, incoming)
    for (_, old), (_, row) in first.unchanged:
        # the same claim; only what diff does not compare (offsets, provenance, ids...) may have moved
        if any(not _same(old[name], row[name]) for name in CLAIM_COLUMNS):
            update(old, row)
            plan.counts["refreshed"] += 1
        plan.counts["unchanged"] += 1
    for (_, old), (_, row) in first.changed:
        update(old, row)
        event("changed", old["id"], old, row, changed_fields(old, row))
    for _, old in first.removed:
        plan.updates.append({**{name: old[name] for name in CLAIM_COLUMNS}, "id": old["id"], "status": "retracted"})
        event("retracted", old["id"], old, None)
    # new rows no current claim pairs with: a retracted claim coming back, else a new claim
    second = pair_rows(retracted, [row for _, row in first.added])
    for (_, old), (_, row) in second.unchanged + second.changed:
        update(old, row)
        event("reinstated", old["id"], old, row, changed_fields(old, row))
    for row in [row for _, row in second.added] + fresh:
        claim = _new_id(str(row["claim_id"]), taken)
        plan.inserts.append({**{name: row[name] for name in CLAIM_COLUMNS}, "id": claim, "status": "current"})
        event("added", claim, None, row)
    plan.events.sort(key=lambda e: e.pop("_order"))
    return plan


# --- sync ----------------------------------------------------------------------

@dataclass(frozen=True)
class SyncResult:
    run: int
    counts: dict[str, int]
    claims: int          # current claims after the run
    seconds: float       # of the transaction


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def sync(url: str, rows: Sequence[Mapping[str, Any]], provenance: Mapping[str, Mapping[str, str]],
         unread: Mapping[str, str], *, corpus: str, source: str, extractor_version: str,
         fingerprint: str) -> SyncResult:
    """Record one run of ``rows`` (the claims of the documents in
    ``provenance``; ``unread`` documents failed to load) in the ledger at
    ``url``, creating it if needed: one transaction, retried if it lost a
    race with another sync. Raises :class:`LedgerError`."""
    from sqlalchemy.exc import DBAPIError, OperationalError

    started = _now()
    engine = connect(url, create=True)
    try:
        for attempt in range(RETRIES):
            try:
                return _sync_once(engine, url, rows, provenance, unread, started=started, corpus=corpus,
                                  source=source, extractor_version=extractor_version, fingerprint=fingerprint)
            except (OperationalError, DBAPIError) as exc:
                if not _is_retryable(exc) or attempt == RETRIES - 1:
                    raise LedgerError(f"{url}: {getattr(exc, 'orig', exc)}") from None
                time.sleep(0.2 * 2 ** attempt * (1 + random.random()))  # jitter: two losers do not collide again
        raise AssertionError("unreachable")
    finally:
        engine.dispose()


def _sync_once(engine, url: str, rows, provenance, unread, *, started: str, corpus: str, source: str,
               extractor_version: str, fingerprint: str) -> SyncResult:
    from sqlalchemy import bindparam, func, select, text

    claims, events, runs = _t("claims"), _t("events"), _t("runs")
    t0 = time.perf_counter()
    with engine.connect().execution_options(ledger_write=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":   # one lock for the whole sync, creating the tables included
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": ADVISORY_LOCK})
        _check_schema(conn, url, create=True)
        if conn.dialect.name not in ("sqlite", "postgresql"):   # other servers queue on the version row
            conn.execute(select(_t("ledger_version").c.version).with_for_update())
        stored = [dict(r) for r in conn.execute(select(claims)).mappings()]
        plan = plan_sync(stored, rows, provenance, unread)
        run = conn.execute(runs.insert().values(
            started_at=started, finished_at=started, extractor_version=extractor_version, fingerprint=fingerprint,
            corpus=corpus, source=source, documents=len(provenance) + len(unread), failed=len(unread), claims=0,
            **{name: 0 for name in COUNTS})).inserted_primary_key[0]
        if plan.inserts:   # executemany: one statement, all rows
            conn.execute(claims.insert(), [{**r, "first_run": run, "updated_run": run} for r in plan.inserts])
        if plan.updates:
            cols = [c for c in (*CLAIM_COLUMNS, "status")]
            stmt = claims.update().where(claims.c.id == bindparam("_id")).values(
                {c: bindparam(f"_{c}") for c in cols} | {"updated_run": bindparam("_run")})
            conn.execute(stmt, [{"_id": u["id"], "_run": run, **{f"_{c}": u[c] for c in cols}} for u in plan.updates])
        if plan.events:
            conn.execute(events.insert(), [{**e, "run_id": run} for e in plan.events])
        total = conn.execute(select(func.count()).select_from(claims).where(claims.c.status == "current")).scalar_one()
        conn.execute(runs.update().where(runs.c.id == run).values(finished_at=_now(), claims=total, **plan.counts))
        pause = os.environ.get(PAUSE_ENV)
        if pause:
            print(f"ledger: run {run} written, pausing {pause}s before commit", file=sys.stderr, flush=True)
            time.sleep(float(pause))
    return SyncResult(run, plan.counts, total, time.perf_counter() - t0)


# --- reading -------------------------------------------------------------------

def _read(url: str, fn):
    """``fn(conn)`` in a read transaction on a checked ledger."""
    from sqlalchemy.exc import DBAPIError

    engine = connect(url)
    try:
        with engine.connect() as conn, conn.begin():
            _check_schema(conn, url, create=False)
            return fn(conn)
    except DBAPIError as exc:
        raise LedgerError(f"{url}: {getattr(exc, 'orig', exc)}") from None
    finally:
        engine.dispose()


def runs(url: str) -> list[dict[str, Any]]:
    """Every run, oldest first."""
    from sqlalchemy import select

    t = _t("runs")
    return _read(url, lambda conn: [dict(r) for r in conn.execute(select(t).order_by(t.c.id)).mappings()])


def find_claim(url: str, key: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """A claim by its ledger id, its current ``claim_id`` or any ``claim_id``
    it had, and its events with their runs, oldest first; None if unknown."""
    from sqlalchemy import or_, select

    claims, events, runs_t = _t("claims"), _t("events"), _t("runs")

    def fn(conn):
        row = conn.execute(select(claims).where(or_(claims.c.id == key, claims.c.claim_id == key))
                           .order_by((claims.c.id == key).desc())).mappings().first()
        if row is None:   # an id the claim had before a change: it is in the events' snapshots
            pattern = f'%"claim_id": "{key}"%'
            hit = conn.execute(select(events.c.claim).where(or_(events.c.old.like(pattern), events.c.new.like(pattern)))
                               ).scalars().first()
            if hit is None:
                return None
            row = conn.execute(select(claims).where(claims.c.id == hit)).mappings().first()
        life = conn.execute(select(events, runs_t.c.started_at, runs_t.c.extractor_version)
                            .join(runs_t, runs_t.c.id == events.c.run_id)
                            .where(events.c.claim == row["id"]).order_by(events.c.id)).mappings().all()
        return dict(row), [dict(e) for e in life]

    return _read(url, fn)


#: Columns of ``claims ledger query`` output, in order.
QUERY_COLUMNS = ("id", "status", *ALL_FIELDS, *PROVENANCE, "first_run", "updated_run")


def query(url: str, *, hardware: str = "", model: str = "", metric: str = "", baseline: str = "", doc: str = "",
          status: str = "current") -> list[dict[str, Any]]:
    """Claims matching every filter given: names as the scorer compares them
    (NFKC, casefold, no spaces or dashes), a part of the name matches
    (``H100`` finds ``H100 SXM``); ``status`` current, retracted or all."""
    from sqlalchemy import select

    claims = _t("claims")
    stmt = select(claims).order_by(claims.c.doc, claims.c.start, claims.c.id)
    if metric:
        stmt = stmt.where(claims.c.metric == metric)
    if doc:
        stmt = stmt.where(claims.c.doc == doc)
    if status != "all":
        stmt = stmt.where(claims.c.status == status)
    wanted = {name: norm_name(v) for name, v in (("hardware", hardware), ("model", model), ("baseline", baseline)) if v}
    rows = _read(url, lambda conn: [dict(r) for r in conn.execute(stmt).mappings()])
    return [{c: r[c] for c in QUERY_COLUMNS} for r in rows
            if all(v in norm_name(str(r[name])) for name, v in wanted.items())]


# --- rendering -----------------------------------------------------------------

def render_runs(rows: Sequence[Mapping[str, Any]]) -> str:
    head = f"{'run':>4}  {'finished':20}  {'version':8} {'fingerprint':12}  {'docs':>5} {'claims':>6}  " \
           f"{'added':>6} {'changed':>7} {'retracted':>9} {'reinstated':>10} {'unchanged':>9}  source"
    lines = [head]
    for r in rows:
        lines.append(f"{r['id']:>4}  {r['finished_at']:20}  {r['extractor_version']:8} {r['fingerprint'][:12]:12}  "
                     f"{r['documents']:>5} {r['claims']:>6}  {r['added']:>6} {r['changed']:>7} {r['retracted']:>9} "
                     f"{r['reinstated']:>10} {r['unchanged']:>9}  {r['corpus']} ({r['source']})")
    return "\n".join(lines)


def _value(row: Mapping[str, Any]) -> str:
    return f"{float(row['value']):g} {row['unit']}"


def render_history(claim: Mapping[str, Any], life: Sequence[Mapping[str, Any]]) -> str:
    """One claim's life: what it is now, then each event (old -> new)."""
    where = f"[{claim['model'] or '-'} | {claim['hardware'] or '-'}" + (
        f" vs {claim['baseline']}" if claim["baseline"] else "") + "]"
    out = [f"claim {claim['id']} ({claim['status']}; claim_id now {claim['claim_id']})",
           f"  {claim['doc']}  {claim['metric']}  {where}  {_value(claim)}",
           f"  {claim['evidence']}"]
    if claim["title"] or claim["url"] or claim["date"]:
        out.append("  from: " + " · ".join(v for v in (claim["title"], claim["source"], claim["date"], claim["url"]) if v))
    for e in life:
        old = json.loads(e["old"]) if e["old"] else None
        new = json.loads(e["new"]) if e["new"] else None
        head = f"  run {e['run_id']} {e['started_at']} (extractor {e['extractor_version']})  {e['kind']}"
        if e["kind"] == "added":
            assert new is not None
            out.append(f"{head}  {_value(new)}")
        elif e["kind"] == "retracted":
            out.append(f"{head}  (was {_value(old)})" if old else head)
        else:
            assert old is not None and new is not None
            fields = f"  ({', '.join(e['fields'].split(','))})" if e["fields"] else ""
            out.append(f"{head}  {_value(old)} -> {_value(new)}{fields}")
            for name in COMPARED:
                if name in e["fields"].split(",") and name not in ("value", "unit"):
                    out.append(f"      {name}: {old[name] or '-'} -> {new[name] or '-'}")
    return "\n".join(out)
