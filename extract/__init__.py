"""claims: numeric performance claims from Chinese AI-hardware articles.

The public API is small and takes plain types: :func:`extract_claims` for
one text, :func:`extract_corpus` for a ``{doc: text}`` mapping as a pandas
table, :func:`score` for comparing predictions against gold (DataFrames,
lists of dicts or claims, or table paths), :func:`read_gold` for a gold
folder, and the :class:`Claim` type.

>>> from extract import extract_claims, score
>>> claims = extract_claims("与A100相比，IPU-M2000的吞吐量提升2.6倍。", doc="a.txt")
>>> gold = [{"doc": "a.txt", "model": "", "hardware": "IPU-M2000", "metric": "throughput",
...          "value": 2.6, "unit": "x", "baseline": "A100"}]
>>> score(claims, gold).tuple.f1
1.0
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from os import PathLike
from typing import TYPE_CHECKING, Any, Union

from .core.bind import extract_claims
from .core.claims import SPEC_FIELDS, Claim, ClaimsError, InputError, TableError
from .run import corpus_frame as extract_corpus
from .tools.score import Report, Row, rows_from_records
from .tools.score import score as _score_rows

if TYPE_CHECKING:
    import pandas as pd

    Rows = Union["pd.DataFrame", Iterable[Union[Mapping[str, Any], Claim, Row]], str, PathLike]

__all__ = ["Claim", "ClaimsError", "InputError", "Report", "TableError", "extract_claims", "extract_corpus",
           "read_gold", "score"]


def read_gold(path: str | PathLike) -> pd.DataFrame:
    """All gold rows of a gold folder (every ``.csv`` in it) or of one CSV
    file, validated (known metrics and units, finite values), with
    ``_file``/``_line`` columns; raises :class:`TableError` naming file and
    line."""
    from pathlib import Path

    from .io.files import read_gold as _read
    from .io.frames import validate

    return validate(_read(Path(path)), str(path))


def score(pred: Rows, gold: Rows) -> Report:
    """Precision, recall and F1 of predictions against gold (tuple and
    value level, per field), as ``claims score`` reports them. Each side may
    be a DataFrame, a list of dicts (the spec's columns; ``evidence``
    optional), a list of :class:`Claim`, or a path: a claims table for
    ``pred``, a gold folder or CSV for ``gold``. Only documents with gold
    are scored."""
    return _score_rows(_as_rows(pred, "predictions", gold=False), _as_rows(gold, "gold", gold=True))


def _as_rows(data: Rows, name: str, gold: bool) -> list[Row]:
    import pandas as pd

    from .io.frames import validate

    if isinstance(data, (str, PathLike)):
        if gold:
            return rows_from_records(read_gold(data).to_dict(orient="records"))
        from .io.files import read_table

        data, name = read_table(data), str(data)
    if not isinstance(data, pd.DataFrame):
        items = list(data)
        if all(isinstance(i, Row) for i in items):
            return items
        records = [i.to_row() if isinstance(i, Claim) else dict(i) for i in items]
        data = pd.DataFrame(records, columns=None if records else list(SPEC_FIELDS))
    if "evidence" not in data.columns:
        data = data.assign(evidence="")
    df = validate(data, name)
    return rows_from_records(df.to_dict(orient="records")) if len(df) else []
