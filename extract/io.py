"""All file I/O: reading documents in any encoding, corpora, claims tables
and gold sets; atomic writes. Nothing else in the package touches the disk
(package lexicons aside)."""
from __future__ import annotations

import csv
import io as _io
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pandas as pd

from .claims import InputError, TableError

DOC_SUFFIXES = (".txt", ".md")
TABLE_SUFFIXES = (".csv", ".jsonl", ".parquet")
#: Files larger than this are refused (a corpus "article" of 64 MB is noise).
DEFAULT_MAX_BYTES = 64 * 1024 * 1024


# --- documents ---------------------------------------------------------------

def decode_bytes(data: bytes, name: str) -> str:
    """Decode bytes of unknown encoding: BOMs first, then strict UTF-8, then
    charset-normalizer's detection (GB18030/GBK, Big5, UTF-16...)."""
    if not data:
        return ""
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")) and not _looks_utf16(data):
        raise InputError(name, "binary file (NUL bytes), not text")
    for bom, codec in ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if data.startswith(bom):
            try:
                return data.decode(codec)
            except UnicodeDecodeError as exc:
                raise InputError(name, f"undecodable {codec} text at byte {exc.start}") from exc
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    best = from_bytes(data, cp_isolation=["gb18030", "big5", "utf_16", "utf_16_le", "utf_16_be", "utf_8",
                                          "shift_jis", "euc_kr", "cp1252"]).best()
    if best is None or best.encoding is None:
        raise InputError(name, "undecodable: no text encoding fits these bytes")
    text = str(best)
    if _mostly_control(text):
        raise InputError(name, f"binary or undecodable content (best guess {best.encoding})")
    return text


def _looks_utf16(data: bytes) -> bool:
    sample = data[:4096]
    return sample.count(b"\x00") > len(sample) // 4 and len(sample) % 2 == 0


def _mostly_control(text: str) -> bool:
    sample = text[:4096]
    bad = sum(1 for c in sample if ord(c) < 32 and c not in "\n\r\t\f")
    return bool(sample) and bad > len(sample) * 0.05


def read_document(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """Text of one document; raises :class:`InputError` naming the file."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise InputError(str(path), f"too large: {size} bytes > limit {max_bytes}")
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(str(path), f"unreadable: {exc.strerror or exc}") from exc
    return decode_bytes(data, str(path))


def iter_corpus(root: Path) -> Iterator[tuple[str, Path]]:
    """(doc id, path) for every document under ``root``, sorted; ``doc`` is the
    path relative to the root, '/'-separated, extension kept. A single file is
    a corpus of one."""
    if root.is_file():
        yield root.name, root
        return
    if not root.is_dir():
        raise InputError(str(root), "no such file or directory")
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix.lower() in DOC_SUFFIXES and not any(
                part.startswith(".") for part in path.relative_to(root).parts):
            yield path.relative_to(root).as_posix(), path


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InputError(str(path), f"unreadable: {exc.strerror or exc}") from exc


# --- atomic writes -----------------------------------------------------------

def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write to a temporary file in the same folder, fsync, then rename: a
    reader sees the old file or the new one, never a torn one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


# --- tables ------------------------------------------------------------------

def table_format(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in TABLE_SUFFIXES:
        raise TableError(str(path), f"unknown table format {suffix!r}; expected one of {', '.join(TABLE_SUFFIXES)}")
    return suffix[1:]


def frame_to_bytes(df: pd.DataFrame, fmt: str) -> bytes:
    if fmt == "csv":
        return df.to_csv(index=False, lineterminator="\n").encode("utf-8")
    if fmt == "jsonl":
        lines = [json.dumps(_jsonable(r), ensure_ascii=False) for r in df.to_dict(orient="records")]
        return ("\n".join(lines) + ("\n" if lines else "")).encode("utf-8")
    if fmt == "parquet":
        buf = _io.BytesIO()
        df.to_parquet(buf, index=False)
        return buf.getvalue()
    raise TableError(fmt, "unknown table format")


def _jsonable(row: dict) -> dict:
    out = {}
    for k, v in row.items():
        if isinstance(v, float) and v != v:
            v = None
        elif hasattr(v, "item"):
            v = v.item()
        out[k] = v
    return out


def write_table(df: pd.DataFrame, path: str | Path, fmt: str | None = None) -> None:
    """Write a claims table; ``-`` is CSV on stdout."""
    if str(path) == "-":
        sys.stdout.write(frame_to_bytes(df, fmt or "csv").decode("utf-8"))
        return
    atomic_write_bytes(Path(path), frame_to_bytes(df, fmt or table_format(path)))


def read_table(path: str | Path) -> pd.DataFrame:
    """Read a claims table (CSV, JSON Lines or Parquet) as strings/numbers,
    raising :class:`TableError` with file and line for malformed input."""
    path = Path(path)
    fmt = table_format(path)
    if not path.exists():
        raise TableError(str(path), "no such file")
    if path.stat().st_size == 0:
        raise TableError(str(path), "empty file: expected a header row")
    if fmt == "parquet":
        try:
            return pd.read_parquet(path)
        except Exception as exc:  # pyarrow raises several unrelated types
            raise TableError(str(path), f"not a readable Parquet file ({type(exc).__name__}: {exc})") from exc
    data = read_bytes(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise TableError(str(path), "not UTF-8 text", line) from exc
    if fmt == "jsonl":
        rows = []
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise TableError(str(path), f"invalid JSON ({exc.msg})", lineno) from exc
            if not isinstance(obj, dict):
                raise TableError(str(path), "expected a JSON object per line", lineno)
            rows.append(obj)
        return pd.DataFrame(rows)
    return read_csv_text(text, str(path))


def read_csv_text(text: str, name: str) -> pd.DataFrame:
    """CSV -> DataFrame of strings, with a ``_line`` column (1-based file line)."""
    reader = csv.reader(_io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise TableError(name, "empty file: expected a header row", 1) from None
    except csv.Error as exc:
        raise TableError(name, f"malformed CSV ({exc})", 1) from exc
    rows = []
    lines = []
    try:
        for record in reader:
            if not any(cell.strip() for cell in record):
                continue
            if len(record) != len(header):
                raise TableError(name, f"expected {len(header)} fields, found {len(record)}", reader.line_num)
            rows.append(record)
            lines.append(reader.line_num)
    except csv.Error as exc:
        raise TableError(name, f"malformed CSV ({exc})", reader.line_num) from exc
    df = pd.DataFrame(rows, columns=header, dtype=object)
    df["_line"] = lines
    return df


def read_gold(folder: str | Path) -> pd.DataFrame:
    """All gold CSV files of a folder (or one file), with ``_file``/``_line``."""
    folder = Path(folder)
    files = [folder] if folder.is_file() else sorted(folder.glob("*.csv"))
    if not folder.exists():
        raise TableError(str(folder), "no such gold folder")
    frames = []
    for f in files:
        data = read_bytes(f)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise TableError(str(f), "not UTF-8 text", data[:exc.start].count(b"\n") + 1) from exc
        if not text.strip():
            raise TableError(str(f), "empty file: expected a header row", 1)
        df = read_csv_text(text, str(f))
        df["_file"] = str(f)
        frames.append(df)
    if not frames:
        return pd.DataFrame(columns=["doc", "model", "hardware", "metric", "value", "unit", "baseline",
                                     "evidence", "_line", "_file"])
    return pd.concat(frames, ignore_index=True)
