"""Command-line interface: ``claims`` / ``python -m extract``.

Only this module and :mod:`extract.io.files` touch the disk.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from io import StringIO as _StringIO
from pathlib import Path

from . import run
from .core.claims import ClaimsError, InputError, TableError
from .core.failures import one_line
from .io import files
from .io.frames import claims_frame, validate
from .run import EXTRACTOR_VERSION, DocResult, extract_documents
from .tools.score import Report, render, rows_from_records, score

DEFAULT_CORPUS = Path("corpus")
DEFAULT_GOLD = Path("gold")


def _err(msg: str) -> None:
    print(f"claims: {files.printable(msg)}", file=sys.stderr)


def _info(args: argparse.Namespace, msg: str) -> None:
    """A progress line on stdout, left out with ``--quiet``."""
    if not getattr(args, "quiet", False):
        print(msg)


def _plural(n: int, word: str, plural: str | None = None) -> str:
    """``1 claim``, ``2 claims``."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


# --- run -----------------------------------------------------------------------

def _progress(iterable, total: int | None, enabled: bool):
    if not enabled:
        return iterable
    from tqdm import tqdm

    # tqdm writes to stderr and switches itself off when stderr is not a terminal.
    return tqdm(iterable, total=total, unit="doc", disable=None, file=sys.stderr, leave=False)


def _results(corpus: Path, max_bytes: int, jobs: int, cache: str | Path | None) -> Iterator[DocResult]:
    """The corpus run's results, behind a progress bar when there are more than 20 documents."""
    return run.iter_results(corpus, max_bytes, jobs, cache, progress=lambda results, total: _progress(results, total, total > 20))


def cmd_run(args: argparse.Namespace) -> int:
    corpus = Path(args.corpus) if args.corpus else DEFAULT_CORPUS
    gold = Path(args.gold) if args.gold else (DEFAULT_GOLD if args.corpus is None and DEFAULT_GOLD.is_dir() else None)
    if args.engine == "dask" or args.scheduler:
        return _run_dask(args, corpus, gold)
    try:
        scan = files.scan_corpus(corpus)  # what is refused or skipped, to account for it below
        results = _results(corpus, args.max_bytes, 1 if args.jobs is None else args.jobs, args.cache)
    except InputError as exc:
        _err(str(exc))
        return 2
    # Rows stream to the output as documents finish; claims are kept only
    # when a DataFrame is needed (Parquet, ledger, scoring), texts never.
    stream = bool(args.output) and args.format in ("csv", "jsonl")
    kept_old = False

    def replace_output() -> bool:
        """A table from a run that read no document does not replace an
        existing one (every document failed, or the folder was empty)."""
        nonlocal kept_old
        kept_old = not done and args.output != "-" and os.path.lexists(args.output)
        return not kept_old

    keep: list = [] if (not stream and args.output) or gold is not None else None
    done: list[DocResult] = []       # claims dropped: doc, hash, error only
    failed: list[DocResult] = []
    partly_read: list[DocResult] = []    # read, but some sentences could not be analysed
    counts: Counter = Counter()
    reused = 0

    def rows():
        nonlocal reused
        for r in results:
            if r.error:
                failed.append(r)
                continue
            reused += r.cached
            n = 0
            for c in r.claims:  # one pass: a huge document's claims are an iterator
                counts[c.metric] += 1
                n += 1
                if keep is not None:
                    keep.append(c)
                yield c
            if r.failures:  # known once the claims are consumed
                partly_read.append(DocResult(r.doc, (), failures=tuple(r.failures)))
            if args.verbose:
                print(files.printable(f"{_where(corpus, r.doc)}: {_plural(n, 'claim')}"), file=sys.stderr)
            done.append(DocResult(r.doc, (), sha256=r.sha256))

    try:
        if stream:
            files.write_rows(rows(), run.TABLE_COLUMNS, args.output, args.format,
                          as_row=run.claim_row, as_cells=run.claim_cells, commit=replace_output,
                          safe_for_excel=args.excel_safe)
        else:
            for _ in rows():
                pass
    except InputError as exc:  # a huge file that changed or broke while being streamed
        _err(str(exc))
        return 2
    except BrokenPipeError:
        raise  # stdout closed by its reader: main() stops quietly
    except OSError as exc:
        _err(f"{args.output}: cannot write ({exc.strerror or exc})")
        return 2
    df = None
    if keep is not None:
        df = claims_frame(keep)
        if args.output:
            if args.format == "ledger":
                df_out = _ledger_frame(df, done, dict(scan.documents), args.max_bytes)
            else:
                df_out = df
            fmt = {"ledger": "jsonl"}.get(args.format, args.format)
            try:
                if replace_output():
                    files.write_table(df_out, args.output, fmt, safe_for_excel=args.excel_safe)
            except OSError as exc:
                _err(f"{args.output}: cannot write ({exc.strerror or exc})")
                return 2
    return _finish_run(args, corpus, gold, scan, done=len(done), failed=failed, partly_read=partly_read,
                       counts=counts, reused=reused, df=df, kept_old=kept_old)


