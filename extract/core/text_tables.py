"""Tables, also when flattened into one line of text: each cell value
belongs to its row's metric and its column's system (spec section 2), or
to its row's system and its column's metric when the table is transposed.

Flattened tables lose their row breaks: "型号 | A100 | H100 FP16算力 | 312 |
989 显存 | 80 | 80" — the cell that ends one row also starts the next, so
the row width is found by trying each width and keeping one whose boundary
cells split cleanly into a value and a label.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import regex

from .. import lexicons
from .patterns import in_order
from .recognize import NAME_TIER, VENDOR_CODE, class_names, find_hardware, find_metrics, find_models, has_words, vendors
from .values import ValueMention, canonical_unit, find_values, parse_number

_LABEL_UNIT = regex.compile(r"[（(]([^（）()]{1,12})[)）]")
_WORDS = lexicons.load_yaml("tables.yaml")  # the tables' words, as data


def _listed(key: str) -> str:
    """tables.yaml's ``key`` as an alternation, in the order written."""
    return in_order(_WORDS[key])


_OUT_OF_SCOPE_LABEL = regex.compile(rf"{_listed('out_of_scope_labels')}|^(?:{_listed('disk_labels')}|{_listed('supply_labels')})$")
_SEPARATOR_ROW = regex.compile(r"^[\s|:\-—]+$")
_NUMBER = regex.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")


@dataclass(frozen=True)
class Cell:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class TableValue:
    cell: Cell
    value: ValueMention       # offsets are absolute in the normalised text
    hardware: str
    hardware_start: int       # where the system's name is written (for as-written names)
    label: str                # the metric label of the row or column
    baseline: str = ""        # a gain column's comparator: the first column it compares
    peer: ValueMention | None = None  # a gain cell: a figure it compares (its metric is the gain's)
    model: str = ""           # a table whose columns are models: the cell's column


def _cells(text: str, start: int, end: int) -> list[Cell]:
    out = []
    pos = start
    for m in regex.finditer(r"[|｜]", text[start:end]):
        out.append(_strip(text, pos, start + m.start()))
        pos = start + m.end()
    out.append(_strip(text, pos, end))
    return out


def _strip(text: str, a: int, b: int) -> Cell:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return Cell(a, b, text[a:b])


def _split_boundary(text: str, cell: Cell, header: bool) -> tuple[Cell, Cell] | None:
    """'B200 FP16算力（TFLOPS）' -> ('B200', 'FP16算力（TFLOPS）');
    '750W MI325X' -> ('750W', 'MI325X')."""
    spaces = [m.start() for m in regex.finditer(r"\s+", cell.text)]
    if not spaces:
        return None
    for at in spaces if not header else spaces[:1]:
        left, right = cell.text[:at], cell.text[at:].strip()
        if not right:
            continue
        if not header:
            first = right.split()[0]
            if not _NUMBER.search(left) and left not in ("-", "—", "未公布", "N/A", "/"):
                continue
            if canonical_unit(first) is not None:
                continue  # "1307.4 TFLOPS": the unit still belongs to the value
        r_start = cell.start + cell.text.index(right, at)
        return Cell(cell.start, cell.start + at, left), Cell(r_start, cell.end, right)
    return None


_TRAILING_RANK = regex.compile(r"\s+(\d{1,3})$")


def _rank_boundary(cell: Cell) -> tuple[Cell, Cell] | None:
    """'Rmax (PFlop/s) 1' -> ('Rmax (PFlop/s)', '1'): the next row's rank glued to the last cell."""
    m = _TRAILING_RANK.search(cell.text)
    if m is None:
        return None
    return Cell(cell.start, cell.start + m.start(), cell.text[:m.start()]), \
        Cell(cell.start + m.start(1), cell.end, m.group(1))


def grid(text: str, start: int, end: int) -> list[list[Cell]] | None:
    """Rows of cells of a (possibly flattened) table, or None."""
    lines = [(m.start() + start, m.end() + start) for m in regex.finditer(r"[^\n]+", text[start:end])]
    lines = [(a, b) for a, b in lines if not _SEPARATOR_ROW.match(text[a:b])]
    if len(lines) > 1:
        rows = [[c for c in _cells(text, a, b) if c.text or a < c.start < b] for a, b in lines]
        rows = [[c for c in row if c.text] for row in rows]
        while len(rows) > 2 and len(rows[0]) == 1:
            rows = rows[1:]  # a caption line above the header
        width = max(len(r) for r in rows[1:])
        if len(rows[0]) == width - 1:
            # a header without a cell over the row labels: its names are the value columns
            rows[0] = [Cell(rows[0][0].start, rows[0][0].start, ""), *rows[0]]
        if width < 2 or len(rows[0]) != width:
            return None
        body = [r for r in rows[1:] if len(r) == width]  # a row with merged cells says too little
        return [rows[0], *body] if len(body) * 2 >= len(rows) - 1 else None
    a, b = lines[0] if lines else (start, end)
    if regex.search(r"[|｜]{2}", text[a:b]):
        rows = []
        pos = a
        for m in regex.finditer(r"[|｜]{2}", text[a:b]):
            rows.append([c for c in _cells(text, pos, a + m.start()) if c.text])
            pos = a + m.end()
        rows.append([c for c in _cells(text, pos, b) if c.text])
        width = len(rows[0])
        return rows if width >= 2 and all(len(r) == width for r in rows) else None
    cells = _cells(text, a, b)
    if cells and not cells[0].text:
        cells = cells[1:]
    if cells and not cells[-1].text:
        cells = cells[:-1]
    # "排名 | 系统 | … 1 | El Capitan | …": a rank opens each row, glued to the cell before it
    ranked = bool(cells) and _RANK_HEADER.fullmatch(cells[0].text.strip()) is not None
    for width in range(3, 11):
        k = width - 1
        # an excerpt cut inside its last row ("… 6 | HPC6 | 義大"): the rows before it are whole
        cut = (len(cells) - 1) % k
        whole = cells[:len(cells) - cut] if cut and text[b - 1:b] not in "。.！!" else cells
        if (len(whole) - 1) % k or len(whole) < 2 * width - 1:
            continue
        rows: list[list[Cell]] = []
        row: list[Cell] = [whole[0]]
        ok = True
        for i in range(1, len(whole)):
            if i % k == 0 and (i != len(whole) - 1 or whole is not cells):
                split = _rank_boundary(whole[i]) if ranked else _split_boundary(text, whole[i], header=(i == k))
                if split is None or (_NUMBER.match(split[1].text) and not ranked):
                    ok = False
                    break
                row.append(split[0])
                rows.append(row)
                row = [split[1]]
            else:
                row.append(whole[i])
        if not ok:
            continue
        if whole is cells:
            rows.append(row)  # (a cut row is left out: its cells say too little)
        if all(len(r) == width for r in rows):
            return rows
    return None


def _systems_in(text: str, known: frozenset[str] = frozenset()) -> list:
    """The systems ``text`` names, apart from its models ("Llama 2 13B" is no product "Llama 2");
    ``known``: the names the document introduced ("推理卡LX-R2"), which a header cell may hold alone."""
    models = find_models(text)
    return find_hardware(text, exclude=[(m.start, m.end) for m in models], known=known) if models \
        else find_hardware(text, known=known)


_PREDECESSOR_WORDS = frozenset(lexicons.grammar()["predecessor_words"])
_COUNT_BEFORE = regex.compile(r"\d{1,4}\s?[x×X*]|\d{1,4}\s?(?:卡|张|块|颗)")


def _is_system(cell: Cell, known: frozenset[str] = frozenset()) -> tuple[str, int] | None:
    """The system a header cell names: a name at its start, a vendor before it
    allowed ("Nvidia H100 (2 units)")."""
    found = _systems_in(cell.text, known)
    before = cell.text[:found[0].start].strip() if found else ""
    # (a vendor or a brand before it: "昆仑芯P800" is P800)
    # (or a count: "8x H100 (vLLM)")
    # (or the word for an earlier generation: "上一代 E100")
    # (or a vendor's name a page censored: "英*达 GB200 NVL72")
    if found and (found[0].start <= 2 or before in _prefixes()
                  or _COUNT_BEFORE.fullmatch(before) or before in _PREDECESSOR_WORDS or _CENSORED_WORD.fullmatch(before)):
        return found[0].name, cell.start + found[0].start
    return None


_CENSORED_WORD = regex.compile(r"\p{Han}{1,3}[*＊]\p{Han}{0,3}|\p{Han}{0,3}[*＊]\p{Han}{1,3}")


_RANK_HEADER = regex.compile(rf"(?:{_listed('rank_headers')})")
_SYSTEM_HEADER = regex.compile(rf"(?:{_listed('system_headers')})")
_MODEL_NUMBER_HEADER = regex.compile(rf"(?:{_listed('model_number_headers')})")
_RELEASE = regex.compile(r"\d+\.\d+\.\d+|\sv?\d+\.\d+$")


