"""Tables flattened into one line (spec section 2: each cell value belongs to
its row's metric and its column's system). Texts written for these tests."""
import pytest

from extract import extract_claims
from extract.core.text_tables import grid


def rows(text):
    return [(c.hardware, c.metric, c.value, c.unit) for c in extract_claims(text, "t.txt")]


FLATTENED = {
    "systems in columns, units in row labels": (
        "参数对比\n型号 | X100 | X200 FP16算力（TFLOPS） | 100 | 200 显存（GB） | 40 | 80 制程 | 7nm | 5nm",
        [("X100", "compute", 100, "TFLOPS"), ("X200", "compute", 200, "TFLOPS"),
         ("X100", "memory", 40, "GB"), ("X200", "memory", 80, "GB")],
    ),
    "systems in rows, units in cells": (
        "型号 | 算力 | 显存带宽 | 功耗 Z1 | 300 TFLOPS | 2TB/s | 400W Z2 | 600 TFLOPS | 3.5TB/s | 700W",
        [("Z1", "compute", 300, "TFLOPS"), ("Z1", "bandwidth", 2, "TB/s"), ("Z1", "power", 400, "W"),
         ("Z2", "compute", 600, "TFLOPS"), ("Z2", "bandwidth", 3.5, "TB/s"), ("Z2", "power", 700, "W")],
    ),
    "rows separated by double bars": (
        "型号 | K10 | K20 || INT8算力 | 128 TOPS | 256 TOPS || 内存 | 16GB | 32GB",
        [("K10", "compute", 128, "TOPS"), ("K20", "compute", 256, "TOPS"),
         ("K10", "memory", 16, "GB"), ("K20", "memory", 32, "GB")],
    ),
    "a vendor before each system of the header": (
        "| 指标 | Nvidia H100 (2 units) | AMD MI300X (1 unit) |\n|---|---|---|\n| 显存 | 160 GB | 192 GB |",
        [("H100", "memory", 160, "GB"), ("MI300X", "memory", 192, "GB")],
    ),
    "a caption line, a header without a label cell, a row with merged cells": (
        "显存代际对比 | ||||\nHBM3E | HBM3 | ||\n容量 | 36GB | 24 GB | |\n位宽 | 1024-bit ||||\n带宽 | 1.2 TB/s | 819 GB/s | |",
        [("HBM3E", "memory", 36, "GB"), ("HBM3", "memory", 24, "GB"),
         ("HBM3E", "bandwidth", 1.2, "TB/s"), ("HBM3", "bandwidth", 819, "GB/s")],
    ),
    "a table naming no system is about the system of the line introducing it": (
        "消费级显卡评测\n以下是在单张RTX 4090 24GB上的实测数据：\n| 输入长度 | 平均延迟 |\n|---|---|\n| 512 | 90ms |\n| 2K | 220ms |",
        [("RTX 4090 24GB", "latency", 90, "ms"), ("RTX 4090 24GB", "latency", 220, "ms")],
    ),
    "a gain column compares the last system with the first, in the row's metric": (
        "| 指标 | H100 | H200 | 提升 |\n|---|---|---|---|\n| 显存带宽 | 3.35 TB/s | 4.8 TB/s | 43% |",
        [("H100", "bandwidth", 3.35, "TB/s"), ("H200", "bandwidth", 4.8, "TB/s"), ("H200", "bandwidth", 43, "%")],
    ),
    "...unless the row's own figures say the gain is the first system's over the last": (
        "| 指标 | K9 | K8 | 对比 |\n|---|---|---|---|\n| 算力 | 300 PFLOPS | 180 PFLOPS | 1.7倍 |",
        [("K9", "compute", 300, "PFLOPS"), ("K8", "compute", 180, "PFLOPS"), ("K9", "compute", 1.7, "x")],
    ),
    "a README's benchmark table: a workload column and a system column name each row": (
        "| 模型 | GPU | 吞吐 (tokens/s) | TTFT (ms) |\n|:---|:---|---:|---:|\n| Llama 2 13B | A100 80GB | 3,420 | 182 |\n"
        "| Qwen2.5-7B | RTX 4090 | 2,260 | 75 |",
        [("A100 80GB", "throughput", 3420, "tokens/s"), ("A100 80GB", "latency", 182, "ms"),
         ("RTX 4090", "throughput", 2260, "tokens/s"), ("RTX 4090", "latency", 75, "ms")],
    ),
    "markdown table over several lines": (
        "| 型号 | 功耗 |\n|---|---|\n| H100 | 700W |\n| B200 | 1000W |",
        [("H100", "power", 700, "W"), ("B200", "power", 1000, "W")],
    ),
}


