#!/usr/bin/env python3
"""Speed and scale benchmark of ``claims run`` (issues 7 and 15), one table out.

    python bench/bench.py                 # 8 MB corpus, 3 interleaved rounds, medians
    python bench/bench.py --mb 2 --runs 1 --rss-mb 2,8   # quick
    python bench/bench.py --big-mb 200    # also one 200 MB single file
    claims bench ...                      # the same, from a source checkout

What it does, all in one run and in a temporary folder:

1. builds a corpus of about ``--mb`` MB deterministically from the bundled
   ``corpus/`` articles: every article's front matter and paragraphs, then
   documents of ~8 KB made of a random front matter and randomly drawn
   paragraphs (``random.Random(--seed)``);
2. in rounds, each measurement in a fresh process: ``claims run CORPUS -o
   out.csv --jobs 1`` as a whole process (start-up, reading and writing
   included); a whole process that runs ``jieba.lcut`` (default mode) over
   the same texts, document by document (its start-up and dictionary load
   included); ``claims run --jobs N``; and, timed inside their processes
   after a warm-up call (start-up excluded), the extraction itself
   (``extract_text`` over every text), ``jieba.lcut``, the spaCy ``zh``
   pipeline with the jieba segmenter (``nlp(text)``) and ``jieba_fast.lcut``
   (when installed: ``pip install -e ".[bench]"``). Each ratio is the median
   of the per-round ratios, so a slow spell of the machine weighs on both
   sides of a ratio;
3. peak RSS of ``claims run --jobs 1`` (``ru_maxrss`` of the child from
   ``wait4``) on corpora of each ``--rss-mb`` size: flat means the same
   from the smallest to the largest;
4. cold start: ``claims run`` on the smallest bundled article (and, for
   reference, on the largest) against
   ``python -c "import jieba; jieba.lcut('测试')"``, interleaved;
5. incremental run: a second ``claims run --cache`` over the unchanged corpus;
6. the ledger (issue 17): ``claims ledger sync`` into a new SQLite file against
   ``claims run --jobs 1``, then an unchanged re-sync (seconds beyond the extraction);
7. optionally (``--big-mb``), one single file of that size: wall time and
   peak RSS;
8. the spaCy component (issue 13): ``nlp(text)`` with ``nlp.add_pipe("claims")``
    against the plain API ``extract.extract_claims(text)`` on the first
    ``--side-mb`` MB of the corpus, in one fresh process, in rounds (plain,
    the recommended pipeline with ``claims.Tokenizer.v1``, ``spacy.blank("zh")``
    (spaCy's default character segmenter) and ``spacy.blank("zh")`` with the
    jieba segmenter), each ratio the median of the per-round ratios;
9. an adversarial text (issue 14): ``extract_claims("1倍" * n)`` (0.8 MB)
    against normal text (the same sample), in seconds per MB, in rounds.
    Steps 8 and 9 time CPU seconds (``time.process_time``): on a shared
    machine the wall time of an in-process loop swings by 2x between rounds.
10. optionally (``--dask``, issue 16; needs ``claims[dask]``), on a corpus of
    ``--dask-mb`` MB (default 8): ``claims run --engine dask --jobs 2`` (a
    local cluster of 2 worker processes) against ``claims run --jobs 2``,
    both writing Parquet, paired rounds, outputs compared after sorting; then
    an unchanged rerun with ``--cache``; the peak RSS of the client (scheduler
    included: it runs in the client's process) and of each worker at that
    size and at 4x that size.

Every timing is the median of ``--runs`` runs. Timings are machine-dependent
(and this script's host is often shared: the load average is printed):
this script measures, it does not assert (tests never time anything).
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC_BYTES = 8_000

# Targets of issues 7 and 15: (metric key, comparison, threshold)
TARGETS = {
    "process_ratio": ("<=", 0.5),   # claims run / jieba process, wall time (goal: a third)
    "jobs_speedup": (">=", 1.7),    # on a quiet machine
    "peak_rss_mb": ("<", 400.0),
    "rss_growth": ("<=", 1.25),     # peak RSS at the largest --rss-mb over the smallest: flat
    "cold_ratio": ("<=", 1.0),
    # issue 17: a ledger sync at most 1.5x `claims run`, an unchanged re-sync the extraction plus a few seconds
    "ledger_ratio": ("<=", 1.5),
    "ledger_resync_extra_s": ("<=", 5.0),
    # issue 13: the spaCy component (recommended pipeline: claims.Tokenizer.v1) at most 1.5x the plain API
    "component_ratio": ("<=", 1.5),
    # issue 14: '1倍' * n within about 3x normal text per MB
    "adversarial_ratio": ("<=", 3.0),
    # issue 16: Dask with 2 local workers within 10% of --jobs 2
    "dask_ratio": ("<=", 1.1),
}


# --- corpus --------------------------------------------------------------------

def _split_article(text: str) -> tuple[str, list[str]]:
    """(front matter incl. its closing line, body paragraphs)."""
    header = ""
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end != -1:
            nl = text.find("\n", end + 4)
            cut = len(text) if nl == -1 else nl + 1
            header, text = text[:cut], text[cut:]
    paragraphs = [p.strip("\n") for p in text.split("\n\n") if p.strip()]
    return header, paragraphs


def build_corpus(source: Path, target: Path, mb: float, seed: int) -> tuple[int, int]:
    """Write ``target/dNNNNN.txt`` until ``mb`` MB; returns (documents, bytes)."""
    headers: list[str] = []
    paragraphs: list[str] = []
    for path in sorted(source.glob("*.txt")):
        header, paras = _split_article(path.read_bytes().decode("utf-8", "replace"))
        if header:
            headers.append(header)
        paragraphs.extend(paras)
    if not paragraphs:
        raise SystemExit(f"no paragraphs in {source}")
    rng = random.Random(seed)
    target.mkdir(parents=True, exist_ok=True)
    goal = int(mb * 1_000_000)
    total = n = 0
    while total < goal:
        parts = [rng.choice(headers)] if headers else []
        size = 0
        body: list[str] = []
        while size < DOC_BYTES:
            p = rng.choice(paragraphs)
            body.append(p)
            size += len(p.encode("utf-8")) + 2
        data = ("".join(parts) + "\n\n".join(body) + "\n").encode("utf-8")
        (target / f"d{n:05d}.txt").write_bytes(data)
        total += len(data)
        n += 1
    return n, total


def build_big_file(source_corpus: Path, target: Path, mb: float) -> int:
    """One file of ``mb`` MB: the synthetic documents' bodies concatenated
    (streamed to disk, never held whole)."""
    goal = int(mb * 1_000_000)
    files = sorted(source_corpus.glob("*.txt"))
    total = 0
    with target.open("wb") as out:
        while total < goal:
            for f in files:
                data = f.read_bytes() + b"\n"
                out.write(data)
                total += len(data)
                if total >= goal:
                    break
    return total


# --- measuring -----------------------------------------------------------------

def timed(cmd: list[str], cwd: Path | None = None, env: dict | None = None) -> tuple[float, float, float]:
    """(wall seconds, peak RSS in MB, CPU seconds) of one child process (and
    the workers it waited for); fails loudly."""
    return timed_output(cmd, cwd, env)[:3]


def timed_output(cmd: list[str], cwd: Path | None = None, env: dict | None = None) -> tuple[float, float, float, str]:
    """:func:`timed` and what the child printed."""
    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            raise SystemExit(f"failed ({proc.returncode}): {' '.join(map(str, cmd))}\n"
                             f"{err.read().decode('utf-8', 'replace')[-2000:]}")
        out.seek(0)
        printed = out.read().decode("utf-8", "replace")
    rss_kb = usage.ru_maxrss  # kilobytes on Linux
    return wall, rss_kb / 1024, usage.ru_utime + usage.ru_stime, printed


def median_run(cmd: list[str], runs: int, **kw) -> tuple[float, float, float]:
    """(median wall, largest peak RSS, median CPU seconds) of ``runs`` runs."""
    results = [timed(cmd, **kw) for _ in range(runs)]
    return (statistics.median(r[0] for r in results), max(r[1] for r in results),
            statistics.median(r[2] for r in results))


# One tool over every text of a folder, timed inside the process after a warm-up call
# (start-up excluded); prints {"wall": s, "cpu": s}. Run as a whole process for jieba,
# it is also the whole-process reference (start-up and dictionary load included).
INPROC_SCRIPT = r"""
import json, sys, time
from pathlib import Path
tool, folder = sys.argv[1], Path(sys.argv[2])
texts = [f.read_bytes().decode("utf-8") for f in sorted(folder.glob("*.txt"))]
if tool == "claims":
    from extract.run import extract_text
    run = lambda text: extract_text(text, "doc.txt")