def _named_cell(cell: Cell) -> tuple[str, int] | None:
    """A cell's text as a system's name: a short name with a Latin letter or a code, no figure."""
    name = cell.text.strip()
    if 2 <= len(name) <= 30 and regex.search(r"[A-Za-z]", name) and not find_values(name) \
            and not _RELEASE.search(name):  # ("vLLM 0.6.3": a software release)
        return name, cell.start + cell.text.find(name)
    return None


def table_values(text: str, start: int, end: int, section_label: str = "",
                 known: frozenset[str] = frozenset()) -> list[TableValue]:
    """Every value of a table with its system and its metric label.

    A table that names no system (software against software, settings
    against results) still states values: the header names the columns, a
    bare number takes its unit from its column, its row or the heading above
    (``section_label``), and its system is left empty. So does a cell under a
    column that is no system (a "gain" column beside two systems). ``known``: the
    document's own product names, which a header cell may hold.
    """
    rows = grid(text, start, end)
    if not rows or len(rows) < 2:
        return []
    if _RANK_HEADER.fullmatch(rows[0][0].text.strip()) and len(rows[0]) > 2 \
            and all(r and r[0].text.strip().isdigit() for r in rows[1:]):
        rows = [r[1:] for r in rows]  # "排名 | 系统 | …" over "1 | El Capitan | …": a rank names nothing
    header, body = rows[0], rows[1:]
    if _headerless(rows, known):
        return _headerless_values(rows, known)
    lead = _lead_columns(header, body)
    column_systems = [_is_system(c, known) for c in header[lead:]]
    versus = [_versus(c) for c in header[lead:]]  # "Gaudi 3 vs H100": (subject, baseline) of a column of ratios
    # "| Llama 2 13B | A100 80GB | 3,420 |": a row named by its leading cells, a workload and a system
    row_systems = [next(filter(None, map(_is_system, r[:lead])), None) for r in body]
    if lead == 1 and _SYSTEM_HEADER.fullmatch(header[0].text.strip()) and not any(column_systems) \
            and not any(find_models(c.text) for c in header[1:]):  # (workloads in the columns: software in the rows)
        # "| 系统 | 所在机构 | Rmax |" over "| Eagle | 微软 | 561.20 |": a column of systems names its cells,
        # the lexicon's names or not
        row_systems = [s or (_named_cell(r[0]) if r else None) for s, r in zip(row_systems, body)]
    if not any(row_systems) and not any(column_systems):
        # "| 序号 | 货物名称 | 品牌型号 | 技术参数 |" over "| 1 | AI训练服务器 | 华为 Atlas 800T A2 | …算力…2.5PFLOPS |": a
        # column of makes and models past the leading ones names its row
        model_column = next((k for k, c in enumerate(header) if _MODEL_NUMBER_HEADER.fullmatch(c.text.strip())), None)
        if model_column is not None:
            row_systems = [_is_system(r[model_column], known) if model_column < len(r) else None for r in body]
    if any(row_systems):
        # "| 实例规格 | … | GPU | GPU显存（GB） |" over "| gc7i.2xlarge | … |": a class word heading a column is
        # what the column lists, no system of its own, when the rows name theirs
        column_systems = [None if s is not None and s[0].upper() in class_names() else s for s in column_systems]
    row_models = [_lead_model(r[:lead]) if lead > 1 else "" for r in body]
    in_columns = sum(s is not None for s in column_systems)
    in_rows = sum(s is not None for s in row_systems)
    if not in_columns and not in_rows and text.count("\n", start, end) < 2:
        return []  # a grid guessed from one flattened line needs systems to confirm it
    systems_in_columns = in_columns >= in_rows
    if systems_in_columns and lead == 1:
        # "| 模型 | RTX 5090 | RTX 4090 |" → "| Llama 3.1 8B | 186 | 128 |": the row names the workload
        row_models = [_lead_model(r[:1]) if _is_name(r[0]) else "" for r in body]
    # "| 系统 | DeepSeek-V3 | Qwen1.5-MoE-A2.7B |" → "| vLLM 0.6.3 | 1,846 | 9,420 |": workloads in the columns
    column_models = [_lead_model([c]) if not in_columns and _is_name(c) else "" for c in header[lead:]]
    out: list[TableValue] = []
    for i, row in enumerate(body):
        for j, cell in enumerate(row[lead:]):
            model = row_models[i] or (column_models[j] if j < len(column_models) else "")
            if systems_in_columns:
                system, label, other = column_systems[j], _row_label(row[:lead]), header[j + lead].text
            else:
                system, label, other = row_systems[i], header[j + lead].text, row[0].text
            if not in_columns and not in_rows:
                label, other = other, label  # no system: the column header is the label
            if _OUT_OF_SCOPE_LABEL.search(label) or (system is None and _OUT_OF_SCOPE_LABEL.search(other)):
                continue
            name, at = system if system is not None else ("", cell.start)
            named = label if label_unit(label) or not label_unit(other) else other
            for v in _cell_values(cell, label, other, section_label):
                baseline = ""
                if system is None and v.unit in ("x", "%") and (systems_in_columns or not in_rows) \
                        and (j >= 2 or j == 1 and _baseline_row(body, j + lead)):
                    # "| H100 | H200 | 提升 |" → "| 3.35 TB/s | 4.8 TB/s | 43% |": the gain of the last
                    # compared column over the first one
                    first, last = column_systems[0], column_systems[j - 1]
                    # (a column of a label names no baseline: "| 场景 | 吞吐 | 提升 |"; software does: "| vLLM |";
                    # the gain's own header may name the predecessor: "较上一轮提升")
                    baseline = first[0] if first is not None else (
                        _baseline_row(body, j + lead)
                        or (header[lead].text if regex.search(r"[A-Za-z0-9]", header[lead].text)
                            and label_unit(header[lead].text) is None
                            and not _NUMBER.fullmatch(header[lead].text.strip()) else "")  # ("| 并发数 | 1 | 8 |": a setting)
                        or ("previous" if has_words(header[j + lead].text, lexicons.context()["predecessor"]) else ""))
                    if last is not None:
                        name, at = last
                    pair = versus[j] if j < len(versus) else None
                    if pair is not None:  # "| XH-8H20 | HGX H200 | XH-8H20 vs HGX H200 |": the header says which
                        (name, baseline), at = pair, header[j + lead].start
                        peers = _cell_values(row[j + lead - 1], label, other, section_label)
                        out.append(TableValue(cell, v, name, at, named, baseline, peers[0] if peers else None,
                                              model=model))
                        continue
                    peers = _cell_values(row[j + lead - 1], label, other, section_label)
                    firsts = _cell_values(row[lead], label, other, section_label)
                    if first is not None and last is not None and peers and firsts \
                            and _first_over_last(v, firsts[0], peers[0]):
                        # "| 300 PFLOPS | 180 PFLOPS | 1.7倍 |": the row's own figures say the first is the subject
                        (name, at), baseline, peers = first, last[0], firsts
                    out.append(TableValue(cell, v, name, at, named, baseline, peers[0] if peers else None,
                                          model=model))
                    continue
                pair = versus[j] if systems_in_columns and system is not None and j < len(versus) else None
                baseline = pair[1] if pair is not None and v.unit in ("x", "%") else ""
                if baseline and j >= 1:
                    # "| 910B | A800 | 910B/A800 |" → "| 2410 | 3025 | 79.7% |": a ratio of what the columns beside measure
                    peers = _cell_values(row[j + lead - 1], label, other, section_label)
                    if peers and peers[0].unit not in ("x", "%"):
                        out.append(TableValue(cell, v, name, at, named, baseline, peers[0], model=model))
                        continue
                if not baseline and not systems_in_columns and v.unit in ("x", "%"):
                    baseline = _row_baseline(header, row)  # "| 1,896 (MindIE) | 1.80x |": the gain over MindIE
                    against = _versus_system(header[j + lead])
                    if not baseline and against and against != name:
                        baseline = against  # "| 平台 | … | 吞吐 vs H200 |" over "| H20 ×8 | … | 0.55x |"
                        if not label_metric(named) and label_metric(section_label):
                            named = section_label  # "| vs vLLM |" under "### 1. 吞吐（…）": the section's measure
                out.append(TableValue(cell, v, name, at, named, baseline, model=model))
    if out and not any(tv.hardware for tv in out) and len(body) > 1 and _headerless(body, known):
        # "格式：benchmark | scenario | system | result" over "- ResNet-50 | Offline | DGX H200 | 781,500
        # samples/s": a header of words the readers do not know, rows that each name their system
        return _headerless_values(body, known, header)
    return out


_BASELINE_CELL = regex.compile(rf"(?:{_listed('baseline_cells')})", regex.IGNORECASE)
_VERSION_AFTER = regex.compile(r"\s+v?\d+(?:\.\d+)+$")