def _finish_run(args: argparse.Namespace, corpus: Path, gold: Path | None, scan: files.CorpusScan, *, done: int,
                failed: list[DocResult], partly_read: list[DocResult], counts: Counter, reused: int, df,
                kept_old: bool) -> int:
    """The end of a run, local or on Dask alike: failures named, the
    ``--errors`` file, the summary, the score against gold, the exit status.
    ``done``: documents read; ``df``: the claims table when scoring."""
    if kept_old:
        _err(f"{args.output}: not replaced: no document was read, the table there is kept as it was")
    failed.extend(DocResult(name, (), reason) for name, reason in scan.refused)
    failed.sort(key=lambda r: r.doc.split("/"))
    _print_failed(corpus, [(r.doc, r.error) for r in failed])
    for f in (f for r in partly_read for f in r.failures):
        print(files.printable(f"{_where(corpus, f.doc)}:{f.line}: {f.reason}: {one_line(f.text)}"), file=sys.stderr)
    if args.errors:
        try:
            files.atomic_write_text(Path(args.errors), _errors_csv(failed, scan.skipped, partly_read, args.excel_safe))
        except OSError as exc:
            _err(f"{args.errors}: cannot write ({exc.strerror or exc})")
            return 2
    summary_out = sys.stderr if args.output == "-" else sys.stdout
    n_claims = sum(counts.values())
    cached = f" ({_plural(reused, 'document')} from the cache)" if args.cache else ""
    partly = f", {len(partly_read)} partly read" if partly_read else ""
    if not args.quiet:
        print(f"{_plural(done + len(failed), 'document')}, {len(failed)} failed{partly}, "
              f"{_plural(n_claims, 'claim')}{cached}", file=summary_out)
        for metric, n in sorted(counts.items(), key=lambda kv: -kv[1]):
            print(f"  {metric:14} {n}", file=summary_out)
        _print_skipped(scan.skipped, args.errors, summary_out)
        if not args.output:
            print("no -o given: no claims table written (-o claims.csv writes one, -o - prints it)", file=sys.stderr)
    if gold is not None:
        try:
            report = _score_frame(df, gold)
        except ClaimsError as exc:
            _err(str(exc))
            return 2
        print(_headline(report), file=summary_out)
    if (failed and not args.allow_failures) or kept_old:
        return 1
    return PARTLY_READ if partly_read and not args.allow_failures else 0


def _run_dask(args: argparse.Namespace, corpus: Path, gold: Path | None) -> int:
    """``claims run --engine dask``: the corpus extracted on a Dask cluster
    (:mod:`extract.engines.dask`) into a Parquet dataset folder; failures,
    summary and exit status as a local run's."""
    if args.engine != "dask":
        _err("--scheduler needs --engine dask")
        return 2
    if args.scheduler and args.jobs is not None:
        _err("--jobs sets the workers of the local Dask cluster; with --scheduler the cluster's own workers run")
        return 2
    if not args.output or args.output == "-" or args.format != "parquet":
        _err("--engine dask writes a Parquet dataset (a folder of part files): give -o NAME.parquet "
             "(CSV, JSON Lines, the ledger format and stdout need a local run)")
        return 2
    from .engines import dask as dask_engine

    workers = run.WorkersIgnoreCtrlC()   # Ctrl-C stops this process, which closes the local cluster
    bar = None
    try:
        scan = files.scan_corpus(corpus)
        with dask_engine.open_client(args.scheduler, args.jobs or 0, warm=workers.warm) as client:
            bar = _progress(None, len(scan.documents), len(scan.documents) > 20)
            summary = dask_engine.run_corpus(
                client, corpus, args.output, max_bytes=args.max_bytes, cache=args.cache, verbose=args.verbose,
                docs=scan.documents,
                on_part=None if bar is None else (lambda part: bar.update(part.documents + len(part.failed))))
    except (InputError, dask_engine.DaskUnavailable) as exc:
        _err(str(exc))
        return 2
    except OSError as exc:
        _err(f"{args.output}: cannot write ({exc.strerror or exc})")
        return 2
    except Exception as exc:  # the cluster cannot be reached, or a task failed past its retries
        _err(f"dask: {type(exc).__name__}: {exc} ({args.output} left as it was)")
        return 2
    finally:
        workers.restore()
        if bar is not None:
            bar.close()
    for doc, n in summary.per_doc:
        print(files.printable(f"{_where(corpus, doc)}: {_plural(n, 'claim')}"), file=sys.stderr)
    df = None
    if gold is not None:
        df = files.read_table(args.output) if summary.written else claims_frame([])
    return _finish_run(args, corpus, gold, scan, done=summary.documents,
                       failed=[DocResult(doc, (), reason) for doc, reason in summary.failed],
                       partly_read=summary.partly_read, counts=summary.metrics, reused=summary.reused, df=df,
                       kept_old=not summary.written)


#: Exit status of a run in which no document failed but some were only partly
#: read (a sentence could not be analysed; its document's other claims are written).
PARTLY_READ = 3

#: At most this many skipped entries are listed in the summary (all of them
#: are in the ``--errors`` file).
SHOWN_SKIPPED = 20


def _where(corpus: Path, doc: str) -> Path:
    """The path of ``doc`` as the user named it: a single file given as the corpus is named once."""
    return corpus if corpus.is_file() and doc == corpus.name else corpus / doc


def _print_failed(corpus: Path, failed: list[tuple[str, str]]) -> None:
    """Every entry that could not be read, with its reason, on stderr."""
    for doc, reason in failed:
        print(files.printable(f"{_where(corpus, doc)}: {reason}"), file=sys.stderr)


def _print_skipped(skipped: list[tuple[str, str]], errors_file: str | None, out) -> None:
    """Entries of the corpus folder that are not documents: never silent."""
    if not skipped:
        return
    print(f"{len(skipped)} skipped (not documents):", file=out)
    for name, reason in skipped[:SHOWN_SKIPPED]:
        print(files.printable(f"  {name}: {reason}"), file=out)
    if len(skipped) > SHOWN_SKIPPED:
        where = f"all listed in {errors_file}" if errors_file else "--errors FILE lists them all"
        print(f"  ... and {len(skipped) - SHOWN_SKIPPED} more ({where})", file=out)


def _errors_csv(failed: list[DocResult], skipped: list[tuple[str, str]], partial: Sequence[DocResult] = (),
                safe_for_excel: bool = False) -> str:
    """The ``--errors`` file: every document that failed, every sentence
    that could not be analysed (status ``partial``, with its line and text)
    and every entry skipped, one CSV row each
    (``doc,status,reason,line,text``); a header alone when everything was read."""
    buf = _StringIO()
    writer = files.CsvWriter(buf, safe_for_excel=safe_for_excel)
    writer.writerow(["doc", "status", "reason", "line", "text"])
    writer.writerows([r.doc, "failed", r.error, "", ""] for r in failed)
    writer.writerows([f.doc, "partial", f.reason, f.line, f.text] for r in partial for f in r.failures)
    writer.writerows([name, "skipped", reason, "", ""] for name, reason in skipped)
    return buf.getvalue()


