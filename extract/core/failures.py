"""A bug that costs a document one sentence, not the whole document (issue 18).

The assembler analyses each sentence (and each paragraph's table and heading
work) under a guard: an exception there skips that piece, the document's
other claims are kept, and the failure is *reported*, never dropped:

* inside :func:`collect_failures` it is appended to the list that the
  context manager gives (the CLI and :mod:`extract.run` do this and
  put the failures in the errors table);
* anywhere else (``extract_claims(text)`` called directly) it is a
  :class:`PartialReadWarning`.

>>> f = SentenceFailure("a.txt", 3, 10, 16, "每秒1000个\\nToken", "KeyError: 'x'")
>>> str(f)
"a.txt:3: sentence not analysed (KeyError: 'x'): 每秒1000个 Token"
"""
from __future__ import annotations

import contextvars
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .normalize import Normalized


@dataclass(frozen=True)
class SentenceFailure:
    """A sentence (or paragraph) whose analysis raised: its claims are missing."""

    doc: str
    line: int      # 1-based line of the original text where the sentence starts
    start: int     # offsets into the original text: text == original[start:end]
    end: int
    text: str      # the sentence as the original writes it
    error: str     # "KeyError: '个Token'"

    @property
    def reason(self) -> str:
        return f"sentence not analysed ({self.error})"

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}: {self.reason}: {one_line(self.text)}"


class PartialReadWarning(UserWarning):
    """A document was only partly read: one of its sentences could not be analysed."""


def one_line(text: str) -> str:
    """``text`` with its whitespace runs (line breaks included) as single spaces."""
    return " ".join(text.split())


_COLLECTOR: contextvars.ContextVar[list[SentenceFailure] | None] = contextvars.ContextVar("failures", default=None)


@contextmanager
def collect_failures() -> Iterator[list[SentenceFailure]]:
    """Collect the failures reported inside the ``with`` block (in this
    thread or task) into the list it gives, instead of warning."""
    got: list[SentenceFailure] = []
    token = _COLLECTOR.set(got)
    try:
        yield got
    finally:
        _COLLECTOR.reset(token)


def report(failure: SentenceFailure) -> None:
    """Hand a failure to the innermost :func:`collect_failures`, else warn."""
    got = _COLLECTOR.get()
    if got is None:
        warnings.warn(str(failure), PartialReadWarning, stacklevel=3)
    else:
        got.append(failure)


class Guard:
    """The failures of one document's extraction: each failed span is
    reported once, with its line and original text."""

    def __init__(self, norm: Normalized, doc: str) -> None:
        self.norm = norm
        self.doc = doc
        self._seen: set[tuple[int, int]] = set()

    def failed(self, start: int, end: int, exc: BaseException) -> None:
        """``start``/``end``: the failed piece in the normalised text."""
        ostart, oend = self.norm.to_original(start, end)
        if (ostart, oend) in self._seen:
            return
        self._seen.add((ostart, oend))
        text = self.norm.original[ostart:oend]
        first = ostart + len(text) - len(text.lstrip())  # the line of its first visible character
        line = self.norm.original.count("\n", 0, first) + 1
        report(SentenceFailure(self.doc, line, ostart, oend, text, f"{type(exc).__name__}: {exc}"))