def _baseline_row(body: list[list[Cell]], column: int) -> str:
    """The name of the row whose cell in a gain column says it is the reference ("| vLLM 0.7.2 | 2,870 |
    基准 |"), without its release number; empty when no row does."""
    for row in body:
        if column < len(row) and _BASELINE_CELL.fullmatch(row[column].text.strip()):
            return _VERSION_AFTER.sub("", row[0].text.strip())
    return ""


# "Gaudi 3 vs H100", "B200 对比 H100": a column of ratios of one system over another
_VERSUS = regex.compile(r"\s?(?:vs\.?|VS\.?|Vs\.?|对比|相对于?|相比|较)\s?")


# "910B/A800": a column of one system's figure over another's (only when both sides are systems)
_RATIO_SLASH = regex.compile(r"\s?/\s?")


def _versus(cell: Cell) -> tuple[str, str] | None:
    """The system a column header compares and the one it compares with ("Gaudi 3 vs H100" →
    (Gaudi 3, H100)); a vendor's own code counts as a name ("XH-8H20 vs HGX H200")."""
    split = _VERSUS.search(cell.text) or _RATIO_SLASH.search(cell.text)
    if split is None:
        return None

    def named(part: str) -> str:
        found = _systems_in(part)
        if len(found) == 1:
            return found[0].name
        return part.strip() if not found and VENDOR_CODE.fullmatch(part.strip()) else ""

    subject, baseline = named(cell.text[:split.start()]), named(cell.text[split.end():])
    return (subject, baseline) if subject and baseline else None


def _versus_system(cell: Cell) -> str:
    """The one system a column of ratios is measured against ("吞吐 vs H200" → H200), its label before "vs"."""
    split = _VERSUS.search(cell.text)
    if split is None or _systems_in(cell.text[:split.start()]):
        return ""
    after = cell.text[split.end():].strip()
    found = _systems_in(after)
    if not found and regex.fullmatch(r"[A-Za-z][\w.\-]{1,20}", after):
        return after  # "| vs vLLM |": an engine, named as written (software is a baseline, never a system)
    return found[0].name if len(found) == 1 else ""


def _figure_cells(row: list[Cell]) -> list[Cell]:
    """The cells of a row that hold a figure with its unit ("781,500 samples/s")."""
    return [c for c in row if _VALUE_TOKEN.match(c.text.replace(" ", "")) and find_values(c.text)]


def _named_row(row: list[Cell], known: frozenset[str]) -> tuple[tuple[str, int], list[Cell]] | None:
    """(the system a row names, its cells holding a figure with its unit), or None when it has either not
    ("- ResNet-50 | Offline | DGX H200 | 781,500 samples/s")."""
    figures = _figure_cells(row)
    if not figures:
        return None
    system = next((s for s in (_is_system(c, known) for c in row if c not in figures) if s), None)
    return (system, figures) if system is not None else None


def _headerless(rows: list[list[Cell]], known: frozenset[str]) -> bool:
    """Rows with no header: every row, the first too, names its system and holds a figure with its unit."""
    return all(_named_row(r, known) is not None for r in rows)


def _headerless_values(rows: list[list[Cell]], known: frozenset[str], header: list[Cell] = ()) -> list[TableValue]:
    """Each row's figures, of the row's system and workload; a figure's label is its column's header
    when the header has one cell per column."""
    out: list[TableValue] = []
    for row in rows:
        system, figures = _named_row(row, known)
        model = _lead_model([c for c in row if c not in figures])
        for cell in figures:
            label = header[row.index(cell)].text if len(header) == len(row) else ""
            out.extend(TableValue(cell, v, system[0], system[1], label, model=model) for v in _cell_values(cell, label))
    return out


def _lead_columns(header: list[Cell], body: list[list[Cell]]) -> int:
    """How many leading columns name the row: the first, then each next one whose
    every body cell is a name, no figure ("| 模型 | GPU | 吞吐 |" → "| Llama 2 13B | A100 80GB | 3,420 |")."""
    lead = 1
    while lead < len(header) - 1 and _is_label(header[lead]) and (
            all(_is_name(row[lead]) for row in body) or all(_is_metric_label(row[lead]) for row in body)):
        lead += 1
    return lead


def _is_metric_label(cell: Cell) -> bool:
    """A cell that names a row's metric, no figure ("| ResNet-50 | 吞吐(images/s) | 4,580 |")."""
    return _is_label(cell) and (label_metric(cell.text) is not None or label_unit(cell.text) is not None)


def _row_label(cells: list[Cell]) -> str:
    """The label of a row named by its leading cells: the one naming a metric or a unit, else the first."""
    return next((c.text for c in cells if _is_metric_label(c) and not _is_name(c)), cells[0].text)


_TRAILING_BRACKET = regex.compile(r"\s?[（(][^（()）]{1,20}[)）]$")
_TRAILING_COUNT = regex.compile(r"(?:\s?×|\s[xX*])\s?\d{1,4}$")  # (not the X of "TX81")


def _is_name(cell: Cell) -> bool:
    """A cell that is one name, of a system or a workload, and nothing else ("A100 80GB", "Qwen2.5-7B"); a
    setting in brackets after it is no other thing ("Llama 3.1 8B（Q4_K_M）")."""
    text = _TRAILING_BRACKET.sub("", cell.text.strip())
    text = _TRAILING_COUNT.sub("", text)  # (and a count after it: "昇腾910B ×8")
    return any(len(found) == 1 and found[0].end >= len(text) - 1 and (
                   found[0].start <= 1 or (kind == "system" and text[:found[0].start].strip() in _prefixes()))
               for kind, found in (("model", find_models(text)), ("system", _systems_in(text))))


@lru_cache(maxsize=1)
def _prefixes() -> frozenset[str]:
    """What may stand before a system's name in its cell: a vendor or a brand ("昆仑芯 P800")."""
    return frozenset(vendors()) | frozenset(lexicons.hardware()["brand_prefixes"])


def _lead_model(cells: list[Cell]) -> str:
    """The workload a row's leading cells name, if one does."""
    for cell in cells:
        models = find_models(cell.text)
        if models:
            return models[0].name
    return ""


def _ratio_of(gain: ValueMention, subject: float, baseline: float) -> float:
    """The gain ``subject`` has over ``baseline``, in the gain's unit (x: a multiple, %: a change)."""
    return subject / baseline if gain.unit == "x" else abs(subject / baseline - 1) * 100


def _first_over_last(gain: ValueMention, first: ValueMention, last: ValueMention) -> bool:
    """Whether a gain cell is the first compared column's over the last one's, by the row's own
    figures: it matches first/last within 10% and last/first does not (a gain column is the last
    system's by default, the newer one)."""
    if first.unit != last.unit or first.value <= 0 or last.value <= 0 or gain.value <= 0:
        return False
    forward = abs(_ratio_of(gain, first.value, last.value) - gain.value) / gain.value
    backward = abs(_ratio_of(gain, last.value, first.value) - gain.value) / gain.value
    return forward <= 0.1 < backward


# (markdown emphasis around a figure: "| **15,820** |", the best of a row)
_BARE_CELL = regex.compile(r"(?:\*\*|__)?(?:~|约|≈|大约)?\s?(\d+(?:,\d{3})*(?:\.\d+)?)\s?\+?(?:\*\*|__)?")


_LATIN_UNIT_WORD = regex.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z/]*(?![A-Za-z0-9])")


def label_unit(label: str) -> str | None:
    """The unit a row or column label names: in parentheses, or a unit word in the label.

    >>> label_unit("吞吐量(tokens/s)"), label_unit("吞吐量 (requests/sec)"), label_unit("每请求输出TPS (并发8)")
    ('tokens/s', 'queries/s', 'tokens/s')
    >>> label_unit("场景") is None, label_unit("短文本 (512 tokens)") is None
    (True, True)
    >>> label_unit("board_power_w"), label_unit("ttft_ms"), label_unit("output_tps")
    ('W', 'ms', 'tokens/s')
    """
    for m in _LABEL_UNIT.finditer(label):
        unit = canonical_unit(m.group(1).strip())
        if unit is not None:
            return unit
    for m in _LATIN_UNIT_WORD.finditer(label):
        unit = canonical_unit(m.group())
        if unit is not None and len(m.group()) > 1:
            return unit
    snake = _SNAKE_UNIT.search(label)
    if snake:
        return canonical_unit(snake.group(1)) or _SNAKE_UNITS.get(snake.group(1).casefold())
    return None


# an export's column named with its unit after an underscore ("board_power_w", "mem_gb", "bw_gbps")
_SNAKE_UNIT = regex.compile(r"[a-z0-9]_([A-Za-z]{1,6})$")
_SNAKE_UNITS = {"w": "W", "watts": "W", "kw": "kW", "gb": "GB", "gib": "GB", "gbps": "Gbit/s", "ms": "ms", "s": "s",
                "tps": "tokens/s", "qps": "queries/s", "tflops": "TFLOPS", "tops": "TOPS"}


