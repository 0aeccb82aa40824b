"""The HTML review report (``claims report``): escaping, highlights at the
claims' offsets, gold marks, charts, and a real headless-browser check."""
from __future__ import annotations

import base64
import hashlib
import html
import re
import shutil
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

import pytest

from extract.cli import main
from extract.core.claims import Claim
from extract.io import files
from extract.io.frames import claims_frame
from extract.tools.report import annotate, build_report
from extract.tools.score import rows_from_records, score

SCRIPT = "<script>window.__pwned=1</script>"
TEXT_A = ("与A100相比，IPU-M2000的ResNet50吞吐量提升2.6倍。" + SCRIPT + "\r\n"
          "H100显存80GB，带宽3.35TB/s，功耗700W。\n"
          "\"引号\" & 'apos' <b>不是标签</b>")
TEXT_B = "\n昇腾910的算力达到256 TFLOPS。"


def claim(doc: str, text: str, evidence: str, metric: str, value: float, unit: str, *, model: str = "",
          hardware: str = "", baseline: str = "", occurrence: int = 0) -> Claim:
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(evidence, start + 1)
    return Claim(doc, model, hardware, metric, value, unit, baseline, evidence, start, start + len(evidence))


def gold_row(c: Claim, **changes) -> dict:
    row = {f: getattr(c, f) for f in ("doc", "model", "hardware", "metric", "value", "unit", "baseline", "evidence")}
    row.update(changes)
    return row


@pytest.fixture()
def fixture():
    texts = {"a.txt": TEXT_A, "b.txt": TEXT_B}
    tp = claim("a.txt", TEXT_A, "IPU-M2000的ResNet50吞吐量提升2.6倍", "throughput", 2.6, "x",
               model="ResNet50", hardware="IPU-M2000", baseline="A100")
    # same span as `tp`'s first half: overlapping highlights must nest / split
    overlap = claim("a.txt", TEXT_A, "与A100相比，IPU-M2000", "speed", 2.6, "x", hardware="IPU-M2000")
    wrong_hw = claim("a.txt", TEXT_A, "H100显存80GB", "memory", 80, "GB", hardware="GPU")
    spurious = claim("a.txt", TEXT_A, "功耗700W", "power", 700, "W", hardware="H100")
    b = claim("b.txt", TEXT_B, "昇腾910的算力达到256 TFLOPS", "compute", 256, "TFLOPS", hardware="昇腾910")
    claims = [tp, overlap, wrong_hw, spurious, b]
    gold = [gold_row(tp), gold_row(overlap),
            gold_row(wrong_hw, hardware="H100"),                      # value-matched, hardware differs
            {**gold_row(tp), "metric": "bandwidth", "value": 3.35, "unit": "TB/s", "model": "",
             "hardware": "H100", "baseline": "", "evidence": "带宽3.35TB/s"},   # missed
            gold_row(b)]
    return texts, claims, gold


