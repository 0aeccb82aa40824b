"""A self-contained HTML review report: every claim highlighted in its
article, coloured by metric, with gold mistakes marked and summary charts.

Pure: :func:`build_report` takes texts and tables and returns one HTML
string (no scripts, no network, inline SVG charts, a strict
Content-Security-Policy). The CLI (``claims report``) reads and writes files.

Matching against gold is :func:`extract.tools.score.score`'s; this module only
maps its rows back to the claims they came from.
"""
from __future__ import annotations

import base64
import hashlib
import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from ..core.claims import Claim
from .score import FIELDS, PRF, Report, Row, score

#: Metric -> colour (Tableau 10 plus one); unknown metrics use ``OTHER_COLOUR``.
METRIC_COLOURS: dict[str, str] = {
    "throughput": "#4e79a7", "time_to_train": "#f28e2b", "latency": "#e15759", "speed": "#76b7b2",
    "memory": "#59a14f", "compute": "#edc948", "accuracy": "#b07aa1", "power": "#ff9da7",
    "efficiency": "#9c755f", "bandwidth": "#bab0ac", "cost": "#17becf",
}
OTHER_COLOUR = "#8c8c8c"
FONT_STACK = ('"PingFang SC","Noto Sans CJK SC","Microsoft YaHei","Source Han Sans SC",'
              '"WenQuanYi Micro Hei",sans-serif')

# --- input normalisation -------------------------------------------------------


def _s(v: Any) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return ""
    return str(v).strip()


def _raw(v: Any) -> str:
    """Evidence is kept verbatim (not stripped): it must equal ``text[start:end]``."""
    return "" if v is None or (isinstance(v, float) and math.isnan(v)) else str(v)


def _int_or_none(v: Any) -> int | None:
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(f) else int(f)


def _float_or_none(v: Any) -> float | None:
    try:
        f = float(str(v).replace(",", ""))
    except (TypeError, ValueError):
        return None
    return None if math.isnan(f) or math.isinf(f) else f


def _records(table: Any) -> list[dict]:
    """DataFrame, list of :class:`Claim`, :class:`Row` or dicts -> list of dicts."""
    if table is None:
        return []
    if hasattr(table, "to_dict") and hasattr(table, "columns"):
        return table.to_dict(orient="records")
    out = []
    for r in table:
        if isinstance(r, Claim):
            out.append(r.to_row())
        elif isinstance(r, Row):
            out.append({f: getattr(r, f) for f in ("doc", "model", "hardware", "metric", "value", "unit",
                                                     "baseline", "evidence")})
        else:
            out.append(dict(r))
    return out


def _clean(rec: Mapping[str, Any]) -> dict:
    value = _float_or_none(rec.get("value"))
    return {
        "doc": _s(rec.get("doc")), "model": _s(rec.get("model")), "hardware": _s(rec.get("hardware")),
        "metric": _s(rec.get("metric")), "value": 0.0 if value is None else value, "unit": _s(rec.get("unit")),
        "baseline": _s(rec.get("baseline")), "evidence": _raw(rec.get("evidence")), "start": _int_or_none(rec.get("start")), "end": _int_or_none(rec.get("end")),
        "value_max": _float_or_none(rec.get("value_max")),
    }


def _row(rec: dict) -> Row:
    return Row(rec["doc"], rec["model"], rec["hardware"], rec["metric"], rec["value"], rec["unit"],
               rec["baseline"], rec["evidence"])


# --- the annotated model ----------------------------------------------------------


@dataclass
class Mark:
    """One highlight: a predicted claim (``kind='pred'``) or a missed gold claim
    (``kind='gold'``), with its span in the document text (``None`` if its
    evidence could not be located)."""

    kind: str
    n: int                       # 1-based number within its document and kind
    rec: dict
    status: str                  # "claim" (no gold for the doc), "tp", "fp", "fn"
    start: int | None = None
    end: int | None = None
    located: str = "offsets"     # "offsets", "found" (by str.find), "missing"
    note: str = ""               # differing fields of a value-matched pair
    anchor: str = ""

    @property
    def label(self) -> str:
        return f"#{self.n}" if self.kind == "pred" else f"FN{self.n}"


