"""Regression suite over the bundled corpus and gold (and the dev set when
../shared is present): offsets point into the original file, and quality
does not fall below the floors the project commits to."""
from pathlib import Path

import pytest

from extract import extract_claims
from extract.io import files
from extract.io.frames import claims_frame, validate
from extract.tools.score import rows_from_records, score

from .conftest import CORPUS, DEV, GOLD

DOCS = sorted(p.name for p in CORPUS.glob("*.txt"))
#: Documents whose tuple F1 is known to be below the per-document floor; the
#: test fails loudly (strict) as soon as one of them is fixed.
#: (ho18_06: an analyst report whose tables are flattened into one line with 、 between the cells;
#: ho20_05: a slide deck's OCR, a figure on one line and its label on the next; ho20_06: a podcast
#: transcript, figures spoken loosely and corrected; ho22_06: subtitles (.srt) whose sentences run across cues;
#: ho22_08: a two-column PDF whose columns alternate line by line; ho22_11: a video voice-over, a line a
#: paragraph, its system named only in the title; ho19_07, an OCR'd datasheet, left the list: tuple 0.545)
#: (rounds 23-25: ho23_03 two thesis chapters whose tables put a setting column and "A100+vLLM" system-engine
#: pairs in the header; ho23_04 a procurement notice whose NPU figures belong to the chip inside the server
#: it names; ho23_07 a French press release whose new supercomputer (Occitane) no lexicon knows; ho23_08 a
#: dev-board review whose board is named in the title only; ho24_06 an MLPerf results table flattened into
#: one line without ranks)
#: (ho23_05_a2, a forum thread of laptops, left the list when spec 9's editions stayed in names, 筆電版RTX 4060)
#: (round 28: ho28_01 subtitles whose annotator writes the bare product numbers (5090D) the document names in
#: full in an ad line (RTX 5090D), the real gold's convention being the full name, and takes no field across
#: subtitle lines; ho28_16 a launch deck whose bar chart is flattened into axis ticks, names and data labels,
#: and whose tables head columns with counted systems (8×H20))
#: (round 29: ho29_07 a tutorial whose annotator writes bare product numbers (4090, 2×3090) as written and names
#: a machine with its memory (Mac Studio M2 Ultra 192GB) where the document names it in full; ho29_09 an
#: AI-search answer whose GPU-hour figures take the chip of a sentence before and whose MFU ranges are table cells)
#: (round 30: ho30_06 a PDF paper whose figures wrap across lines mid-sentence; ho30_07 a cloud doc whose instance
#: tables are flattened with spaces, one instance a row and bare figures per column; ho30_08 a Bilibili page whose
#: comments name the rig of the pinned comment; ho30_11 a GitHub issue whose annotator keeps the card count in the
#: system (8×H20) and compares software releases (v0.8.5 against v0.8.4); round 31: ho31_c3 a city's compute plan
#: whose annotator keeps its targets (到2026年…达到12 EFLOPS) but drops its thresholds (不低于100 TOPS), and whose
#: project list gives capacities in bare P (2000P) in a table flattened with spaces; round 32: ho32_b4 a PDF
#: datasheet whose spec and comparison tables are column-aligned with spaces and broken by page headers and footers)
KNOWN_WEAK: set[str] = {"ho18_06_analyst_tpu_deep_dive.txt", "ho20_05_ocr_slide_deck_launch.txt",
                        "ho20_06_podcast_transcript_inference.txt", "ho22_06_keynote_subtitles_srt.txt",
                        "ho22_08_two_column_pdf_interleaved.txt", "ho22_11_short_video_script.txt",
                        "ho23_03_thesis_ch4_npu_llm_a2.txt", "ho23_03_thesis_experiments.txt",
                        "ho23_04_gov_procurement_award.txt",
                        "ho23_07_fr_hpc_press_mt.txt", "ho23_08_elecfans_devboard_review.txt",
                        "ho24_06_mlperf_inference_translation.txt", "ho28_01_bilibili_asr_transcript.txt",
                        "ho29_07_blog_tutorial_arithmetic.txt",
                        "ho29_09_ai_search_qa_answer.txt", "ho30_06_pdf_paper_experiments.txt",
                        "ho30_07_cloud_instance_doc.txt", "ho30_08_bilibili_description_comments.txt",
                        "ho30_11_github_issue_vllm_h20.txt", "ho31_c3_policy_doc.txt", "ho32_b4_pdf_datasheet.txt"}
PER_DOC_FLOOR = 0.5


def _gold_rows(folder: Path, doc: str | None = None):
    gold = validate(files.read_gold(folder), str(folder))
    rows = rows_from_records(gold.to_dict(orient="records"))
    return [r for r in rows if doc is None or r.doc == doc]


def _pred_rows(corpus: Path, docs: list[str]):
    claims = []
    for doc in docs:
        claims.extend(extract_claims(files.read_document(corpus / doc), doc))
    return rows_from_records(claims_frame(claims).to_dict(orient="records"))


@pytest.mark.parametrize("doc", DOCS)
def test_evidence_is_the_original_span(doc):
    text = files.read_document(CORPUS / doc)
    claims = extract_claims(text, doc)
    assert claims, "every bundled article states at least one claim"
    for c in claims:
        assert text[c.start:c.end] == c.evidence
        assert c.start <= c.value_start < c.end


@pytest.mark.parametrize("doc", [pytest.param(d, marks=pytest.mark.xfail(strict=True)) if d in KNOWN_WEAK else d
                                 for d in DOCS])
def test_document_regression(doc):
    report = score(_pred_rows(CORPUS, [doc]), _gold_rows(GOLD, doc))
    assert report.value.f1 >= 0.8, report.false_negatives
    assert report.tuple.f1 >= PER_DOC_FLOOR


def test_corpus_quality_floor():
    report = score(_pred_rows(CORPUS, DOCS), _gold_rows(GOLD))
    # (0.941 on the 105 documents before the 48 probe articles of rounds 16-19 joined; 0.898 with them;
    # 0.876 with the 36 of rounds 20-22, whose first contact was 0.640, 0.640 and 0.704; 0.835 / 0.960
    # with the 42 of rounds 23-25, whose first contact was 0.515, 0.702 and 0.668; 0.840 / 0.961 with the 12
    # of round 26, first contact 0.792; 0.835 / 0.961 with the 12 of round 27, first contact 0.666; 0.827 / 0.959
    # with the 18 of round 28, first contact 0.577; 0.823 / 0.960 with the 18 of round 29, first contact 0.654;
    # 0.817 / 0.957 with the 18 of round 30, first contact 0.644; 0.819 / 0.957 with the 18 of round 31, first
    # contact 0.770; 0.818 / 0.956 with the 18 of round 32, first contact 0.708)
    assert report.tuple.f1 >= 0.81
    assert report.value.f1 >= 0.95


@pytest.mark.skipif(not (DEV / "gold").is_dir(), reason="dev set (../shared/dev) not present")
def test_dev_set_quality_floor():
    docs = sorted(p.name for p in (DEV / "corpus").glob("*.txt"))
    report = score(_pred_rows(DEV / "corpus", docs), _gold_rows(DEV / "gold"))
    assert report.tuple.f1 >= 0.85
    assert report.value.f1 >= 0.95


@pytest.mark.skipif(not (DEV / "corpus").is_dir(), reason="dev set (../shared/dev) not present")
def test_dev_evidence_is_the_original_span():
    for path in sorted((DEV / "corpus").glob("*.txt")):
        text = files.read_document(path)
        for c in extract_claims(text, path.name):
            assert text[c.start:c.end] == c.evidence