# a tender's bound in a parameter cell ("招标要求≥2.24PFLOPS，投标响应2.5PFLOPS"): the requirement, no figure offered
_REQUIRED = regex.compile(rf"(?:{_listed('requirement_words')})|[≥≤＞＜><]=?\s?$")


def _clause_start(text: str, at: int) -> int:
    """Where the clause of a cell holding position ``at`` starts (after the last comma, semicolon or colon)."""
    return max(text.rfind(c, 0, at) for c in "，,；;：:") + 1


_SLASHED_CELL = regex.compile(r"\d[\d,]*(?:\.\d+)?(?:\s?/\s?\d[\d,]*(?:\.\d+)?){1,3}")


def _cell_values(cell: Cell, label: str, *more: str) -> list[ValueMention]:
    found = [v for v in find_values(cell.text) if not _REQUIRED.search(cell.text, _clause_start(cell.text, v.start), v.start)]
    if found:
        return [ValueMention(cell.start + v.start, cell.start + v.end, v.value, v.unit, v.raw, v.value_max,
                             v.qualifier, v.kind, v.old_value, v.old_unit, v.chinese) for v in found]
    unit = next((u for u in map(label_unit, (label, *more)) if u is not None), None)
    num = _BARE_CELL.fullmatch(_software_tag_off(cell.text.strip()))  # ("1,896 (MindIE)": the run's engine)
    if num is not None and unit is None:
        # "内存（GiB）" over "240": a binary unit the values convert ("240 GiB" is 257.7 GB)
        for bracket in (m.group(1).strip() for text in (label, *more) for m in _LABEL_UNIT.finditer(text)):
            scaled = find_values(f"{num.group(1)} {bracket}")
            if len(scaled) == 1 and scaled[0].start == 0:
                return [ValueMention(cell.start, cell.end, scaled[0].value, scaled[0].unit, cell.text)]
    if unit is not None and num is None and (slashed := _SLASHED_CELL.fullmatch(cell.text.strip())):
        # "| 412 / 1,896 |" under "TTFT P50 / P99 (ms)": alternatives with a slash, one value each (spec 9)
        at = cell.start + cell.text.find(slashed.group())
        out = []
        for part in regex.finditer(r"\d[\d,]*(?:\.\d+)?", slashed.group()):
            value = parse_number(part.group())
            if value is not None:
                out.append(ValueMention(at + part.start(), at + part.end(), value, unit, part.group()))
        return out
    if unit is None or num is None:
        return []
    value = parse_number(num.group(1))
    if value is None:
        return []
    written = cell.text.strip()
    qualifier = "approx" if written[:1] in "~约≈大" else ("at_least" if written.endswith("+") else "")
    return [ValueMention(cell.start, cell.end, value, unit, cell.text, qualifier=qualifier)]


_ENGINE_TAG = regex.compile(r"\s?[（(]([^（()）\d]{1,20})[)）]$")


def _software_tag_off(cell_text: str) -> str:
    """A figure's cell without the name in brackets after it ("1,896 (MindIE)" → "1,896")."""
    tag = _ENGINE_TAG.search(cell_text)
    return cell_text[:tag.start()] if tag else cell_text


def _row_baseline(header: list[Cell], row: list[Cell]) -> str:
    """The engine or system a row's baseline column names in brackets ("| 基线吞吐 | 1,896 (MindIE) |"):
    what the row's gain is measured against."""
    for head, cell in zip(header, row):
        tag = _ENGINE_TAG.search(cell.text.strip())
        if tag and _BASELINE_CELL.search(head.text) and regex.match(r"\s?[~约≈]?\s?\d", cell.text):
            return tag.group(1).strip()
    return ""


def label_metric(label: str) -> str | None:
    """The metric a row/column label names, if any (specific triggers only)."""
    specific = [m for m in find_metrics(label) if m.rank == 0]
    return specific[0].name if specific else None


# --- tables whose cells were flattened with spaces only ---------------------------------
_HEADER_WORD = regex.compile(rf"(?:{_listed('header_words')})\s+")
_VALUE_TOKEN = regex.compile(r"^(?:约|~)?\d+(?:,\d{3})*(?:\.\d+)?(?:[A-Za-z/%]+(?:/[A-Za-z]+)?)?$")
_TOKEN = regex.compile(r"\S+")
_SETTING = regex.compile("|".join(f"(?:{p})" for p in _WORDS["setting_tokens"]), regex.IGNORECASE)


def _tokens(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """The space-separated tokens of ``text[start:end]`` with their offsets in ``text``."""
    return [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text, start, end)]


def space_table_values(text: str, start: int, end: int, known: frozenset[str] = frozenset()) -> list[TableValue]:
    """'型号 H20 L20 BR104 显存容量(GB) 96 48 32 显存带宽 4.0TB/s 864GB/s 819GB/s':
    a header of n systems, then rows of a label and exactly n values. ``known``: the document's own
    names ("衡川T30", which the lexicon would cut to T30)."""
    header = _HEADER_WORD.search(text, start, end)
    if header is None:
        return []
    tokens = _tokens(text, header.end(), end)
    systems: list[tuple[str, int]] = []
    i = 0
    while i < len(tokens):
        if systems and (NAME_TIER.fullmatch(tokens[i][2]) or _SIZE_VARIANT.fullmatch(tokens[i][2])
                        or tokens[i][2] in _FORM_FACTORS) \
                and tokens[i][0] == tokens[i - 1][1] + 1:
            # "衡川T30 Pro": the tier's product; "A100 80GB", "H100 SXM": the variant's (as the names read it)
            systems[-1] = (f"{systems[-1][0]} {tokens[i][2]}", systems[-1][1])
            i += 1
            continue
        found = find_hardware(tokens[i][2], known=known)
        if found and (found[-1].name.upper() in class_names() or found[-1].count > 1):
            break  # "… XH-8A2 GPU 8×H20": the first row's label and cells, no more systems
        if found and found[-1].end == len(tokens[i][2]):
            systems.append((found[-1].name, tokens[i][0] + found[-1].start))
        elif VENDOR_CODE.fullmatch(tokens[i][2]):
            systems.append((tokens[i][2], tokens[i][0]))  # "机型 XH-8H20 XH-8L20": a vendor's own codes
        else:
            break  # the cell must end with the name (a vendor may stand before it: 壁仞BR100)
        i += 1
    n = len(systems)
    if n < 2:
        return []
    tokens = tokens[:i] + _with_units_joined(text, tokens[i:])
    out: list[TableValue] = []
    while i < len(tokens):
        label = tokens[i]
        cells = tokens[i + 1:i + 1 + n]
        if (not _VALUE_TOKEN.match(label[2]) and not _EMPTY_CELL.fullmatch(label[2]) and len(cells) == n
                and all(_VALUE_TOKEN.match(c[2].replace(" ", "")) or _EMPTY_CELL.fullmatch(c[2]) for c in cells)
                and not all(_EMPTY_CELL.fullmatch(c[2]) for c in cells)):
            if not _OUT_OF_SCOPE_LABEL.search(label[2]):
                for (name, at), (a, b, cell_text) in zip(systems, cells):
                    for v in _cell_values(Cell(a, b, cell_text), label[2]):
                        out.append(TableValue(Cell(a, b, cell_text), v, name, at, label[2]))
            i += 1 + n
        else:
            i += 1
    return out


_SIZE_VARIANT = regex.compile(r"\d{1,3}GB?")
_FORM_FACTORS = frozenset(lexicons.hardware()["form_factors"])
_BARE_NUMBER_TOKEN = regex.compile(r"(?:约|~)?\d+(?:,\d{3})*(?:\.\d+)?")


