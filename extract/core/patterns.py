"""The extractor's regular expressions: the faster engine where it reads a
pattern alike, word lists as tries, first-character guards written from data.

Each piece is kept for a gain measured on the 2 MB bench corpus
(``extract_text`` over its 233 documents in one process: 2.20 s of CPU with
all of them):

* :func:`compile` gives a pattern to the standard library's ``re`` when ``re``
  reads it as ``regex`` does, else to ``regex`` (every pattern on ``regex``:
  2.85 s); :data:`rx` is the ``regex`` module's interface with ``compile``
  and its module-level functions (``rx.match(pattern, text)``...) served
  through :func:`compile`, so those run on ``re`` too. What either returns
  is a :data:`Pattern` / :data:`Match` of one engine or the other.
* :func:`alternation` writes a word list as a trie, longest first (the unit
  list of the value pattern matched 2x faster than the sorted alternation
  when it was introduced).
* :func:`guarded` puts a lookahead for a match's possible first characters in
  front of a pattern, given by the caller (:func:`initials` of the word lists a
  pattern is built from, or written by hand next to the pattern). ``re`` scans
  for a pattern's first characters itself only when it can see them; optional
  prefixes (counts, vendors) and IGNORECASE on Latin words hide them, and
  every alternative is then tried at every position (without the guards:
  2.46 s; the metric-word pattern alone is 4x slower). Every guarded pattern
  is recorded (:func:`guarded_patterns`) and ``tests/core/test_patterns.py`` checks
  each against its unguarded form on every corpus line and on generated text.

No private module of Python or of ``regex`` is used, and no code is generated.
"""
from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, Union

import regex

Pattern = Union[re.Pattern, regex.Pattern]  # what :func:`compile` returns
Match = Union[re.Match, regex.Match]        # what its patterns' methods return


# --- the faster engine where it reads a pattern alike ------------------------------

# Flags with the same bit and meaning in re and regex (regex.V1 is re.ASCII's bit).
_SHARED_FLAGS = int(regex.IGNORECASE | regex.MULTILINE | regex.DOTALL | regex.VERBOSE | regex.UNICODE)


def compile(pattern: str, flags: int = 0) -> Pattern:  # noqa: A001 - the regex module's name
    """``pattern`` compiled by the standard library's ``re`` when it can,
    else by ``regex``.

    ``re`` runs the extractor's patterns two to three times faster (the
    hardware alternation 7.5 MB/s against 2.4 MB/s). ``re`` is used only when
    it compiles the pattern without a warning and the flags mean the same in
    both; syntax only ``regex`` knows (variable-width lookbehind, ``\\p{..}``,
    POSIX classes, which ``re`` refuses or warns about) stays with ``regex``.
    Both engines read the remaining syntax alike; ``tests/core/test_patterns.py``
    checks that every pattern of the extractor finds the same matches
    under both over the whole corpus.

    >>> type(compile(r"\\d+GB")).__module__, type(compile(r"(?<!混合|半)精度")).__module__
    ('re', '_regex')
    """
    if isinstance(pattern, str) and not flags & ~_SHARED_FLAGS:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                compiled = re.compile(pattern, flags)
        except (re.error, Warning, RecursionError, OverflowError):
            pass
        else:
            _BY_RE[pattern, flags] = None
            return compiled
    return regex.compile(pattern, flags)


_BY_RE: dict[tuple[str, int], None] = {}  # insertion-ordered set


def compiled_by_re() -> list[tuple[str, int]]:
    """Every (pattern, flags) :func:`compile` gave to ``re`` so far: the
    tests check each against ``regex`` on the corpus."""
    return list(_BY_RE)


# --- first-character guards ---------------------------------------------------------

def guarded(pattern: str, first: str, flags: int = 0) -> Pattern:
    """``pattern`` compiled with a lookahead for ``first`` in front: ``first``
    is the body of a character class (``"A-Z第"``) holding every character a
    match of ``pattern`` can start with, under the same ``flags``. The matches
    (spans, groups, numbering) are those of ``pattern``: a lookahead consumes
    nothing and captures nothing.

    >>> p = guarded(r"(?:\\d+\\s?)?(?:GPU|NPU|昇腾)", r"\\dGN昇")
    >>> p.pattern.startswith("(?=["), [m.group() for m in p.finditer("8 GPU和昇腾")]
    (True, ['8 GPU', '昇腾'])
    """
    _GUARDED[pattern, flags] = first
    return compile(f"(?=[{first}])(?:{pattern})", flags)


_GUARDED: dict[tuple[str, int], str] = {}


def guarded_patterns() -> list[tuple[str, str, int]]:
    """(pattern, first, flags) of every :func:`guarded` pattern built so far:
    the tests check each against the plain pattern."""
    return [(pattern, first, flags) for (pattern, flags), first in _GUARDED.items()]


def initials(words: Iterable[str]) -> str:
    """The class body of the first characters of ``words`` (escaped), for
    :func:`guarded`; a pattern compiled with IGNORECASE reads the class in any
    case, as it reads the words. ``ValueError`` for an empty word or one
    that starts with a space (which :func:`alternation` makes optional).

    >>> initials(["GPU", "昇腾", "GB200"])
    'G昇'
    """
    firsts = set()
    for word in words:
        if not word or word[0].isspace():
            raise ValueError(f"no first character to guard: {word!r}")
        firsts.add(word[0])
    return "".join(_class_member(c) for c in sorted(firsts))


