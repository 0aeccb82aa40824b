"""Corpus-level extraction: documents in, claims and per-file errors out.

Pure over already-read texts; the CLI feeds it from :mod:`extract.io`.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import pandas as pd

from .assemble import extract_claims
from .claims import Claim, InputError
from .table import claims_frame

EXTRACTOR_VERSION = "0.1.0"


@dataclass(frozen=True)
class DocResult:
    doc: str
    claims: tuple[Claim, ...]
    error: str = ""
    sha256: str = ""     # of the document text, UTF-8


def extract_documents(docs: Iterable[tuple[str, str | InputError]]) -> Iterator[DocResult]:
    """Claims per document; a document that failed to load carries its error."""
    for doc, text in docs:
        if isinstance(text, InputError):
            yield DocResult(doc, (), text.reason)
            continue
        yield DocResult(doc, tuple(extract_claims(text, doc)), sha256=text_sha256(text))


def text_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def corpus_frame(texts: dict[str, str]) -> pd.DataFrame:
    """The claims table of a corpus given as ``{doc: text}``."""
    claims: list[Claim] = []
    for result in extract_documents(texts.items()):
        claims.extend(result.claims)
    return claims_frame(claims)