@dataclass
class DocView:
    doc: str
    index: int
    text: str | None
    error: str = ""
    marks: list[Mark] = field(default_factory=list)
    prf: PRF | None = None

    @property
    def preds(self) -> list[Mark]:
        return [m for m in self.marks if m.kind == "pred"]

    def count(self, status: str) -> int:
        return sum(m.status == status for m in self.marks)


def format_value(v: float, vmax: float | None = None) -> str:
    """Numbers as a person writes them.

    >>> format_value(3958.0), format_value(3.92), format_value(1.5, 2.0)
    ('3958', '3.92', '1.5–2')
    """
    def one(x: float) -> str:
        return str(int(x)) if float(x).is_integer() and abs(x) < 1e15 else repr(float(x))
    return one(v) + (f"–{one(vmax)}" if vmax is not None and vmax != v else "")


def _describe(m: Mark) -> str:
    r = m.rec
    status = {"tp": "correct", "fp": "false positive", "fn": "missed (false negative)", "claim": "claim"}[m.status]
    lines = [f"{m.label} {status}: {r['metric']} = {format_value(r['value'], r.get('value_max'))} {r['unit']}",
             f"  model: {r['model'] or '-'} | hardware: {r['hardware'] or '-'} | baseline: {r['baseline'] or '-'}"]
    if m.note:
        lines.append(f"  {m.note}")
    return "\n".join(lines)


def _locate(text: str | None, rec: dict) -> tuple[int | None, int | None, str]:
    if text is None:
        return None, None, "missing"
    s, e, ev = rec.get("start"), rec.get("end"), rec["evidence"]
    if s is not None and e is not None and 0 <= s < e <= len(text) and (not ev or text[s:e] == ev):
        return s, e, "offsets"
    if ev:
        i = text.find(ev)
        if i >= 0:
            return i, i + len(ev), "found"
    return None, None, "missing"


def _diff_note(p: Row, g: Row, ours: str) -> str:
    diffs = [f for f in FIELDS if not p.field_equal(g, f)]
    if ours == "pred":
        parts = [f"{f}: gold {getattr(g, f) or '-'!r}, extracted {getattr(p, f) or '-'!r}" for f in diffs]
        return "value matches gold, but " + "; ".join(parts)
    parts = [f"{f}: extracted {getattr(p, f) or '-'!r}, gold {getattr(g, f) or '-'!r}" for f in diffs]
    return "value was extracted, but " + "; ".join(parts)


