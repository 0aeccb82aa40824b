"""The ``direction`` and ``qualifier`` columns: hand-written cases and
consistency over the bundled corpus."""
import pytest

from extract import extract_claims
from extract.core.values import to_base
from extract.io import files

from .conftest import CORPUS


def _one(text):
    claims = [c for c in extract_claims("测试\n" + text, "t.txt") if c.unit in ("x", "%") or c.baseline]
    assert len(claims) == 1, claims
    return claims[0]


@pytest.mark.parametrize("text,expected", [
    ("新卡的推理性能比上一代提升30%。", "up"),
    ("新卡的推理功耗比上一代降低30%。", "down"),
    ("训练时间缩短了4倍。", "down"),
    ("训练速度快2.5倍。", "up"),
    ("成本减少三成。", "down"),
    ("性能翻倍。", "up"),
    ("显存占用从 80GB 降到 48GB。", "down"),
    ("带宽从2TB/s提升到3.2TB/s。", "up"),
    ("新卡的算力是旧卡的6倍。", ""),
])
def test_direction_hand_written(text, expected):
    assert _one(text).direction == expected


@pytest.mark.parametrize("text,expected", [
    ("新卡的推理性能约为旧卡的3倍。", "approx"),
    ("新卡的延迟低至5ms。", "up_to"),
    ("新卡的功耗最低10W。", "up_to"),
    ("新卡的吞吐量接近2倍。", "approx"),
    ("新卡的吞吐量提升了十多倍。", "at_least"),
])
def test_qualifier_hand_written(text, expected):
    claims = extract_claims("测试\n" + text, "t.txt")
    assert claims[0].qualifier == expected


def _corpus_claims():
    for path in sorted(CORPUS.glob("*.txt")):
        yield from extract_claims(files.read_document(path), path.name)


def test_direction_on_the_corpus():
    claims = list(_corpus_claims())
    relative = [c for c in claims if c.unit in ("x", "%")]
    # every from-to value moves the way its own two numbers say
    moved = 0
    for c in claims:
        parts = c.baseline.split(" ")
        if len(parts) == 2 and c.unit not in ("x", "%"):
            try:
                old = to_base(float(parts[0]), parts[1])[1]
            except (KeyError, ValueError):
                continue
            new = to_base(c.value, c.unit)[1]
            assert c.direction == ("up" if new > old else "down" if new < old else ""), c
            moved += 1
    assert moved >= 5
    # absolute values have none; most relative values say which way they go
    assert all(not c.direction for c in claims if c.unit not in ("x", "%") and " " not in c.baseline)
    assert sum(bool(c.direction) for c in relative) >= 0.5 * len(relative)
    # a clause whose only change words are reductions gives down, increases up
    for c in relative:
        ev = c.evidence
        if any(w in ev for w in ("降低", "减少", "缩短")) and not any(w in ev for w in ("提升", "提高", "增加", "快", "高")):
            assert c.direction == "down", c
        if any(w in ev for w in ("提升", "提高", "增加")) and not any(w in ev for w in ("降低", "减少", "缩短", "低", "少")):
            assert c.direction == "up", c


def test_qualifier_on_the_corpus():
    seen = 0
    for c in _corpus_claims():
        at = c.value_start - c.start
        before = c.evidence[max(0, at - 2):at].rstrip()
        if before.endswith("约") and not before.endswith("大约"):
            assert c.qualifier == "approx", c
            seen += 1
        elif before.endswith("超过"):
            assert c.qualifier == "at_least", c
            seen += 1
    assert seen >= 10
