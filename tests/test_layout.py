"""The package's shape (issue 15): the stages live in ``extract/core`` in the
order the README's "How it works" table gives, and every import points down
the layers, so no stage reaches back into I/O, the runner or the tools."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "extract"
README = PACKAGE.parent / "README.md"

# lower layers first; a module may import its own layer or any lower one
LAYERS = {"lexicons": 0, "core": 1, "io": 2, "run": 3, "engines": 4, "tools": 4, "component": 5, "cli": 6,
          "__main__": 6, "__init__": 7}


def _layer(module: str) -> int:
    """``core.bind`` -> the layer of ``core``; ``cli`` -> its own."""
    return LAYERS[module.split(".")[0]]


def _module_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts)


def _imports(source: str, module: str) -> list[tuple[int, str]]:
    """(line, imported module of the package relative to ``extract``) for every
    ``from .x import y`` / ``from extract.x import y`` in ``source``, the text
    of ``module`` (``core.bind``; ``core.__init__`` for a package), lazy
    imports included."""
    package = module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
            target = [*base, *(node.module.split(".") if node.module else [])]
        elif node.module and node.module.split(".")[0] == "extract":
            target = node.module.split(".")[1:]
        else:
            continue
        if not target:  # "from . import a, b" at the top: each name is a module
            found += [(node.lineno, alias.name) for alias in node.names]
        elif not node.module and node.level:  # "from .. import lexicons" / "from . import choice"
            found += [(node.lineno, ".".join([*target, alias.name])) for alias in node.names]
        else:
            found.append((node.lineno, ".".join(target)))
    return found


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down(path: Path) -> None:
    module = _module_of(path)
    assert not _upward(path.read_text(encoding="utf-8"), module)


def _upward(source: str, module: str) -> list[str]:
    mine = _layer(module)
    return [f"{module} line {line}: {target}" for line, target in _imports(source, module)
            if target.split(".")[0] in LAYERS and _layer(target) > mine]


@pytest.mark.parametrize("module, source, expected", [
    ("core.bind", "from ..run import text_sha256\n", ["core.bind line 1: run"]),
    ("core.bind", "def f():\n    from ..io.files import read_document\n", ["core.bind line 2: io.files"]),
    ("core.bind", "from extract.tools import score\n", ["core.bind line 1: tools"]),
    ("io.files", "from ..cli import main\n", ["io.files line 1: cli"]),
    ("core.bind", "from . import choice\nfrom .. import lexicons\n", []),
    ("cli", "from .run import iter_results\nfrom .core.bind import extract_claims\n", []),
])
def test_the_layer_check_reads_imports(module: str, source: str, expected: list[str]) -> None:
    """The check can fail: upward imports, lazy or absolute, are caught."""
    assert _upward(source, module) == expected


def test_the_readme_table_names_the_core_stages_in_order() -> None:
    """The "How it works" table lists every core stage module, in the order
    the stages run, and names only files that exist."""
    text = README.read_text(encoding="utf-8")
    table = text[text.index("## How it works"):].split("\n\n")[1]
    named = re.findall(r"`((?:core|io|tools|engines)/\w+\.py|\w+\.py)`", table)
    for name in named:
        assert (PACKAGE / name).is_file(), f"README names extract/{name}, which does not exist"
    stages = ["core/normalize.py", "core/segment.py", "core/values.py", "core/recognize.py", "core/context.py",
              "core/scope.py", "core/features.py", "core/candidates.py", "core/bind.py", "core/text_tables.py"]
    positions = [named.index(s) for s in stages]
    assert positions == sorted(positions)
    core = {f"core/{p.name}" for p in (PACKAGE / "core").glob("*.py") if p.name != "__init__.py"}
    assert core <= set(named) | {"core/claims.py", "core/patterns.py", "core/failures.py", "core/textindex.py"}
