"""Issue 13: the public API takes plain types (DataFrames, lists of dicts or
claims, paths) and exports a gold reader."""
from __future__ import annotations

import pandas as pd
import pytest

import extract
from extract import TableError, extract_claims, extract_corpus, read_gold, score

from .conftest import CORPUS

TEXT = "与A100相比，IPU-M2000的吞吐量提升2.6倍。H100的功耗为700W。"
GOLD = [
    {"doc": "a.txt", "model": "", "hardware": "IPU-M2000", "metric": "throughput", "value": 2.6, "unit": "x",
     "baseline": "A100"},
    {"doc": "a.txt", "model": "", "hardware": "H100", "metric": "power", "value": 800, "unit": "W", "baseline": ""},
]


def test_score_takes_claims_dicts_frames_and_paths(tmp_path):
    claims = extract_claims(TEXT, "a.txt")
    frame = extract_corpus({"a.txt": TEXT})
    (tmp_path / "gold").mkdir()
    pd.DataFrame(GOLD).assign(evidence="").to_csv(tmp_path / "gold" / "g.csv", index=False)
    frame.to_csv(tmp_path / "pred.csv", index=False)
    reports = [score(p, g) for p in (claims, frame, frame.to_dict(orient="records"), tmp_path / "pred.csv")
               for g in (GOLD, pd.DataFrame(GOLD), tmp_path / "gold", str(tmp_path / "gold" / "g.csv"))]
    assert {(r.tuple.precision, r.tuple.recall, r.value.f1) for r in reports} == {(0.5, 0.5, 0.5)}


def test_score_names_what_is_wrong():
    with pytest.raises(TableError, match="missing column"):
        score([{"doc": "a.txt"}], GOLD)
    with pytest.raises(TableError, match="unknown metric 'speediness'"):
        score([], [dict(GOLD[0], metric="speediness")])
    assert score([], GOLD).tuple.recall == 0.0


def test_read_gold_is_exported_and_validates(tmp_path):
    gold = read_gold(CORPUS.parent / "gold")
    assert len(gold) > 100 and {"doc", "value", "_file", "_line"} <= set(gold.columns)
    assert gold["value"].dtype == "float64"
    (tmp_path / "g.csv").write_text("doc,model,hardware,metric,value,unit,baseline,evidence\na.txt,,H100,power,x,W,,e\n",
                                    encoding="utf-8")
    with pytest.raises(TableError, match=r"g.csv:2: value 'x' is not a number"):
        read_gold(tmp_path / "g.csv")
    assert "read_gold" in extract.__all__ and "score" in extract.__all__