@pytest.mark.parametrize("name", list(FLATTENED))
def test_table_cells_bind_to_row_and_column(name):
    text, expected = FLATTENED[name]
    assert rows(text) == [(h, m, float(v), u) for h, m, v, u in expected]


def test_grid_rejects_prose_with_bars():
    text = "A | B 是一句 | 普通的话"
    assert grid(text, 0, len(text)) is None


def test_table_evidence_is_the_cell():
    text = "型号 | R10 | R70 || 功耗 | 75W | 150W"
    claims = extract_claims(text, "t.txt")
    assert [text[c.start:c.end] for c in claims] == ["75W", "150W"]


def test_table_flattened_with_spaces_only():
    text = "参数对比 型号 K10 K20 K30 架构 甲 乙 丙 算力(TFLOPS) 100 200 300 显存 16GB 32GB 64GB 工艺 7nm 5nm 4nm"
    assert rows(text) == [
        ("K10", "compute", 100.0, "TFLOPS"), ("K20", "compute", 200.0, "TFLOPS"), ("K30", "compute", 300.0, "TFLOPS"),
        ("K10", "memory", 16.0, "GB"), ("K20", "memory", 32.0, "GB"), ("K30", "memory", 64.0, "GB")]


def test_table_written_with_spaces_a_row_a_line():
    # a header of metric labels, then a system and one value per label on each line; the name may
    # hold spaces or a vendor, and the first line that is no row ends the table
    text = ("参数一览\n型号 显存 显存带宽 功耗\nK10 80GB 3.35TB/s 700W\nNVIDIA RTX 4090 24GB 1TB/s 450W\n"
            "可以看到，K10的显存更大。")
    assert sorted((c.hardware, c.metric, c.value, c.unit) for c in extract_claims(text, "t.txt")) == [
        ("K10", "bandwidth", 3.35, "TB/s"), ("K10", "memory", 80.0, "GB"), ("K10", "power", 700.0, "W"),
        ("RTX 4090", "bandwidth", 1.0, "TB/s"), ("RTX 4090", "memory", 24.0, "GB"), ("RTX 4090", "power", 450.0, "W")]


def test_table_one_cell_per_line_with_systems_down_the_rows():
    # the transpose of the one-cell-per-line table: a corner, metric labels, then a system and its values
    text = "成绩\n系统\n吞吐量（tokens/s）\n8×K9\n34,864\n8×K8\n24,525\n从结果看，K9更快。"
    assert rows(text) == [("K9", "throughput", 34864.0, "tokens/s"), ("K8", "throughput", 24525.0, "tokens/s")]
    # one row is no table: its bare number, with no unit of its own, is no claim
    assert rows("成绩\n系统\n吞吐量（tokens/s）\n8×K9\n34,864\n从结果看，K9更快。") == []


def test_spec_sheet_a_row_a_line_under_a_line_of_systems():
    # a datasheet pasted as text: a header line of two systems, then a label and one figure each per line
    text = ("K9 张量核心 GPU 规格\n\n外形规格 K90 SXM K90 PCIe\nFP64 34 teraFLOPS 26 teraFLOPS\n"
            "FP16 Tensor Core 1979 teraFLOPS 1513 teraFLOPS\nGPU 显存带宽 3.35TB/s 2TB/s\n")
    assert rows(text) == [
        ("K90 SXM", "compute", 34.0, "TFLOPS"), ("K90 PCIe", "compute", 26.0, "TFLOPS"),
        ("K90 SXM", "compute", 1979.0, "TFLOPS"), ("K90 PCIe", "compute", 1513.0, "TFLOPS"),
        ("K90 SXM", "bandwidth", 3.35, "TB/s"), ("K90 PCIe", "bandwidth", 2.0, "TB/s")]


def test_space_table_header_with_vendor_prefixes():
    text = "产品 甲厂K10 乙厂K20 算力(TFLOPS) 100 200"
    assert [(h, v) for h, _, v, _ in rows(text)] == [("K10", 100.0), ("K20", 200.0)]


