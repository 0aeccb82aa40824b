"""Command-line interface: ``claims`` / ``python -m extract``.

Only this module and :mod:`extract.io` touch the disk.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from . import io
from .claims import ClaimsError, InputError, TableError
from .pipeline import EXTRACTOR_VERSION, DocResult, extract_documents
from .score import Report, render, rows_from_records, score
from .table import claims_frame, validate

DEFAULT_CORPUS = Path("corpus")
DEFAULT_GOLD = Path("gold")


def _err(msg: str) -> None:
    print(f"claims: {msg}", file=sys.stderr)


# --- run -----------------------------------------------------------------------

def _load_docs(corpus: Path, max_bytes: int):
    for doc, path in io.iter_corpus(corpus):
        try:
            yield doc, io.read_document(path, max_bytes)
        except InputError as exc:
            yield doc, exc


def _progress(iterable, total: int | None, enabled: bool):
    if not enabled:
        return iterable
    from tqdm import tqdm

    # tqdm writes to stderr and switches itself off when stderr is not a terminal.
    return tqdm(iterable, total=total, unit="doc", disable=None, file=sys.stderr, leave=False)


def run_corpus(corpus: Path, max_bytes: int, progress: bool = True) -> tuple[list[DocResult], list[DocResult]]:
    docs = list(io.iter_corpus(corpus))
    results = list(_progress(extract_documents(_load_docs(corpus, max_bytes)), len(docs), progress and len(docs) > 20))
    return [r for r in results if not r.error], [r for r in results if r.error]


def cmd_run(args: argparse.Namespace) -> int:
    corpus = Path(args.corpus) if args.corpus else DEFAULT_CORPUS
    gold = Path(args.gold) if args.gold else (DEFAULT_GOLD if args.corpus is None and DEFAULT_GOLD.is_dir() else None)
    try:
        ok, failed = run_corpus(corpus, args.max_bytes)
    except InputError as exc:
        _err(str(exc))
        return 2
    claims = [c for r in ok for c in r.claims]
    df = claims_frame(claims)
    if args.format == "ledger":
        df = _ledger_frame(df, ok)
    if args.output:
        fmt = {"ledger": "jsonl"}.get(args.format, args.format)
        io.write_table(df, args.output, fmt)
    if failed:
        errors = "\n".join(f"{corpus / r.doc}: {r.error}" for r in failed)
        if args.errors:
            io.atomic_write_text(Path(args.errors), "doc,error\n" + "".join(
                f"{json.dumps(r.doc, ensure_ascii=False)},{json.dumps(r.error, ensure_ascii=False)}\n" for r in failed))
        print(errors, file=sys.stderr)
    summary_out = sys.stderr if args.output == "-" else sys.stdout
    print(f"{len(ok) + len(failed)} documents, {len(failed)} failed, {len(claims)} claims", file=summary_out)
    for metric, n in sorted(Counter(c.metric for c in claims).items(), key=lambda kv: -kv[1]):
        print(f"  {metric:14} {n}", file=summary_out)
    if gold is not None:
        try:
            report = _score_frame(df, gold)
        except ClaimsError as exc:
            _err(str(exc))
            return 2
        print(_headline(report), file=summary_out)
    return 1 if failed and not args.allow_failures else 0


def _ledger_frame(df, results: list[DocResult]):
    """All spec fields plus ``claim_id``, ``doc_sha256``, offsets, version."""
    hashes = {r.doc: r.sha256 for r in results}
    df = df.copy()
    df["doc_sha256"] = df["doc"].map(lambda d: hashes.get(d, ""))
    df["extractor_version"] = EXTRACTOR_VERSION
    return df


# --- score ---------------------------------------------------------------------

def _score_frame(df, gold_dir: Path) -> Report:
    gold_df = validate(io.read_gold(gold_dir), str(gold_dir))
    pred = rows_from_records(df.to_dict(orient="records")) if len(df) else []
    gold = rows_from_records(gold_df.to_dict(orient="records"))
    return score(pred, gold)


def _headline(report: Report) -> str:
    t, v = report.tuple, report.value
    return (f"score: tuple P={t.precision:.3f} R={t.recall:.3f} F1={t.f1:.3f} | "
            f"value P={v.precision:.3f} R={v.recall:.3f} F1={v.f1:.3f}")


def cmd_score(args: argparse.Namespace) -> int:
    try:
        df = validate(io.read_table(args.table), args.table)
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
    path = Path(args.document)
    try:
        text = io.read_document(path, args.max_bytes)
    except InputError as exc:
        _err(str(exc))
        return 2
    from .assemble import extract_claims

    claims = extract_claims(text, path.name)
    for c in claims:
        baseline = f" vs {c.baseline}" if c.baseline else ""
        print(f"{c.start:>6}-{c.end:<6} {c.metric:13} {c.value:g} {c.unit}{baseline}  "
              f"[{c.model or '-'} | {c.hardware or '-'}]  {c.evidence}")
    print(f"{len(claims)} claims", file=sys.stderr)
    return 0


# --- lint-gold -----------------------------------------------------------------

def cmd_lint_gold(args: argparse.Namespace) -> int:
    from .lint import lint_gold

    try:
        gold = io.read_gold(Path(args.gold))
    except TableError as exc:
        print(exc)
        return 1
    documents: dict[str, str | None] = {}
    for doc, path in io.iter_corpus(Path(args.corpus)):
        try:
            documents[doc] = io.read_document(path)
        except InputError:
            documents[doc] = None
    problems = lint_gold(gold, documents)
    for p in problems:
        print(p)
    files = gold["_file"].nunique() if len(gold) else 0
    print(f"{len(gold)} gold rows in {files} files: {len(problems)} problem(s)", file=sys.stderr)
    return 1 if problems else 0


# --- parser --------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="claims", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"claims {EXTRACTOR_VERSION}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("run", help="extract every claim of a corpus")
    p.add_argument("corpus", nargs="?", help="folder of .txt/.md articles (default: corpus/, scored against gold/)")
    p.add_argument("-o", "--output", help="claims table: .csv, .jsonl or .parquet; '-' for CSV on stdout")
    p.add_argument("--format", choices=["csv", "jsonl", "parquet", "ledger"], help="override the format the extension implies")
    p.add_argument("--gold", help="score against this gold folder")
    p.add_argument("--errors", help="also write the files that failed, with reasons, to this CSV")
    p.add_argument("--allow-failures", action="store_true", help="exit 0 even when some files could not be read")
    p.add_argument("--max-bytes", type=int, default=io.DEFAULT_MAX_BYTES, help="refuse files larger than this")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("score", help="precision/recall/F1 of a claims table against a gold folder")
    p.add_argument("table")
    p.add_argument("gold")
    p.add_argument("--json", action="store_true", help="machine-readable report")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("show", help="the claims of one article, in the terminal")
    p.add_argument("document")
    p.add_argument("--max-bytes", type=int, default=io.DEFAULT_MAX_BYTES)
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("lint-gold", help="check a gold folder against its corpus")
    p.add_argument("gold")
    p.add_argument("corpus")
    p.set_defaults(func=cmd_lint_gold)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "format", None) is None and getattr(args, "output", None) not in (None, "-"):
        try:
            args.format = io.table_format(args.output)
        except TableError as exc:
            _err(str(exc))
            return 2
    elif getattr(args, "format", None) is None:
        args.format = "csv"
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
