"""The corpus runner: documents in, claims and per-file errors out.

Documents are read through :mod:`extract.io.files` (this module opens no file
itself) and extracted by :mod:`extract.core`:

* :func:`iter_results` runs a corpus: each document read, hashed, extracted
  or taken from the cache (:func:`run_document`), in a process pool with
  ``--jobs`` (:func:`map_ordered`: chunked, results in input order, so the
  output is identical to a single-process run); huge files are streamed;
* :func:`extractor_fingerprint`, :func:`cache_key`, :func:`claims_to_json`
  and :func:`claims_from_json` define the incremental-run cache (entries
  stored through :mod:`extract.io.files`);
* :func:`extract_chunks` / :func:`paragraph_chunks` extract a very large
  document piece by piece (paragraph-aligned) so memory stays bounded.

A sentence the extractor fails on costs only that sentence: the document's
other claims are kept and the failure comes back in
:attr:`DocResult.failures` (see :mod:`extract.core.failures`).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache, partial
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .core.claims import ALL_FIELDS, Claim, InputError
from .core.failures import SentenceFailure, collect_failures, report
from .io import files

if TYPE_CHECKING:  # pandas is imported only where a DataFrame is built
    import pandas as pd

EXTRACTOR_VERSION = "0.1.0"

#: Documents longer than this (characters) are extracted in paragraph-aligned
#: chunks of about :data:`CHUNK_CHARS` so that memory does not grow with the
#: file. Shorter documents (every real article) are extracted whole.
LARGE_DOC_CHARS = 4_000_000
CHUNK_CHARS = 1_000_000

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class DocResult:
    doc: str
    claims: tuple[Claim, ...]  # an iterator, consumed once, for a huge document streamed from disk
    error: str = ""
    sha256: str = ""     # of the document text, UTF-8
    cached: bool = False  # claims reused from the cache, not recomputed
    # sentences that could not be analysed: the document was only partly read. For a
    # streamed document a list, filled as its claims are consumed.
    failures: Sequence[SentenceFailure] = ()


# --- extraction ----------------------------------------------------------------

def extract_text(text: str, doc: str) -> tuple[Claim, ...]:
    """Claims of one document's text; very large texts chunk by chunk. A
    sentence that fails is reported (:func:`extract.core.failures.report`)."""
    if len(text) > LARGE_DOC_CHARS:
        return extract_chunks(paragraph_chunks([text]), doc)
    from .core.bind import extract_claims

    return tuple(extract_claims(text, doc))


def extract_documents(docs: Iterable[tuple[str, str | InputError]]) -> Iterator[DocResult]:
    """Claims per document; a document that failed to load carries its error,
    one only partly read its failures."""
    for doc, text in docs:
        if isinstance(text, InputError):
            yield DocResult(doc, (), text.reason)
            continue
        with collect_failures() as failures:
            claims = extract_text(text, doc)
        yield DocResult(doc, claims, sha256=text_sha256(text), failures=tuple(failures))


def text_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def pieces_sha256(pieces: Iterable[str]) -> tuple[str, int]:
    """(:func:`text_sha256` of the joined pieces, their length in characters)."""
    h = hashlib.sha256()
    n = 0
    for piece in pieces:
        h.update(piece.encode("utf-8", "surrogatepass"))
        n += len(piece)
    return h.hexdigest(), n


def corpus_frame(texts: dict[str, str]) -> pd.DataFrame:
    """The claims table of a corpus given as ``{doc: text}``. A sentence that
    could not be analysed is a :class:`~extract.core.failures.PartialReadWarning` (or goes to an
    enclosing :func:`collect_failures`)."""
    from .io.frames import claims_frame

    claims: list[Claim] = []
    for result in extract_documents(texts.items()):
        claims.extend(result.claims)
        for failure in result.failures:
            report(failure)
    return claims_frame(claims)


_ALL_FIELDS_OF = attrgetter(*ALL_FIELDS)  # one C call per claim: this runs once per row written


def claim_row(claim: Claim) -> dict[str, Any]:
    """One row of the claims table with the column types of
    :func:`extract.io.frames.claims_frame` (``value``/``value_max`` float,
    offsets int, a missing ``value_max`` None), for writers that stream rows
    instead of building a DataFrame. The same dict as ``claim.to_row()``
    (tested), without its per-claim ``asdict`` deep copy."""
    row = dict(zip(ALL_FIELDS, _ALL_FIELDS_OF(claim)))
    row["value"] = float(row["value"])
    row["start"] = int(row["start"])
    row["end"] = int(row["end"])
    if row["value_max"] is not None:
        row["value_max"] = float(row["value_max"])
    return row


TABLE_COLUMNS: tuple[str, ...] = ALL_FIELDS


def claim_cells(claim: Claim) -> list:
    """``io.csv_cells(claim_row(claim), TABLE_COLUMNS)`` without the dict: the
    CSV cells of one claim, in :data:`TABLE_COLUMNS` order (tested against
    the general path on every corpus claim). Runs once per row written."""
    value, value_max = float(claim.value), claim.value_max
    if value_max is not None:
        value_max = float(value_max)
    return [
        claim.doc, claim.model, claim.hardware, claim.metric, "" if value != value else repr(value), claim.unit,
        claim.baseline, claim.evidence, int(claim.start), int(claim.end), claim.claim_id, claim.task,
        claim.precision, claim.qualifier, "" if value_max is None or value_max != value_max else repr(value_max),
        claim.raw, claim.direction,
    ]


# --- very large documents --------------------------------------------------------

def paragraph_chunks(pieces: Iterable[str], size: int = CHUNK_CHARS) -> Iterator[tuple[int, str]]:
    """Re-cut a stream of text pieces into ``(offset, chunk)`` of about
    ``size`` characters, each ending after a blank line (else after a line
    break; a single line longer than ``4 * size`` is cut hard), so a chunk
    holds whole paragraphs.

    >>> [(o, c) for o, c in paragraph_chunks(["ab\\n\\ncd\\n", "ef\\n\\ngh"], size=3)]
    [(0, 'ab\\n\\n'), (4, 'cd\\n'), (7, 'ef\\n\\n'), (11, 'gh')]
    """
    buf = ""
    offset = 0
    for piece in pieces:
        buf += piece
        while len(buf) >= size:
            cut = buf.rfind("\n\n", size // 2)
            cut = cut + 2 if cut != -1 else buf.rfind("\n", size // 2) + 1
            if cut <= 0:
                if len(buf) < 4 * size:
                    break
                cut = 4 * size
            yield offset, buf[:cut]
            offset += cut
            buf = buf[cut:]
    if buf:
        yield offset, buf


def iter_chunk_claims(chunks: Iterable[tuple[int, str]], doc: str,
                      failures: list[SentenceFailure] | None = None) -> Iterator[Claim]:
    """Claims of a document given as ``(offset, text)`` chunks, one chunk at
    a time, offsets shifted into the whole document. Context (title,
    headings, restated claims) does not cross chunk boundaries. Sentences
    that fail go to ``failures`` as each chunk is read (else are reported),
    offsets and lines shifted into the whole document too."""
    from .core.bind import extract_claims

    lines = 0  # line breaks before the chunk
    for offset, chunk in chunks:
        with collect_failures() as got:
            claims = extract_claims(chunk, doc)
        for f in got:
            f = replace(f, line=f.line + lines, start=f.start + offset, end=f.end + offset)
            if failures is not None:
                failures.append(f)
            else:
                report(f)
        lines += chunk.count("\n")
        for c in claims:
            yield replace(c, start=c.start + offset, end=c.end + offset,
                          value_start=c.value_start + offset if c.value_start >= 0 else c.value_start)


def extract_chunks(chunks: Iterable[tuple[int, str]], doc: str) -> tuple[Claim, ...]:
    """:func:`iter_chunk_claims`, all at once."""
    return tuple(iter_chunk_claims(chunks, doc))


# --- cache -----------------------------------------------------------------------

@lru_cache(maxsize=1)
def extractor_fingerprint() -> str:
    """Extractor version plus a hash of every source and lexicon file of the
    package and the versions of the libraries that shape the output: a cache
    entry is reused only by the very extractor that made it."""
    from importlib import metadata, resources

    h = hashlib.sha256(EXTRACTOR_VERSION.encode())
    root = resources.files(__package__)

    def walk(node, prefix: str) -> None:
        for child in sorted(node.iterdir(), key=lambda n: n.name):
            name = prefix + child.name
            if child.is_dir():
                if child.name != "__pycache__":
                    walk(child, name + "/")
            elif child.name.endswith((".py", ".yaml", ".yml", ".tsv", ".txt", ".json")):
                h.update(name.encode() + b"\0" + child.read_bytes() + b"\0")

    walk(root, "")
    for dist in ("jieba", "regex", "opencc", "OpenCC"):
        try:
            h.update(f"{dist}={metadata.version(dist)}\0".encode())
        except metadata.PackageNotFoundError:
            pass
    h.update(f"py{sys.version_info[0]}.{sys.version_info[1]}".encode())
    return h.hexdigest()[:24]


def cache_key(doc: str, sha256: str) -> str:
    """Cache entry name: the document id and its text hash under the
    extractor fingerprint."""
    return hashlib.sha256(f"{extractor_fingerprint()}\0{doc}\0{sha256}".encode()).hexdigest()


def claims_to_json(doc: str, sha256: str, claims: Iterable[Claim]) -> bytes:
    entry = {"fingerprint": extractor_fingerprint(), "doc": doc, "sha256": sha256,
             "claims": [asdict(c) for c in claims]}
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


_CLAIM_FIELDS = frozenset(f.name for f in fields(Claim))


def claims_from_json(data: bytes, doc: str, sha256: str) -> tuple[Claim, ...] | None:
    """The claims of a cache entry, or None when it is unreadable or was made
    for another document, text or extractor."""
    try:
        entry = json.loads(data.decode("utf-8"))
        if (entry.get("fingerprint"), entry.get("doc"), entry.get("sha256")) != (
                extractor_fingerprint(), doc, sha256):
            return None
        claims = []
        for item in entry["claims"]:
            if set(item) != _CLAIM_FIELDS:
                return None
            claims.append(Claim(**item))
        return tuple(claims)
    except (ValueError, TypeError, KeyError, AttributeError):
        return None


# --- parallel map ----------------------------------------------------------------

def default_jobs() -> int:
    """Usable CPUs (``--jobs 0``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def warm_up() -> None:
    """Load everything extraction loads lazily (lexicons, compiled patterns,
    jieba's dictionary): called before forking workers, which then share it
    instead of each loading its own."""
    from .core.bind import extract_claims
    from .core.segment import get_jieba

    extract_claims("与A100相比，IPU-M2000的吞吐量提升2.6倍，成本降低三成。")
    get_jieba()


def map_ordered(fn: Callable[[T], R], items: Iterable[T], jobs: int = 1, chunksize: int | None = None,
                total: int | None = None, warm: Callable[[], None] | None = warm_up) -> Iterator[R]:
    """``map(fn, items)`` in ``jobs`` worker processes, results in input
    order (so the output cannot depend on ``jobs``). ``fn`` must be a
    module-level function (or a partial of one); items and results cross
    process boundaries by pickle. One job: a plain lazy map in this process.
    ``warm`` runs in this process before the workers are forked."""
    if jobs <= 1:
        yield from map(fn, items)
        return
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    # fork shares the already imported modules, compiled patterns and dictionaries
    use_fork = "fork" in methods and sys.platform != "darwin"
    if use_fork and warm is not None:
        warm()
    ctx = multiprocessing.get_context("fork" if use_fork else "spawn")
    if chunksize is None:
        chunksize = max(1, min(8, (total or 0) // (jobs * 16))) if total else 1
    with ctx.Pool(jobs) as pool:
        yield from pool.imap(fn, items, chunksize)


# --- a corpus run: documents read, cached and extracted, one worker pool ---------

@dataclass(frozen=True)
class RunOptions:
    """What every document of a run is read and cached with."""

    max_bytes: int
    cache: str | None = None


def run_document(opts: RunOptions, item: tuple[str, Path]) -> DocResult:
    """Read, hash and extract one document (or reuse its cached claims).
    Runs in a worker process with ``--jobs``: only the path goes in, only
    the claims come out, so texts never cross processes."""
    doc, path = item
    try:
        if _is_large(path):
            result = _stream_large_document(opts, doc, path)
            return replace(result, claims=tuple(result.claims))
        text = files.read_document(path, opts.max_bytes, follow_symlinks=False)
    except InputError as exc:
        return DocResult(doc, (), exc.reason)
    try:
        return _extract_cached(opts, doc, text_sha256(text), lambda: extract_text(text, doc))
    except Exception as exc:  # an extractor bug fails this document (reported), not the whole run
        return DocResult(doc, (), f"internal error: {type(exc).__name__}: {exc}")


def _is_large(path: Path) -> bool:
    """More bytes than a document extracted whole may have characters."""
    try:
        return files.document_size(path) > LARGE_DOC_CHARS
    except InputError:
        return False  # reported when it is read


def _stream_large_document(opts: RunOptions, doc: str, path: Path) -> DocResult:
    """A file too large to hold comfortably: hashed from streamed pieces,
    then extracted whole if it is not that long after all, else chunk by
    chunk with its claims as a lazy iterator (not cached), so neither its
    text nor its claims are ever all in memory. Raises InputError."""
    def pieces():
        return files.iter_text_pieces(path, opts.max_bytes, follow_symlinks=False)

    try:
        sha, n = pieces_sha256(pieces())
    except InputError:  # not UTF-8: decoded whole, as any other document
        text = files.read_document(path, opts.max_bytes, follow_symlinks=False)
        return _extract_cached(opts, doc, text_sha256(text), lambda: extract_text(text, doc))
    if n <= LARGE_DOC_CHARS:
        return _extract_cached(opts, doc, sha, lambda: extract_text("".join(pieces()), doc))
    failures: list = []  # filled as the claims are consumed
    return DocResult(doc, iter_chunk_claims(paragraph_chunks(pieces()), doc, failures), sha256=sha,
                     failures=failures)


def _extract_cached(opts: RunOptions, doc: str, sha: str, compute) -> DocResult:
    key = cache_key(doc, sha) if opts.cache else ""
    if opts.cache:
        data = files.read_cache(opts.cache, key)
        claims = claims_from_json(data, doc, sha) if data is not None else None
        if claims is not None:
            return DocResult(doc, claims, sha256=sha, cached=True)
    with collect_failures() as failures:
        claims = compute()
    if opts.cache and not failures:  # a partly read document is not cached: its failures would be lost
        files.write_cache(opts.cache, key, claims_to_json(doc, sha, claims))
    return DocResult(doc, claims, sha256=sha, failures=tuple(failures))


def iter_results(corpus: Path, max_bytes: int, jobs: int = 1, cache: str | Path | None = None,
                 progress: Callable[[Iterator[DocResult], int], Iterator[DocResult]] | None = None
                 ) -> Iterator[DocResult]:
    """Every document's :class:`DocResult`, in corpus order, one at a time:
    only the document being extracted is in memory (per worker with
    ``jobs`` > 1), never the corpus. Huge files are streamed in this process
    and their claims come as an iterator (consume each result's claims
    before the next result). ``progress(results, total)`` may wrap the
    results (the CLI's progress bar). Raises :class:`InputError` at once for
    a missing corpus."""
    docs = list(files.iter_corpus(corpus))   # (doc, path) pairs: names only
    jobs = default_jobs() if jobs <= 0 else jobs
    opts = RunOptions(max_bytes, str(cache) if cache else None)
    large = [_is_large(path) for _, path in docs]
    small = [item for item, big in zip(docs, large) if not big]
    workers = WorkersIgnoreCtrlC()
    results = map_ordered(partial(run_document, opts), small, min(jobs, max(1, len(small))),
                                   total=len(small), warm=workers.warm)

    def merged() -> Iterator[DocResult]:
        try:
            for (doc, path), big in zip(docs, large):
                if not big:
                    result = next(results)
                    workers.restore()   # the workers are forked by now
                    yield result
                    continue
                try:
                    yield _stream_large_document(opts, doc, path)
                except InputError as exc:
                    yield DocResult(doc, (), exc.reason)
            results.close()
        finally:
            workers.restore()

    return iter(progress(merged(), len(docs)) if progress else merged())


class WorkersIgnoreCtrlC:
    """Ctrl-C goes to the whole process group: with ``--jobs`` each worker
    would print its own KeyboardInterrupt traceback. Processes forked while
    the pool starts (``warm`` runs just before) ignore SIGINT, so only this
    process stops, quietly, and the pool then ends its workers. This
    process's own handling of Ctrl-C is never changed."""

    forking = False

    def warm(self) -> None:
        warm_up()
        WorkersIgnoreCtrlC.forking = True

    def restore(self) -> None:
        WorkersIgnoreCtrlC.forking = False

    @staticmethod
    def after_fork_in_child() -> None:
        if WorkersIgnoreCtrlC.forking:
            import signal

            signal.signal(signal.SIGINT, signal.SIG_IGN)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=WorkersIgnoreCtrlC.after_fork_in_child)