def test_space_table_header_of_unknown_codes_ends_before_the_first_rows_label():
    # probe round 15: a server vendor's own codes head the columns; "GPU 8×K20 …" is the first row
    text = "机型 XH-8K20 XH-8K30 GPU 8×K20 8×K30 显存总量 768GB 384GB 整机最大功耗 6.8kW 3.6kW"
    assert rows(text) == [("XH-8K20", "memory", 768.0, "GB"), ("XH-8K30", "memory", 384.0, "GB"),
                          ("XH-8K20", "power", 6.8, "kW"), ("XH-8K30", "power", 3.6, "kW")]


def test_table_without_systems_takes_units_from_its_header():
    # software against software: no system anywhere, the header names the columns and their units
    text = "框架实测\n| 框架 | 吞吐量(tokens/s) | 显存占用(GB) |\n|---|---|---|\n| 甲框架 | ~150 | 20.5 |\n| 乙框架 | 3200+ | 18 |\n"
    assert sorted((c.metric, c.value, c.unit) for c in extract_claims(text, "t.txt")) == [
        ("memory", 18.0, "GB"), ("memory", 20.5, "GB"), ("throughput", 150.0, "tokens/s"),
        ("throughput", 3200.0, "tokens/s")]


def test_table_unit_from_the_heading_above_and_a_gain_column():
    text = "框架评测\n\n吞吐量 (requests/sec)\n| 场景 | 甲框架 | 乙框架 | 差异 |\n|---|---|---|---|\n| 短请求 | 10.5 | 12 | +14% |\n"
    assert sorted((c.value, c.unit) for c in extract_claims(text, "t.txt")) == [
        (10.5, "queries/s"), (12.0, "queries/s"), (14.0, "%")]


# Tables copied from web pages with every cell on its own line (search-index excerpts of
# spec pages and benchmark posts), with blank lines or a bar after each cell.
VERTICAL = {
    "systems in columns, blank lines between cells, '-' for an empty cell": (
        "处理器\n\n指标\n\nK10\n\nK20\n\nINT8 算力\n\n17.6 TOPS\n\n-\n\n片上缓存\n\n32 MB\n\n16 MB\n\n结语：完。",
        [("", "K10", "compute", 17.6, "TOPS"), ("", "K10", "memory", 32.0, "MB"), ("", "K20", "memory", 16.0, "MB")],
    ),
    "models in columns, a bar after each cell, a group label over its rows, a second table after": (
        "实测\n指标 |\nLlama-2-7B |\nLlama-2-13B |\n---|---|---|\n推理速度 | 10 tokens/s |\n4.8 tokens/s |\n"
        "典型场景延迟 | ||\n- 代码生成 |\n1.2 秒/token |\n3.5 秒/token |\n- 数学推理 |\n准确率 82.6% |\n准确率 89.4% |\n"
        "硬件负载 | CPU 60%、GPU 45% |\nCPU 85%、GPU 72% |\n"
        "指标 |\nK10 |\nK20 |\n---|---|---|\n功耗 | 75W |\n150W |\n",
        [("Llama-2-7B", "", "throughput", 10.0, "tokens/s"), ("Llama-2-13B", "", "throughput", 4.8, "tokens/s"),
         ("Llama-2-7B", "", "latency", 1.2, "s"), ("Llama-2-13B", "", "latency", 3.5, "s"),
         ("Llama-2-7B", "", "accuracy", 82.6, "%"), ("Llama-2-13B", "", "accuracy", 89.4, "%"),
         ("Llama-2-7B", "CPU", "efficiency", 60.0, "%"), ("Llama-2-7B", "GPU", "efficiency", 45.0, "%"),
         ("Llama-2-13B", "CPU", "efficiency", 85.0, "%"), ("Llama-2-13B", "GPU", "efficiency", 72.0, "%"),
         ("", "K10", "power", 75.0, "W"), ("", "K20", "power", 150.0, "W")],
    ),
    "editions after the names, a disk row left out, a bulleted sentence after the table is prose": (
        "配置\n配置项 |\nK1 基础款(16GB) |\nK1 Pro 高配(32GB/64GB) |\n---|---|---|\n内存 | 16GB 统一内存 |\n"
        "32GB/64GB 统一内存 |\n存储 | 512GB SSD |\n1TB SSD |\n内存带宽 | 120GB/s |\n200GB/s |\n官网配置参考\n"
        "芯片性能\n• K1 芯片：标配 16GB 统一内存，最高可选 32GB，支持 2TB SSD 存储。\n"
        "• K1 Pro 芯片：标配 16GB 内存，最高可选 64GB，支持 8TB SSD 存储。",
        [("", "K1", "memory", 16.0, "GB"), ("", "K1 Pro", "memory", 32.0, "GB"), ("", "K1 Pro", "memory", 64.0, "GB"),
         ("", "K1", "bandwidth", 120.0, "GB/s"), ("", "K1 Pro", "bandwidth", 200.0, "GB/s")],
    ),
}


