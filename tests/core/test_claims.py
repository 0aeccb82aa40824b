"""Claim ids: stable across runs and across edits elsewhere in a document."""
from dataclasses import replace

import pytest

from extract import extract_claims

ARTICLE = """H100评测

H100的FP8算力高达3958 TFLOPS，显存为80GB。

在推理方面，H100的吞吐量是A100的30倍。

H100的功耗为700W。
"""


def ids(text, doc="h100.txt"):
    return {(c.metric, c.value, c.unit): c.claim_id for c in extract_claims(text, doc)}


def test_claim_ids_are_the_same_on_every_run():
    first = ids(ARTICLE)
    assert len(first) == 4 and len(set(first.values())) == 4
    assert ids(ARTICLE) == first
    assert all(len(i) == 16 and int(i, 16) >= 0 for i in first.values())


@pytest.mark.parametrize("edited, touched", [
    (ARTICLE + "\n新增：H100的显存带宽为3.35TB/s。\n", set()),                             # paragraph appended
    ("导语：这是一段新加的开头。\n\n" + ARTICLE, set()),                                 # paragraph prepended
    (ARTICLE.replace("在推理方面，", "在大模型推理方面，"), set()),                        # context edited, clause kept
    (ARTICLE.replace("功耗为700W", "功耗为750W"), {("power", 700.0, "W")}),               # another sentence edited
    (ARTICLE.replace("显存为80GB", "显存为94GB"), {("memory", 80.0, "GB")}),
])
def test_an_edit_elsewhere_keeps_the_ids_of_untouched_claims(edited, touched):
    before, after = ids(ARTICLE), ids(edited)
    for key, claim_id in before.items():
        if key in touched:
            assert key not in after and claim_id not in after.values()
        else:
            assert after[key] == claim_id, key


def test_claim_ids_depend_on_the_document():
    assert set(ids(ARTICLE, "a.txt").values()).isdisjoint(ids(ARTICLE, "b.txt").values())



def test_two_claims_alike_in_one_clause_get_two_ids():
    """"3x better performance per TCO and 3x greater energy efficiency": the same surface twice in one
    clause, both efficiency against the same system, are two claims with two ids."""
    from extract import extract_claims

    text = "Corsair发布\nCorsair offers 3x better performance per TCO and 3x greater energy efficiency than an H100."
    claims = extract_claims(text, "t.txt")
    assert [(c.metric, c.value) for c in claims] == [("efficiency", 3.0), ("efficiency", 3.0)]
    assert claims[0].claim_id != claims[1].claim_id


def test_two_rows_that_read_the_same_keep_ids_of_their_own():
    # a llama-bench table that lists the same model size twice: two claims, same fields and words
    text = "帖子\n| 模型 | 大小 |\n|---|---|\n| llama 8B | 4.58 GiB |\n| llama 8B | 4.58 GiB |\n"
    first, second = extract_claims(text, "t.txt")
    assert (first.metric, first.value, first.evidence) == (second.metric, second.value, second.evidence)
    assert first.claim_id != second.claim_id
    assert first.claim_id == replace(second, repeat=0).claim_id  # the first keeps the id it always had
