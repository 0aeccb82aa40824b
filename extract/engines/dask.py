"""Scale-out engine on ``dask.distributed`` (``claims run --engine dask``).

The corpus is scanned on the client (names and sizes only), cut into
partitions of consecutive documents (about :data:`PARTITION_BYTES` each),
and each partition is one task: the worker reads, extracts (or takes from
the shared ``--cache``) and writes its claims as one Parquet part file,
``part.NNNNNN.parquet``, numbered in corpus order, through an atomic write.
The client gets back only a :class:`PartSummary` per partition (counts,
failed documents, sentences that could not be analysed), so neither the
client's memory nor the scheduler's grows with the claims, and tasks are
submitted in a bounded window, so neither grows with the corpus either
(beyond the list of names, which a local run holds too).

Why part files and not ``dask.dataframe.to_parquet``: a partition is
written by the same task that extracted it, so a partition whose worker
dies is computed again and its file overwritten (same name, atomic
rename), never appended: no row is lost or doubled. The parts are written
into a hidden staging folder beside the output and the folder is renamed
into place once every partition is done (the old table is kept when no
document could be read, as a local run keeps it).

Row order: the rows of the dataset, read with pandas or pyarrow (parts
in name order), are in the order of a local ``claims run``; the claims,
their ``doc`` (the path relative to the corpus root, whatever the
partitioning), ``claim_id`` and every other column equal a local run's.

Each worker loads the lexicons, compiled patterns and jieba's dictionary
once, when it joins (:func:`warm_workers` registers a worker plugin),
not in every task. For pipelines that already hold documents in Dask,
:func:`claims_of_frame` and :func:`claims_of_bag` give the claims of a
Dask DataFrame / Bag of ``(doc, text)`` as a Dask DataFrame.

Dask is imported lazily, here only: ``import extract`` does not need it
(``pip install 'claims[dask]'``). Disk access goes through :mod:`extract.io.files`.
"""
from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import run
from ..core.claims import ALL_FIELDS, InputError
from ..io import files
from ..run import DocResult

if TYPE_CHECKING:  # dask and pandas are imported on first use
    import pandas as pd

#: Target input size of one partition (one task, one part file). Fixed, so
#: a worker's peak memory (the claims of one partition) does not grow with
#: the corpus; small corpora get smaller partitions to keep every worker busy.
PARTITION_BYTES = 1_000_000
#: Smallest partition a small corpus is cut into (a task has a cost of its own).
MIN_PARTITION_BYTES = 16_000
#: Partitions per worker aimed at on a small corpus (load balance at the end of a run).
PARTITIONS_PER_WORKER = 4
#: Tasks in flight per worker: enough to keep each busy while the client
#: handles a result, few enough that the scheduler never holds the corpus.
WINDOW_PER_WORKER = 3
#: A task that fails with an exception (a file system hiccup writing its
#: part) is tried again this often. A killed worker is a different thing:
#: the scheduler reruns its tasks on its own (``distributed.scheduler.allowed-failures``).
RETRIES = 2

_FLOAT_FIELDS = ("value", "value_max")
_INT_FIELDS = ("start", "end")


class DaskUnavailable(ImportError):
    """dask.distributed is not installed."""


def _require_dask() -> None:
    try:
        import dask.distributed  # noqa: F401
    except ImportError as exc:
        raise DaskUnavailable("--engine dask needs dask.distributed: pip install 'claims[dask]'") from exc


# --- the worker side ----------------------------------------------------------

@dataclass(frozen=True)
class PartSummary:
    """What a partition's task sends back to the client: never the claims."""

    index: int
    documents: int                     # read (failed ones not counted)
    metrics: dict[str, int]            # claims per metric
    reused: int = 0                    # documents whose claims came from the cache
    failed: tuple[tuple[str, str], ...] = ()        # (doc, reason)
    partly_read: tuple[DocResult, ...] = ()         # doc and failures only
    per_doc: tuple[tuple[str, int], ...] = ()       # (doc, claims), asked for with ``verbose``