elif tool == "spacy":
    import jieba, spacy
    jieba.setLogLevel(60)
    run = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
else:
    seg = __import__(tool)  # jieba or jieba_fast
    seg.setLogLevel(60)
    run = seg.lcut
run(texts[0])
t0, c0 = time.perf_counter(), time.process_time()
for text in texts:
    run(text)
print(json.dumps({"wall": time.perf_counter() - t0, "cpu": time.process_time() - c0}))
"""


def inproc(tool: str, corpus: Path, env: dict) -> tuple[float, float, float]:
    """(in-process wall seconds, in-process CPU seconds, whole-process wall
    seconds) of ``tool`` over every document of ``corpus``."""
    import json

    wall, _, _, out = timed_output([sys.executable, "-c", INPROC_SCRIPT, tool, str(corpus)], env=env)
    times = json.loads(out.strip().splitlines()[-1])
    return times["wall"], times["cpu"], wall


def has_module(name: str) -> bool:
    return subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True).returncode == 0


SIDE_SCRIPT = r"""
import json, statistics, sys, time
from pathlib import Path
import spacy
import extract.component  # noqa: F401  (the "claims" factory)
from extract import extract_claims
files, budget, texts = sorted(Path(sys.argv[1]).glob("*.txt")), float(sys.argv[2]) * 1e6, []
for f in files:
    if sum(len(t.encode()) for t in texts) >= budget:
        break
    texts.append(f.read_text(encoding="utf-8"))
