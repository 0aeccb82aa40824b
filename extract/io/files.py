"""All file I/O: reading documents in any encoding, corpora, claims tables
and gold sets; atomic writes. Nothing else in the package touches the disk
(package lexicons aside)."""
from __future__ import annotations

import csv
import io as _io
import json
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.claims import InputError, TableError

if TYPE_CHECKING:  # pandas is imported on first use: `claims run` starts faster without it
    import pandas as pd

DOC_SUFFIXES = (".txt", ".md")
TABLE_SUFFIXES = (".csv", ".jsonl", ".parquet")
#: Files larger than this are refused (a corpus "article" of 64 MB is noise).
DEFAULT_MAX_BYTES = 64 * 1024 * 1024


# --- documents ---------------------------------------------------------------

#: Strict decodings tried on bytes that are neither BOM-marked nor UTF-8, in
#: order of preference on a tie (the corpus is Chinese).
_CJK_CODECS = ("gb18030", "big5", "utf-16-le", "utf-16-be")
#: Code points that a wrong decoding of Chinese text produces and a right one
#: (almost) never does: controls, kana, bopomofo, Hangul, private use...
_IMPLAUSIBLE = (
    (0x0000, 0x0008), (0x000B, 0x000B), (0x000E, 0x001F), (0x007F, 0x009F),
    (0x0370, 0x052F), (0x2500, 0x259F), (0x3040, 0x30FF), (0x3100, 0x312F),
    (0x3130, 0x318F), (0x31A0, 0x31BF), (0x3400, 0x4DBF), (0xA000, 0xA4CF),
    (0x1100, 0x11FF), (0xAC00, 0xD7AF), (0xD800, 0xF8FF), (0xF900, 0xFAFF),
    (0xFE10, 0xFE1F), (0xFE30, 0xFE6F), (0xFF61, 0xFF9F), (0xFFF0, 0xFFFF),
)
#: A decoding with more implausible characters than this is rejected.
_MAX_IMPLAUSIBLE = 0.02


def decode_bytes(data: bytes, name: str) -> str:
    """Decode bytes of unknown encoding: BOMs first, then UTF-16 without a BOM
    (NUL bytes), strict UTF-8, then the strict decoding among GB18030 (covers
    GBK/GB2312), Big5 and UTF-16 that yields the fewest characters a wrong
    decoding of Chinese produces (charset-normalizer alone confuses short GB
    and Big5 texts), finally charset-normalizer's detection for anything else.

    >>> decode_bytes("吞吐量提升2.6倍".encode("gb18030"), "a.txt")
    '吞吐量提升2.6倍'
    >>> decode_bytes("吞吐量提升2.6倍".encode("big5"), "a.txt")
    '吞吐量提升2.6倍'
    """
    if not data:
        return ""
    for bom, codec in ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16")):
        if data.startswith(bom):
            try:
                return data.decode(codec)
            except UnicodeDecodeError as exc:
                raise InputError(name, f"undecodable {codec} text at byte {exc.start}") from exc
    if b"\x00" in data[:4096]:
        text = _best_strict(data, ("utf-16-le", "utf-16-be"))
        if text is None:
            raise InputError(name, "binary file (NUL bytes), not text")
        return text
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    japanese = _japanese(data)
    if japanese is not None:
        return japanese
    text = _best_strict(data, _CJK_CODECS)
    if text is not None:
        return text
    from charset_normalizer import from_bytes

    best = from_bytes(data, threshold=0.5).best()
    if best is None or best.encoding is None:
        raise InputError(name, "undecodable: no text encoding fits these bytes")
    text = str(best)
    if _mostly_control(text):
        raise InputError(name, f"binary or undecodable content (best guess {best.encoding})")
    import warnings

    warnings.warn(LowConfidenceDecode(f"{name}: decoded as {best.encoding}, a guess (not UTF-8, UTF-16, GB18030, "
                                      "Big5 or Shift-JIS); check the text, or re-encode the file as UTF-8"))
    return text


class LowConfidenceDecode(UserWarning):
    """A document's encoding was guessed (charset-normalizer): its text may
    be mojibake. The CLI prints it as ``claims: NAME: decoded as …``."""


def _japanese(data: bytes) -> str | None:
    """The Shift-JIS (cp932) decoding of bytes that are Japanese text: kana
    are a tenth of it or more. GB18030 decodes such bytes too, as mojibake
    (``偙傟偼``), and Chinese text has no kana (its GB bytes read as
    Shift-JIS give half-width katakana, which are not counted)."""
    try:
        text = data.decode("cp932")
    except UnicodeDecodeError:
        return None
    sample = text[:20000]
    kana = sum(1 for c in sample if "\u3040" <= c <= "\u30ff")
    return text if sample and kana >= 0.1 * len(sample.strip()) and kana >= 2 else None


def _mostly_control(text: str) -> bool:
    sample = text[:4096]
    bad = sum(1 for c in sample if (ord(c) < 32 and c not in "\n\r\t\f") or 0xD800 <= ord(c) <= 0xF8FF)
    return bool(sample) and bad > len(sample) * 0.05