class DocTexts(HTMLParser):
    """Each ``.doc-text`` block's text, and the [start, end) of every highlight fragment in it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.docs: dict[str, dict] = {}
        self._doc = ""
        self._depth = 0          # > 0 while inside a .doc-text div
        self._spans: list[tuple[dict, int]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "article":
            self._doc = a["data-doc"]
        elif tag == "div" and "doc-text" in (a.get("class") or "").split():
            self._depth = 1
            self.docs[self._doc] = {"text": "", "frags": defaultdict(list), "attrs": defaultdict(list)}
        elif self._depth and tag == "div":
            self._depth += 1
        elif self._depth and tag == "span":
            self._spans.append((a, len(self.docs[self._doc]["text"])))

    def handle_endtag(self, tag):
        if self._depth and tag == "div":
            self._depth -= 1
        elif self._depth and tag == "span":
            a, start = self._spans.pop()
            d = self.docs[self._doc]
            d["frags"][a["data-mark"]].append((start, len(d["text"])))
            d["attrs"][a["data-mark"]].append(a)

    def handle_data(self, data):
        if self._depth:
            self.docs[self._doc]["text"] += data


def parse(out: str) -> dict[str, dict]:
    p = DocTexts()
    p.feed(out)
    p.close()
    return p.docs


# --- unit tests on the HTML --------------------------------------------------------

def test_article_text_is_escaped(fixture):
    texts, claims, gold = fixture
    out = build_report(texts, claims, gold)
    assert "<script" not in out.lower()
    assert "&lt;script&gt;window.__pwned=1&lt;/script&gt;" in out
    assert "&lt;b&gt;不是标签&lt;/b&gt;" in out
    assert "<b>不是标签" not in out
    # and the text survives escaping exactly, CR included
    assert parse(out)["a.txt"]["text"] == TEXT_A


def test_csp_meta_is_strict_and_matches_the_style_block(fixture):
    out = build_report(*fixture)
    csp = html.unescape(re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', out).group(1))
    assert "default-src 'none'" in csp
    assert "script-src" not in csp and "unsafe" not in csp
    style = re.search(r"<style>(.*?)</style>", out, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert f"style-src 'sha256-{digest}'" in csp
    assert out.index("Content-Security-Policy") < out.index("<style>")
    assert "<script" not in out and " style=" not in out and "http://" not in out.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")


def test_highlights_sit_at_the_claims_offsets(fixture):
    texts, claims, _ = fixture
    docs = parse(build_report(texts, claims))
    for doc, text in texts.items():
        assert docs[doc]["text"] == text
    views, _ = annotate(texts, claims)
    anchors = {(m.rec["doc"], m.start, m.rec["evidence"]): m.anchor for v in views for m in v.marks}
    for c in claims:
        d = docs[c.doc]
        frags = d["frags"][anchors[(c.doc, c.start, c.evidence)]]
        assert frags[0][0] == c.start and frags[-1][1] == c.end
        assert "".join(d["text"][s:e] for s, e in frags) == c.evidence == texts[c.doc][c.start:c.end]
        assert all(a["data-start"] == str(c.start) and a["data-end"] == str(c.end)
                   for a in d["attrs"][anchors[(c.doc, c.start, c.evidence)]])
    # the two partially overlapping claims: one of them had to be split
    frag_counts = sorted(len(f) for f in docs["a.txt"]["frags"].values())
    assert frag_counts[-1] == 2
    # b.txt starts with a newline: it is kept, so offsets are not shifted
    assert docs["b.txt"]["text"].startswith("\n")


def test_hover_title_and_side_table_show_the_fields(fixture):
    texts, claims, _ = fixture
    out = build_report(texts, claims)
    titles = [html.unescape(t) for t in re.findall(r'<span [^>]*title="([^"]*)"', out)]
    assert any("throughput = 2.6 x" in t and "model: ResNet50" in t and "hardware: IPU-M2000" in t
               and "baseline: A100" in t for t in titles)
    assert "<td>ResNet50</td><td>IPU-M2000</td><td>A100</td>" in out


def test_gold_marks_correct_false_positive_and_missed(fixture):
    texts, claims, gold = fixture
    out = build_report(texts, claims, gold)
    report = score(rows_from_records([c.to_row() for c in claims]), rows_from_records(gold))
    assert (report.tuple.tp, len(report.false_positives), len(report.false_negatives)) == (3, 2, 2)
    docs = parse(out)
    status = {}
    for doc, d in docs.items():
        for mark, attrs in d["attrs"].items():
            status[(doc, mark)] = attrs[0]["class"].split()[2]
    assert sorted(status.values()) == ["fn", "fn", "fp", "fp", "tp", "tp", "tp"]
    # the missed claim is highlighted where its evidence is (gold has no offsets)
    fn = [m for (doc, m), s in status.items() if s == "fn"]
    spans = {docs["a.txt"]["text"][docs["a.txt"]["frags"][m][0][0]:docs["a.txt"]["frags"][m][-1][1]] for m in fn}
    assert spans == {"带宽3.35TB/s", "H100显存80GB"}
    assert TEXT_A.find("带宽3.35TB/s") in {docs["a.txt"]["frags"][m][0][0] for m in fn}
    # index: per-document tuple F1
    assert re.search(r'<tr data-doc="b.txt">.*?class="num doc-f1">1.000', out)
    assert re.search(r'<tr data-doc="a.txt">.*?class="num doc-f1">0.500', out)


def test_value_matched_pair_names_the_differing_field(fixture):
    texts, claims, gold = fixture
    views, _ = annotate(texts, claims, gold)
    marks = {(m.kind, m.rec["evidence"]): m for v in views for m in v.marks}
    fp = marks[("pred", "H100显存80GB")]
    assert fp.status == "fp" and fp.note == "value matches gold, but hardware: gold 'H100', extracted 'GPU'"
    fn = marks[("gold", "H100显存80GB")]
    assert fn.status == "fn" and "hardware" in fn.note
    assert marks[("pred", "功耗700W")].note == ""       # no gold with that value: nothing to name
    out = html.unescape(build_report(texts, claims, gold))
    assert "value matches gold, but hardware: gold 'H100', extracted 'GPU'" in out


def test_unlocatable_evidence_is_listed_not_highlighted(fixture):
    texts, claims, gold = fixture
    stale = Claim("a.txt", "", "H100", "power", 700, "W", "", "功耗700W", 0, 6)      # wrong offsets
    lost = Claim("a.txt", "", "H100", "power", 1, "W", "", "不在文中", 0, 4)
    views, _ = annotate(texts, [stale, lost], [*gold, {**gold[-1], "doc": "a.txt", "evidence": "也不在文中"}])
    marks = {m.rec["evidence"]: m for v in views for m in v.marks}
    assert (marks["功耗700W"].located, marks["功耗700W"].start) == ("found", TEXT_A.index("功耗700W"))
    assert marks["不在文中"].start is None and marks["也不在文中"].start is None
    out = build_report(texts, [stale, lost], gold)
    assert "evidence not found in text: 不在文中" in out
    assert "offsets stale: located by evidence text" in out


def test_svg_charts(fixture):
    texts, claims, gold = fixture
    plain = build_report(texts, claims)
    assert 'id="chart-metric"' in plain and 'id="chart-unit"' in plain
    assert 'id="chart-prf"' not in plain and 'id="chart-fields"' not in plain
    metric_chart = re.search(r'<svg [^>]*id="chart-metric".*?</svg>', plain, re.S).group(0)
    bars = dict(re.findall(r'<g class="bar" data-label="([^"]*)" data-value="([^"]*)"', metric_chart))
    assert bars == {"throughput": "1", "speed": "1", "memory": "1", "power": "1", "compute": "1"}
    scored = build_report(texts, claims, gold)
    prf = re.search(r'<svg [^>]*id="chart-prf".*?</svg>', scored, re.S).group(0)
    assert prf.count('<g class="bar"') == 6 and "tuple F1" in prf and "60.0%" in prf  # 3 of 5 predictions, 3 of 5 gold
    fields = re.search(r'<svg [^>]*id="chart-fields".*?</svg>', scored, re.S).group(0)
    assert re.findall(r'data-label="([^"]*)"', fields) == ["model", "hardware", "metric", "baseline"]


def test_index_links_to_every_document(fixture):
    texts, claims, _ = fixture
    out = build_report({**texts, "c.txt": "没有数字。"}, claims, errors={"d.txt": "binary file"})
    for n, doc in enumerate(["a.txt", "b.txt", "c.txt", "d.txt"], 1):
        assert f'<a href="#doc-{n}">{doc}</a>' in out
        assert f'<article class="doc" id="doc-{n}" data-doc="{doc}">' in out
    assert re.search(r'<tr data-doc="a.txt">.*?class="num claims-count">4<', out)
    assert "binary file" in out


def test_dataframe_and_claim_list_give_the_same_report(fixture):
    texts, claims, gold = fixture
    assert build_report(texts, claims_frame(claims), gold) == build_report(texts, claims, gold)


def test_empty_corpus():
    out = build_report({}, [], [])
    assert "<svg" in out and "0</b> documents" in out


# --- the CLI -----------------------------------------------------------------------

def write_corpus(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text(TEXT_A, encoding="utf-8", newline="")
    (corpus / "b.txt").write_text(TEXT_B, encoding="utf-8")
    return corpus


def test_cli_report_extracts_the_corpus(tmp_path, capsys):
    from extract.core.bind import extract_claims

    corpus = write_corpus(tmp_path)
    out = tmp_path / "out" / "report.html"
    assert main(["report", str(corpus), "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    expected = sum(len(extract_claims(t, d)) for d, t in (("a.txt", TEXT_A), ("b.txt", TEXT_B)))
    assert page.count('<span id="d') == expected
    assert "<script" not in page.lower()
    assert f"{out}: 2 documents, {expected} claims" in capsys.readouterr().out


def test_cli_report_with_claims_table_and_gold(tmp_path, fixture):
    texts, claims, gold = fixture
    corpus = write_corpus(tmp_path)
    files.write_table(claims_frame(claims), tmp_path / "claims.jsonl")
    (tmp_path / "gold").mkdir()
    import pandas as pd
    files.write_table(pd.DataFrame(gold), tmp_path / "gold" / "g.csv")
    out = tmp_path / "r.html"
    assert main(["report", str(corpus), "--claims", str(tmp_path / "claims.jsonl"),
                 "--gold", str(tmp_path / "gold"), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == build_report(
        texts, claims, gold, subtitle=f"corpus folder {corpus} · claims table {tmp_path / 'claims.jsonl'} · gold folder {tmp_path / 'gold'}")


def test_cli_report_bad_gold_exits_2(tmp_path, capsys):
    corpus = write_corpus(tmp_path)
    (tmp_path / "gold").mkdir()
    (tmp_path / "gold" / "g.csv").write_text("doc,model\na.txt,x\n", encoding="utf-8")
    assert main(["report", str(corpus), "--gold", str(tmp_path / "gold"), "-o", str(tmp_path / "r.html")]) == 2
    assert "missing column" in capsys.readouterr().err
    assert not (tmp_path / "r.html").exists()


# --- a real browser ------------------------------------------------------------------

CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--window-size=1280,900")

DOM_PROBE = """
const offset = (container, node) => {
  const r = document.createRange(); r.setStart(container, 0); r.setEndBefore(node); return r.toString().length;
};
const marks = {};
for (const el of document.querySelectorAll('.doc-text [data-mark]')) {
  const id = el.dataset.mark, box = el.getBoundingClientRect();
  const m = marks[id] ??= {doc: el.closest('article').dataset.doc, cls: el.className, text: '',
                           domStart: offset(el.closest('.doc-text'), el), start: +el.dataset.start,
                           end: +el.dataset.end, visible: false, outline: getComputedStyle(el).outlineStyle,
                           border: getComputedStyle(el).borderTopStyle};
  // an outer fragment's textContent includes nested fragments: count each character once
  m.text += [...el.childNodes].filter(n => n.nodeType === 3 || !n.dataset || n.dataset.mark !== id)
                              .map(n => n.textContent).join('');
  m.visible = m.visible || (box.width > 0 && box.height > 0);
}
return {
  pwned: typeof window.__pwned,
  scripts: document.scripts.length,
  styled: getComputedStyle(document.querySelector('.doc-text')).whiteSpace,
  docTexts: Object.fromEntries([...document.querySelectorAll('article')].map(
      a => [a.dataset.doc, a.querySelector('.doc-text').textContent])),
  marks: Object.values(marks),
  charts: [...document.querySelectorAll('svg.chart')].map(s => ({
      id: s.id, bars: s.querySelectorAll('g.bar rect').length,
      width: s.getBoundingClientRect().width})),
  anchors: [...document.querySelectorAll('#index a')].map(a => a.getAttribute('href')),
};
"""


def _browser_paths() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else None)
    if not browser or not driver:
        pytest.skip("headless browser test needs Debian's chromium and chromedriver "
                    "(apt-get install -y chromium chromium-driver)")
    return browser, driver


def test_report_in_headless_chromium(tmp_path, fixture):
    browser, driver_path = _browser_paths()
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium not installed (pip install -e '.[test]')")
    texts, claims, gold = fixture
    # the fixture corpus on disk, gold with exactly one FP and one FN
    corpus = write_corpus(tmp_path)
    kept = [c for c in claims if c.evidence not in ("H100显存80GB", "功耗700W")]
    kept.append(claims[3])                                   # 功耗700W: not in gold -> the one FP
    files.write_table(claims_frame(kept), tmp_path / "claims.csv")
    gold_rows = [gold_row(c) for c in kept if c is not claims[3]] + [gold[3]]   # 带宽3.35TB/s -> the one FN
    (tmp_path / "gold").mkdir()
    import pandas as pd
    files.write_table(pd.DataFrame(gold_rows), tmp_path / "gold" / "gold.csv")
    page = tmp_path / "report.html"
    assert main(["report", str(corpus), "--claims", str(tmp_path / "claims.csv"),
                 "--gold", str(tmp_path / "gold"), "-o", str(page)]) == 0

    opts = webdriver.ChromeOptions()
    opts.binary_location = browser
    for flag in CHROMIUM_FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--user-data-dir={tmp_path / 'chromium-profile'}")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    drv = webdriver.Chrome(options=opts, service=webdriver.ChromeService(executable_path=driver_path))
    try:
        drv.get(page.as_uri())
        dom = drv.execute_script(DOM_PROBE)
        shot = tmp_path / "report.png"
        assert drv.save_screenshot(str(shot))
        log = drv.get_log("browser")
    finally:
        drv.quit()

    assert dom["pwned"] == "undefined" and dom["scripts"] == 0
    assert dom["styled"] == "pre-wrap"           # the style block passed the CSP (its hash matches)
    assert not [e for e in log if "Content Security Policy" in e["message"]]
    assert dom["docTexts"] == {"a.txt": TEXT_A, "b.txt": TEXT_B}
    assert SCRIPT in dom["docTexts"]["a.txt"]    # shown as text

    marks = dom["marks"]
    assert len(marks) == len(kept) + 1
    for m in marks:
        assert m["visible"]
        assert m["text"] == texts[m["doc"]][m["start"]:m["end"]]
        assert m["domStart"] == m["start"]
    by_status = defaultdict(list)
    for m in marks:
        by_status[m["cls"].split()[2]].append(m)
    assert {k: len(v) for k, v in by_status.items()} == {"tp": len(kept) - 1, "fp": 1, "fn": 1}
    assert by_status["fp"][0]["text"] == "功耗700W" and by_status["fp"][0]["outline"] == "solid"
    assert by_status["fn"][0]["text"] == "带宽3.35TB/s" and by_status["fn"][0]["border"] == "dashed"

    charts = {c["id"]: c for c in dom["charts"]}
    assert set(charts) == {"chart-metric", "chart-unit", "chart-prf", "chart-fields"}
    assert charts["chart-prf"]["bars"] == 6 and charts["chart-fields"]["bars"] == 4
    assert all(c["width"] > 0 for c in charts.values())
    assert dom["anchors"] == ["#doc-1", "#doc-2"]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