def _with_units_joined(text: str, tokens: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """'450 TFLOPS 280 TFLOPS': a number and the unit written after a space are one cell."""
    out: list[tuple[int, int, str]] = []
    for a, b, t in tokens:
        if out and canonical_unit(t) is not None and _BARE_NUMBER_TOKEN.fullmatch(out[-1][2]):
            out[-1] = (out[-1][0], b, text[out[-1][0]:b])
            continue
        out.append((a, b, t))
    return out


# a class word heading the column of systems of a space table ("GPU 每epoch耗时 峰值显存")
_ROW_CORNERS = frozenset(_WORDS["row_corners"])
_SETTING_CORNER = regex.compile(rf"(?:{_listed('setting_corners')})(?:\s?[（(][^（）()]{{1,8}}[)）])?", regex.IGNORECASE)
_SOFTWARE_CORNERS = frozenset(_WORDS["software_corners"])
_TIME_LABEL = regex.compile(r"耗时|用时|时长|(?<![A-Za-z])time(?![A-Za-z])", regex.IGNORECASE)  # "每epoch耗时": a column of times (no metric word of its own)


def row_table_header(text: str, start: int, end: int) -> list[tuple[int, int, str]] | None:
    """The column labels of a header line written with spaces ("型号 显存 显存带宽 功耗"): a corner
    word, then two or more metric labels; None when the line is not one."""
    first = _TOKEN.search(text, start, end)
    if first is None or not (is_corner(first.group()) or first.group() in _ROW_CORNERS
                             or first.group() in _SOFTWARE_CORNERS or _SETTING_CORNER.fullmatch(first.group())):
        return None  # (most lines: asked of every short paragraph)
    tokens = _tokens(text, first.end(), end)
    if tokens and tokens[0][2] in _VENDOR_COLUMNS:
        tokens = tokens[1:]  # "芯片 厂商 FP16算力…": the maker's word stands in each row after its system
    if _SETTING_CORNER.fullmatch(first.group()):
        # "size(B) time(us) busbw(GB/s)": rows of a setting, each label a metric or a unit in brackets
        return tokens if len(tokens) >= 2 and all(
            label_metric(t) or _TIME_LABEL.search(t) or _LABEL_UNIT.search(t) for _, _, t in tokens) else None
    if first.group() in _SOFTWARE_CORNERS:
        # "引擎 输出吞吐": rows of software on the section's system, one metric label is enough
        return tokens if tokens and all(label_metric(t) for _, _, t in tokens) else None
    # (a column out of scope may stand among them: "名称 智能算力(EFLOPS) … PUE"; its cells are skipped)
    # (one metric label is enough beside a column out of scope: "系统 卡数 每卡吞吐")
    metric_labels = sum(1 for _, _, t in tokens if label_metric(t) or _TIME_LABEL.search(t))
    if len(tokens) < 2 or not all(label_metric(t) or _TIME_LABEL.search(t) or _OUT_OF_SCOPE_LABEL.search(t)
                                  for _, _, t in tokens) or metric_labels < 1:
        return None
    return tokens


def row_table_values(text: str, labels: list[tuple[int, int, str]], rows: list[tuple[int, int]],
                     section_label: str = "") -> tuple[list[TableValue], int]:
    """'型号 显存 显存带宽 功耗' / 'H100 80GB 3.35TB/s 700W' / …: under a header line of metric labels,
    lines of a system and one value per label (the system's name may hold spaces: the last cells are
    the values). Returns the values and how many of ``rows`` were read as rows (they stop at the
    first line that is not one)."""
    out: list[TableValue] = []
    used = 0
    corner = _TOKEN.search(text, text.rfind("\n", 0, labels[0][0]) + 1, labels[0][0])
    software_rows = corner is not None and corner.group() in _SOFTWARE_CORNERS
    setting_rows = corner is not None and _SETTING_CORNER.fullmatch(corner.group()) is not None
    for start, end in rows:
        tokens = _tokens(text, start, end)
        cells, lead = tokens[-len(labels):], tokens[:-len(labels)]
        if not lead or len(cells) != len(labels) or not all(_VALUE_TOKEN.match(t) for _, _, t in cells):
            break
        names = find_hardware(text[lead[0][0]:lead[-1][1]]) if lead else []
        before = text[lead[0][0]:lead[0][0] + names[0].start].strip() if names else ""
        if lead and (software_rows or setting_rows) and not names:
            # "vLLM 1,160" under "引擎 输出吞吐", "1048576 38.52 47.64" under "size(B) time(us) busbw(GB/s)":
            # software or a setting on the section's system
            name, at = "", lead[0][0]
        elif not names and all(_SETTING.fullmatch(t) for _, _, t in lead):
            name, at = "", lead[0][0]  # "FP8 TP=8 3950 980 27.1": a configuration of the section's system
        elif not names or (before and before not in vendors()):
            break  # the row starts with its system (a vendor may stand before it: "NVIDIA H100")
        else:
            name, at = names[0].name, lead[0][0] + names[0].start
        for (a, b, cell_text), (_, _, label) in zip(cells, labels):
            if not _OUT_OF_SCOPE_LABEL.search(label):
                cell = Cell(a, b, cell_text)
                out.extend(TableValue(cell, v, name, at, label) for v in _cell_values(cell, label, section_label))
        used += 1
    return out, used


_MODEL_CORNERS = frozenset(_WORDS["model_corners"])
_VENDOR_COLUMNS = frozenset(_WORDS["vendor_columns"])
_MAKER_ROW_CORNERS = frozenset(_WORDS["maker_row_corners"])


def system_columns_header(text: str, start: int, end: int) -> list[tuple[str, int]] | None:
    """'模型 M3 Ultra M4 Max RTX 5090': a corner word for workloads, then two or more systems and nothing
    else; their names and where each is written, or None."""
    first = _TOKEN.search(text, start, end)
    if first is None or first.group() not in _MODEL_CORNERS:
        return None
    rest = text[first.end():end]
    names = find_hardware(rest)
    # a last column of gains named "X vs Y" ("… 8×H100  Gaudi 3 vs H100"): kept as one column, the pair
    versus = len(names) >= 4 and _VERSUS.fullmatch(rest, names[-2].end, names[-1].start) is not None
    written = "".join(regex.sub(r"\s+", "", rest[h.start:h.end]) for h in names)
    if versus:
        written = "".join(regex.sub(r"\s+", "", rest[h.start:h.end]) for h in names[:-2]) + \
            regex.sub(r"\s+", "", rest[names[-2].start:names[-1].end])
    if len(names) < 2 or regex.sub(r"\s+|(?<![A-Za-z0-9])\d{1,4}\s?[×xX*](?=\s?[A-Za-z\p{Han}])", "", rest) != written:
        return None  # (every token of the line is a system's: no label, no figure)
    columns = [(h.name, first.end() + h.start) for h in (names[:-2] if versus else names)]
    if versus:
        columns.append((f"{names[-2].name} vs {names[-1].name}", first.end() + names[-2].start))
    return columns


_CELL_ASIDE = regex.compile(r"[（(][^（）()]*[)）]$")


def system_columns_values(text: str, systems: list[tuple[str, int]], rows: list[tuple[int, int]],
                          section_label: str = "") -> tuple[list[TableValue], int]:
    r"""Under a header of systems ('模型 M3 Ultra M4 Max RTX 5090'), lines of a workload and one cell per
    system ('Llama 3.1 8B Q4_K_M 92.4 83.1 213.6'); a cell may be a word ('跑不動') or keep an aside
    ('4.1（爆顯存…）'). The unit comes from the section's label. Returns the values and the rows read.

    >>> t = "模型 M3 Ultra RTX 5090\nLlama 3.1 8B Q4_K_M 92.4 213.6\nDeepSeek-R1 671B Q4 17.5 跑不動\n结论"
    >>> systems = system_columns_header(t, 0, t.index("\n"))
    >>> rows = [(m.start(), m.end()) for m in regex.finditer(r"[^\n]+", t)][1:]
    >>> found, used = system_columns_values(t, systems, rows, "生成速度（单位tokens/s）")
    >>> [(tv.model, tv.hardware, tv.value.value) for tv in found], used
    ([('Llama 3.1 8B', 'M3 Ultra', 92.4), ('Llama 3.1 8B', 'RTX 5090', 213.6), ('DeepSeek-R1 671B', 'M3 Ultra', 17.5)], 2)
    """
    out: list[TableValue] = []
    used = 0
    n = len(systems)
    for start, end in rows:
        tokens = _tokens(text, start, end)
        cells, lead = tokens[-n:], tokens[:-n]
        if not lead or len(cells) != n:
            break
        bare = [(a, a + len(_CELL_ASIDE.sub("", t)), _CELL_ASIDE.sub("", t)) for a, _, t in cells]
        if not any(_VALUE_TOKEN.match(t) for _, _, t in bare) or all(_VALUE_TOKEN.match(t) for _, _, t in lead):
            break  # (a row holds a figure, and a label that is not one: "Llama 3.1 8B Q4_K_M")
        models = find_models(text[lead[0][0]:lead[-1][1]])
        model = models[0].name if models else ""
        for (name, at), (a, b, cell_text) in zip(systems, bare):
            if _VALUE_TOKEN.match(cell_text):
                cell = Cell(a, b, cell_text)
                subject, _, baseline = name.partition(" vs ")
                for v in _cell_values(cell, section_label):
                    if baseline and v.unit not in ("x", "%"):
                        continue  # (a gain column holds ratios)
                    out.append(TableValue(cell, v, subject, at, section_label, baseline=baseline, model=model))
        used += 1
    return out, used


def inline_row_table_values(text: str, start: int, end: int) -> list[TableValue]:
    """'显卡 总吞吐(tokens/s) TTFT P50(ms) 2×K9 410 2900 K8 80GB 520 1850': a table of rows flattened
    into one line. A corner word, two or more labels that each end with their unit in brackets (a
    label may hold spaces), then rows of a system and one bare figure per label; a figure with a
    unit of its own ("80GB") is part of the name, and the rows stop at the first that is not one.

    >>> t = "显卡 吞吐(tokens/s) TTFT P50(ms) 2×K9 410 2900 K8 80GB 520 1850 注：实测"
    >>> [(tv.hardware, tv.value.value, tv.value.unit) for tv in inline_row_table_values(t, 0, len(t))]
    [('K9', 410.0, 'tokens/s'), ('K9', 2900.0, 'ms'), ('K8 80GB', 520.0, 'tokens/s'), ('K8 80GB', 1850.0, 'ms')]
    """
    first = _TOKEN.search(text, start, end)
    makers = first is not None and first.group() in _VENDOR_COLUMNS
    if makers:
        # "提交方 加速器 离线(tokens/s) … 英伟达 8×B200 98858 …": the maker's column before the systems' corner
        first = _TOKEN.search(text, first.end(), end)
    if first is None or not (is_corner(first.group()) or first.group() in _ROW_CORNERS
                             or (makers and first.group() in _MAKER_ROW_CORNERS)):
        return []  # (most lines)
    tokens = _tokens(text, first.end(), end)
    labels: list[tuple[int, int, str]] = []
    label_start = -1
    i = 0
    while i < len(tokens):
        a, b, token = tokens[i]
        if _NUMBER.fullmatch(token) or (label_start < 0 and labels and (find_hardware(token) or token in vendors())):
            break
        label_start = a if label_start < 0 else label_start
        if token[-1:] in ")）" and label_unit(text[label_start:b]) is not None:
            labels.append((label_start, b, text[label_start:b]))
            label_start = -1
        i += 1
    n = len(labels)
    if n < 2 or label_start >= 0:
        return []
    out: list[TableValue] = []
    while i < len(tokens):
        lead_end = i
        while lead_end < len(tokens) and not _NUMBER.fullmatch(tokens[lead_end][2]):
            lead_end += 1
        figures_end = lead_end
        while figures_end < len(tokens) and _NUMBER.fullmatch(tokens[figures_end][2]):
            figures_end += 1
        cells_start = figures_end - n  # (a name may end in a bare number: "4090 410 2900")
        if cells_start <= i or figures_end - lead_end < n:
            break
        lead = text[tokens[i][0]:tokens[cells_start - 1][1]]
        names = find_hardware(lead)
        if not names or (lead[:names[0].start].strip() and names[0].count == 1):
            break  # the row starts with its system (or its count: "2×K9")
        at = tokens[i][0] + names[0].start
        for (a, b, cell_text), (_, _, label) in zip(tokens[cells_start:figures_end], labels):
            if not _OUT_OF_SCOPE_LABEL.search(label):
                cell = Cell(a, b, cell_text)
                out.extend(TableValue(cell, v, names[0].name, at, label) for v in _cell_values(cell, label))
        i = figures_end
    return out


# --- column-aligned tables of workloads and engines ---------------------------------------
_COLUMN_GAP = regex.compile(r"\S+(?:\s\S+)*")  # cells of a column-aligned line: runs parted by two spaces or more
_GAIN_LABEL = regex.compile(r"加速比|提升|speed-?up|倍数", regex.IGNORECASE)
_VERSUS_IN_LABEL = regex.compile(r"[（(]\s?(?:vs\.?|VS\.?|相对|对比|较)\s?([^（）()]{1,20}?)\s?[)）]")
_FOOTNOTE_STAR = regex.compile(r"[*＊†]+$")


def engine_columns_header(text: str, start: int, end: int) -> list[tuple[int, int, str]] | None:
    """'模型   MindIE   vLLM-Ascend   Ours   加速比(vs MindIE)': a corner word for workloads, then columns
    parted by two spaces or more that name no system (engines, methods), the last may be a gain; None
    when the line is not one."""
    first = _TOKEN.search(text, start, end)
    if first is None or first.group() not in _MODEL_CORNERS or "  " not in text[first.end():end]:
        return None
    labels = [(start + m.start(), start + m.end(), m.group())
              for m in _COLUMN_GAP.finditer(text[start:end])][1:]
    if len(labels) < 2 or any(regex.fullmatch(r"[\d.,]+", t) or find_hardware(t) or find_models(t)
                              for _, _, t in labels):
        return None
    return labels


def engine_columns_values(text: str, labels: list[tuple[int, int, str]], rows: list[tuple[int, int]],
                          section_label: str = "") -> tuple[list[TableValue], int]:
    r"""Rows of a workload and one figure per column under ``engine_columns_header``: bare figures take the
    unit of the caption above (``section_label``), a gain column its "(vs X)" as baseline. Returns the
    values and how many of ``rows`` were read.

    >>> t = "表2 decode 吞吐（tokens/s）\n模型          MindIE    Ours     加速比(vs MindIE)\nMixtral-8x7B  412*      796      1.93×"
    >>> lines = t.split("\n")
    >>> head = engine_columns_header(t, len(lines[0]) + 1, len(lines[0]) + 1 + len(lines[1]))
    >>> row = (len(lines[0]) + len(lines[1]) + 2, len(t))
    >>> found, used = engine_columns_values(t, head, [row], lines[0])
    >>> [(tv.model, tv.value.value, tv.value.unit, tv.baseline) for tv in found], used
    ([('Mixtral-8x7B', 412.0, 'tokens/s', ''), ('Mixtral-8x7B', 796.0, 'tokens/s', ''), ('Mixtral-8x7B', 1.93, 'x', 'MindIE')], 1)
    """
    # (the caption right above the header names the unit, and the system when it names one:
    # "表 2  单卡昇腾910B 端到端 decode 吞吐（tokens/s，batch=32）")
    header_start = text.rfind("\n", 0, labels[0][0]) + 1
    caption_start = text.rfind("\n", 0, max(header_start - 1, 0)) + 1
    caption = text[caption_start:header_start - 1] if header_start else ""
    if label_unit(section_label) is None and label_unit(caption) is not None:
        section_label = caption
    named = find_hardware(caption) if caption == section_label else []
    system, at = (named[0].name, caption_start + named[0].start) if len({h.name for h in named}) == 1 else ("", -1)
    out: list[TableValue] = []
    used = 0
    for start, end in rows:
        cells = [Cell(start + m.start(), start + m.end(), m.group()) for m in _COLUMN_GAP.finditer(text[start:end])]
        models = find_models(cells[0].text) if cells else []
        if len(cells) != len(labels) + 1 or not models or models[0].start > 0:
            break  # (a note below the table ends it: "* MindIE 需 2 卡 TP …")
        model = models[0].name
        for (_, _, label), cell in zip(labels, cells[1:]):
            written = _FOOTNOTE_STAR.sub("", cell.text)
            cell = Cell(cell.start, cell.start + len(written), written)
            gain = _GAIN_LABEL.search(label)
            versus = _VERSUS_IN_LABEL.search(label)
            for v in _cell_values(cell, label if gain else section_label):
                if gain and v.unit not in ("x", "%"):
                    continue
                out.append(TableValue(cell, v, system, at if system else cell.start,
                                      label if gain else section_label,
                                      versus.group(1).strip() if gain and versus else "", model=model))
        used += 1
    return out, used


# --- ranking tables written with spaces ----------------------------------------------
class RankHeader(NamedTuple):
    """'排名 提交方 系统 加速器 数量 可用性 吞吐量': the labels after the rank, which of them heads the
    systems, the unit line right above the header, if any ("单位：tokens/s"), and where rows start on
    the header's own line when the whole table was flattened into it (-1: on the lines below)."""

    labels: list[tuple[int, int, str]]
    system: int
    unit_line: str
    inline: int = -1


_COUNT_PREFIX = regex.compile(r"\d{1,4}\s?[×xX*]\s?")
_LATIN_WORD = regex.compile(r"[A-Za-z]+")


def rank_table_header(text: str, start: int, end: int) -> RankHeader | None:
    """A header line of a ranking written with spaces: a rank word, a column of systems (or of chips, cards…)
    among the labels and at least one metric label; None when the line is not one. The rows may follow on
    the same line ("排名 芯片 NPU算力（TOPS） 制程 1 天玑9400 50 3nm 2 …"); a Latin word before another
    label's Latin start is one label with it ("AI Benchmark总分")."""
    first = _TOKEN.search(text, start, end)
    if first is None or not _RANK_HEADER.fullmatch(first.group()):
        return None
    tokens = _tokens(text, first.end(), end)
    inline = next((i for i, (_, _, t) in enumerate(tokens) if t == "1"), len(tokens))
    labels: list[tuple[int, int, str]] = []
    for a, b, t in tokens[:inline]:
        if labels and _LATIN_WORD.fullmatch(labels[-1][2]) and t[:1].isascii() and t[:1].isalpha():
            labels[-1] = (labels[-1][0], b, text[labels[-1][0]:b])
        else:
            labels.append((a, b, t))
    systems = [i for i, (_, _, t) in enumerate(labels) if _SYSTEM_HEADER.fullmatch(t) or t in _ROW_CORNERS]
    if len(labels) < 2 or len(systems) != 1 or not any(label_metric(t) for _, _, t in labels) \
            or any(regex.search(r"\d", t) for _, _, t in labels):
        return None
    above_end = text.rfind("\n", 0, start)
    above = text[text.rfind("\n", 0, max(above_end, 0)) + 1:above_end] if above_end > 0 else ""
    return RankHeader(labels, systems[0], above if "单位" in above and label_unit(above) else "",
                      tokens[inline][0] if inline < len(tokens) else -1)


def _ranked_name(cell: Cell) -> tuple[str, int] | None:
    """The system a ranking's cell names: the lexicon's name when it is the whole cell ("8×MI325X服务器"
    is MI325X, "苹果M4" M4), else the cell as written without its count ("4× G593-ZX1", "UCS C885A M8")."""
    counted = _COUNT_PREFIX.match(cell.text)
    at = cell.start + (counted.end() if counted else 0)
    rest = cell.text[at - cell.start:]
    found = find_hardware(rest)
    if len(found) == 1 and (found[0].start == 0 or rest[:found[0].start] in vendors()) \
            and (found[0].end == len(rest) or rest[found[0].end:] in class_names()):
        return found[0].name, at + found[0].start
    return _named_cell(Cell(at, cell.end, rest))


def _ranked_rows(text: str, header: RankHeader, tokens: list[tuple[int, int, str]], rank: int,
                 section_label: str) -> tuple[list[TableValue], int, bool]:
    """The rows of ``tokens`` from rank ``rank`` on: their values, the next rank, and whether the rows
    took every token."""
    labels, system = header.labels, header.system
    left, right = system, len(labels) - system - 1  # one token per label on each side of the systems
    out: list[TableValue] = []
    i = 0
    while i < len(tokens) and tokens[i][2] == str(rank):
        ends = [e for e in range(i + 1 + left + 1 + right, len(tokens) + 1)
                if e == len(tokens) or tokens[e][2] == str(rank + 1)]
        row = next((tokens[i + 1:e] for e in ends
                    if all(_VALUE_TOKEN.match(t) or _EMPTY_CELL.fullmatch(t) or _UNSTATED.fullmatch(t)
                           for (_, _, t), (_, _, label) in zip(tokens[e - right:e], labels[system + 1:])
                           if label_metric(label))), None)
        if row is None:
            break
        cells = row[:left] + [(row[left][0], row[len(row) - right - 1][1],
                               text[row[left][0]:row[len(row) - right - 1][1]])] + row[len(row) - right:]
        named = _ranked_name(Cell(*cells[system]))
        if named is None:
            break
        for (a, b, cell_text), (_, _, label) in zip(cells, labels):
            if label_metric(label) and not _OUT_OF_SCOPE_LABEL.search(label):
                cell = Cell(a, b, cell_text)
                out.extend(TableValue(cell, v, named[0], named[1], label)
                           for v in _cell_values(cell, label, header.unit_line, section_label))
        i += 1 + len(row)
        rank += 1
    return out, rank, i == len(tokens)


#: a cell that states no figure in a ranking ("未公布", "暂无")
_UNSTATED = regex.compile(r"未公布|未知|暂无|不详|N/?A|—|-")


def rank_table_values(text: str, header: RankHeader, rows: list[tuple[int, int]],
                      section_label: str = "") -> tuple[list[TableValue], int]:
    """Under a ranking's header, rows of a rank, one token per label and the system's name (which may
    hold spaces) in its column; rows may be glued on one line ('8 思科 UCS C885A M8 … 33,604 9 甲骨文 …'),
    also the header's own. Returns the values of the metric columns and how many of ``rows`` were read.

    >>> t = "排名 提交方 系统 吞吐量\\n1 戴尔 PowerEdge XE9680 24,323 2 微软 ND H100 v5 27,552\\n注"
    >>> header = rank_table_header(t, 0, t.index("\\n"))
    >>> rows = [(m.start(), m.end()) for m in regex.finditer(r"[^\\n]+", t)][1:]
    >>> found, used = rank_table_values(t, header, rows, "单位：tokens/s")
    >>> [(tv.hardware, tv.value.value, tv.value.unit) for tv in found], used
    ([('PowerEdge XE9680', 24323.0, 'tokens/s'), ('ND H100 v5', 27552.0, 'tokens/s')], 1)
    >>> t = "排名 芯片 NPU算力（TOPS） AI Benchmark总分 制程 1 天玑9400 50 2,804,273 3nm 2 苹果A18 Pro 35 — 3nm"
    >>> found, used = rank_table_values(t, rank_table_header(t, 0, len(t)), [])
    >>> [(tv.hardware, tv.value.value, tv.value.unit) for tv in found], used
    ([('天玑9400', 50.0, 'TOPS'), ('A18 Pro', 35.0, 'TOPS')], 0)
    """
    out: list[TableValue] = []
    rank = 1
    if header.inline >= 0:
        line_end = text.find("\n", header.inline)
        found, rank, whole = _ranked_rows(text, header, _tokens(text, header.inline, len(text) if line_end < 0 else line_end),
                                          rank, section_label)
        out.extend(found)
        if not whole:
            return out, 0
    used = 0
    for start, end in rows:
        found, next_rank, whole = _ranked_rows(text, header, _tokens(text, start, end), rank, section_label)
        if next_rank == rank or not whole:
            break  # (a line that is no row, or one that goes on after its rows, ends the table)
        out.extend(found)
        rank = next_rank
        used += 1
    return out, used


def pair_values(text: str, start: int, end: int, label: str) -> list[TableValue]:
    """'RTX 4090 | 128.4 | RTX 4080 SUPER | 97.6 | …': system and value cells
    in turn, the metric and unit in the heading above ('生成速度（tokens/s）')."""
    cells = [c for c in _cells(text, start, end) if c.text]
    if len(cells) < 4 or len(cells) % 2:
        return []
    out: list[TableValue] = []
    for name_cell, value_cell in zip(cells[::2], cells[1::2]):
        system = _is_system(name_cell)
        values = _cell_values(value_cell, label)
        if system is None or not values:
            return []
        out.extend(TableValue(value_cell, v, system[0], system[1], label) for v in values)
    return out


#: "RTX 5070 Ti：118.6", "- Cerebras CS-3：2,148": a system, a colon and a bare figure, a line each
_NAMED_FIGURE = regex.compile(r"\s*(?:[-*•·▪]\s*)?(?P<name>[^：:\n]{1,40}?)\s?[:：]\s?(?P<value>(?:~|约|≈)?\s?\d[\d,]*(?:\.\d+)?)\s*")


def named_figure_lines(text: str, start: int, end: int, label: str) -> list[TableValue]:
    """Lines each of a system and its bare figure, the metric and unit in the line or heading above
    ("▲Qwen3-8B生成速度，单位：tokens/s：" over "RTX 5070 Ti：118.6"); every line must be one, or none is read."""
    out: list[TableValue] = []
    at = start
    for line in text[start:end].split("\n"):
        line_start, at = at, at + len(line) + 1
        if not line.strip():
            continue
        m = _NAMED_FIGURE.fullmatch(line)
        if m is None:
            return []
        system = _is_system(Cell(line_start + m.start("name"), line_start + m.end("name"), m.group("name")))
        value_cell = Cell(line_start + m.start("value"), line_start + m.end("value"), m.group("value"))
        values = _cell_values(value_cell, label) if system is not None else []
        if not values:
            return []
        out.extend(TableValue(value_cell, v, system[0], system[1], label) for v in values)
    return out


_FIGURE_BETWEEN = regex.compile(r"\s+((?:约|~)?\d[\d,]*(?:\.\d+)?)\s*")


def spaced_pair_values(text: str, start: int, end: int, label: str) -> list[TableValue]:
    """A chart's bars flattened into one line, each system followed by its bare figure, the metric and
    unit in the caption above ("图3：Llama 3.1 8B 生成速度（tokens/s）" over "RTX PRO 6000 218.7 RTX 5090
    211.3 RTX 6000 Ada 121.5"); the line must be nothing else, with two systems at least.

    >>> t = "RTX PRO 6000 218.7 RTX 5090 211.3 RTX 6000 Ada 121.5"
    >>> [(tv.hardware, tv.value.value, tv.value.unit) for tv in spaced_pair_values(t, 0, len(t), "生成速度（tokens/s）")]
    [('RTX PRO 6000', 218.7, 'tokens/s'), ('RTX 5090', 211.3, 'tokens/s'), ('RTX 6000 Ada', 121.5, 'tokens/s')]
    """
    line = text[start:end]
    if not label or "\n" in line.strip() or label_unit(label) is None:
        return []
    names = find_hardware(line)
    if len(names) < 2 or line[:names[0].start].strip() not in vendors() | {""}:
        return []
    out: list[TableValue] = []
    for name, following in zip(names, names[1:] + [None]):
        gap_end = following.start if following is not None else len(line.rstrip())
        figure = _FIGURE_BETWEEN.fullmatch(line, name.end, gap_end)
        if figure is None or name.count > 1:
            return []
        cell = Cell(start + figure.start(1), start + figure.end(1), figure.group(1))
        out.extend(TableValue(cell, v, name.name, start + name.start, label) for v in _cell_values(cell, label))
    return out


# --- tables flattened one cell per line ----------------------------------------------------
# A web table copied as text often comes out with every cell on its own line (blank lines
# between, or a bar after each cell): "指标 / BM1684 / BM1682 / INT8 算力 / 17.6 TOPS / - / …".
_CORNER = regex.compile(rf"(?:{_listed('corner_words')})")
_RULE_ROW = regex.compile(r"^[\s|｜:\-—]*-{3,}[\s|｜:\-—]*$")  # "---|---|---" (a lone "-" is an empty cell)
_EMPTY_CELL = regex.compile(rf"[-—–/]|N/?A|n/?a|{_listed('empty_cell_words')}|—+")
#: at most this many columns of systems, and a label cell at most this long
MAX_COLUMNS = 6
_LABEL_CHARS = 30
_TEXT_COLUMN = regex.compile(rf"(?:{_listed('text_column_labels')})")
_VALUE_CHARS = 40


def line_cells(text: str, lines: list[tuple[int, int]]) -> list[Cell]:
    """The cells of consecutive lines, read one after another: each line split at its bars,
    empty cells and separator rows (---|---) left out."""
    out: list[Cell] = []
    for a, b in lines:
        if _RULE_ROW.match(text[a:b]):
            continue
        out.extend(c for c in _cells(text, a, b) if c.text)
    return out


def is_corner(cell_text: str) -> bool:
    """Whether a cell is the top-left corner of a table ("指标", "参数 |")."""
    return _CORNER.fullmatch(cell_text.strip(" |｜")) is not None


def vertical_table_values(text: str, cells: list[Cell], section_label: str = "") -> tuple[list[TableValue], int]:
    """Values of a table written one cell per line, and how many of ``cells`` it spans
    (0: not such a table). ``cells[0]`` is the corner; the next 2..6 cells name the
    columns (systems, or models: then :attr:`TableValue.model` holds the column's); then
    rows of a label and one cell per column. A label with no cells of its own (a row
    group: "典型场景延迟") is skipped.

    >>> t = "指标\\nBM1684\\nBM1682\\nINT8 算力\\n17.6 TOPS\\n-\\n片内SRAM容量\\n32 MB\\n16 MB\\n后记：完"
    >>> lines = [(m.start(), m.end()) for m in regex.finditer(r"[^\\n]+", t)]
    >>> found, used = vertical_table_values(t, line_cells(t, lines))
    >>> [(tv.hardware, tv.value.value, tv.value.unit) for tv in found], used
    ([('BM1684', 17.6, 'TOPS'), ('BM1684', 32.0, 'MB'), ('BM1682', 16.0, 'MB')], 9)
    """
    if not cells or not is_corner(cells[0].text):
        return [], 0
    columns: list[tuple[str, int, bool]] = []  # (name, where, is a model)
    i = 1
    while i < len(cells) and len(columns) < MAX_COLUMNS:
        column = _column_name(cells[i])
        if column is None:
            break
        columns.append(column)
        i += 1
    n = len(columns)
    if n < 2:
        return [], 0
    out: list[TableValue] = []
    rows = 0
    group = ""  # the label of a group of rows ("典型场景延迟" above "- 代码生成 | 1.2 秒/token")
    while i + n < len(cells):
        label = cells[i]
        if not _is_label(label) or is_corner(label.text):
            break  # the table ended (the next one starts with its own corner)
        row = cells[i + 1:i + 1 + n]
        if _is_label(row[0]) and not _is_value_cell(row[0], label.text):
            group = label.text  # a row group's own label, its rows below
            i += 1
            continue
        if not all(_is_value_cell(c, label.text) for c in row):
            break
        rows += 1
        named = f"{group} {label.text}" if label.text[:1] in "-•·" and group else label.text
        if not _OUT_OF_SCOPE_LABEL.search(named):
            for (name, at, is_model), cell in zip(columns, row):
                # a cell that names its own metric ("准确率 82.6%") says more than its row's label
                own = cell.text if label_metric(cell.text) else named
                inside = find_hardware(cell.text) if is_model else []
                for v in _cell_values(cell, named, section_label):
                    # "CPU 60%、GPU 45%" under a model's column: each figure is the part named before it
                    before = [h for h in inside if cell.start + h.end <= v.start]
                    system, where = (before[-1].name, cell.start + before[-1].start) if before else ("", at)
                    out.append(TableValue(cell, v, system if is_model else name, where if before else at, own,
                                          model=name if is_model else ""))
        i += 1 + n
    return (out, i) if rows else ([], 0)


def vertical_rows_values(text: str, cells: list[Cell], section_label: str = "") -> tuple[list[TableValue], int]:
    """The transpose of :func:`vertical_table_values`: a table written one cell per line whose
    corner is followed by metric labels, then rows of a system and one value per label
    ("系统 / 吞吐量（tokens/s） / 8×H200 / 34,864 / 8×H100 / 24,525"). Returns the values and
    how many of ``cells`` the table spans (0: not such a table; two rows at least)."""
    if not cells or not is_corner(cells[0].text):
        return [], 0
    labels: list[str] = []
    i = 1
    while i < len(cells) and len(labels) < MAX_COLUMNS and _column_name(cells[i]) is None \
            and (label_metric(cells[i].text) or label_unit(cells[i].text) or _TEXT_COLUMN.fullmatch(cells[i].text)):
        labels.append(cells[i].text)
        i += 1
    k = len(labels)
    if k == 0 or all(_TEXT_COLUMN.fullmatch(label) for label in labels):
        return [], 0
    out: list[TableValue] = []
    rows = 0
    while i < len(cells):
        column = _column_name(cells[i])
        row = cells[i + 1:i + 1 + k]
        if column is None or column[2] or len(row) < k or not all(
                _is_value_cell(c, label) or (_TEXT_COLUMN.fullmatch(label) and _is_label(c))
                for c, label in zip(row, labels)):
            break
        name, at, _ = column
        for cell, label in zip(row, labels):
            if not _OUT_OF_SCOPE_LABEL.search(label) and not _TEXT_COLUMN.fullmatch(label):
                out.extend(TableValue(cell, v, name, at, label) for v in _cell_values(cell, label, section_label))
        rows += 1
        i += 1 + k
    return (out, i) if rows >= 2 else ([], 0)


_SIZE_SUFFIX = regex.compile(r"\s\d{1,3}\s?GB?$")
_EDITION = regex.compile(r"\s?[\p{Han}]{1,4}")


def _column_name(cell: Cell) -> tuple[str, int, bool] | None:
    """A header cell that is nothing but a name (a size in brackets allowed: "DeepSeek-R1:14B(32GB)")."""
    bare = regex.sub(r"\s*[（(][^（）()]{1,20}[)）]\s*$", "", cell.text)
    # "Jetson Orin Nano 8GB", "RTX 3090 24GB": a memory size after the name is part of the row's name
    sized = _SIZE_SUFFIX.search(bare)
    if not bare or find_values(bare[:sized.start()] if sized else bare):
        return None
    found = _systems_in(bare[:sized.start()] if sized else bare)
    if sized and len(found) == 1:
        found = [found[0]._replace(end=len(bare), name=found[0].name + sized.group())]
    # (a plain word of edition may follow the name: "M4 基础款", "M4 Pro 高配")
    if len(found) == 1 and (found[0].end >= len(bare) - 1 or _EDITION.fullmatch(bare[found[0].end:])) \
            and (found[0].start <= 2 or bare[:found[0].start].strip() in vendors()):
        return found[0].name, cell.start + found[0].start, False
    models = find_models(bare)
    if len(models) == 1 and models[0].start <= 1 and models[0].end >= len(bare) - 1:
        return models[0].name, cell.start + models[0].start, True
    return None


def _is_label(cell: Cell) -> bool:
    return len(cell.text) <= _LABEL_CHARS and not find_values(cell.text) and not _EMPTY_CELL.fullmatch(cell.text)


def _is_value_cell(cell: Cell, label: str) -> bool:
    """A figure (or an empty mark) short enough to be a cell: a sentence with a number is prose."""
    return len(cell.text) <= _VALUE_CHARS and bool(_EMPTY_CELL.fullmatch(cell.text) or _cell_values(cell, label))