def _best_strict(data: bytes, codecs: tuple[str, ...]) -> str | None:
    """The most plausible strict decoding among ``codecs``, if plausible."""
    scored = []
    for rank, codec in enumerate(codecs):
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        scored.append((_implausibility(text), rank, text))
    if not scored:
        return None
    bad, _, text = min(scored)
    return text if bad <= _MAX_IMPLAUSIBLE else None


def _implausibility(text: str) -> float:
    """Share of characters (of a sample) that are implausible in Chinese text."""
    sample = text[:20000]
    if not sample:
        return 0.0
    bad = 0
    for ch in sample:
        cp = ord(ch)
        if 0x20 <= cp < 0x7F or ch in "\n\r\t\f":
            continue
        bad += any(lo <= cp <= hi for lo, hi in _IMPLAUSIBLE)
    return bad / len(sample)


def read_document(path: Path, max_bytes: int = DEFAULT_MAX_BYTES, *, follow_symlinks: bool = True) -> str:
    """Text of one document; raises :class:`InputError` naming the file.

    ``follow_symlinks=False`` (every document a folder scan found): no
    symlink is followed. A :class:`ScannedPath` is opened one part at a time
    from the corpus folder (:func:`_open_scanned`), so a file *or a folder
    above it* swapped for a link after the scan is refused and the link's
    target never opened; another path is opened with ``O_NOFOLLOW`` (its
    last part). A symlinked document the scan accepted is given by its
    resolved target."""
    with _open_document(path, max_bytes, follow_symlinks) as fh:
        try:
            data = fh.read(max_bytes + 1)
        except OSError as exc:
            raise InputError(str(path), f"unreadable: {exc.strerror or exc}") from exc
    if len(data) > max_bytes:  # grew since it was opened
        raise InputError(str(path), f"too large: more than {max_bytes} bytes")
    return decode_bytes(data, str(path))


def _open_document(path: Path, max_bytes: int, follow_symlinks: bool = True):
    """A regular file opened for reading (binary), checked *after* opening
    (``fstat`` of the open file): never a FIFO, device or folder (opened
    non-blocking, so a FIFO cannot hang), never over ``max_bytes``, never a
    symlink unless ``follow_symlinks``."""
    import errno

    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow_symlinks:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        if not follow_symlinks and isinstance(path, ScannedPath) and path.scan_root is not None and _DIR_FD:
            fd = _open_scanned(path, flags)
        else:
            fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow_symlinks and os.path.islink(path):
            raise InputError(str(path), "a symlink where the folder scan found a file, not followed") from exc
        raise InputError(str(path), f"unreadable: {exc.strerror or exc}") from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # reading a FIFO would block; a folder is no text
            raise InputError(str(path), "not a regular file (a folder, FIFO, socket or device), not read")
        if st.st_size > max_bytes:
            raise InputError(str(path), f"too large: {st.st_size} bytes > limit {max_bytes}")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


class ScannedPath(type(Path())):  # type: ignore[misc]  # PosixPath or WindowsPath
    """A document path as a folder scan found it, with what opening it again
    safely needs: ``scan_root``, the corpus folder as the scan resolved it,
    ``scan_parts``, the path's parts below that folder (for a symlinked
    document, its checked target's), and ``scan_root_id``, the folder's
    ``(st_dev, st_ino)``. It is an ordinary :class:`~pathlib.Path`
    otherwise; paths derived from it (``parent``, ``/``) carry nothing."""

    scan_root: str | None = None
    scan_parts: tuple[str, ...] = ()
    scan_root_id: tuple[int, int] | None = None

    def __reduce__(self):
        # Path pickles its parts only: keep the scan's facts for worker processes.
        return (_scanned_path, (os.fspath(self), self.scan_root, self.scan_parts, self.scan_root_id))


#: opening relative to a folder descriptor is possible (not on Windows)
_DIR_FD = os.open in os.supports_dir_fd and hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY")


def _scanned_path(path: str, root: str | None, parts: tuple[str, ...],
                  root_id: tuple[int, int] | None) -> ScannedPath:
    scanned = ScannedPath(path)
    scanned.scan_root, scanned.scan_parts, scanned.scan_root_id = root, tuple(parts), root_id
    return scanned


