"""claims: numeric performance claims from Chinese AI-hardware articles.

The public API is small: :func:`extract_claims` for one text,
:func:`extract_corpus` for a ``{doc: text}`` mapping as a pandas table,
:func:`score` for comparing rows against gold, and the :class:`Claim` type.
"""
from .assemble import extract_claims
from .claims import Claim, ClaimsError, InputError, TableError
from .pipeline import corpus_frame as extract_corpus
from .score import score

__all__ = ["Claim", "ClaimsError", "InputError", "TableError", "extract_claims", "extract_corpus", "score"]
