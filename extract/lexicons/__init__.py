"""Lexicons as data: YAML/TSV files beside this module, loaded once and cached.

Reading package data is not "touching the disk" in the I/O sense: these are
read-only resources shipped inside the package (importlib.resources).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml


def _read(name: str) -> str:
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


# libyaml's safe loader when PyYAML has it: the same data, read ten times faster (start-up)
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=None)
def load_yaml(name: str) -> dict[str, Any]:
    data = yaml.load(_read(name), Loader=_SAFE_LOADER)
    if not isinstance(data, dict):
        raise ValueError(f"lexicon {name} must be a mapping")
    return data


@dataclass(frozen=True)
class UnitEntry:
    canonical: str
    dimension: str
    factor: float


@lru_cache(maxsize=1)
def units() -> dict[str, UnitEntry]:
    """Canonical unit -> entry."""
    return {
        name: UnitEntry(name, spec["dimension"], float(spec["factor"]))
        for name, spec in load_yaml("units.yaml").items()
    }


@lru_cache(maxsize=1)
def unit_aliases() -> tuple[dict[str, str], dict[str, str]]:
    """(strong alias -> canonical, weak alias -> canonical). Keys are exact
    spellings; :func:`unit_for` falls back to case-insensitive lookup only
    when the exact spelling is unknown (Gb/s is bits, GB/s bytes)."""
    strong: dict[str, str] = {}
    weak: dict[str, str] = {}
    for name, spec in load_yaml("units.yaml").items():
        for alias in [name, *spec.get("aliases", [])]:
            strong.setdefault(alias, name)
        for alias in spec.get("weak", []):
            weak.setdefault(alias, name)
    return strong, weak


@lru_cache(maxsize=1)
def _folded_aliases() -> dict[str, str]:
    strong, weak = unit_aliases()
    folded: dict[str, str] = {}
    for table in (strong, weak):
        for alias, name in table.items():
            folded.setdefault(alias.casefold(), name)
    return folded


def unit_for(surface: str) -> str | None:
    """Canonical unit of a surface spelling: exact first, then case-folded."""
    strong, weak = unit_aliases()
    key = surface.strip()
    return strong.get(key) or weak.get(key) or _folded_aliases().get(key.casefold())


@lru_cache(maxsize=1)
def scaled_units() -> dict[str, tuple[str, float]]:
    """Non-vocabulary unit spelling -> (canonical unit, factor)."""
    return {alias: (spec["unit"], float(spec["factor"])) for alias, spec in load_yaml("scaled_units.yaml").items()}


@lru_cache(maxsize=1)
def spun_synonyms() -> dict[str, str]:
    table: dict[str, str] = {}
    for line in _read("spun.tsv").splitlines():
        line = line.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        spun, canonical = line.split("\t")[:2]
        table[spun.strip()] = canonical.strip()
    return table


@lru_cache(maxsize=1)
def t2s_changed() -> frozenset[str]:
    """The characters OpenCC's t2s conversion changes (t2s_changed.txt)."""
    return frozenset("".join(line.strip() for line in _read("t2s_changed.txt").splitlines()
                             if not line.startswith("#")))


@lru_cache(maxsize=1)
def places() -> tuple[str, ...]:
    """Place names that may open a computing centre's name (places.txt)."""
    return tuple(line.strip() for line in _read("places.txt").splitlines()
                 if line.strip() and not line.startswith("#"))


def hardware() -> dict[str, list[str]]:
    return load_yaml("hardware.yaml")


def models() -> dict[str, list[str]]:
    return load_yaml("models.yaml")


def metrics() -> dict[str, Any]:
    return load_yaml("metrics.yaml")


def grammar() -> dict[str, list[str]]:
    """Word classes of the binder's patterns (function words, qualifiers, nouns)."""
    return load_yaml("grammar.yaml")


def context() -> dict[str, list[str]]:
    return load_yaml("context.yaml")