#: Provenance columns of the ledger, from each document's front matter.
PROVENANCE = ("title", "source", "url", "date", "body_sha256")


def _ledger_frame(df, results: list[DocResult], paths: dict[str, Path] | None = None,
                  max_bytes: int = files.DEFAULT_MAX_BYTES):
    """All spec fields plus ``claim_id``, ``doc_sha256``, offsets, version,
    the provenance of each document (title, source, url, date from its
    front matter, ``""`` when it has none; ``body_sha256``, the hash ingest
    writes in the header, computed from the body), then the optional
    columns: one JSON object per claim, as described by
    ``extract/schema/ledger.schema.json``."""
    from .core.claims import SPEC_FIELDS
    from .tools.ingest import body_sha256, split_header

    hashes = {r.doc: r.sha256 for r in results}
    provenance: dict[str, dict[str, str]] = {}
    for doc in sorted(set(df["doc"])):
        meta: dict[str, str] = {}
        try:
            header, body = split_header(files.read_document(paths[doc], max_bytes, follow_symlinks=False))
            meta = {k: header.get(k, "") for k in PROVENANCE[:-1]} | {"body_sha256": body_sha256(body)}
        except (KeyError, TypeError, InputError):  # a document gone since it was read: no provenance
            pass
        provenance[doc] = meta
    df = df.copy()
    df["doc_sha256"] = df["doc"].map(lambda d: hashes.get(d, ""))
    df["extractor_version"] = EXTRACTOR_VERSION
    for col in PROVENANCE:
        df[col] = df["doc"].map(lambda d, col=col: provenance.get(d, {}).get(col, ""))
    first = [*SPEC_FIELDS, "claim_id", "doc_sha256", "start", "end", "extractor_version", *PROVENANCE]
    return df[first + [c for c in df.columns if c not in first]]


def cmd_bench(args: argparse.Namespace) -> int:
    """``bench/bench.py`` of a source checkout (it is not installed)."""
    import runpy

    script = Path(__file__).resolve().parent.parent / "bench" / "bench.py"
    if not script.is_file():
        _err(f"claims bench needs a source checkout: {script} not found")
        return 2
    argv = [f"--{name.replace('_', '-')}={value}"
            for name in ("mb", "runs", "jobs", "seed", "corpus", "big_mb", "keep", "dask_mb")
            if (value := getattr(args, name)) is not None]
    argv += [f"--{name.replace('_', '-')}" for name in ("dask", "dask_only") if getattr(args, name)]
    return runpy.run_path(str(script), run_name="claims_bench")["main"](argv)


# --- score ---------------------------------------------------------------------

def _score_frame(df, gold_dir: Path) -> Report:
    gold_df = validate(files.read_gold(gold_dir), str(gold_dir))
    pred = rows_from_records(df.to_dict(orient="records")) if len(df) else []
    gold = rows_from_records(gold_df.to_dict(orient="records"))
    return score(pred, gold)


def _headline(report: Report) -> str:
    t, v = report.tuple, report.value
    return (f"score: tuple P={t.precision:.3f} R={t.recall:.3f} F1={t.f1:.3f} | "
            f"value P={v.precision:.3f} R={v.recall:.3f} F1={v.f1:.3f}")


def cmd_score(args: argparse.Namespace) -> int:
    try:
        df = validate(files.read_table(args.table), args.table)
        report = _score_frame(df, Path(args.gold))
    except ClaimsError as exc:
        _err(str(exc))
        return 2
    if args.json:
        print(json.dumps(report.as_dict(), ensure_ascii=False, indent=2))
    else:
        print(render(report))
    return 0


# --- show ----------------------------------------------------------------------

def cmd_show(args: argparse.Namespace) -> int:
    """One article's claims, read as ingest reads it (any encoding, HTML
    reduced to its main text, '-' for stdin); nothing is stored."""
    from .core.bind import extract_claims
    from .tools import ingest

    path = None if args.document == "-" else Path(args.document)
    label = "<stdin>" if path is None else str(path)
    try:
        if path is None:
            text = files.decode_bytes(files.read_source(None, args.max_bytes), label)
        else:
            text = files.read_document(path, args.max_bytes)   # as `claims run` reads it: offsets into the file
        if (path.suffix.lower() in ingest.HTML_SUFFIXES) if path is not None else ingest.looks_like_html(text):
            try:  # the main text, as ingest would store it (offsets into that text)
                text = ingest.html_to_article(text).body
            except ingest.ArticleError as exc:
                raise InputError(label, str(exc)) from exc
    except InputError as exc:
        _err(str(exc))
        return 2
    claims = extract_claims(text, path.name if path is not None else "stdin")
    for c in claims:
        print(_claim_line(c))
    if not args.quiet:
        print(_plural(len(claims), "claim"), file=sys.stderr)
    return 0


# --- explain -------------------------------------------------------------------

_EXPLAIN_ORDER = ("hardware", "model", "metric", "baseline")


def cmd_explain(args: argparse.Namespace) -> int:
    path = Path(args.document)
    try:
        text = files.read_document(path, args.max_bytes)
    except InputError as exc:
        _err(str(exc))
        return 2
    from .core import choice
    from .core.bind import explain_claims

    explained = explain_claims(text, path.name)
    for claim, decisions in explained:
        if args.value is not None and not math.isclose(claim.value, args.value, rel_tol=1e-9):
            continue
        baseline = f" vs {claim.baseline}" if claim.baseline else ""
        print(f"{claim.start}-{claim.end} {claim.metric} {claim.value:g} {claim.unit}{baseline} "
              f"[{claim.model or '-'} | {claim.hardware or '-'}]  {claim.evidence}")
        for decision in sorted(decisions, key=lambda d: _EXPLAIN_ORDER.index(d.field)):
            print(f"  {decision.field}:")
            for line in choice.explain_lines(decision, top=args.top):
                print("  " + line)
    print(f"{len(explained)} claim{'s' if len(explained) != 1 else ''}", file=sys.stderr)
    return 0


