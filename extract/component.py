"""The extractor as a spaCy pipeline component.

    >>> import spacy, extract.component
    >>> nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
    >>> _ = nlp.add_pipe("claims")
    >>> doc = nlp("与A100相比，IPU-M2000的吞吐量提升2.6倍。")
    >>> [(s.text, s.label_) for s in doc.spans["claims"]]
    [('IPU-M2000的吞吐量提升2.6倍', 'throughput')]
    >>> "IPU-M2000" in [t.text for t in doc]     # names survive as one token
    True
    >>> doc._.claims[0].baseline
    'A100'
"""
from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from .assemble import extract_claims
from .normalize import normalize
from .recognize import find_hardware, find_models
from .segment import merge_spans

if not Doc.has_extension("claims"):
    Doc.set_extension("claims", default=None)


class ClaimsComponent:
    """Sets ``doc.spans["claims"]`` (one span per claim, labelled by metric,
    covering its evidence) and ``doc._.claims`` (the :class:`Claim` objects,
    aligned with the spans). The document id comes from
    ``doc.user_data["doc"]`` when set."""

    def __call__(self, doc: Doc) -> Doc:
        doc = merge_spans(doc, _name_spans(doc.text))
        claims = extract_claims(doc.text, str(doc.user_data.get("doc", "")))
        spans = []
        kept = []
        for claim in claims:
            span = doc.char_span(claim.start, claim.end, label=claim.metric, alignment_mode="expand")
            if span is not None:
                spans.append(span)
                kept.append(claim)
        doc.spans["claims"] = spans
        doc._.claims = kept
        return doc


def _name_spans(text: str) -> list[tuple[int, int]]:
    """Hardware and model names, in original offsets: jieba splits IPU-M2000
    at its dash, so the component merges each name back into one token."""
    norm = normalize(text)
    found = find_models(norm.text) + find_hardware(norm.text)
    return [norm.to_original(m.start, m.start + len(m.name)) for m in found]


@Language.factory("claims")
def make_claims_component(nlp: Language, name: str) -> ClaimsComponent:
    return ClaimsComponent()
