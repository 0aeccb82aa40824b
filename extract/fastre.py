"""Output-preserving speed-ups for the extractor's hot paths.

* :func:`compile` gives a pattern to the standard library's ``re`` when ``re``
  reads it as ``regex`` does (two to three times faster), else to ``regex``;
  :data:`rx` is the ``regex`` module with ``compile`` and its module-level
  functions (``rx.match(pattern, text)``...) served from compiled patterns
  kept in plain dicts.
* :func:`alternation` writes a word list as a trie, longest first.
* :func:`replace` is :func:`dataclasses.replace` without the per-call
  introspection, and :func:`quick_init` builds a frozen dataclass with one
  dict update, for plain frozen dataclasses (others are left alone).
* :func:`prefiltered` / :func:`compile_prefiltered`, for large alternations. The ``regex`` engine tries
  every alternative of a pattern at every position of the text; for the
  lexicon patterns (hundreds of names, optional count and vendor prefixes)
  that is much of the extractor's time, and their optional prefixes defeat
  the engine's own first-character scan.

:func:`prefiltered` puts a lookahead for the set of characters a match can
start with in front of the pattern, so positions that cannot start a match
are rejected by one set test. The set is computed from the pattern's own syntax tree and is a
superset of the real first characters, so the matches (spans, groups,
numbering) are exactly those of the original pattern. Whenever the analysis
is not sure (the pattern can match the empty string, starts with ``.`` or a
negated class, uses syntax only the ``regex`` module knows...) the pattern is
returned unchanged.

>>> p = prefiltered(regex.compile(r"(?<![A-Z])(?:\\d+\\s?)?(?:GPU|NPU|昇腾)"))
>>> p.pattern.startswith("(?=[")
True
>>> [m.group() for m in p.finditer("8 GPU和昇腾，XGPU")]
['8 GPU', '昇腾']
>>> prefiltered(regex.compile(r"a?")).pattern    # can match empty: unchanged
'a?'
"""
from __future__ import annotations

import dataclasses
import re
import warnings
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, Union

import regex

Pattern = Union[re.Pattern, regex.Pattern]  # what :func:`compile` returns

try:  # Python >= 3.11
    from re import _constants as _c
    from re import _parser as _p
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

_CATEGORY = {
    _c.CATEGORY_DIGIT: r"\d", _c.CATEGORY_NOT_DIGIT: r"\D",
    _c.CATEGORY_SPACE: r"\s", _c.CATEGORY_NOT_SPACE: r"\S",
    _c.CATEGORY_WORD: r"\w", _c.CATEGORY_NOT_WORD: r"\W",
}
# Quantifiers the ``re`` parser reads like ``regex`` does; anything else in
# braces (fuzzy matching ``{e<=1}``) or POSIX classes: leave the pattern alone.
_UNSAFE = regex.compile(r"\[:|\{(?!\d*,?\d*\})|\(\?[a-zA-Z]*[LV]")


class _Unknown(Exception):
    pass


def _char(code: int) -> str:
    ch = chr(code)
    return ch if ch.isalnum() else f"\\U{code:08x}"


def _first(items, ic: bool) -> tuple[set[str], bool]:
    """(class members a match of the sequence can start with, can it be empty);
    ``ic``: the pattern ignores case."""
    members: set[str] = set()
    for op, av in items:
        got, nullable = _first_item(op, av, ic)
        members |= got
        if not nullable:
            return members, False
    return members, True


def _first_item(op, av, ic: bool) -> tuple[set[str], bool]:
    if op is _c.LITERAL:
        ch = chr(av)
        if ic and not ch.isascii() and ch.lower() != ch.upper():
            raise _Unknown  # only ASCII letters are known to fold alike as literal and set member
        return {_char(av)}, False
    if op is _c.IN:
        if av and av[0][0] is _c.NEGATE:
            raise _Unknown
        out = set()
        for kind, val in av:
            if kind is _c.LITERAL:
                out.add(_char(val))
            elif kind is _c.RANGE:
                out.add(f"{_char(val[0])}-{_char(val[1])}")
            elif kind is _c.CATEGORY and val in _CATEGORY:
                out.add(_CATEGORY[val])
            else:
                raise _Unknown
        return out, False
    if op is _c.BRANCH:
        out, nullable = set(), False
        for branch in av[1]:
            got, n = _first(branch, ic)
            out |= got
            nullable = nullable or n
        return out, nullable
    if op is _c.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        if add_flags or del_flags:
            raise _Unknown
        return _first(sub, ic)
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT) or op is getattr(_c, "POSSESSIVE_REPEAT", None):
        lo, _hi, sub = av
        got, nullable = _first(sub, ic)
        return got, nullable or lo == 0
    if op is getattr(_c, "ATOMIC_GROUP", None):
        return _first(av, ic)
    if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
        return set(), True   # zero-width
    raise _Unknown           # ANY, NOT_LITERAL, back references, ...