# --- lint-gold -----------------------------------------------------------------

def cmd_lint_gold(args: argparse.Namespace) -> int:
    from .tools.lint import lint_gold

    try:
        gold = files.read_gold(Path(args.gold))
    except ClaimsError as exc:  # malformed or unreadable gold file: a problem of the gold set
        print(exc)
        return 1
    documents: dict[str, str | None] = {}
    corpus = Path(args.corpus)
    try:
        scan = files.scan_corpus(corpus)
    except InputError as exc:
        _err(str(exc))
        return 2
    unreadable = list(scan.refused)
    for doc, path in scan.documents:
        try:
            documents[doc] = files.read_document(path, follow_symlinks=False)
        except InputError as exc:
            documents[doc] = None
            unreadable.append((doc, exc.reason))
    for name, _ in scan.refused:
        documents.setdefault(name, None)
    # the corpus entries that could not be read are named (their gold rows
    # cannot be checked); the exit status is about the gold set
    _print_failed(corpus, sorted(unreadable, key=lambda kv: kv[0].split("/")))
    if not args.quiet:
        _print_skipped(scan.skipped, None, sys.stderr)
    problems = lint_gold(gold, documents)
    for p in problems:
        print(p)
    n_files = gold["_file"].nunique() if len(gold) else 0
    if not args.quiet:
        print(f"{_plural(len(gold), 'gold row')} in {_plural(n_files, 'file')}: {_plural(len(problems), 'problem')}",
              file=sys.stderr)
    return 1 if problems else 0


# --- report --------------------------------------------------------------------

def cmd_report(args: argparse.Namespace) -> int:
    from .tools.report import build_report

    corpus = Path(args.corpus)
    texts: dict[str, str] = {}
    errors: dict[str, str] = {}
    try:
        scan = files.scan_corpus(corpus)
        for doc, path in scan.documents:
            try:
                texts[doc] = files.read_document(path, args.max_bytes, follow_symlinks=False)
            except InputError as exc:
                errors[doc] = exc.reason
        errors.update(scan.refused)  # one accounting with `claims run`: refused entries are failures
        if args.claims:
            claims = validate(files.read_table(args.claims), args.claims)
        else:
            claims = claims_frame([c for r in extract_documents(texts.items()) for c in r.claims])
        gold = validate(files.read_gold(Path(args.gold)), args.gold) if args.gold else None
    except ClaimsError as exc:
        _err(str(exc))
        return 2
    source = f"claims table {args.claims}" if args.claims else f"extractor {EXTRACTOR_VERSION}"
    subtitle = f"corpus folder {corpus} · {source}" + (f" · gold folder {args.gold}" if args.gold else "")
    html = build_report(texts, claims, gold, errors=errors, subtitle=subtitle)
    try:
        if args.html == "-":
            sys.stdout.write(html)
            sys.stdout.flush()
        else:
            files.atomic_write_text(Path(args.html), html)
    except OSError as exc:
        _err(f"{args.html}: cannot write ({exc.strerror or exc})")
        return 2
    out = sys.stderr if args.html == "-" else sys.stdout
    _print_failed(corpus, sorted(errors.items(), key=lambda kv: kv[0].split("/")))
    if not args.quiet:
        where = "<stdout>" if args.html == "-" else args.html
        print(f"{where}: {_plural(len(texts) + len(errors), 'document')}, {_plural(len(claims), 'claim')}"
              + (f", {len(errors)} unreadable" if errors else ""), file=out)
        _print_skipped(scan.skipped, None, out)
    return 1 if errors else 0


# --- ingest --------------------------------------------------------------------

def _claim_line(c) -> str:
    baseline = f" vs {c.baseline}" if c.baseline else ""
    return (f"{c.start:>6}-{c.end:<6} {c.metric:13} {c.value:g} {c.unit}{baseline}  "
            f"[{c.model or '-'} | {c.hardware or '-'}]  {c.evidence}")


def _read_article(path: Path | None, max_bytes: int, follow_symlinks: bool = True):
    """One ingest source as an :class:`~extract.tools.ingest.Article` (decoded, HTML
    reduced to its main text, titled)."""
    from .tools import ingest

    label = "<stdin>" if path is None else files.printable(str(path))
    suffix = path.suffix.lower() if path is not None else ""
    if path is not None and suffix not in ingest.INGEST_SUFFIXES:
        raise InputError(label, f"unsupported file type {suffix or '(none)'}; expected {', '.join(ingest.INGEST_SUFFIXES)}")
    text = files.decode_bytes(files.read_source(path, max_bytes, follow_symlinks=follow_symlinks), label)
    source_path = files.printable(path.as_posix()) if path is not None else ""
    try:
        if suffix in ingest.HTML_SUFFIXES or (path is None and ingest.looks_like_html(text)):
            article = ingest.html_to_article(text, source_path)
        else:
            article = ingest.text_to_article(text, source_path, "stdin" if path is None else "text file")
    except ingest.ArticleError as exc:
        raise InputError(label, str(exc)) from exc
    return ingest.with_title(article, files.printable(path.stem) if path is not None else "stdin")


