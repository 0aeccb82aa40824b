"""Gold-set checks (spec section 6): columns, vocabularies, numbers, evidence
found verbatim in its document, documents that exist, duplicate rows."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pandas as pd

from ..core.claims import METRICS, SPEC_FIELDS
from ..core.segment import body_start
from ..lexicons import units


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


def lint_gold(gold: pd.DataFrame, documents: dict[str, str | None]) -> list[Problem]:
    """Every problem of a gold set. ``gold`` has ``_file``/``_line`` columns
    (from :func:`extract.io.files.read_gold`); ``documents`` maps doc -> text (None
    when it exists but could not be read)."""
    problems: list[Problem] = []
    known_units = units()
    for file, part in gold.groupby("_file", sort=True):
        # Files are read as strings, so a column made of NaN is one this file
        # lacks (it came from another file of the folder when they were joined).
        missing = [c for c in SPEC_FIELDS if c not in part.columns or part[c].isna().all()]
        if missing:
            problems.append(Problem(file, 1, f"missing column(s): {', '.join(missing)}"))
            continue
        seen: dict[tuple, int] = {}
        for row in part.to_dict(orient="records"):
            line = int(row["_line"])
            def bad(msg: str) -> None:
                problems.append(Problem(file, line, msg))
            doc = row["doc"]
            if not doc:
                bad("empty doc")
            elif doc not in documents:
                bad(f"document {doc!r} not found in the corpus")
            if row["metric"] not in METRICS:
                bad(f"unknown metric {row['metric']!r}")
            if row["unit"] not in known_units:
                bad(f"unknown unit {row['unit']!r}")
            try:
                value = float(row["value"])
                if math.isnan(value) or math.isinf(value) or "," in row["value"]:
                    raise ValueError
            except ValueError:
                bad(f"value {row['value']!r} is not a plain number")
            evidence = row["evidence"]
            text = documents.get(doc)
            if not evidence:
                bad("empty evidence")
            elif text is not None:
                at = text.find(evidence, body_start(text))
                if at < 0:
                    bad(f"evidence not found verbatim in {doc}: {evidence!r}")
            key = tuple(row[c] for c in SPEC_FIELDS)
            if key in seen:
                bad(f"duplicate of line {seen[key]}")
            else:
                seen[key] = line
    return problems
