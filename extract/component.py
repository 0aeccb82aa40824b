"""The extractor as a spaCy pipeline component.

    >>> import spacy
    >>> nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
    >>> _ = nlp.add_pipe("claims")
    >>> doc = nlp("与A100相比，IPU-M2000的吞吐量提升2.6倍。")
    >>> [(s.text, s.label_) for s in doc.spans["claims"]]
    [('IPU-M2000的吞吐量提升2.6倍', 'throughput')]
    >>> "IPU-M2000" in [t.text for t in doc]     # names survive as one token
    True
    >>> doc._.claims[0].baseline, doc.spans["claims"][0]._.claim.value
    ('A100', 2.6)

The factory is registered through the ``spacy_factories`` entry point, so a
saved pipeline loads without importing this module first. Its settings
(``nlp.add_pipe("claims", config={...})``): ``span_key`` (default
``"claims"``), ``doc_key``, the ``doc.user_data`` key of the document id
(default ``"doc"``), and ``merge_names`` (default true: hardware and model
names become one token each).

The claims are stored in the ``Doc`` as plain dicts (``doc._.claim_rows``),
so ``doc.to_bytes()``, ``DocBin(store_user_data=True)`` and
``nlp.pipe(..., n_process=2)`` keep them; ``doc._.claims`` and each span's
``._.claim`` give them back as :class:`~extract.claims.Claim` objects.
"""
from __future__ import annotations

from dataclasses import asdict

from spacy.language import Language
from spacy.tokens import Doc, Span

from .assemble import extract_from_normalized
from .claims import Claim
from .normalize import normalize
from .recognize import find_hardware, find_models
from .segment import merge_spans

_ROWS = "claim_rows"


def _quiet_jieba() -> None:
    """spaCy's zh tokenizer loads jieba's dictionary on first use and jieba
    logs "Building prefix dict ..." to stderr; quiet, as ``claims`` keeps it."""
    from .segment import import_jieba

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
        if self.merge_names:
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


@Language.factory("claims", default_config={"span_key": "claims", "doc_key": "doc", "merge_names": True})
def make_claims_component(nlp: Language, name: str, span_key: str, doc_key: str, merge_names: bool) -> ClaimsComponent:
    return ClaimsComponent(span_key, doc_key, merge_names)