def cmd_ingest(args: argparse.Namespace) -> int:
    from .core.bind import extract_claims
    from .tools import ingest

    corpus = Path(args.corpus)
    if corpus.exists() and not corpus.is_dir():
        _err(f"{corpus}: not a folder")
        return 2
    known = ingest.known_hashes(files.read_corpus_texts(corpus))
    taken = files.corpus_names(corpus)
    stored = duplicates = failed = skipped = 0
    for source in args.sources:
        try:
            scan = files.scan_sources(source, ingest.INGEST_SUFFIXES)
        except InputError as exc:
            _err(str(exc))
            failed += 1
            continue
        folder = Path(source) if source != "-" and Path(source).is_dir() else None
        for name, reason in scan.refused:  # entries of a folder that cannot be read: failed, named
            _err(f"{files.printable(str(folder / name))}: {reason} (skipped)")
            failed += 1
        for name, reason in scan.skipped:
            if args.verbose:
                print(f"skipped {files.printable(str(folder / name))}: {reason}")
            skipped += 1
        for _, path in scan.documents:
            label = "<stdin>" if path is None else files.printable(str(path))
            try:
                article = _read_article(path, args.max_bytes, follow_symlinks=folder is None)
                existing = ingest.duplicate_of(article, known)
                if existing is not None:
                    _info(args, f"duplicate {label}: same text as {files.printable(str(corpus / existing))}, not stored")
                    duplicates += 1
                    continue
                name = ingest.document_name(article, files.printable(path.stem) if path is not None else "stdin", taken)
                target = files.corpus_target(corpus, name)
                text = ingest.render_document(article)
                files.atomic_write_text(target, text)
            except InputError as exc:
                _err(f"{exc} (skipped)")
                failed += 1
                continue
            except OSError as exc:
                _err(f"{label}: cannot store ({exc.strerror or exc}) (skipped)")
                failed += 1
                continue
            except Exception as exc:  # a bug or a broken dependency on one source: named, the rest goes on
                _err(f"{label}: internal error: {type(exc).__name__}: {exc} (skipped)")
                failed += 1
                continue
            taken.add(name)
            known[article.sha256] = name
            stored += 1
            claims = extract_claims(text, name)
            _info(args, f"stored {label} -> {files.printable(str(corpus / name))} ({_plural(len(claims), 'claim')})")
            if not args.quiet:
                for c in claims:
                    print(f"    {_claim_line(c)}")
    total = stored + duplicates + failed
    summary = (f"{_plural(total, 'source')}: {stored} stored, {_plural(duplicates, 'duplicate')}, {failed} failed"
               + (f", {skipped} skipped (not articles)" if skipped else ""))
    print(summary, file=sys.stderr)
    return 1 if failed else 0


# --- diff and conflicts --------------------------------------------------------

def _read_claims(path: str):
    return validate(files.read_table(path), path)


def _write_result_table(df, args: argparse.Namespace) -> bool:
    """Write ``-o``'s table (``-``: stdout); False after naming a write error."""
    try:
        files.write_table(df, args.output, args.format, safe_for_excel=args.excel_safe)
    except OSError as exc:
        _err(f"{args.output}: cannot write ({exc.strerror or exc})")
        return False
    return True


def cmd_diff(args: argparse.Namespace) -> int:
    from .tools.diff import diff_frame, diff_frames, render_diff, summary_lines

    try:
        result = diff_frames(_read_claims(args.old), _read_claims(args.new))
    except ClaimsError as exc:
        _err(str(exc))
        return 2
    if args.output and not _write_result_table(diff_frame(result), args):
        return 2
    if not args.output and result.changes:
        print(render_diff(result))
    out = sys.stderr if args.output == "-" else sys.stdout
    if not args.quiet:
        for line in summary_lines(result):
            print(line, file=out)
    return 0 if result.equal else 1


def cmd_conflicts(args: argparse.Namespace) -> int:
    from .tools.conflicts import DEFAULT_TOLERANCE, conflicts_frame, find_conflicts, render_conflicts

    tolerance = DEFAULT_TOLERANCE if args.tolerance is None else args.tolerance
    if not 0 <= tolerance < 1:
        _err(f"--tolerance {tolerance}: expected a fraction from 0 to below 1 (0.05 is 5%)")
        return 2
    try:
        found = find_conflicts(_read_claims(args.table).to_dict(orient="records"), tolerance)
    except ClaimsError as exc:
        _err(str(exc))
        return 2
    if args.output and not _write_result_table(conflicts_frame(found), args):
        return 2
    if not args.output and found:
        print(render_conflicts(found))
    out = sys.stderr if args.output == "-" else sys.stdout
    if not args.quiet:
        print(_plural(len(found), "conflict"), file=out)
    return 1 if found else 0


# --- ledger --------------------------------------------------------------------

def cmd_ledger_sync(args: argparse.Namespace) -> int:
    """Extract the corpus (or read ``--claims``) and record the run in the ledger."""
    from .tools import ledger

    corpus = Path(args.corpus)
    try:
        scan = files.scan_corpus(corpus)
        unread: dict[str, str] = dict(scan.refused)
        rows: list[dict] = []
        if args.claims:
            rows = ledger.rows_from_records(_read_claims(args.claims).to_dict(orient="records"))
        else:
            for r in _results(corpus, args.max_bytes, args.jobs, args.cache):
                if r.error:
                    unread[r.doc] = r.error
                else:
                    rows.extend(run.claim_row(c) for c in r.claims)
        provenance: dict[str, dict[str, str]] = {}
        for doc, path in scan.documents:   # read again for the header: workers return only claims
            if doc not in unread:
                try:
                    provenance[doc] = ledger.document_provenance(files.read_document(path, args.max_bytes,
                                                                                  follow_symlinks=False))
                except InputError as exc:
                    unread[doc] = exc.reason
        result = ledger.sync(args.db, rows, provenance, unread, corpus=str(corpus),
                             source=f"claims table {args.claims}" if args.claims else "extractor",
                             extractor_version=EXTRACTOR_VERSION, fingerprint=run.extractor_fingerprint())
    except ClaimsError as exc:
        _err(str(exc))
        return 2
    _print_failed(corpus, sorted(unread.items(), key=lambda kv: kv[0].split("/")))
    c = result.counts
    _info(args, f"run {result.run}: {_plural(len(provenance) + len(unread), 'document')}, {len(unread)} unread, "
                f"{_plural(result.claims, 'current claim')}: {c['added']} added, {c['changed']} changed, "
                f"{c['retracted']} retracted, {c['reinstated']} reinstated, {c['unchanged']} unchanged")
    return 1 if unread else 0


