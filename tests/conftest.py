from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
GOLD = ROOT / "gold"
DEV = ROOT.parent / "shared" / "dev"


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