def _class_member(ch: str) -> str:
    # inside a class only these are special; re.escape would also escape "-" safely but
    # make the class unreadable in error messages and test output
    return "\\" + ch if ch in "\\]^-[" else ch



# --- alternations of many words ---------------------------------------------------

def alternation(words: Iterable[str], space: str = r"\s?", tail: Callable[[str], str] = lambda word: "",
                ignorecase: bool = False) -> str:
    """A regex matching any of ``words``, longest first, written as a trie.

    ``"|".join`` of hundreds of words sorted longest first makes the engine
    try each word in turn at every candidate position; the trie shares
    prefixes, so one branch per distinct next character is tried (the value
    pattern's unit list: 2x faster, same matches). A space in a word becomes
    ``space``; ``tail(word)`` is appended where the word ends (a lookahead).
    At each node the longer continuations come before the word that ends
    there, and literal characters before the optional ``space``, which keeps
    the longest-first preference of the sorted alternation. ``ignorecase``:
    for a pattern compiled with IGNORECASE; words that differ only in case
    then share one path (else the first case variant tried could end a
    match before a longer word of another variant: "LLaMA" before "Llama 2").
    One difference remains, by design: where a word matches with an empty
    ``space`` ("b - a" on "b-aa") and another spells the text out ("b-aa"),
    the trie takes the literal path, the longer match; the sorted alternation
    takes the longer word.

    >>> print(alternation(["GPU", "GPUs", "TPU v4", "TPU"], space="_"))
    (?:GPU(?:s|)|TPU(?:_v4|))
    >>> import re
    >>> re.match(alternation(["A1", "A100", "A10"]), "A100X").group()
    'A100'
    """
    root: dict = {}
    for word in set(words):
        node = root
        for ch in word:
            if ignorecase and len(ch.lower()) == 1:
                ch = ch.lower()  # case variants share one path, as they match the same text
            node = node.setdefault(space if ch == " " else re.escape(ch), {})
        node[None] = tail(word)

    def emit(node: dict) -> str:
        keys = sorted((k for k in node if k is not None), key=lambda k: (k == space, k))
        branches = [k + emit(node[k]) for k in keys]
        if None in node:
            branches.append(node[None])
        return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"

    return emit(root) if root else "(?!)"


# --- cached module-level regex functions -----------------------------------------

_compiled = lru_cache(maxsize=4096)(compile)


_BOUND_LIMIT = 4096  # patterns built at run time must not grow the fast table without bound


def _simple(name: str):
    """``regex.<name>(pattern, string, flags=0)`` through the compiled-pattern cache."""
    plain = getattr(regex, name)
    bound: dict[str, Any] = {}  # pattern (no flags) -> the compiled pattern's method: one dict lookup a call

    def call(pattern, string, flags=0, *args, **kwargs):
        if not flags and not args and not kwargs and type(pattern) is str:  # a compiled pattern hashes slowly
            method = bound.get(pattern)
            if method is not None:
                return method(string)
        if args or kwargs or not isinstance(pattern, str):
            return plain(pattern, string, flags, *args, **kwargs)
        method = getattr(_compiled(pattern, flags), name)
        if not flags and len(bound) < _BOUND_LIMIT:
            bound[pattern] = method
        return method(string)

    call.__name__ = name
    return staticmethod(call)


class _CachedRegex:
    """``regex`` with ``match``/``search``/``fullmatch``/``finditer``/
    ``findall``/``sub``/``split`` compiled once per (pattern, flags); any call
    with more arguments, and every other attribute, goes to ``regex``."""

    def __getattr__(self, name: str) -> Any:
        return getattr(regex, name)

    compile = staticmethod(compile)

    match = _simple("match")
    search = _simple("search")
    fullmatch = _simple("fullmatch")
    finditer = _simple("finditer")
    findall = _simple("findall")

    @staticmethod
    def split(pattern, string, maxsplit=0, flags=0, *args, **kwargs):
        if args or kwargs or not isinstance(pattern, str):
            return regex.split(pattern, string, maxsplit, flags, *args, **kwargs)
        return _compiled(pattern, flags).split(string, maxsplit)

    @staticmethod
    def sub(pattern, repl, string, count=0, flags=0, *args, **kwargs):
        if args or kwargs or not isinstance(pattern, str):
            return regex.sub(pattern, repl, string, count, flags, *args, **kwargs)
        return _compiled(pattern, flags).sub(repl, string, count)


rx = _CachedRegex()


def in_order(words: Iterable[str]) -> str:
    r"""An alternation of literal ``words`` in the order given: the first word
    that fits at a position wins, so a lexicon's order says which (the
    lexicons' ``_listed`` sections; :func:`alternation` is the longest-first trie).

    >>> in_order(["约合", "约", "a.b"])
    '约合|约|a\\.b'
    """
    return "|".join(regex.escape(w) for w in words)


# Where a name or unit turns from Han to Latin or back ("酷睿Ultra", "个token"): many blogs put a
# space there, so the lexicons' words are also matched with one (recognize, values).
SCRIPT_TURN = compile(r"(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[\u4e00-\u9fff])")
SPACE_AT_SCRIPT_TURN = compile(r"(?<=[\u4e00-\u9fff])\s(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])\s(?=[\u4e00-\u9fff])")