def cmd_ledger_log(args: argparse.Namespace) -> int:
    from .tools import ledger

    try:
        print(ledger.render_runs(ledger.runs(args.db)))
    except ClaimsError as exc:
        _err(str(exc))
        return 2
    return 0


def cmd_ledger_history(args: argparse.Namespace) -> int:
    from .tools import ledger

    try:
        found = ledger.find_claim(args.db, args.claim)
    except ClaimsError as exc:
        _err(str(exc))
        return 2
    if found is None:
        _err(f"{args.claim}: no such claim in the ledger (a ledger id or a claim_id)")
        return 1
    print(ledger.render_history(*found))
    return 0


def cmd_ledger_query(args: argparse.Namespace) -> int:
    from types import SimpleNamespace

    import pandas as pd

    from .tools import ledger

    try:
        rows = ledger.query(args.db, hardware=args.hardware or "", model=args.model or "", metric=args.metric or "",
                            baseline=args.baseline or "", doc=args.doc or "", status=args.status)
    except ClaimsError as exc:
        _err(str(exc))
        return 2
    if args.output:
        df = pd.DataFrame(rows, columns=list(ledger.QUERY_COLUMNS)).astype({"value": "float64", "value_max": "float64"})
        if not _write_result_table(df, args):
            return 2
    else:
        for r in rows:
            print(f"{r['id']}  {r['status'][:3]}  {r['doc']}  {_claim_line(SimpleNamespace(**r))}")
    if not args.quiet:
        print(_plural(len(rows), "claim"), file=sys.stderr if args.output == "-" else sys.stdout)
    return 0


def _add_ledger(sub) -> None:
    """``claims ledger sync|log|history|query``."""
    group = _command(sub, "ledger", None, "claims kept in a database across runs, with their history",
                     "A database (any SQLAlchemy URL; SQLite by default) that keeps every claim under a\n"
                     "stable id; each sync records a run and what was added, changed, retracted or\n"
                     "reinstated. See the README's ledger section.",
                     """
claims ledger sync corpus/ --db sqlite:///ledger.db
claims ledger log --db sqlite:///ledger.db
claims ledger query --db sqlite:///ledger.db --hardware H100 --metric throughput -o h100.csv""", quiet=False)
    group.set_defaults(func=lambda args: group.print_help() or 2)
    lsub = group.add_subparsers(dest="ledger_command", metavar="LEDGER_COMMAND",
                                help="sync, log, history or query (`claims ledger LEDGER_COMMAND --help`)")
    db = {"default": "sqlite:///ledger.db", "help": "database URL (default: sqlite:///ledger.db)"}

    p = _command(lsub, "sync", cmd_ledger_sync, "extract a corpus and record the run in the ledger",
                 "One transaction: the run and one event per claim added, changed, retracted or\n"
                 "reinstated. Claims of documents that cannot be read are left as they were (exit 1).",
                 """
claims ledger sync corpus/ --db sqlite:///ledger.db
claims ledger sync corpus/ --claims claims.parquet --db sqlite:///ledger.db""")
    p.add_argument("corpus", help="folder of .txt/.md articles (or one file): the whole set the ledger tracks")
    p.add_argument("--db", **db)
    p.add_argument("--claims", help="record this claims table (.csv/.jsonl/.parquet) instead of extracting")
    p.add_argument("--max-bytes", type=int, default=files.DEFAULT_MAX_BYTES, help="refuse files larger than this")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (0: one per CPU)")
    p.add_argument("--cache", nargs="?", const=".claims-cache", metavar="DIR", help="as for `claims run`")

    p = _command(lsub, "log", cmd_ledger_log, "the runs recorded in the ledger",
                 "When, extractor version and fingerprint, and the counts of each run.",
                 "claims ledger log --db sqlite:///ledger.db", quiet=False)
    p.add_argument("--db", **db)

    p = _command(lsub, "history", cmd_ledger_history, "one claim's life: first seen, each change, retraction",
                 "CLAIM is a ledger id or a claim_id (as `claims run` writes it, now or before a change).",
                 "claims ledger history 3f2a9c0d1e2b4a5f --db sqlite:///ledger.db", quiet=False)
    p.add_argument("claim", help="ledger id or claim_id")
    p.add_argument("--db", **db)

    p = _command(lsub, "query", cmd_ledger_query, "claims of the ledger matching filters",
                 "Names match as the scorer compares them, and a part of a name matches (H100\n"
                 "finds H100 SXM). Current claims unless --status says otherwise.",
                 """
claims ledger query --hardware H100 --metric throughput
claims ledger query --metric power --status all -o power.csv""")
    p.add_argument("--db", **db)
    for name in ("hardware", "model", "metric", "baseline", "doc"):
        p.add_argument(f"--{name}", help=f"only claims with this {name}")
    p.add_argument("--status", choices=["current", "retracted", "all"], default="current",
                   help="current claims (default), retracted ones, or all")
    p.add_argument("-o", "--output", help="write the claims as a table (.csv, .jsonl, .parquet; '-' for CSV on stdout)")
    p.add_argument("--format", choices=["csv", "jsonl", "parquet"], help="override the format the extension implies")
    _add_excel_safe(p)


# --- parser --------------------------------------------------------------------