mb, rounds = sum(len(t.encode()) for t in texts) / 1e6, int(sys.argv[3])
pipes = {"claims": spacy.blank("zh", config={"nlp": {"tokenizer": {"@tokenizers": "claims.Tokenizer.v1"}}}),
         "char": spacy.blank("zh"),
         "jieba": spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})}
for nlp in pipes.values():
    nlp.add_pipe("claims")
    nlp(texts[0])                   # warm: jieba's dictionary, the lexicons
adversarial = "1倍" * 200_000       # a value every two characters, one line, 0.8 MB
adv_mb = len(adversarial.encode()) / 1e6
def clock(fn):
    t = time.process_time(); fn(); return time.process_time() - t   # CPU: the machine is shared
out = {"mb": mb, "plain": [], "claims": [], "char": [], "jieba": [], "adversarial": []}
for _ in range(rounds):             # interleaved: a slow spell of the machine weighs on both sides
    out["plain"].append(clock(lambda: [extract_claims(t) for t in texts]))
    for name, nlp in pipes.items():
        out[name].append(clock(lambda: [nlp(t) for t in texts]))
    out["adversarial"].append(clock(lambda: extract_claims(adversarial)) / adv_mb)
print(json.dumps(out))
"""


def side_measures(corpus: Path, mb: float, runs: int, env: dict) -> dict:
    """Timings of the spaCy component and of the adversarial text (SIDE_SCRIPT), one fresh process."""
    import json

    out = subprocess.run([sys.executable, "-c", SIDE_SCRIPT, str(corpus), str(mb), str(runs)], check=True,
                         capture_output=True, text=True, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


DASK_RSS_SCRIPT = r"""
import json, resource, sys
from pathlib import Path

from extract.engines import dask as distributed


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":   # the workers are spawned: they import this file, and must not run it
    with distributed.open_client(workers=int(sys.argv[3])) as client:
        distributed.run_corpus(client, Path(sys.argv[1]), Path(sys.argv[2]))
        workers = list(client.run(peak_mb).values())
    print(json.dumps({"client": peak_mb(), "workers": workers}))