def part_name(index: int) -> str:
    """File name of partition ``index``: zero-padded so that name order is corpus order."""
    return f"part.{index:06d}.parquet"


@lru_cache(maxsize=1)
def parquet_schema():
    """The Arrow schema of a claims table, written into every part file, so
    that an empty part (every document failed or had no claim) agrees with
    the others and the dataset reads back as one table."""
    import pyarrow as pa

    return pa.schema([(name, pa.float64() if name in _FLOAT_FIELDS else pa.int64() if name in _INT_FIELDS
                       else pa.large_string()) for name in ALL_FIELDS])


def extract_partition(index: int, items: Sequence[tuple[str, str]], staging: str, max_bytes: int,
                      cache: str | None = None, verbose: bool = False) -> PartSummary:
    """One task: the claims of ``items`` ((doc, absolute path) pairs, in
    corpus order) into ``staging/part.NNNNNN.parquet``, written atomically,
    so a task run again after its worker died replaces the file. Each
    document is read and extracted as by a local run
    (:func:`extract.run.run_document`: same errors, same cache entries)."""
    from ..io.frames import claims_frame

    opts = run.RunOptions(max_bytes, cache)
    claims: list = []
    metrics: Counter = Counter()
    failed: list[tuple[str, str]] = []
    partly: list[DocResult] = []
    per_doc: list[tuple[str, int]] = []
    documents = reused = 0
    for doc, path in items:
        result = run.run_document(opts, (doc, Path(path)))
        if result.error:
            failed.append((doc, result.error))
            continue
        documents += 1
        reused += result.cached
        before = len(claims)
        claims.extend(result.claims)
        for c in claims[before:]:
            metrics[c.metric] += 1
        if result.failures:
            partly.append(DocResult(doc, (), failures=tuple(result.failures)))
        if verbose:
            per_doc.append((doc, len(claims) - before))
    files.write_part(claims_frame(claims), Path(staging), part_name(index), parquet_schema())
    return PartSummary(index, documents, dict(metrics), reused, tuple(failed), tuple(partly), tuple(per_doc))


@lru_cache(maxsize=1)
def _warm_plugin_class() -> type:
    """The worker plugin class, made on first use so that importing this
    module does not import distributed (registering requires a subclass of
    its ``WorkerPlugin``; cloudpickle sends the class by value)."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class WarmUp(WorkerPlugin):
        """Loads lexicons, patterns and jieba's dictionary once per worker
        process, as it joins, instead of in its first task."""

        name = "claims-warm-up"
        idempotent = True   # a second registration (another run on the same cluster) is a no-op

        def setup(self, worker) -> None:  # noqa: ARG002 - the plugin API passes the worker
            run.warm_up()
            run.extractor_fingerprint()  # the cache key's hash of the package, computed once

    return WarmUp


def warm_workers(client) -> None:
    """Register the warm-up plugin: every worker of ``client``'s cluster,
    now or joining later (a restarted one too), loads the extractor once."""
    client.register_plugin(_warm_plugin_class()())


# --- the client side ----------------------------------------------------------

@dataclass
class RunSummary:
    """A whole run, from the partitions' summaries, in corpus order."""

    documents: int = 0
    metrics: Counter = field(default_factory=Counter)
    reused: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    partly_read: list[DocResult] = field(default_factory=list)
    per_doc: list[tuple[str, int]] = field(default_factory=list)
    parts: int = 0
    written: bool = False   # False: no document was read and an existing table was kept

    def add(self, part: PartSummary) -> None:
        self.documents += part.documents
        self.metrics.update(part.metrics)
        self.reused += part.reused
        self.failed.extend(part.failed)
        self.partly_read.extend(part.partly_read)
        self.per_doc.extend(part.per_doc)
        self.parts += 1