def annotate(texts: Mapping[str, str], claims: Any, gold: Any = None,
             errors: Mapping[str, str] | None = None) -> tuple[list[DocView], Report | None]:
    """Documents with their marks, and the score report when gold is given."""
    preds = [_clean(r) for r in _records(claims)]
    golds = [_clean(r) for r in _records(gold)] if gold is not None else None
    names = set(texts) | {p["doc"] for p in preds} | set(errors or {}) | {g["doc"] for g in golds or []}
    views = {d: DocView(d, i, texts.get(d), (errors or {}).get(d, "")) for i, d in enumerate(sorted(names), 1)}

    report: Report | None = None
    status: dict[int, str] = {}
    notes: dict[int, str] = {}
    fn_notes: dict[int, str] = {}
    missed: list[int] = []              # gold indices of false negatives
    if golds is not None:
        pred_rows = [_row(p) for p in preds]
        gold_rows = [_row(g) for g in golds]
        report = score(pred_rows, gold_rows)
        # score() hands back the very Row objects it was given: map them back by identity.
        pred_ix = {id(r): i for i, r in enumerate(pred_rows)}
        gold_ix = {id(r): i for i, r in enumerate(gold_rows)}
        fp_ids = {id(r) for r in report.false_positives}
        fn_ids = {id(r) for r in report.false_negatives}
        gold_docs = set(report.per_doc)
        for i, (p, r) in enumerate(zip(preds, pred_rows)):
            if p["doc"] in gold_docs:
                status[i] = "fp" if id(r) in fp_ids else "tp"
        for p, g in report.mismatches:
            if id(p) in fp_ids:
                notes[pred_ix[id(p)]] = _diff_note(p, g, "pred")
            if id(g) in fn_ids:
                fn_notes[gold_ix[id(g)]] = _diff_note(p, g, "gold")
        missed = [gold_ix[id(r)] for r in report.false_negatives]
        for d, prf in report.per_doc.items():
            views[d].prf = prf

    counters: Counter[str] = Counter()
    for i, p in enumerate(preds):
        v = views[p["doc"]]
        counters[p["doc"]] += 1
        s, e, how = _locate(v.text, p)
        v.marks.append(Mark("pred", counters[p["doc"]], p, status.get(i, "claim"), s, e, how, notes.get(i, "")))
    fn_counters: Counter[str] = Counter()
    for k in missed:
        g = golds[k]
        v = views[g["doc"]]
        fn_counters[g["doc"]] += 1
        # Gold has no offsets: the evidence is found with str.find.
        s, e, how = _locate(v.text, {**g, "start": None, "end": None})
        v.marks.append(Mark("gold", fn_counters[g["doc"]], g, "fn", s, e, how, fn_notes.get(k, "")))
    for v in views.values():
        for m in v.marks:
            m.anchor = f"d{v.index}-{'c' if m.kind == 'pred' else 'g'}{m.n}"
    return [views[d] for d in sorted(views)], report


# --- text with nested highlights ---------------------------------------------------

def _esc_text(s: str) -> str:
    # CR as a character reference: the HTML parser would otherwise fold CRLF to LF
    # and shift every later offset in the DOM.
    return escape(s, quote=False).replace("\r", "&#13;")


def _esc_attr(s: str) -> str:
    return escape(s, quote=True).replace("\r", "&#13;").replace("\n", "&#10;")


def highlight(text: str, marks: list[Mark]) -> str:
    """``text`` escaped, each located mark wrapped in ``<span class="hl">``.

    Overlapping marks nest (outer = earlier start, then longer, then predicted
    before missed gold); a mark that
    crosses another's end is split into several fragments with the same
    ``data-mark``, so joining a mark's fragments gives back its evidence.
    Each fragment's title lists every mark covering it.
    """
    # on equal spans a missed gold mark nests inside the prediction, so both borders show
    spans = sorted((m for m in marks if m.start is not None),
                   key=lambda m: (m.start, -m.end, m.kind != "pred", m.n))
    order = {id(m): k for k, m in enumerate(spans)}
    bounds = sorted({0, len(text)} | {m.start for m in spans} | {m.end for m in spans})
    out: list[str] = []
    stack: list[Mark] = []
    first_done: set[int] = set()
    for a, b in zip(bounds, bounds[1:]):
        want = sorted((m for m in spans if m.start <= a and b <= m.end), key=lambda m: order[id(m)])
        keep = 0
        while keep < len(stack) and keep < len(want) and stack[keep] is want[keep]:
            keep += 1
        for _ in range(len(stack) - keep):
            out.append("</span>")
        stack = stack[:keep]
        for m in want[keep:]:
            stack.append(m)
            out.append(_open(m, stack, b, first_done))
        out.append(_esc_text(text[a:b]))
    out.extend("</span>" for _ in stack)
    return "".join(out)


def _open(m: Mark, stack: list[Mark], seg_end: int, first_done: set[int]) -> str:
    metric = m.rec["metric"]
    cls = ["hl", f"m-{metric}" if metric in METRIC_COLOURS else "m-other", m.status]
    attrs = [f'class="{" ".join(cls)}"', f'data-mark="{m.anchor}"', f'data-start="{m.start}"',
             f'data-end="{m.end}"', f'title="{_esc_attr(chr(10).join(_describe(x) for x in stack))}"']
    if id(m) not in first_done:
        first_done.add(id(m))
        attrs.insert(0, f'id="{m.anchor}"')
    if seg_end == m.end:  # the fragment that closes the mark carries its badge
        attrs.append(f'data-badge="{_esc_attr(m.label)}"')
    return f"<span {' '.join(attrs)}>"