def _open_scanned(path: ScannedPath, flags: int) -> int:
    """Open a scanned document without following any symlink at or below the
    corpus folder: the folder is opened (and checked to be the one scanned),
    then each part relative to the folder above it (``dir_fd``), folders with
    ``O_DIRECTORY | O_NOFOLLOW``, the file with ``flags`` (``O_NOFOLLOW``).
    A part swapped for a symlink since the scan fails with ``ELOOP`` before
    anything behind it is opened. (An ``fstat`` comparison after opening
    would catch the swap too, but only after the link's target, which may be
    a device or a FIFO outside the corpus, had been opened.)"""
    import errno

    base = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0)
    folder_flags = base | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path.scan_root, base | getattr(os, "O_DIRECTORY", 0))
    try:
        if path.scan_root_id is not None:
            st = os.fstat(fd)
            if (st.st_dev, st.st_ino) != path.scan_root_id:
                raise InputError(str(path), "the corpus folder was replaced since the folder scan, not read")
        *folders, leaf = path.scan_parts
        for part in folders:
            try:
                below = os.open(part, folder_flags, dir_fd=fd)
            except OSError as exc:
                # Linux gives ENOTDIR for O_DIRECTORY | O_NOFOLLOW on a link, others ELOOP;
                # lstat (which opens nothing) tells a link from a file
                if exc.errno in (errno.ELOOP, errno.ENOTDIR) and _is_link(part, fd):
                    raise InputError(str(path), "a symlink where the folder scan found a folder, "
                                                "not followed") from exc
                raise
            os.close(fd)
            fd = below
        return os.open(leaf, flags, dir_fd=fd)
    finally:
        os.close(fd)


def _is_link(name: str, dir_fd: int) -> bool:
    try:
        return stat.S_ISLNK(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode)
    except OSError:
        return False


def iter_corpus(root: Path) -> Iterator[tuple[str, Path]]:
    """(doc id, path) for every document under ``root``, sorted; ``doc`` is the
    path relative to the root, '/'-separated, extension kept. A single file is
    a corpus of one. What is not read is listed by :func:`scan_corpus`."""
    yield from scan_corpus(root).documents


@dataclass
class CorpusScan:
    """Everything a corpus folder holds (docs/robustness.md):

    * ``documents``: (doc id, path) of the ``.txt``/``.md`` files to read;
    * ``refused``: (name, reason) of documents, or folders that may hold
      some, that are not read: symlinks leading out of the corpus folder,
      broken symlinks, non-regular files, names that are not UTF-8, folders
      that cannot be listed. They count as failed documents;
    * ``skipped``: (name, reason) of entries that are not documents: other
      extensions, hidden files and folders (not descended into), symlinked
      folders inside the corpus (their files are read at their own path).

    Doc ids are relative, '/'-separated, never absolute and never ``..``."""

    documents: list[tuple[str, Path]] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    #: the corpus folder as resolved by the scan, and its (st_dev, st_ino):
    #: documents are opened again from there (:class:`ScannedPath`)
    root: str | None = None
    root_id: tuple[int, int] | None = None


def scan_corpus(root: Path, suffixes: tuple[str, ...] = DOC_SUFFIXES, *, utf8_names: bool = True) -> CorpusScan:
    """Walk a corpus folder (sorted, symlinked folders not followed) and
    account for every entry; raises :class:`InputError` for a missing root.

    ``suffixes``: the documents' extensions; ``utf8_names=False`` accepts
    file names that are not UTF-8 (ingest, where the name is not the doc
    id). The walk keeps its own stack, so any depth of folders is fine."""
    root = Path(root)
    scan = CorpusScan()
    if root.is_file():
        # a file the user names may be a link: read through its target
        # (documents are opened without following links)
        scan.documents.append((root.name, Path(os.path.realpath(root)) if root.is_symlink() else root))
        return scan
    if not root.is_dir():
        reason = "not a regular file or folder" if root.exists() else "no such file or directory"
        raise InputError(str(root), reason)
    real_root = os.path.realpath(root)
    try:
        st = os.stat(real_root)
    except OSError as exc:
        raise InputError(str(root), f"unreadable folder: {exc.strerror or exc}") from exc
    scan.root, scan.root_id = real_root, (st.st_dev, st.st_ino)
    what = " and ".join(suffixes) if len(suffixes) < 3 else ", ".join(suffixes)
    # Depth first in sorted order, as sorted(Path.rglob()) was: a stack of
    # the entries still to visit in each open folder, nearest last.
    stack: list[tuple[Path, tuple[str, ...], Iterator[os.DirEntry]]] = []
    _push_folder(stack, root, (), scan)
    while stack:
        folder, parts, entries = stack[-1]
        entry = next(entries, None)
        if entry is None:
            stack.pop()
            continue
        rel = parts + (entry.name,)
        name = _display(rel)
        path = folder / entry.name
        is_doc = os.path.splitext(entry.name)[1].lower() in suffixes
        try:
            if entry.name.startswith("."):
                kind = "folder" if entry.is_dir() else "file"
                scan.skipped.append((name + "/" * (kind == "folder"), f"hidden {kind}, not read"))
            elif entry.is_symlink():
                _scan_symlink(path, name, is_doc, real_root, scan, rel, what, utf8_names)
            elif entry.is_dir(follow_symlinks=False):
                _push_folder(stack, path, rel, scan)
            elif not is_doc:
                scan.skipped.append((name, _not_a_document(entry.name, what)))
            elif not entry.is_file(follow_symlinks=False):
                scan.refused.append((name, "not a regular file (a FIFO, socket or device), not read"))
            else:
                _add_document(path, rel, name, scan, utf8_names)
        except OSError as exc:
            (scan.refused if is_doc else scan.skipped).append((name, f"unreadable: {exc.strerror or exc}"))
    return scan


