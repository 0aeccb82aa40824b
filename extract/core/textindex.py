"""Where a few marker characters (line ends, backticks, table bars) stand in
a text, found once per text, so that per-value questions about "the line
this value is on" cost a binary search instead of a scan of the line.

A document written as one huge line (``'1倍' * 200000``) made every such
question scan back to the start of the document for each of its values:
quadratic. The answers are exactly ``str.rfind`` / ``str.find`` /
``str.count`` on the same text, so no output changes.

>>> t = "a`b\\nc`d`e\\n|f"
>>> line_start(t, 7), line_end(t, 5), count(t, "`", line_start(t, 7), 7), count(t, "|", 0, len(t))
(4, 9, 1, 1)
>>> n = len(t) + 1
>>> all(line_start(t, i) == t.rfind("\\n", 0, i) + 1 and line_end(t, i) == t.find("\\n", i) for i in range(n))
True
>>> all(count(t, c, i, j) == t.count(c, i, j) for c in MARKERS for i in range(n) for j in range(n))
True
"""
from __future__ import annotations

from array import array
from bisect import bisect_left
from functools import lru_cache

#: the characters indexed (any other raises KeyError: the index is not meant to grow)
MARKERS = ("\n", "`", "|")


@lru_cache(maxsize=len(MARKERS))
def _positions(text: str, char: str) -> array:
    """Sorted offsets of ``char`` in ``text``. Cached for the text being
    extracted (a str caches its hash, and the cache compares by identity
    first, so a lookup is O(1)); only the latest few texts are kept alive."""
    if char not in MARKERS:
        raise KeyError(char)
    found = array("q")
    i = text.find(char)
    while i >= 0:
        found.append(i)
        i = text.find(char, i + 1)
    return found


def line_start(text: str, pos: int) -> int:
    """``text.rfind("\\n", 0, pos) + 1``: where the line holding ``pos`` starts."""
    ends = _positions(text, "\n")
    i = bisect_left(ends, pos)
    return ends[i - 1] + 1 if i else 0


def line_end(text: str, pos: int) -> int:
    """``text.find("\\n", pos)``: the first line end at or after ``pos``, -1 if none."""
    ends = _positions(text, "\n")
    i = bisect_left(ends, max(pos, 0))
    return ends[i] if i < len(ends) else -1


def line_stop(text: str, pos: int) -> int:
    """Where the line holding ``pos`` stops: its newline, or the end of a text whose last line has none
    (an end position to search up to, where :func:`line_end`'s -1 would cut the line's last character)."""
    end = line_end(text, pos)
    return len(text) if end < 0 else end


def count(text: str, char: str, start: int, end: int) -> int:
    """``text.count(char, start, end)`` for one of :data:`MARKERS` (``start``
    and ``end`` within the text)."""
    found = _positions(text, char)
    return max(0, bisect_left(found, end) - bisect_left(found, start))