def _command(sub, name: str, func, help: str, description: str, examples: str, *,
             quiet: bool = True, verbose: str = "") -> argparse.ArgumentParser:
    """A subcommand with its one-line help, a description and examples in
    its ``--help``, and the options every command shares."""
    p = sub.add_parser(name, help=help, description=f"{help[0].upper()}{help[1:]}.\n\n{description}",
                       epilog="examples:\n" + "\n".join(f"  {line}" for line in examples.strip().splitlines()),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    if quiet:
        p.add_argument("-q", "--quiet", action="store_true", help="print only errors and the output asked for")
    if verbose:
        p.add_argument("-v", "--verbose", action="store_true", help=verbose)
    p.set_defaults(func=func)
    return p


def _add_excel_safe(p: argparse.ArgumentParser) -> None:
    p.add_argument("--excel-safe", action="store_true",
                   help="CSV: put an apostrophe before text cells that start with = + - @ or a tab, which a "
                        "spreadsheet would run as formulas (the table then no longer reads back as written)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="claims", description="Numeric performance claims from Chinese "
                                     "AI-hardware articles, as tables to check, score and diff.\n\n"
                                     "Run `claims COMMAND --help` for a command's options and examples.",
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"claims {EXTRACTOR_VERSION}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = _command(sub, "run", cmd_run, "extract every claim of a corpus",
                 "Reads every .txt/.md file of the folder (subfolders too), writes one row per claim\n"
                 "and prints a summary. A file that cannot be read is named, listed with --errors\n"
                 "and makes the exit status 1; the rest is still extracted.",
                 """
claims run corpus/ -o claims.csv
claims run corpus/ -o - --format jsonl | head
claims run corpus/ --format ledger -o ledger.jsonl
claims run corpus/ -o claims.parquet --engine dask     # a local Dask cluster; claims.parquet/ is a folder
claims run /shared/corpus -o /shared/out/claims.parquet --engine dask --scheduler tcp://host:8786
claims run                                  # corpus/ scored against gold/, nothing written""",
                 verbose="also name each document on stderr as it is done, with its number of claims")
    p.add_argument("corpus", nargs="?", help="folder of .txt/.md articles, or one file (default: corpus/, scored against gold/)")
    p.add_argument("-o", "--output", help="claims table: .csv, .jsonl or .parquet; '-' for stdout (CSV or JSON Lines); "
                                          "with --engine dask a .parquet folder of part files")
    p.add_argument("--format", choices=["csv", "jsonl", "parquet", "ledger"], help="override the format the extension implies")
    p.add_argument("--gold", help="score against this gold folder")
    p.add_argument("--errors", help="also write the files that failed, with reasons, to this CSV")
    p.add_argument("--allow-failures", action="store_true", help="exit 0 even when some files could not be read, or only partly")
    p.add_argument("--max-bytes", type=int, default=files.DEFAULT_MAX_BYTES, help="refuse files larger than this")
    p.add_argument("--jobs", type=int,
                   help="worker processes (0: one per CPU; default 1, with --engine dask one per CPU); "
                        "the output is the same for any number")
    p.add_argument("--cache", nargs="?", const=".claims-cache", metavar="DIR",
                   help="reuse the claims of documents whose text and extractor did not change "
                        "(default DIR: .claims-cache; with --engine dask a folder every worker sees)")
    p.add_argument("--engine", choices=["local", "dask"], default="local",
                   help="local: this machine (--jobs processes); dask: a dask.distributed cluster "
                        "(pip install 'claims[dask]'), a local one of --jobs worker processes unless "
                        "--scheduler is given. With dask, -o NAME.parquet is a folder of part files "
                        "(one per partition, in corpus order), read by pandas, claims diff and claims score")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --engine dask: the scheduler of an existing cluster (tcp://host:8786); its "
                        "workers must see the corpus, the output's folder and --cache at the same paths")
    _add_excel_safe(p)

    p = _command(sub, "bench", cmd_bench, "speed and memory benchmark on a generated corpus",
                 "Runs bench/bench.py of a source checkout (it is not installed).",
                 "claims bench --mb 5 --runs 1", quiet=False)
    p.add_argument("--mb", type=float, help="size of the generated corpus (default 20)")
    p.add_argument("--runs", type=int, help="runs per measurement, median reported (default 3)")
    p.add_argument("--jobs", type=int, help="jobs compared with --jobs 1 (default 2)")
    p.add_argument("--seed", type=int, help="corpus generator seed (default 0)")
    p.add_argument("--corpus", help="source articles (default: the bundled corpus/)")
    p.add_argument("--big-mb", type=float, help="also run one single file of this many MB")
    p.add_argument("--keep", help="build in this folder and keep it")
    p.add_argument("--dask", action="store_true", help="also compare --engine dask with --jobs 2 (claims[dask])")
    p.add_argument("--dask-mb", type=float, help="size of the --dask corpus (default 8; peak RSS also at 4x this)")
    p.add_argument("--dask-only", action="store_true", help="run only the --dask measurements")

    p = _command(sub, "score", cmd_score, "precision/recall/F1 of a claims table against a gold folder",
                 "Tuple and value scores, per-field accuracy, every false positive and negative.\n"
                 "A malformed table or gold file is an error naming the file and line (exit 2).",
                 """
claims score claims.csv gold/
claims score claims.parquet gold/ --json""")
    p.add_argument("table", help="claims table (.csv, .jsonl or .parquet), as `claims run -o` writes it")
    p.add_argument("gold", help="gold folder of .csv files (or one .csv file)")
    p.add_argument("--json", action="store_true", help="machine-readable report")

    p = _command(sub, "show", cmd_show, "the claims of one article, in the terminal",
                 "Reads the article as ingest does: any encoding, HTML reduced to its main text,\n"
                 "'-' for stdin. Nothing is stored.",
                 """
claims show corpus/01_nvidia_h100_press_release.txt
claims show page.html
echo '与A100相比，IPU-M2000的吞吐量提升2.6倍。' | claims show -""")
    p.add_argument("document", help="a .txt, .md, .html or .htm file, or '-' for stdin")
    p.add_argument("--max-bytes", type=int, default=files.DEFAULT_MAX_BYTES, help="refuse files larger than this")

    p = _command(sub, "explain", cmd_explain, "why each claim of one article went to its system",
                 "For every claim of DOCUMENT, the binder's candidates for each field, best first,\n"
                 "with their scores and the named features that made them (weights:\n"
                 "extract/lexicons/choice.yaml).",
                 """
claims explain corpus/01_nvidia_h100_press_release.txt
claims explain corpus/01_nvidia_h100_press_release.txt --value 900 --top 3""")
    p.add_argument("document", help="a .txt or .md article")
    p.add_argument("--value", type=float, help="only the claims with this value")
    p.add_argument("--top", type=int, default=5, help="candidates shown per field (default 5)")
    p.add_argument("--max-bytes", type=int, default=files.DEFAULT_MAX_BYTES, help="refuse files larger than this")

    p = _command(sub, "lint-gold", cmd_lint_gold, "check a gold folder against its corpus",
                 "Columns, vocabularies, numbers, and evidence found verbatim in its article.\n"
                 "Problems go to stdout as FILE:LINE: message; exit 1 if any.",
                 "claims lint-gold gold/ corpus/")
    p.add_argument("gold", help="gold folder of .csv files (or one .csv file)")
    p.add_argument("corpus", help="the corpus folder the gold rows refer to")

    p = _command(sub, "report", cmd_report, "self-contained HTML review report: claims highlighted in their articles",
                 "One HTML file with no outside resources; with --gold, correct claims, false\n"
                 "positives and missed gold claims are marked.",
                 """
claims report corpus/ --gold gold/ -o report.html
claims report corpus/ --claims claims.csv -o review.html""")
    p.add_argument("corpus", help="folder of .txt/.md articles (or one file)")
    p.add_argument("--gold", help="mark correct claims, false positives and missed gold claims")
    p.add_argument("--claims", help="report this claims table (.csv/.jsonl/.parquet) instead of extracting")
    p.add_argument("-o", "--output", dest="html", default="report.html",
                   help="HTML file to write (default: report.html); '-' for stdout")
    p.add_argument("--max-bytes", type=int, default=files.DEFAULT_MAX_BYTES, help="refuse files larger than this")

    p = _command(sub, "ingest", cmd_ingest, "add articles to a corpus, then show their claims",
                 "Files, folders (.txt .md .html .htm) or '-' for stdin, in any encoding; HTML is\n"
                 "reduced to its main text. Each article is stored as UTF-8 under a YAML front-matter\n"
                 "header; text already in the corpus is a duplicate. A source that cannot be read\n"
                 "is named and skipped, and the exit status is 1 at the end.",
                 """
claims ingest page.html notes/ - --corpus corpus/
curl -s URL | claims ingest - --corpus corpus/""",
                 verbose="also name each entry of a folder that is not an article (only counted otherwise)")
    p.add_argument("sources", nargs="+", metavar="SOURCE", help="a file, a folder, or '-' for stdin")
    p.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="corpus folder to add to (default: corpus/)")
    p.add_argument("--max-bytes", type=int, default=files.DEFAULT_MAX_BYTES, help="refuse files larger than this")

    p = _command(sub, "diff", cmd_diff, "claims added, removed and changed between two claims tables",
                 "Claims are matched by document, model, hardware, metric, baseline and unit\n"
                 "dimension. Exit 0 if the tables hold the same claims, 1 if not, 2 on an error.",
                 """
claims diff old.csv new.parquet
claims diff old.csv new.csv -o changes.csv""")
    p.add_argument("old", help="the earlier claims table (.csv, .jsonl or .parquet)")
    p.add_argument("new", help="the later claims table")
    p.add_argument("-o", "--output", help="write the changes as a table (.csv, .jsonl, .parquet; '-' for CSV on stdout)")
    p.add_argument("--format", choices=["csv", "jsonl", "parquet"], help="override the format the extension implies")
    _add_excel_safe(p)

    p = _command(sub, "conflicts", cmd_conflicts, "claims that different documents report with different values",
                 "Groups claims about the same system, metric and baseline across documents.\n"
                 "Exit 0 if none, 1 if any, 2 on an error.",
                 """
claims conflicts claims.csv
claims conflicts claims.csv -o conflicts.csv""")
    p.add_argument("table", help="claims table (.csv, .jsonl or .parquet)")
    p.add_argument("--tolerance", type=float, metavar="FRACTION",
                   help="values closer than this relative difference agree (default 0.05: 5%%, "
                        "extract.tools.conflicts.DEFAULT_TOLERANCE)")
    p.add_argument("-o", "--output", help="write the conflicting claims as a table (.csv, .jsonl, .parquet; '-' for stdout)")
    p.add_argument("--format", choices=["csv", "jsonl", "parquet"], help="override the format the extension implies")
    _add_excel_safe(p)
    _add_ledger(sub)
    return parser