def partitions(docs: Sequence[tuple[str, Path]], workers: int = 1,
               partition_bytes: int | None = None) -> Iterator[list[tuple[str, str]]]:
    """Consecutive runs of ``docs`` of about ``partition_bytes`` of input
    each (by default :data:`PARTITION_BYTES`, smaller for a corpus that
    would not give every worker :data:`PARTITIONS_PER_WORKER` of them),
    paths made absolute (workers may have another working directory).

    A partition is closed once it holds ``partition_bytes`` (0: one
    document each):

    >>> [len(p) for p in partitions([("a", Path("a")), ("b", Path("b"))], partition_bytes=0)]
    [1, 1]
    """
    sizes = [_size(path) for _, path in docs]
    if partition_bytes is None:
        spread = sum(sizes) // max(1, workers * PARTITIONS_PER_WORKER)
        partition_bytes = max(MIN_PARTITION_BYTES, min(PARTITION_BYTES, spread))
    part: list[tuple[str, str]] = []
    filled = 0
    for (doc, path), size in zip(docs, sizes):
        part.append((doc, os.path.abspath(path)))
        filled += size
        if filled >= partition_bytes:
            yield part
            part, filled = [], 0
    if part:
        yield part


def _size(path: Path) -> int:
    try:
        return files.document_size(path)
    except InputError:
        return 0  # reported by the worker that reads it


def run_corpus(client, corpus: Path | str, output: Path | str, *, max_bytes: int = files.DEFAULT_MAX_BYTES,
               cache: str | Path | None = None, partition_bytes: int | None = None, verbose: bool = False,
               docs: Sequence[tuple[str, Path]] | None = None,
               on_part: Callable[[PartSummary], None] | None = None) -> RunSummary:
    """Extract ``corpus`` on ``client``'s cluster into the Parquet dataset
    ``output`` (a folder of part files), as ``claims run --engine dask``
    does; returns the run's summary. ``docs``: the corpus's documents when
    the caller has scanned it already. ``on_part`` is called on the client
    as each partition is done. Workers must see the corpus, ``output``'s
    folder and the cache at the same paths (a shared file system).

    Raises :class:`InputError` for a missing corpus; a task that still
    fails after its retries raises its exception (the output is then left
    as it was)."""
    from distributed import as_completed

    if docs is None:
        docs = list(files.iter_corpus(Path(corpus)))
    output = os.path.abspath(output)  # workers may have another working directory
    warm_workers(client)
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    staging = files.staging_folder(Path(output))
    summary = RunSummary()
    try:
        parts: list[PartSummary] = []
        todo = enumerate(partitions(docs, workers, partition_bytes))
        cache_dir = os.path.abspath(cache) if cache else None

        def submit(index: int, items: list) -> Any:
            # pure=False: a rerun of the same partition is a new task, never a stale result
            return client.submit(extract_partition, index, items, str(staging), max_bytes, cache_dir, verbose,
                                 key=f"claims-part-{index:06d}-{os.urandom(4).hex()}", retries=RETRIES,
                                 pure=False)

        pending = {submit(i, items) for i, items in _take(todo, workers * WINDOW_PER_WORKER)}
        window = as_completed(pending)
        try:
            for future in window:
                pending.discard(future)
                part = future.result()   # raises what the task raised, after its retries
                future.release()
                parts.append(part)
                if on_part is not None:
                    on_part(part)
                for i, items in _take(todo, 1):
                    new = submit(i, items)
                    pending.add(new)
                    window.add(new)
        except BaseException:  # a failed task, Ctrl-C: the queued tasks need not run
            client.cancel(list(pending))
            raise
        for part in sorted(parts, key=lambda p: p.index):
            summary.add(part)
        # as a local run: a run that read no document does not replace an existing table
        if summary.documents or not os.path.lexists(output):
            files.replace_with_folder(staging, Path(output))
            summary.written = True
    finally:
        if not summary.written:
            files.remove_folder(staging)
    return summary