# --- SVG charts ------------------------------------------------------------------

def bar_chart(title: str, items: list[tuple[str, float, str]], *, max_value: float | None = None,
              percent: bool = False, chart_id: str = "") -> str:
    """A horizontal bar chart as inline SVG: ``items`` are (label, value, colour)."""
    label_w, bar_w, row_h, top = 120, 190, 22, 30
    width = label_w + bar_w + 60
    height = top + row_h * max(len(items), 1) + 8
    top_value = max_value if max_value is not None else max((v for _, v, _ in items), default=0) or 1
    parts = [f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{_esc_attr(title)}"'
             + (f' id="{chart_id}"' if chart_id else "") + ">",
             f"<title>{_esc_text(title)}</title>",
             f'<text x="0" y="18" class="chart-title">{_esc_text(title)}</text>']
    if not items:
        parts.append(f'<text x="0" y="{top + 14}" class="chart-label">(none)</text>')
    for k, (label, value, colour) in enumerate(items):
        y = top + k * row_h
        w = 0 if top_value <= 0 else max(0.0, min(1.0, value / top_value)) * bar_w
        shown = f"{value:.1%}" if percent else format_value(value)
        parts.append(
            f'<g class="bar" data-label="{_esc_attr(label)}" data-value="{value:g}">'
            f"<title>{_esc_text(label)}: {_esc_text(shown)}</title>"
            f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end" class="chart-label">{_esc_text(label)}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="{row_h - 6}" fill="{colour}" rx="2"/>'
            f'<text x="{label_w + w + 4:.1f}" y="{y + 15}" class="chart-value">{_esc_text(shown)}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def _mini_bar(value: float) -> str:
    w = max(0.0, min(1.0, value)) * 60
    return (f'<svg class="mini" xmlns="http://www.w3.org/2000/svg" width="62" height="10" viewBox="0 0 62 10" '
            f'aria-hidden="true"><rect x="0" y="1" width="60" height="8" fill="#eaeef2"/>'
            f'<rect x="0" y="1" width="{w:.1f}" height="8" fill="#1a7f37"/></svg>')


# --- page --------------------------------------------------------------------------

def _hex_rgba(colour: str, alpha: float) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def _css() -> str:
    metric_css = "".join(f".m-{m}{{background-color:{_hex_rgba(c, .30)}}}.sw-{m}{{background:{c}}}"
                         for m, c in {**METRIC_COLOURS, "other": OTHER_COLOUR}.items())
    return f"""
*{{box-sizing:border-box}}
body{{margin:0;font-family:{FONT_STACK};color:#1f2328;background:#f6f8fa;line-height:1.6}}
main{{max-width:1440px;margin:0 auto;padding:0 20px 40px}}
header{{padding:16px 0 4px}}
h1{{font-size:24px;margin:0 0 4px}} h2{{font-size:19px;margin:24px 0 8px}} h3{{font-size:15px;margin:12px 0 4px}}
a{{color:#0969da;text-decoration:none}} a:hover{{text-decoration:underline}}
.sub{{color:#59636e;margin:0}}
.card{{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:12px 16px}}
.headline{{display:flex;flex-wrap:wrap;gap:8px 24px;margin:8px 0 12px;font-size:15px}}
.headline b{{font-size:18px}}
.charts{{display:flex;flex-wrap:wrap;gap:16px}}
.chart{{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:4px}}
.chart-title{{font-size:13px;font-weight:600;fill:#1f2328}}
.chart-label,.chart-value{{font-size:12px;fill:#1f2328;font-family:{FONT_STACK}}}
.legend{{display:flex;flex-wrap:wrap;gap:6px 14px;font-size:13px;margin:10px 0}}
.sw{{display:inline-block;width:12px;height:12px;border-radius:2px;vertical-align:-1px;margin-right:4px}}
{metric_css}
table{{border-collapse:collapse;font-size:13px;background:#fff}}
th,td{{border:1px solid #d0d7de;padding:3px 8px;text-align:left;vertical-align:top}}
th{{background:#f6f8fa;position:sticky;top:0}}
td.num{{text-align:right;font-variant-numeric:tabular-nums}}
td.nw{{white-space:nowrap}}
tr.note-row td{{border-top:none}}
.index-wrap{{max-height:60vh;overflow:auto;display:inline-block;border:1px solid #d0d7de}}
.index td a{{word-break:break-all}}
.mini{{vertical-align:middle;margin-left:6px}}
.doc{{margin-top:28px;scroll-margin-top:8px}}
.doc h2 small{{font-weight:normal;color:#59636e;font-size:13px;margin-left:8px}}
.doc-body{{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:16px}}
@media (max-width:960px){{.doc-body{{grid-template-columns:minmax(0,1fr)}}}}
.doc-text{{white-space:pre-wrap;overflow-wrap:anywhere;max-height:75vh;overflow:auto;background:#fff;
  border:1px solid #d0d7de;border-radius:6px;padding:12px 14px;font-size:15px;line-height:1.8;margin:0;
  font-family:{FONT_STACK}}}
.doc-claims{{max-height:75vh;overflow:auto}}
.doc-claims table{{width:100%}}
.hl{{border-radius:2px;scroll-margin-top:40vh}}
.hl[data-badge]::after{{content:attr(data-badge);font-size:10px;color:#59636e;vertical-align:super;margin-left:1px}}
.hl.tp{{box-shadow:inset 0 -2px 0 #1a7f37}}
.hl.fp{{outline:2px solid #cf222e;outline-offset:-1px}}
.hl.fp[data-badge]::after{{color:#cf222e;font-weight:700}}
.hl.fn{{border:2px dashed #8250df;background-image:repeating-linear-gradient(135deg,rgba(130,80,223,.22) 0 4px,transparent 4px 8px)}}
.hl.fn[data-badge]::after{{color:#8250df;font-weight:700}}
.hl:target{{outline:3px solid #0969da}}
.st{{font-size:11px;font-weight:700;padding:0 5px;border-radius:8px;white-space:nowrap;color:#fff}}
.st-tp{{background:#1a7f37}} .st-fp{{background:#cf222e}} .st-fn{{background:#8250df}} .st-claim{{background:#59636e}}
.note{{color:#9a6700;font-size:12px}}
.err{{color:#cf222e}}
.key .tp,.key .fp,.key .fn{{padding:0 4px}}
"""


def _csp(style: str) -> str:
    digest = base64.b64encode(hashlib.sha256(style.encode("utf-8")).digest()).decode("ascii")
    # No script-src at all: default-src 'none' forbids every script, plugin, frame,
    # fetch, image and font load; only this page's own <style> block (by hash) is allowed.
    return (f"default-src 'none'; style-src 'sha256-{digest}'; "
            "base-uri 'none'; form-action 'none'")


def _summary(views: list[DocView], report: Report | None) -> str:
    preds = [m for v in views for m in v.preds]
    parts = ['<section id="summary"><h2>Summary</h2>', '<div class="headline">',
             f"<span><b>{len(views)}</b> documents</span>", f"<span><b>{len(preds)}</b> claims</span>"]
    if report is not None:
        t, val = report.tuple, report.value
        parts += [f"<span><b>{t.n_gold}</b> gold claims</span>",
                  f'<span>tuple F1 <b class="f1-tuple">{t.f1:.3f}</b> (P {t.precision:.3f}, R {t.recall:.3f})</span>',
                  f'<span>value F1 <b class="f1-value">{val.f1:.3f}</b> (P {val.precision:.3f}, R {val.recall:.3f})</span>',
                  f"<span><b>{t.tp}</b> correct · <b>{len(report.false_positives)}</b> false positives · "
                  f"<b>{len(report.false_negatives)}</b> missed</span>"]
    parts.append("</div>")
    by_metric = Counter(m.rec["metric"] for m in preds)
    by_unit = Counter(m.rec["unit"] or "(none)" for m in preds)
    metric_items = [(k, float(n), METRIC_COLOURS.get(k, OTHER_COLOUR)) for k, n in by_metric.most_common()]
    units = by_unit.most_common()
    if len(units) > 16:
        units = units[:15] + [("(other)", sum(n for _, n in units[15:]))]
    unit_items = [(k, float(n), "#57606a") for k, n in units]
    charts = [bar_chart("Claims per metric", metric_items, chart_id="chart-metric"),
              bar_chart("Claims per unit", unit_items, chart_id="chart-unit")]
    if report is not None:
        prf_items = []
        for name, prf, colour in (("tuple", report.tuple, "#0969da"), ("value", report.value, "#8250df")):
            prf_items += [(f"{name} precision", prf.precision, colour), (f"{name} recall", prf.recall, colour),
                          (f"{name} F1", prf.f1, colour)]
        charts.append(bar_chart("Precision / recall / F1", prf_items, max_value=1.0, percent=True, chart_id="chart-prf"))
        charts.append(bar_chart("Field accuracy (value-matched pairs)",
                                [(f, report.field_accuracy[f], "#bf8700") for f in FIELDS],
                                max_value=1.0, percent=True, chart_id="chart-fields"))
    parts.append('<div class="charts">' + "".join(charts) + "</div>")
    parts.append('<div class="legend">' + "".join(
        f'<span><i class="sw sw-{m}"></i>{m}</span>' for m in METRIC_COLOURS) + "</div>")
    if report is not None:
        parts.append('<div class="legend key"><span><span class="hl tp">correct</span> tuple match</span>'
                     '<span><span class="hl fp">false positive</span> not in gold (field differences named)</span>'
                     '<span><span class="hl fn">missed</span> gold claim not extracted</span>'
                     "<span>hover a highlight for its fields</span></div>")
    parts.append("</section>")
    return "".join(parts)


def _index(views: list[DocView], scored: bool) -> str:
    head = "<tr><th>#</th><th>document</th><th>claims</th>"
    if scored:
        head += "<th>gold</th><th>correct</th><th>FP</th><th>FN</th><th>tuple F1</th>"
    rows = [head + "</tr>"]
    for v in views:
        cells = [f'<td class="num">{v.index}</td>',
                 f'<td><a href="#doc-{v.index}">{_esc_text(v.doc)}</a>'
                 + (f' <span class="err">({_esc_text(v.error)})</span>' if v.error else "") + "</td>",
                 f'<td class="num claims-count">{len(v.preds)}</td>']
        if scored:
            if v.prf is None:
                cells += ['<td class="num">–</td>'] * 4 + ['<td class="num">not in gold</td>']
            else:
                cells += [f'<td class="num">{v.prf.n_gold}</td>', f'<td class="num">{v.prf.tp}</td>',
                          f'<td class="num">{v.count("fp")}</td>', f'<td class="num">{v.count("fn")}</td>',
                          f'<td class="num doc-f1">{v.prf.f1:.3f}{_mini_bar(v.prf.f1)}</td>']
        rows.append(f'<tr data-doc="{_esc_attr(v.doc)}">' + "".join(cells) + "</tr>")
    return ('<section id="index"><h2>Documents</h2><div class="index-wrap"><table class="index">'
            + "".join(rows) + "</table></div></section>")


def _claims_table(v: DocView) -> str:
    rows = ["<tr><th></th><th>status</th><th>metric</th><th>value</th><th>model</th><th>hardware</th>"
            "<th>baseline</th></tr>"]
    for m in sorted(v.marks, key=lambda m: (m.start if m.start is not None else 1 << 62, m.kind, m.n)):
        r = m.rec
        label = _esc_text(m.label)
        ref = f'<a href="#{m.anchor}">{label}</a>' if m.start is not None else label
        where = {"found": " <span class=\"note\">(offsets stale: located by evidence text)</span>"
                 if m.kind == "pred" else "",
                 "missing": f' <span class="note">evidence not found in text: {_esc_text(r["evidence"])}</span>'}
        status = {"tp": "correct", "fp": "FP", "fn": "missed", "claim": "claim"}[m.status]
        note = (f'<tr class="note-row row-{m.status}"><td></td><td colspan="6" class="note">{_esc_text(m.note)}</td></tr>'
                if m.note else "")
        rows.append(
            f'<tr class="row-{m.status}"><td>{ref}</td><td><span class="st st-{m.status}">{status}</span></td>'
            f'<td class="nw"><i class="sw sw-{r["metric"] if r["metric"] in METRIC_COLOURS else "other"}"></i>'
            f'{_esc_text(r["metric"])}</td>'
            f'<td class="num nw">{_esc_text(format_value(r["value"], r.get("value_max")))} {_esc_text(r["unit"])}</td>'
            f'<td>{_esc_text(r["model"])}</td><td>{_esc_text(r["hardware"])}</td>'
            f'<td>{_esc_text(r["baseline"])}{where.get(m.located, "")}</td></tr>' + note)
    if len(rows) == 1:  # header only
        return '<p class="sub">No claims.</p>'
    return "<table>" + "".join(rows) + "</table>"


def _document(v: DocView) -> str:
    stats = f"{len(v.preds)} claims"
    if v.prf is not None:
        stats += f" · {v.prf.n_gold} gold · {v.count('fp')} FP · {v.count('fn')} FN · tuple F1 {v.prf.f1:.3f}"
    head = (f'<article class="doc" id="doc-{v.index}" data-doc="{_esc_attr(v.doc)}">'
            f'<h2>{v.index}. {_esc_text(v.doc)}<small>{stats} · <a href="#index">index ↑</a></small></h2>')
    if v.text is None:
        body = f'<p class="err">{_esc_text(v.error or "document text not available")}</p>'
    else:
        # A <div> with pre-wrap, not <pre>: the parser drops a newline right after <pre>,
        # which would shift every DOM offset of a text that starts with one.
        body = f'<div class="doc-text">{highlight(v.text, v.marks)}</div>'
    return head + f'<div class="doc-body"><div>{body}</div><aside class="doc-claims">{_claims_table(v)}</aside></div></article>'


def build_report(texts: Mapping[str, str], claims: Any, gold: Any = None, *,
                 errors: Mapping[str, str] | None = None, title: str = "Claims review report",
                 subtitle: str = "") -> str:
    """The whole report as one HTML string.

    ``texts`` maps doc id -> original text (the text the claims' ``start``/``end``
    index); ``claims`` is a claims DataFrame or a list of :class:`Claim` or dicts;
    ``gold`` (optional) the same for gold rows; ``errors`` doc -> reason for
    documents that could not be read.
    """
    views, report = annotate(texts, claims, gold, errors)
    style = _css()
    return "".join([
        '<!DOCTYPE html>\n<html lang="zh-CN"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_esc_attr(_csp(style))}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="referrer" content="no-referrer">',
        f"<title>{_esc_text(title)}</title><style>{style}</style></head><body><main>",
        f"<header><h1>{_esc_text(title)}</h1>",
        f'<p class="sub">{_esc_text(subtitle)}</p>' if subtitle else "", "</header>",
        _summary(views, report), _index(views, report is not None),
        '<section id="docs">', "".join(_document(v) for v in views), "</section>",
        "</main></body></html>\n",
    ])


__all__ = ["build_report", "annotate", "highlight", "bar_chart", "format_value", "METRIC_COLOURS"]