def _show_warnings() -> None:
    """The package's warnings (a guessed encoding) as ``claims: …`` lines on
    stderr, every time (one per document); others as Python shows them."""
    import warnings

    shown = warnings.showwarning

    def show(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, files.LowConfidenceDecode):
            _err(f"warning: {message}")
        else:
            shown(message, category, filename, lineno, file, line)

    warnings.showwarning = show
    warnings.simplefilter("always", files.LowConfidenceDecode)


#: Formats that cannot go to stdout (``-o -``): binary, written whole.
_NOT_ON_STDOUT = ("parquet",)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    output = getattr(args, "output", None)
    if getattr(args, "format", None) is None and output not in (None, "-"):
        try:
            args.format = files.table_format(output)
        except TableError as exc:
            _err(str(exc))
            return 2
    elif getattr(args, "format", None) is None:
        args.format = "csv"
    if output == "-" and args.format in _NOT_ON_STDOUT:
        _err(f"-o -: a {args.format} table cannot be written to stdout (it is binary); "
             f"give a file name, e.g. -o claims.{args.format}, or use --format csv or jsonl")
        return 2
    output_paths = [p for p in (output, getattr(args, "errors", None)) if p not in (None, "-")]
    if len(output_paths) == 2 and os.path.abspath(output_paths[0]) == os.path.abspath(output_paths[1]):
        _err(f"{output_paths[0]}: given as both -o and --errors; one would replace the other")
        return 2
    _show_warnings()
    try:
        return args.func(args)
    except KeyboardInterrupt:
        # Ctrl-C: no traceback; an output being written is left as it was
        # (atomic writes remove their temporary file).
        print("claims: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader of stdout went away (`claims run -o - | head`): stop
        # quietly, as other command-line tools do; the output is incomplete.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1


if __name__ == "__main__":
    sys.exit(main())
