"""The pandas boundary: claims <-> DataFrame, and validation of tables read
from disk (claims tables and gold sets)."""
from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..core.claims import ALL_FIELDS, METRICS, SPEC_FIELDS, Claim, TableError
from ..lexicons import units

if TYPE_CHECKING:  # pandas is imported on first use: `claims run` starts faster without it
    import pandas as pd

STRING_FIELDS = ("doc", "model", "hardware", "metric", "unit", "baseline", "evidence")


def claims_frame(claims: Iterable[Claim]) -> pd.DataFrame:
    """Claims as a DataFrame with the spec columns first."""
    import pandas as pd

    rows = [c.to_row() for c in claims]
    df = pd.DataFrame(rows, columns=list(ALL_FIELDS))
    if df.empty:
        return df.astype({"value": "float64", "start": "int64", "end": "int64"})
    return df.astype({"value": "float64", "start": "int64", "end": "int64", "value_max": "float64"})


def validate(df: pd.DataFrame, name: str, require: tuple[str, ...] = SPEC_FIELDS) -> pd.DataFrame:
    """Check columns, vocabularies and numbers of a table read from disk;
    return it with clean dtypes. Errors name the file and line (CSV) or row."""
    import pandas as pd

    missing = [c for c in require if c not in df.columns]
    if missing:
        raise TableError(name, f"missing column(s) {', '.join(missing)}; expected {', '.join(require)}")
    dupes = sorted({str(c) for c in df.columns[df.columns.duplicated()]})
    if dupes:
        raise TableError(name, f"duplicate column(s) {', '.join(dupes)}; expected each column once")
    df = df.copy()
    for col in STRING_FIELDS:
        if col in df.columns:
            df[col] = df[col].map(lambda v: "" if v is None or (isinstance(v, float) and math.isnan(v)) else str(v).strip())
    known_units = units()
    values = []
    for i, (raw, metric, unit) in enumerate(zip(df["value"], df["metric"], df["unit"])):
        where, row = _where(df, i)
        try:
            value = float(str(raw).replace(",", ""))
            if math.isnan(value) or math.isinf(value):
                raise ValueError
        except (TypeError, ValueError):
            raise TableError(name, f"{row}value {raw!r} is not a number; expected a finite number", where) from None
        values.append(value)
        if metric not in METRICS:
            raise TableError(name, f"{row}unknown metric {metric!r}; expected one of {', '.join(sorted(METRICS))}", where)
        if unit not in known_units:
            raise TableError(name, f"{row}unknown unit {unit!r}; expected one of {', '.join(known_units)}", where)
    df["value"] = pd.Series(values, index=df.index, dtype="float64")
    return df


def _where(df: pd.DataFrame, i: int) -> tuple[int | None, str]:
    """(file line, "") for CSV and JSON Lines input (``_line``), else
    (None, "row N: ") with the 1-based data row (Parquet)."""
    if "_line" in df.columns:
        return int(df["_line"].iloc[i]), ""
    return None, f"row {i + 1}: "
