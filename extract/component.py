"""The extractor as a spaCy pipeline component.

    >>> import spacy
    >>> nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"@tokenizers": "claims.Tokenizer.v1"}}})
    >>> _ = nlp.add_pipe("claims")
    >>> doc = nlp("与A100相比，IPU-M2000的吞吐量提升2.6倍。")
    >>> [(s.text, s.label_) for s in doc.spans["claims"]]
    [('IPU-M2000的吞吐量提升2.6倍', 'throughput')]
    >>> "IPU-M2000" in [t.text for t in doc]     # names survive as one token
    True
    >>> doc._.claims[0].baseline, doc.spans["claims"][0]._.claim.value
    ('A100', 2.6)

The recommended pipeline is the one above: ``claims.Tokenizer.v1``
(:class:`ClaimsTokenizer`) makes tokens fit for claim spans, not words, at
a fraction of a word segmenter's cost, so the pipeline runs within 1.5x of
:func:`extract.extract_claims` (``bench/bench.py``). Any other tokenizer
gives the same claims (``doc._.claims``): jieba
(``{"segmenter": "jieba"}``) when later components need words, at about
twice the plain API's time, since it segments the whole text besides the
extractor's own work.

The factory and the tokenizer are registered through the ``spacy_factories``
and ``spacy_tokenizers`` entry points, so a saved pipeline loads without
importing this module first. Its settings
(``nlp.add_pipe("claims", config={...})``): ``span_key`` (default
``"claims"``), ``doc_key``, the ``doc.user_data`` key of the document id
(default ``"doc"``), and ``merge_names`` (default true: hardware and model
names become one token each).

The claims are stored in the ``Doc`` as plain dicts (``doc._.claim_rows``),
so ``doc.to_bytes()``, ``DocBin(store_user_data=True)`` and
``nlp.pipe(..., n_process=2)`` keep them; ``doc._.claims`` and each span's
``._.claim`` give them back as :class:`~extract.core.claims.Claim` objects.
"""
from __future__ import annotations

from dataclasses import asdict

import regex
from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import registry
from spacy.vocab import Vocab

from .core.bind import extract_from_normalized
from .core.claims import Claim
from .core.normalize import normalize
from .core.recognize import find_hardware, find_models
from .core.segment import merge_spans

_ROWS = "claim_rows"


def _quiet_jieba() -> None:
    """spaCy's zh tokenizer loads jieba's dictionary on first use and jieba
    logs "Building prefix dict ..." to stderr; quiet, as ``claims`` keeps it."""
    from .core.segment import import_jieba

    try:
        jieba = import_jieba()
    except ImportError:  # pragma: no cover - jieba is a dependency
        return
    jieba.setLogLevel(60)


_quiet_jieba()


def _doc_claims(doc: Doc) -> list[Claim]:
    return [Claim(**{k: v for k, v in row.items() if k != "span"}) for row in (doc._.claim_rows or [])]


def _span_claim(span: Span) -> Claim | None:
    """The claim a span of the component's span group stands for (the first
    one when two claims share an evidence span)."""
    for row in span.doc._.claim_rows or []:
        if tuple(row["span"]) == (span.start_char, span.end_char) and row["metric"] == span.label_:
            return Claim(**{k: v for k, v in row.items() if k != "span"})
    return None


for _name, _kwargs in ((_ROWS, {"default": None}), ("claims", {"getter": _doc_claims})):
    if Doc.has_extension(_name):
        Doc.remove_extension(_name)
    Doc.set_extension(_name, **_kwargs)
if Span.has_extension("claim"):
    Span.remove_extension("claim")
Span.set_extension("claim", getter=_span_claim)