"""


def dask_peak_rss(corpus: Path, out: Path, script: Path, env: dict, workers: int = 2) -> tuple[float, list[float]]:
    """(client peak RSS, each worker's peak RSS) in MB of one Dask run, each
    process measuring itself (``ru_maxrss``; the workers are grandchildren,
    which ``wait4`` would not report separately)."""
    import json

    script.write_text(DASK_RSS_SCRIPT)
    got = subprocess.run([sys.executable, str(script), str(corpus), str(out), str(workers)], env=env, check=True,
                         capture_output=True, text=True).stdout
    data = json.loads(got.strip().splitlines()[-1])
    return data["client"], data["workers"]


def same_claims(a: Path, b: Path) -> bool:
    """Two Parquet tables (files or dataset folders) hold the same rows, order aside."""
    import pandas as pd

    key = ["doc", "start", "end", "claim_id"]
    x, y = (pd.read_parquet(p).sort_values(key, kind="stable").reset_index(drop=True) for p in (a, b))
    return x.equals(y)


def dask_rows(args: argparse.Namespace, work: Path, env: dict) -> list[tuple[str, str, str]]:
    """Step 10: Dask with 2 local workers against ``--jobs 2``, and peak RSS at two sizes."""
    corpus = work / "dask-corpus"
    shutil.rmtree(corpus, ignore_errors=True)
    n_docs, n_bytes = build_corpus(args.corpus, corpus, args.dask_mb, args.seed)
    mb = n_bytes / 1e6
    jobs_out, dask_out = work / "jobs2.parquet", work / "dask.parquet"
    rounds = []
    for _ in range(args.runs):
        local = timed(_claims_cmd(str(corpus), "-o", str(jobs_out), "--jobs", "2"), env=env)
        dask = timed(_claims_cmd(str(corpus), "-o", str(dask_out), "--engine", "dask", "--jobs", "2"), env=env)
        rounds.append((local, dask))
    tl = statistics.median(r[0][0] for r in rounds)
    td = statistics.median(r[1][0] for r in rounds)
    ratio = statistics.median(r[1][0] / r[0][0] for r in rounds)
    each = ", ".join(f"{r[1][0] / r[0][0]:.2f}" for r in rounds)
    # CPU seconds of the whole process tree (the forked workers are reaped by the
    # client, so wait4 counts them): less sensitive than wall time to other load
    cl = statistics.median(r[0][2] for r in rounds)
    cd = statistics.median(r[1][2] for r in rounds)
    rows = [
        ("dask corpus", f"{n_docs} docs, {mb:.1f} MB", ""),
        ("claims run --jobs 2 -o x.parquet (wall)", f"{tl:.2f} s = {mb / tl:.2f} MB/s", ""),
        ("claims run --engine dask --jobs 2 (wall)", f"{td:.2f} s = {mb / td:.2f} MB/s", ""),
        ("dask / --jobs 2 wall time", f"{ratio:.2f}x (rounds: {each}; same claims: {same_claims(jobs_out, dask_out)})",
         _check("dask_ratio", ratio)),
        ("  the same in CPU time", f"{cd:.2f} s vs {cl:.2f} s = {cd / cl:.2f}x", ""),
    ]
    # --cache on the engine: fill a cache, then an unchanged rerun (only the scan, hashing and cache reads)
    cache, cached_out = work / "dask-cache", work / "dask-cached.parquet"
    shutil.rmtree(cache, ignore_errors=True)
    cmd = _claims_cmd(str(corpus), "-o", str(cached_out), "--engine", "dask", "--jobs", "2", "--cache", str(cache))
    tfill = timed(cmd, env=env)[0]
    trerun = median_run(cmd, args.runs, env=env)[0]
    rows.append(("dask --cache: first run, unchanged rerun",
                 f"{tfill:.2f} s, {trerun:.2f} s (same claims: {same_claims(jobs_out, cached_out)})", ""))
    big = work / "dask-corpus-4x"
    shutil.rmtree(big, ignore_errors=True)
    _, big_bytes = build_corpus(args.corpus, big, 4 * args.dask_mb, args.seed)
    for folder, size in ((corpus, n_bytes), (big, big_bytes)):
        client, workers = dask_peak_rss(folder, work / "rss.parquet", work / "dask_rss.py", env)
        rows.append((f"dask peak RSS at {size / 1e6:.0f} MB: client, workers",
                     f"{client:.0f} MB; {', '.join(f'{w:.0f}' for w in sorted(workers))} MB", ""))
    return rows


def _claims_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "extract", "run", *args]


def _check(key: str, value: float) -> str:
    if key not in TARGETS:
        return ""
    op, threshold = TARGETS[key]
    ok = {">=": value >= threshold, "<": value < threshold, "<=": value <= threshold}[op]
    return f"{op} {threshold:g}  {'ok' if ok else 'MISSED'}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="claims bench", description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=8.0, help="size of the generated corpus (default 8)")
    ap.add_argument("--rss-mb", default="2,8,32",
                    help="corpus sizes (MB, comma-separated) of the peak-RSS sweep (default 2,8,32)")
    ap.add_argument("--runs", type=int, default=3, help="runs per measurement; the median is reported (default 3)")
    ap.add_argument("--jobs", type=int, default=2, help="jobs compared with --jobs 1 (default 2)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--corpus", type=Path, default=ROOT / "corpus", help="source articles (default: bundled corpus/)")
    ap.add_argument("--big-mb", type=float, default=0.0, help="also run one single file of this many MB (e.g. 200)")
    ap.add_argument("--side-mb", type=float, default=2.0,
                    help="MB of the corpus for the spaCy-component and adversarial-text lines (default 2)")
    ap.add_argument("--keep", type=Path, help="build in this folder and keep it (default: a temporary folder)")
    ap.add_argument("--dask", action="store_true", help="also compare --engine dask with --jobs 2 (claims[dask])")
    ap.add_argument("--dask-mb", type=float, default=8.0,
                    help="size of the --dask corpus (default 8; peak RSS also at 4x this)")
    ap.add_argument("--dask-only", action="store_true", help="run only the --dask measurements")
    args = ap.parse_args(argv)

    work = args.keep or Path(tempfile.mkdtemp(prefix="claims-bench-"))
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    rows: list[tuple[str, str, str]] = []
    load_start = os.getloadavg()[0]
    try:
        if args.dask_only:
            rows += dask_rows(args, work, env)
            return _print_rows(args, rows, load_start)
        corpus = work / "corpus"
        if corpus.exists():
            shutil.rmtree(corpus)
        t0 = time.perf_counter()
        n_docs, n_bytes = build_corpus(args.corpus, corpus, args.mb, args.seed)
        mb = n_bytes / 1e6
        print(f"corpus: {n_docs} documents, {mb:.1f} MB ({time.perf_counter() - t0:.1f}s to build) in {work}",
              file=sys.stderr)

        # warm-up (jieba's dictionary cache, page cache), not measured
        timed(_claims_cmd(str(corpus), "-o", str(work / "warm.csv")), env=env)

        # Rounds of every measurement, the ratios taken within each round: this machine's
        # speed drifts over minutes, and a drift must not land on one side only.
        out1, out2 = work / "jobs1.csv", work / f"jobs{args.jobs}.csv"
        tools = ["claims", "jieba", "spacy"] + (["jieba_fast"] if has_module("jieba_fast") else [])
        rounds = []
        for _ in range(args.runs):
            r = {"one": timed(_claims_cmd(str(corpus), "-o", str(out1), "--jobs", "1"), env=env)}
            for tool in tools:
                r[tool] = inproc(tool, corpus, env)
            r["many"] = timed(_claims_cmd(str(corpus), "-o", str(out2), "--jobs", str(args.jobs)), env=env)
            rounds.append(r)

        def med(f) -> float:
            return statistics.median(f(r) for r in rounds)

        t1, c1 = med(lambda r: r["one"][0]), med(lambda r: r["one"][2])
        rss1 = max(r["one"][1] for r in rounds)
        tjieba_whole = med(lambda r: r["jieba"][2])
        tj = med(lambda r: r["many"][0])
        rssj = max(r["many"][1] for r in rounds)
        process_ratio = med(lambda r: r["one"][0] / r["jieba"][2])     # claims run / jieba, whole processes
        speedup = med(lambda r: r["one"][0] / r["many"][0])
        same = out1.read_bytes() == out2.read_bytes()
        each = ", ".join(f"{r['one'][0] / r['jieba'][2]:.2f}" for r in rounds)
        goal = "goal 0.33" if process_ratio > 1 / 3 else "goal 0.33 reached"
        rows += [
            ("corpus", f"{n_docs} docs, {mb:.1f} MB", ""),
            ("claims run --jobs 1, whole process", f"{t1:.2f} s = {mb / t1:.2f} MB/s (CPU {c1:.2f} s)", ""),
            ("jieba.lcut, whole process, same texts", f"{tjieba_whole:.2f} s = {mb / tjieba_whole:.2f} MB/s", ""),
            ("claims run / jieba process (wall)", f"{process_ratio:.2f}x (rounds: {each})",
             _check("process_ratio", process_ratio) + f", {goal}"),
        ]
        labels = {"claims": "extraction (extract_text)", "jieba": "jieba.lcut",
                  "spacy": "spaCy zh + jieba (nlp(text))", "jieba_fast": "jieba_fast.lcut"}
        for tool in ["claims", "jieba", "spacy", "jieba_fast"]:
            if tool not in tools:
                rows.append((f"  in-process: {labels[tool]}", "not installed (pip install -e \".[bench]\")", ""))
                continue
            w, c = med(lambda r: r[tool][0]), med(lambda r: r[tool][1])
            vs = "" if tool == "claims" else f", extraction / this: {med(lambda r: r['claims'][0] / r[tool][0]):.2f}x"
            rows.append((f"  in-process: {labels[tool]}", f"{w:.2f} s = {mb / w:.2f} MB/s (CPU {c:.2f} s){vs}", ""))
        rows += [
            (f"claims run --jobs {args.jobs} (wall)", f"{tj:.2f} s = {mb / tj:.2f} MB/s", ""),
            (f"--jobs {args.jobs} speed-up over --jobs 1", f"{speedup:.2f}x (output identical: {same})",
             _check("jobs_speedup", speedup) if args.jobs == 2 else ""),
            (f"peak RSS, --jobs 1, {mb:.1f} MB", f"{rss1:.0f} MB", _check("peak_rss_mb", rss1)),
            (f"peak RSS, --jobs {args.jobs} (largest process)", f"{rssj:.0f} MB", ""),
        ]

        # peak RSS against corpus size: flat from the smallest to the largest
        sizes = sorted({float(x) for x in args.rss_mb.split(",") if x.strip()})
        rss_by_size = {}
        for size in sizes:
            if abs(size - args.mb) < 1e-9:
                rss_by_size[size] = rss1
                continue
            folder = work / f"rss{size:g}"
            shutil.rmtree(folder, ignore_errors=True)
            build_corpus(args.corpus, folder, size, args.seed)
            rss_by_size[size] = timed(_claims_cmd(str(folder), "-o", str(work / "rss.csv"), "--jobs", "1"), env=env)[1]
            shutil.rmtree(folder, ignore_errors=True)
        if len(rss_by_size) >= 2:
            growth = rss_by_size[sizes[-1]] / rss_by_size[sizes[0]]
            rows.append(("peak RSS by corpus size, --jobs 1",
                         ", ".join(f"{s:g} MB: {r:.0f} MB" for s, r in rss_by_size.items()) + f" ({growth:.2f}x)",
                         _check("rss_growth", growth)))

        # cold start: one small article vs bare jieba, interleaved; the largest article for reference
        articles = sorted(args.corpus.glob("*.txt"), key=lambda p: (p.stat().st_size, p.name))
        small, large = articles[0], articles[-1]
        cold = {"small": [], "large": [], "jieba": []}
        for _ in range(max(args.runs, 5)):
            cold["small"].append(timed(_claims_cmd(str(small), "-o", str(work / "small.csv")), env=env)[0])
            cold["jieba"].append(timed([sys.executable, "-c", "import jieba; jieba.lcut('测试')"], env=env)[0])
            cold["large"].append(timed(_claims_cmd(str(large), "-o", str(work / "large.csv")), env=env)[0])
        tc, tl, tb = (statistics.median(cold[k]) for k in ("small", "large", "jieba"))
        rows += [
            (f"cold start: claims run {small.name}", f"{tc:.2f} s", ""),
            ("cold start: import jieba; lcut('测试')", f"{tb:.2f} s", ""),
            ("cold start ratio", f"{tc / tb:.2f}x", _check("cold_ratio", tc / tb)),
            (f"  for reference: claims run {large.name}", f"{tl:.2f} s = {tl / tb:.2f}x", ""),
        ]

        # incremental: populate the cache, then an unchanged rerun
        cache = work / "cache"
        shutil.rmtree(cache, ignore_errors=True)
        tfill, _, _ = timed(_claims_cmd(str(corpus), "-o", str(work / "c1.csv"), "--cache", str(cache)), env=env)
        twarm, _, _ = median_run(_claims_cmd(str(corpus), "-o", str(work / "c2.csv"), "--cache", str(cache)),
                              args.runs, env=env)
        same_cache = (work / "c2.csv").read_bytes() == out1.read_bytes()
        rows += [
            ("--cache, first run (fills it)", f"{tfill:.2f} s", ""),
            ("--cache, unchanged rerun", f"{twarm:.2f} s = {mb / twarm:.1f} MB/s (output identical: {same_cache})", ""),
        ]

        # ledger: a sync into a new SQLite database, then an unchanged re-sync (issue 17)
        db = work / "ledger.db"
        ledger_cmd = [sys.executable, "-m", "extract", "ledger", "sync", str(corpus), "--db", f"sqlite:///{db}", "-q"]
        syncs = []
        for _ in range(args.runs):
            for f in work.glob("ledger.db*"):
                f.unlink()
            syncs.append(timed(ledger_cmd, env=env)[0])
        tsync = statistics.median(syncs)
        tresync, _, _ = median_run(ledger_cmd, args.runs, env=env)
        rows += [
            ("ledger sync, new SQLite database", f"{tsync:.2f} s = {tsync / t1:.2f}x claims run",
             _check("ledger_ratio", tsync / t1)),
            ("ledger re-sync, nothing changed", f"{tresync:.2f} s = claims run + {tresync - t1:.2f} s",
             _check("ledger_resync_extra_s", tresync - t1)),
        ]

        # the spaCy component against the plain API (issue 13), '1倍' * n against normal text (issue 14)
        side = side_measures(corpus, args.side_mb, max(args.runs, 5), env)
        plain = side["plain"]
        for name, label in (("claims", "claims.Tokenizer.v1 + claims"), ("char", 'spacy.blank("zh") (characters)'),
                            ("jieba", "jieba segmenter + claims")):
            r = statistics.median(c / p for c, p in zip(side[name], plain))
            rows.append((f"spaCy component, {label}", f"{statistics.median(side[name]):.2f} s CPU = {r:.2f}x plain API "
                         f"({statistics.median(plain):.2f} s, {side['mb']:.1f} MB)",
                         _check("component_ratio", r) if name == "claims" else ""))
        per_mb = [p / side["mb"] for p in plain]
        adv = statistics.median(a / n for a, n in zip(side["adversarial"], per_mb))
        rows.append(("extract_claims('1倍' * 200000), 0.8 MB",
                     f"{statistics.median(side['adversarial']):.1f} s/MB CPU = {adv:.1f}x normal text "
                     f"({statistics.median(per_mb):.1f} s/MB)", _check("adversarial_ratio", adv)))

        if args.big_mb:
            big = work / "big" / "big.txt"
            big.parent.mkdir(exist_ok=True)
            size = build_big_file(corpus, big, args.big_mb)
            tbig, rssbig, _ = timed(_claims_cmd(str(big), "-o", str(work / "big.csv"),
                                             "--max-bytes", str(size + 1)), env=env)
            rows += [
                (f"single file {size / 1e6:.0f} MB (wall)", f"{tbig:.1f} s = {size / 1e6 / tbig:.2f} MB/s", ""),
                (f"single file {size / 1e6:.0f} MB peak RSS", f"{rssbig:.0f} MB", ""),
            ]
        if args.dask:
            rows += dask_rows(args, work, env)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return _print_rows(args, rows, load_start)


def _print_rows(args: argparse.Namespace, rows: list[tuple[str, str, str]], load_start: float) -> int:
    load_end = os.getloadavg()[0]
    width = max(len(r[0]) for r in rows)
    vwidth = max(len(r[1]) for r in rows)
    print(f"claims bench: median of {args.runs} run(s), {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, "
          f"load average {load_start:.1f} at start, {load_end:.1f} at end")
    print(f"{'measure':{width}}  {'value':{vwidth}}  target")
    print(f"{'-' * width}  {'-' * vwidth}  ------")
    for name, value, target in rows:
        print(f"{name:{width}}  {value:{vwidth}}  {target}".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