def first_class(pattern: str, ignorecase: bool = False) -> str | None:
    """A character class matching every character a match of ``pattern`` can
    start with (under the pattern's own flags), or None when that cannot be
    told safely."""
    if _UNSAFE.search(pattern):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # re's FutureWarnings about syntax it may read differently one day
            state = _p.parse(pattern, 0)
        if state.state.flags & ~_c.SRE_FLAG_UNICODE:
            return None      # global inline flags: wrapping would move them
        members, nullable = _first(list(state), ignorecase)
    except (_Unknown, Exception):
        return None
    if nullable or not members:
        return None
    return "[" + "".join(sorted(members)) + "]"


def prefiltered(pattern: Pattern) -> Pattern:
    """``pattern`` with a first-character lookahead in front (same matches)."""
    std = isinstance(pattern, re.Pattern)
    if pattern.flags & (re.VERBOSE if std else regex.VERBOSE | regex.V1 | regex.REVERSE):
        return pattern
    cls = first_class(pattern.pattern, bool(pattern.flags & regex.IGNORECASE))
    if cls is None:
        return pattern
    wrapped = f"(?={cls})(?:{pattern.pattern})"
    try:
        return re.compile(wrapped, pattern.flags) if std else regex.compile(wrapped, pattern.flags)
    except (re.error, regex.error):
        return pattern


def compile_prefiltered(pattern: str, flags: int = 0) -> Pattern:
    """``prefiltered(compile(pattern, flags))`` compiling only once: large
    patterns take tens of milliseconds to compile, paid at every start-up.
    The wrapped pattern is checked against the plain one by the tests that
    check :func:`prefiltered` (same matches)."""
    cls = None if flags & regex.VERBOSE else first_class(pattern, bool(flags & regex.IGNORECASE))
    if cls is not None:
        try:
            return compile(f"(?={cls})(?:{pattern})", flags)
        except (re.error, regex.error):
            pass
    return compile(pattern, flags)


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
    Both engines read the remaining syntax alike; ``tests/test_fastre.py``
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


# --- frozen dataclasses built quickly ------------------------------------------

def quick_init(cls: type) -> type:
    """Give a frozen dataclass an ``__init__`` that fills the instance dict
    in one call instead of one ``object.__setattr__`` per field (2x faster to
    build; the extractor builds a Mention per name and trigger). Same
    parameters, defaults and result; equality, hashing, ``replace`` and
    immutability are the dataclass's own. Classes with ``__post_init__``,
    default factories, slots or non-init fields are returned unchanged.

    >>> from dataclasses import dataclass
    >>> @quick_init
    ... @dataclass(frozen=True)
    ... class P:
    ...     a: int
    ...     b: int = 0
    >>> P(1), P(1, b=2) == P(1, 2), hash(P(3)) == hash(P(3))
    (P(a=1, b=0), True, True)
    """
    if _plain_fields(cls) is None or not cls.__dataclass_params__.frozen:
        return cls
    fs = dataclasses.fields(cls)
    if any(f.default_factory is not dataclasses.MISSING for f in fs):
        return cls
    defaults = {f"_d_{f.name}": f.default for f in fs if f.default is not dataclasses.MISSING}
    params = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_d_{f.name}" for f in fs)
    body = ", ".join(f"{f.name}={f.name}" for f in fs)
    namespace: dict[str, Any] = {}
    exec(f"def __init__(self, {params}):\n    self.__dict__.update({body})\n", defaults, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


# --- dataclasses.replace ---------------------------------------------------------

@lru_cache(maxsize=None)
def _plain_fields(cls: type) -> frozenset[str] | None:
    """The fields of a dataclass whose instances :func:`replace` may copy
    directly: every field in ``__init__``, no ``__post_init__``, no
    ``InitVar``, no slots. None otherwise."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") or "__slots__" in vars(cls):
        return None
    fs = dataclasses.fields(cls)
    if any(not f.init for f in fs) or len(fs) != len(cls.__dataclass_fields__):
        return None
    return frozenset(f.name for f in fs)


def replace(obj: Any, /, **changes: Any) -> Any:
    """:func:`dataclasses.replace`, fast for plain dataclasses.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     a: int
    ...     b: int = 0
    >>> replace(P(1, 2), b=5)
    P(a=1, b=5)
    """
    names = _plain_fields(type(obj))
    state = getattr(obj, "__dict__", None)
    if names is None or state is None or len(state) != len(names) or not changes.keys() <= names:
        return dataclasses.replace(obj, **changes)
    new = object.__new__(type(obj))
    new.__dict__.update(state)
    new.__dict__.update(changes)
    return new