class ClaimsComponent:
    """Sets ``doc.spans[span_key]`` (one span per claim, labelled by metric,
    covering its evidence), ``doc._.claim_rows`` (the claims as plain dicts,
    aligned with the spans, each with the span's characters), and through
    them ``doc._.claims`` and ``span._.claim``. The document id comes from
    ``doc.user_data[doc_key]`` when set."""

    def __init__(self, span_key: str = "claims", doc_key: str = "doc", merge_names: bool = True) -> None:
        self.span_key = span_key
        self.doc_key = doc_key
        self.merge_names = merge_names

    def __call__(self, doc: Doc) -> Doc:
        norm = normalize(doc.text)  # once, for the names and the claims (extract_claims would redo it)
        if self.merge_names and not doc.user_data.get(_NAMES_WHOLE):  # ClaimsTokenizer kept them whole
            doc = merge_spans(doc, _name_spans(norm))
        claims = extract_from_normalized(norm, str(doc.user_data.get(self.doc_key, "")))
        spans = []
        rows = []
        for claim in claims:
            span = doc.char_span(claim.start, claim.end, label=claim.metric, alignment_mode="expand")
            if span is not None:
                spans.append(span)
                rows.append({**asdict(claim), "span": [span.start_char, span.end_char]})
        doc.spans[self.span_key] = spans
        doc._.claim_rows = rows
        return doc


def _name_spans(norm) -> list[tuple[int, int]]:
    """Hardware and model names of a normalised text, in original offsets:
    jieba splits IPU-M2000 at its dash, so the component merges each name
    back into one token."""
    found = find_models(norm.text) + find_hardware(norm.text)
    return [norm.to_original(m.start, m.start + len(m.name)) for m in found]


#: doc.user_data key: the tokenizer made every hardware and model name one token
_NAMES_WHOLE = "claims.names_whole"
# Latin letters and digits as one run (a decimal point kept inside: 2.6), a run of Chinese
# characters, a single space (attached to the token before it when there is one), any other
# character alone (punctuation, a newline)
_PIECE = regex.compile(r"[A-Za-z0-9]+(?:\.[0-9]+)*|\p{Han}+| |.", regex.S)


class ClaimsTokenizer:
    """A tokenizer for pipelines that want claims, not words: every hardware
    and model name is one token (as the component's ``merge_names`` would
    make it, without the retokenizing), Latin letters and digits are runs,
    Chinese characters are runs between them and the punctuation, which is
    alone. ``doc.text`` is the text, exactly. A word segmenter (jieba) costs
    more than the extractor itself on a whole text; this costs a name scan.

    >>> import spacy
    >>> nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"@tokenizers": "claims.Tokenizer.v1"}}})
    >>> [t.text for t in nlp.make_doc("与A100相比，IPU-M2000的吞吐量提升2.6倍。")]
    ['与', 'A100', '相比', '，', 'IPU-M2000', '的吞吐量提升', '2.6', '倍', '。']
    """

    def __init__(self, vocab: Vocab) -> None:
        self.vocab = vocab

    def __call__(self, text: str) -> Doc:
        words: list[str] = []
        spaces: list[bool] = []

        def add(segment: str) -> None:
            for m in _PIECE.finditer(segment):
                if m.group() == " " and words and not spaces[-1]:
                    spaces[-1] = True
                else:
                    words.append(m.group())
                    spaces.append(False)

        at = 0
        for start, end in sorted(_name_spans(normalize(text))):
            if start < at or start >= end:
                continue  # overlapping names: the first one is kept, as merge_spans does
            add(text[at:start])
            words.append(text[start:end])
            spaces.append(False)
            at = end
        add(text[at:])
        doc = Doc(self.vocab, words=words, spaces=spaces)
        doc.user_data[_NAMES_WHOLE] = True
        return doc

    # nothing to save: spaCy asks every tokenizer for these when a pipeline is saved or loaded
    def to_bytes(self, **kwargs) -> bytes:
        return b""

    def from_bytes(self, data: bytes, **kwargs) -> ClaimsTokenizer:
        return self

    def to_disk(self, path, **kwargs) -> None:
        pass

    def from_disk(self, path, **kwargs) -> ClaimsTokenizer:
        return self


@registry.tokenizers("claims.Tokenizer.v1")
def make_claims_tokenizer():
    """``{"@tokenizers": "claims.Tokenizer.v1"}`` in a pipeline's config."""
    def create(nlp: Language) -> ClaimsTokenizer:
        return ClaimsTokenizer(nlp.vocab)
    return create


@Language.factory("claims", default_config={"span_key": "claims", "doc_key": "doc", "merge_names": True})
def make_claims_component(nlp: Language, name: str, span_key: str, doc_key: str, merge_names: bool) -> ClaimsComponent:
    return ClaimsComponent(span_key, doc_key, merge_names)