def _not_a_document(file_name: str, what: str) -> str:
    """Why a file is skipped, with the way in for a saved web page."""
    if os.path.splitext(file_name)[1].lower() in (".html", ".htm"):
        return f"not a document (only {what} files are read; turn a web page into one with `claims ingest`)"
    return f"not a document (only {what} files are read)"


def _push_folder(stack: list, folder: Path, parts: tuple[str, ...], scan: CorpusScan) -> None:
    try:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError as exc:
        scan.refused.append((_display(parts) + "/", f"unreadable folder: {exc.strerror or exc}"))
        return
    stack.append((folder, parts, iter(entries)))


def _scan_symlink(path: Path, name: str, is_doc: bool, real_root: str, scan: CorpusScan,
                  rel: tuple[str, ...], what: str, utf8_names: bool) -> None:
    target = os.path.realpath(path)
    if not os.path.exists(path):
        (scan.refused if is_doc else scan.skipped).append(
            (name, "unreadable: broken symlink (no target, or a loop)"))
    elif os.path.commonpath([real_root, target]) != real_root:
        if is_doc or os.path.isdir(path):
            scan.refused.append((name, "symlink to outside the corpus folder, not followed"))
        else:
            scan.skipped.append((name, "not a document (a symlink to outside the corpus folder)"))
    elif os.path.isdir(path):
        scan.skipped.append((name + "/", "symlink to a folder inside the corpus, not followed "
                                         "(its files are read at their own path)"))
    elif not is_doc:
        scan.skipped.append((name, _not_a_document(os.path.basename(path), what)))
    elif not os.path.isfile(path):
        scan.refused.append((name, "not a regular file (a FIFO, socket or device), not read"))
    else:
        # Read through the target checked here, opened without following
        # links: a link swapped afterwards cannot redirect the read.
        _add_document(Path(target), rel, name, scan, utf8_names, Path(os.path.relpath(target, real_root)).parts)


def _add_document(path: Path, rel: tuple[str, ...], name: str, scan: CorpusScan, utf8_names: bool = True,
                  parts: tuple[str, ...] | None = None) -> None:
    """Add a document (``parts``: its path below the scanned folder, when not
    ``rel``, for a symlinked document whose target is read)."""
    path = _scanned_path(os.fspath(path), scan.root, rel if parts is None else parts, scan.root_id)
    doc = "/".join(rel)
    if utf8_names:
        try:
            doc.encode("utf-8")
        except UnicodeEncodeError:
            scan.refused.append((name, "file name is not valid UTF-8, not read"))
            return
    scan.documents.append((doc, path))


def _display(parts: tuple[str, ...]) -> str:
    """A relative name, printable: undecodable bytes of file names as ``\\xNN``."""
    return printable("/".join(parts)) if parts else "."


_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), 0x7F, *range(0x80, 0xA0))}
_CONTROLS.update({0x2028: "\\u2028", 0x2029: "\\u2029"})


def printable(name: str) -> str:
    r"""A file name (or a message holding one) safe to print and to encode as
    UTF-8: bytes that are not UTF-8 (``surrogateescape``) as ``\xNN``, and
    control characters, terminal escape sequences included, as ``\xNN``.

    >>> printable("a\x1b[31mred\rb" + b"\xff.txt".decode("utf-8", "surrogateescape"))
    'a\\x1b[31mred\\x0db\\xff.txt'
    """
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        try:
            name = name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:  # a lone surrogate that is no escaped byte
            name = name.encode("utf-8", "backslashreplace").decode("utf-8")
    return name.translate(_CONTROLS)


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InputError(str(path), f"unreadable: {exc.strerror or exc}") from exc


# --- ingest sources and the corpus they go into ----------------------------------

def scan_sources(source: str, suffixes: tuple[str, ...]) -> CorpusScan:
    """The files of one ``claims ingest`` SOURCE, accounted for as
    :func:`scan_corpus` does: ``-`` is stdin (a document whose path is
    ``None``), a file is itself (whatever its type: the user named it), a
    folder is its files with one of ``suffixes`` (sorted, hidden ones and
    symlinks leading out of the folder not read, names need not be UTF-8).
    A missing source raises :class:`InputError`."""
    if source == "-":
        return CorpusScan(documents=[("-", None)])  # type: ignore[list-item]
    root = Path(source)
    if root.exists() and not root.is_file() and not root.is_dir():
        raise InputError(source, "not a regular file or folder (a FIFO, socket or device), not read")
    if not root.exists():
        raise InputError(source, "no such file or directory")
    return scan_corpus(root, suffixes, utf8_names=False)


def iter_sources(source: str, suffixes: tuple[str, ...]) -> Iterator[Path | None]:
    """The paths :func:`scan_sources` would read (``None``: stdin)."""
    for _, path in scan_sources(source, suffixes).documents:
        yield path