def _take(items: Iterator, n: int) -> list:
    out = []
    for item in items:
        out.append(item)
        if len(out) == n:
            break
    return out


@contextmanager
def open_client(scheduler: str | None = None, workers: int = 0,
                warm: Callable[[], None] = run.warm_up) -> Iterator[Any]:
    """A client of the cluster at ``scheduler`` (``tcp://host:8786``), or of
    a new local cluster of ``workers`` processes (0: one per CPU), one
    thread each (extraction holds the GIL), closed on exit. ``warm`` runs in
    this process before the local workers are forked from it (the CLI's
    also makes them ignore Ctrl-C, which this process handles)."""
    _require_dask()
    import multiprocessing
    import sys

    import dask
    from dask.distributed import Client, LocalCluster

    if scheduler:
        with Client(scheduler) as client:
            yield client
        return
    n = workers if workers > 0 else run.default_jobs()
    # Workers forked from this process once it has loaded the extractor start
    # with it loaded (as --jobs does): spawned ones would each import
    # distributed and the extractor and load jieba, seconds that a corpus of
    # a few MB does not win back. The setting stays on while the cluster
    # lives, so that a worker the nanny restarts is forked too.
    fork = "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin"
    if fork:
        warm()
        run.extractor_fingerprint()
    method = {"distributed.worker.multiprocessing-method": "fork"} if fork else {}
    # No dashboard; the scheduler's small HTTP server (health checks) on a free
    # port of the loopback, not on 8787, which another cluster may hold. Its
    # logs are silenced below CRITICAL: a heartbeat cut as the cluster closes
    # is logged as an error with a traceback, and what matters (a task that
    # failed, a worker lost past its retries) reaches this process as an
    # exception anyway.
    with dask.config.set(method), \
            LocalCluster(n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None,
                         scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
                         silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:
        yield client


# --- documents already in Dask ------------------------------------------------

def _empty_claims() -> pd.DataFrame:
    """An empty claims table with the column types of a full one (Dask's
    ``meta``, and what an empty partition returns): ``claims_frame([])``
    alone has untyped columns."""
    from ..io.frames import claims_frame

    types = {name: "float64" if name in _FLOAT_FIELDS else "int64" if name in _INT_FIELDS else str
             for name in ALL_FIELDS}
    return claims_frame([]).astype(types)


def _frame_claims(frame: pd.DataFrame, doc: str, text: str) -> pd.DataFrame:
    """The claims of one partition of documents (``doc``, ``text`` columns)."""
    from ..io.frames import claims_frame

    results = run.extract_documents(zip(frame[doc], frame[text]))
    df = claims_frame(c for r in results for c in r.claims)
    return _empty_claims() if df.empty else df


def claims_of_frame(documents, doc: str = "doc", text: str = "text"):
    """The claims of a Dask DataFrame of documents (one row per document,
    columns ``doc`` and ``text``) as a lazy Dask DataFrame with the columns
    of ``claims run``'s table, one claims partition per documents partition,
    rows in document order. A sentence that cannot be analysed is a
    :class:`~extract.core.failures.PartialReadWarning` on its worker; each worker
    process loads the extractor once (on its first partition, or when it
    joins after :func:`warm_workers`)."""
    _require_dask()
    return documents.map_partitions(_frame_claims, doc, text, meta=_empty_claims())


def claims_of_bag(documents):
    """:func:`claims_of_frame` for a Dask Bag of ``(doc, text)`` pairs."""
    import pandas as pd

    _require_dask()
    meta = pd.DataFrame({"doc": pd.Series(dtype=object), "text": pd.Series(dtype=object)})
    return claims_of_frame(documents.to_dataframe(meta=meta))


__all__: Iterable[str] = ("PartSummary", "RunSummary", "claims_of_bag", "claims_of_frame", "extract_partition",
                          "open_client", "partitions", "run_corpus", "warm_workers")