@pytest.mark.parametrize("name", list(VERTICAL))
def test_table_written_one_cell_per_line(name):
    text, expected = VERTICAL[name]
    claims = extract_claims(text, "t.txt")
    after = text.find("官网配置参考")  # the third case goes on with prose after its table
    in_table = [c for c in claims if after < 0 or c.start < after]
    assert [(c.model, c.hardware, c.metric, c.value, c.unit) for c in in_table] == expected
    # what follows the table is read as text again: each claim's evidence is its own sentence's clause
    assert all(c.evidence in text[after:] and "|" not in c.evidence for c in claims if c not in in_table)


def test_a_workload_column_names_the_rows_model():
    text = "| 模型 | GPU | 吞吐 (tokens/s) |\n|---|---|---|\n| Llama 3 8B | H100 SXM | 7,850 |"
    assert [(c.model, c.hardware, c.value) for c in extract_claims(text, "t.txt")] == [("Llama 3 8B", "H100 SXM", 7850)]


def test_a_tables_unit_from_the_line_introducing_it_and_its_rows_workloads():
    text = ("评测\n下面是我们在两张显卡上测试的结果，单位为tokens/s：\n| 模型 | RTX 5090 | RTX 4090 | 提升 |\n|---|---|---|---|\n"
            "| Llama 3.1 8B | 186 | 128 | 45% |")
    assert [(c.model, c.hardware, c.value, c.unit, c.baseline) for c in extract_claims(text, "t.txt")] == [
        ("Llama 3.1 8B", "RTX 5090", 186, "tokens/s", ""), ("Llama 3.1 8B", "RTX 4090", 128, "tokens/s", ""),
        ("Llama 3.1 8B", "RTX 5090", 45, "%", "RTX 4090")]


def test_a_space_table_of_one_metric_beside_a_count_column_takes_the_headings_unit():
    text = "评测\n五、单卡吞吐一览（Llama 2 70B离线，单位：tokens/s）\n系统 卡数 每卡吞吐\nB200 8 12357\nH200 8 4358"
    assert [(c.model, c.hardware, c.value, c.unit) for c in extract_claims(text, "t.txt")] == [
        ("Llama 2 70B", "B200", 12357, "tokens/s"), ("Llama 2 70B", "H200", 4358, "tokens/s")]


def test_a_column_of_one_system_versus_another_names_the_ratios_baseline():
    # probe round 15: "| 模型 | 指标 | K9 vs K8 |" over ratio cells: K9's gains over K8
    text = "标题\n模型 | 指标 | K9 vs K8\nLlama2-7B | 训练速度 | 1.5倍\nLlama2-13B | 训练速度 | 1.7倍\n"
    assert sorted((c.hardware, c.value, c.unit, c.baseline) for c in extract_claims(text, "t.txt")) == [
        ("K9", 1.5, "x", "K8"), ("K9", 1.7, "x", "K8")]


def test_a_versus_column_of_vendor_codes_names_subject_and_baseline():
    # "| XH-9K | K8 | XH-9K vs K8 |": a code no lexicon knows is still the column's subject
    text = "标题\n吞吐（单位：tokens/s）\n| 模型 | XH-9K | K8 | XH-9K vs K8 |\n|---|---|---|---|\n| Llama 3.1 70B | 1,610 | 4,350 | 0.37× |\n"
    ratios = [(c.hardware, c.metric, c.value, c.baseline) for c in extract_claims(text, "t.txt") if c.unit == "x"]
    assert ratios == [("XH-9K", "throughput", 0.37, "K8")]