def read_source(path: Path | None, max_bytes: int = DEFAULT_MAX_BYTES, *, follow_symlinks: bool = True) -> bytes:
    """Bytes of an ingest source (``None``: stdin), refusing oversized ones."""
    name = "<stdin>" if path is None else str(path)
    try:
        if path is None:
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with _open_document(path, max_bytes, follow_symlinks) as fh:
                data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise InputError(name, f"unreadable: {exc.strerror or exc}") from exc
    if len(data) > max_bytes:
        raise InputError(name, f"too large: more than {max_bytes} bytes")
    return data


def read_corpus_texts(corpus: Path) -> dict[str, str]:
    """``{doc: text}`` of the documents already in a corpus folder (none when
    it does not exist yet); unreadable ones are left out."""
    if not corpus.is_dir():
        return {}
    texts = {}
    for doc, path in iter_corpus(corpus):
        try:
            texts[doc] = read_document(path, follow_symlinks=False)
        except InputError:
            continue
    return texts


def corpus_names(corpus: Path) -> set[str]:
    """Names of the entries directly in the corpus folder (taken names)."""
    return {p.name for p in corpus.iterdir()} if corpus.is_dir() else set()


def corpus_target(corpus: Path, name: str) -> Path:
    """Where a new document called ``name`` goes: a plain name directly in the
    corpus folder, not existing yet. Refuses anything that would resolve
    outside the folder (separators, ``..``, absolute paths, symlinks)."""
    root = corpus.resolve()
    if not name or name != Path(name).name or name in (".", "..") or name.startswith(".") \
            or "/" in name or "\\" in name or "\x00" in name:
        raise InputError(name, "unsafe document name")
    target = (root / name).resolve()
    if target.parent != root:
        raise InputError(name, f"document path escapes the corpus folder {corpus}")
    if (root / name).exists() or (root / name).is_symlink():
        raise InputError(str(root / name), "already exists")
    return target


# --- atomic writes -----------------------------------------------------------

@contextmanager
def atomic_file(path: Path, mode: str = "wb", commit: Callable[[], bool] | None = None, *,
                create_folder: bool = True):
    """A file written to a hidden temporary name in the target's folder
    (``.NAME.XXXX.tmp``), flushed, fsynced and renamed over the target on
    success: a reader sees the old file or the new one, never a torn one.
    On an exception, or when ``commit()`` (asked once all is written) says
    False, the temporary file is removed and the old target kept. Written
    files get the usual mode (``0666 & ~umask``), not ``mkstemp``'s 0600.
    ``create_folder=False``: a missing folder is an error (FileNotFoundError),
    not made."""
    path = Path(path)
    if create_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, mode, **({} if "b" in mode else {"encoding": "utf-8", "newline": ""})) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        if commit is None or commit():
            os.replace(tmp, path)
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass


def atomic_write_bytes(path: Path, data: bytes, *, create_folder: bool = True) -> None:
    """Write ``data`` to ``path`` atomically (:func:`atomic_file`)."""
    with atomic_file(path, create_folder=create_folder) as fh:
        fh.write(data)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def staging_folder(target: Path) -> Path:
    """A new, empty hidden folder beside ``target`` (``.NAME.parts-XXXX``):
    on the same file system, so :func:`replace_with_folder` is a rename,
    and seen by every worker that sees ``target``. Usual mode, not
    ``mkdtemp``'s 0700, so workers running as another user of a shared
    folder can write into it."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f".{target.name}.parts-", dir=target.parent))
    os.chmod(folder, 0o777 & ~_umask())
    return folder


def replace_with_folder(folder: Path, target: Path) -> None:
    """Put ``folder`` at ``target`` (a file or folder there is replaced)
    by renames: the old table is moved aside first, so a crash leaves
    either the old table or the new one in place (and at worst a hidden
    ``.NAME.old-XXXX`` beside it), never a mix. Hidden files in ``folder``
    (temporary files of writers killed mid-write) are removed first."""
    import shutil

    folder, target = Path(folder), Path(target)
    for entry in os.scandir(folder):
        if entry.name.startswith(".") and entry.is_file(follow_symlinks=False):
            os.unlink(entry.path)
    old = None
    if os.path.lexists(target):
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent)) / "table"
        os.rename(target, old)
    try:
        os.rename(folder, target)
    except OSError:
        if old is not None:  # the old table goes back
            os.rename(old, target)
            old.parent.rmdir()
        raise
    if old is not None:
        if old.is_dir() and not old.is_symlink():
            shutil.rmtree(old.parent, ignore_errors=True)
        else:
            old.unlink()
            old.parent.rmdir()


def write_part(df: pd.DataFrame, folder: Path, name: str, schema: Any) -> None:
    """One part file of a Parquet dataset, written atomically into
    ``folder`` (a :func:`staging_folder`) with the given Arrow schema. The
    folder is never made: once a stopped run has removed it, a task still
    running on some worker fails instead of leaving a new one behind."""
    atomic_write_bytes(Path(folder) / name, frame_to_bytes(df, "parquet", schema=schema), create_folder=False)


def remove_folder(folder: Path) -> None:
    """Remove a staging folder and everything in it (errors ignored: it is hidden and only wastes space)."""
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


# --- tables ------------------------------------------------------------------

def table_format(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in TABLE_SUFFIXES:
        raise TableError(str(path), f"unknown table format {suffix!r}; expected one of {', '.join(TABLE_SUFFIXES)}")
    return suffix[1:]


#: A cell starting with one of these is a formula to a spreadsheet program.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def excel_safe(value):
    """``--excel-safe``: a text cell a spreadsheet would run as a formula gets
    a leading apostrophe (OWASP's advice); numbers (``-5``) and anything else
    are unchanged.

    >>> excel_safe("=HYPERLINK(\\"x\\")"), excel_safe("-5"), excel_safe("-1+2"), excel_safe("H100"), excel_safe(2.5)
    ('\\'=HYPERLINK("x")', '-5', "'-1+2", 'H100', 2.5)
    """
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    try:
        float(value)
    except ValueError:
        return "'" + value
    return value if value.strip() == value else "'" + value


def frame_to_bytes(df: pd.DataFrame, fmt: str, *, safe_for_excel: bool = False, schema: Any = None) -> bytes:
    """``df`` as the bytes of a CSV, JSON Lines or Parquet file. ``schema``
    (a ``pyarrow.Schema``, Parquet only) fixes the column types, so that an
    empty table has the same schema as a full one (the part files of one
    dataset must agree)."""
    if fmt == "csv":
        if safe_for_excel:
            df = df.copy()
            for col in df.columns:
                if df[col].dtype == object or str(df[col].dtype).startswith(("str", "string")):
                    df[col] = df[col].map(excel_safe)
        return _frame_csv(df).encode("utf-8")
    if fmt == "jsonl":
        lines = [json.dumps(_jsonable(r), ensure_ascii=False) for r in df.to_dict(orient="records")]
        return ("\n".join(lines) + ("\n" if lines else "")).encode("utf-8")
    if fmt == "parquet":
        buf = _io.BytesIO()
        df.to_parquet(buf, index=False, **({} if schema is None else {"schema": schema}))
        return buf.getvalue()
    raise TableError(fmt, "unknown table format")


def _has_cr(cells) -> bool:
    return any(isinstance(c, str) and "\r" in c for c in cells)


class CsvWriter:
    """``csv.writer`` with ``\n`` line ends that also quotes a bare ``\r``.

    The csv module quotes a field only when it holds the delimiter, the quote
    or a character of the line terminator; with ``\n`` as terminator a field
    holding ``\r`` would be written bare and a reader would end the record
    there. A row with a ``\r`` in any cell is therefore written with every
    cell quoted (it reads back the same); every other row as usual.

    >>> import io
    >>> buf = io.StringIO(); w = CsvWriter(buf); w.writerow(["a", 1]); w.writerow(["b\\rc", 2])
    >>> buf.getvalue()
    'a,1\\n"b\\rc","2"\\n'
    """

    def __init__(self, fh, *, safe_for_excel: bool = False) -> None:
        self._minimal = csv.writer(fh, lineterminator="\n")
        self._quoted = csv.writer(fh, lineterminator="\n", quoting=csv.QUOTE_ALL)
        self._safe = safe_for_excel

    def writerow(self, row) -> None:
        if self._safe:
            row = [excel_safe(c) for c in row]
        (self._quoted if _has_cr(row) else self._minimal).writerow(row)

    def writerows(self, rows) -> None:
        for row in rows:
            self.writerow(row)


def _frame_csv(df: pd.DataFrame) -> str:
    """pandas' CSV of a frame, the rows holding a ``\r`` quoted whole (as
    :class:`CsvWriter` writes them)."""
    text_cols = [c for c in df.columns if df[c].dtype == object or str(df[c].dtype).startswith(("str", "string"))]
    if not text_cols or not len(df):
        return df.to_csv(index=False, lineterminator="\n")
    has_cr = df[text_cols].apply(lambda col: col.map(lambda v: isinstance(v, str) and "\r" in v)).any(axis=1)
    if not has_cr.any():
        return df.to_csv(index=False, lineterminator="\n")
    from itertools import groupby

    parts = [df.iloc[:0].to_csv(index=False, lineterminator="\n")]
    flags = list(has_cr)
    start = 0
    for flag, run in groupby(flags):
        n = len(list(run))
        parts.append(df.iloc[start:start + n].to_csv(index=False, header=False, lineterminator="\n",
                                                     quoting=csv.QUOTE_ALL if flag else csv.QUOTE_MINIMAL))
        start += n
    return "".join(parts)


def _jsonable(row: dict) -> dict:
    out = {}
    for k, v in row.items():
        if isinstance(v, float) and v != v:
            v = None
        elif hasattr(v, "item"):
            v = v.item()
        out[k] = v
    return out


def write_table(df: pd.DataFrame, path: str | Path, fmt: str | None = None, *, safe_for_excel: bool = False) -> None:
    """Write a table; ``-`` is stdout (CSV unless ``fmt`` says JSON Lines;
    Parquet cannot go there). ``safe_for_excel``: see :func:`excel_safe` (CSV)."""
    if str(path) == "-":
        if (fmt or "csv") == "parquet":
            raise TableError("-", "a Parquet table cannot be written to stdout (it is binary)")
        sys.stdout.write(frame_to_bytes(df, fmt or "csv", safe_for_excel=safe_for_excel).decode("utf-8"))
        return
    atomic_write_bytes(Path(path), frame_to_bytes(df, fmt or table_format(path), safe_for_excel=safe_for_excel))


def read_table(path: str | Path) -> pd.DataFrame:
    """Read a claims table (CSV, JSON Lines or Parquet) as strings/numbers,
    raising :class:`TableError` with file and line for malformed input. A
    Parquet "file" may be a folder of part files (``claims run --engine
    dask`` writes one): its parts are read in name order, which is the
    corpus order."""
    import pandas as pd

    path = Path(path)
    fmt = table_format(path)
    if not path.exists():
        raise TableError(str(path), "no such file")
    if fmt == "parquet" and path.is_dir() and not any(n.endswith(".parquet") for n in os.listdir(path)):
        raise TableError(str(path), "a folder with no .parquet part file; expected a Parquet file or dataset")
    if not path.is_dir() and path.stat().st_size == 0:
        raise TableError(str(path), "empty file: expected a header row")
    if fmt == "parquet":
        try:
            return pd.read_parquet(path)
        except Exception as exc:  # pyarrow raises several unrelated types
            raise TableError(str(path), f"not a readable Parquet file ({type(exc).__name__}: {exc})") from exc
    text = _decode_table(read_bytes(path), str(path))
    if fmt == "jsonl":
        rows = []
        lines = []
        # Only "\n" ends a record: json.dumps(ensure_ascii=False) leaves U+2028,
        # U+0085... raw inside strings, which str.splitlines() would cut at.
        for lineno, line in enumerate(text.split("\n"), 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise TableError(str(path), f"invalid JSON ({exc.msg} at column {exc.colno}); "
                                            "expected one JSON object per line", lineno) from exc
            if not isinstance(obj, dict):
                raise TableError(str(path), f"expected a JSON object per line, found {type(obj).__name__}", lineno)
            rows.append(obj)
            lines.append(lineno)
        df = pd.DataFrame(rows)
        df["_line"] = lines
        return df
    return read_csv_text(text, str(path))


def _decode_table(data: bytes, name: str) -> str:
    """Tables and gold files are UTF-8 (a BOM is allowed)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise TableError(name, f"not UTF-8 text (byte 0x{data[exc.start]:02x} cannot be decoded); "
                               "expected a UTF-8 file", line) from exc


def read_csv_text(text: str, name: str) -> pd.DataFrame:
    """CSV -> DataFrame of strings, with a ``_line`` column (1-based file line)."""
    import pandas as pd

    # strict: a stray or unterminated quote is an error, not a field that
    # silently swallows the rest of the file.
    reader = csv.reader(_io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader)
    except StopIteration:
        raise TableError(name, "empty file: expected a header row", 1) from None
    except csv.Error as exc:
        raise TableError(name, f"malformed CSV ({exc})", 1) from exc
    dupes = sorted({c for c in header if header.count(c) > 1})
    if dupes:
        raise TableError(name, f"duplicate column(s) {', '.join(map(repr, dupes))} in the header", 1)
    rows = []
    lines = []
    while True:
        begin = reader.line_num + 1  # a quoted field may span lines: report where the record began
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise TableError(name, f"malformed CSV ({exc}; detected at line {reader.line_num})", begin) from exc
        if not any(cell.strip() for cell in record):
            continue
        if len(record) != len(header):
            raise TableError(name, f"expected {len(header)} fields ({', '.join(header)}), "
                                   f"found {len(record)}", reader.line_num)
        rows.append(record)
        lines.append(reader.line_num)
    df = pd.DataFrame(rows, columns=header, dtype=object)
    df["_line"] = lines
    return df


def read_gold(folder: str | Path) -> pd.DataFrame:
    """All gold CSV files of a folder (or one file), with ``_file``/``_line``."""
    import pandas as pd

    folder = Path(folder)
    files = [folder] if folder.is_file() else sorted(folder.glob("*.csv"))
    if not folder.exists():
        raise TableError(str(folder), "no such gold folder")
    if folder.is_file() and folder.suffix.lower() != ".csv":
        raise TableError(str(folder), f"a gold file is CSV (.csv), not {folder.suffix or 'without extension'}")
    if not files:
        raise TableError(str(folder), "no gold files: expected one or more .csv files in this folder")
    frames = []
    for f in files:
        text = _decode_table(read_bytes(f), str(f))
        if not text.strip():
            raise TableError(str(f), "empty file: expected a header row")
        df = read_csv_text(text, str(f))
        df["_file"] = str(f)
        frames.append(df)
    if not frames:
        return pd.DataFrame(columns=["doc", "model", "hardware", "metric", "value", "unit", "baseline",
                                     "evidence", "_line", "_file"])
    return pd.concat(frames, ignore_index=True)


# --- corpus runs at scale: streamed documents and tables, the claims cache -------

def document_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError as exc:
        raise InputError(str(path), f"unreadable: {exc.strerror or exc}") from exc


def iter_text_pieces(path: Path, max_bytes: int = DEFAULT_MAX_BYTES, piece_bytes: int = 1 << 20, *,
                     follow_symlinks: bool = True) -> Iterator[str]:
    """The text of a (large) document in decoded pieces, without holding the
    file in memory: UTF-8 (with or without BOM) is decoded incrementally and
    strictly; any other encoding falls back to :func:`read_document` (one
    piece). The pieces join to exactly what :func:`read_document` returns."""
    import codecs

    try:
        with _open_document(path, max_bytes, follow_symlinks) as fh:
            head = fh.read(4096)
            if (head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in head
                    or not _utf8_prefix(head)):
                yield read_document(path, max_bytes, follow_symlinks=follow_symlinks)
                return
            codec = "utf-8-sig" if head.startswith(b"\xef\xbb\xbf") else "utf-8"
            decoder = codecs.getincrementaldecoder(codec)("strict")
            data = head
            while data:
                yield decoder.decode(data)
                data = fh.read(piece_bytes)
            yield decoder.decode(b"", final=True)
    except UnicodeDecodeError as exc:
        raise InputError(str(path), f"undecodable: not UTF-8 after byte {exc.start} of a piece; "
                                    "re-encode a file this large as UTF-8") from exc
    except OSError as exc:
        raise InputError(str(path), f"unreadable: {exc.strerror or exc}") from exc


def _utf8_prefix(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start >= len(data) - 3 and exc.reason == "unexpected end of data"
    return True


def csv_cells(row: dict, columns: tuple[str, ...]) -> list:
    """A row's CSV cells as pandas' ``to_csv`` writes the claims frame:
    NaN/None empty, floats as numpy prints float64 (the shortest repr, as
    Python's repr), ints as ints."""
    return ["" if (v := row[c]) is None or (isinstance(v, float) and v != v)
            else repr(v) if isinstance(v, float) else v for c in columns]


def write_rows(rows, columns: tuple[str, ...], path: str | Path, fmt: str | None = None, *,
               as_row: Callable[[Any], dict] | None = None, as_cells: Callable[[Any], list] | None = None,
               commit: Callable[[], bool] | None = None, safe_for_excel: bool = False) -> int:
    """Stream a claims table row by row (``rows``: dicts with ``columns``
    typed as in the DataFrame, or items ``as_row`` turns into such dicts) to
    a CSV or JSON Lines file (atomically) or to stdout (``-``, CSV), byte for
    byte what :func:`write_table` writes for the same table. ``as_cells``:
    an item's CSV cells directly, a faster path for one known row type.
    ``commit``: asked once every row is written; False keeps the file that
    was there (the rows are dropped). ``safe_for_excel``: see
    :func:`excel_safe` (CSV). Returns the number of rows."""
    fmt = fmt or ("csv" if str(path) == "-" else table_format(path))
    if fmt not in ("csv", "jsonl"):
        raise TableError(str(path), f"cannot stream {fmt!r} tables")
    n = 0

    def write(fh) -> None:
        nonlocal n
        if fmt == "csv":
            writer = CsvWriter(fh, safe_for_excel=safe_for_excel)
            writer.writerow(columns)
            for item in rows:
                writer.writerow(as_cells(item) if as_cells else csv_cells(as_row(item) if as_row else item, columns))
                n += 1
        else:
            for item in rows:
                fh.write(json.dumps(_jsonable(as_row(item) if as_row else item), ensure_ascii=False) + "\n")
                n += 1

    if str(path) == "-":
        write(sys.stdout)
        sys.stdout.flush()
    else:
        with atomic_file(Path(path), "w", commit) as fh:
            write(fh)
    return n


def read_cache(cache_dir: str | Path, key: str) -> bytes | None:
    """One entry of the claims cache, or None if absent or unreadable."""
    try:
        return (Path(cache_dir) / key[:2] / f"{key}.json").read_bytes()
    except OSError:
        return None


def write_cache(cache_dir: str | Path, key: str, data: bytes) -> None:
    """Store a cache entry atomically; a cache that cannot be written is
    skipped silently (it only saves time)."""
    try:
        atomic_write_bytes(Path(cache_dir) / key[:2] / f"{key}.json", data)
    except OSError:
        pass
