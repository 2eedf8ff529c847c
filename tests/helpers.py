"""Shared test helpers: lint a snippet with the real engine and compare exact positions."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from scanlint.engine import lint_source
from scanlint.findings import Finding
from scanlint.registry import RULES

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"


@dataclass(frozen=True)
class Case:
    """A named snippet and the findings it must produce: `expected` holds "line:col CODE" strings
    (1-based line and column of the reported node's start), in any order, exactly."""

    id: str
    source: str
    expected: list[str] = field(default_factory=list)


def lint(source: str, select: frozenset[str] | None = None, path: str = "case.py") -> list[Finding]:
    codes = select if select is not None else frozenset(rule.code for rule in RULES)
    data = textwrap.dedent(source).encode("utf-8")
    return list(lint_source(path, data, codes).findings)


def positions(source: str, family: str) -> list[str]:
    """The findings of one rule family (a code prefix such as "SCN2"), as "line:col CODE"."""
    codes = frozenset(rule.code for rule in RULES if rule.code.startswith(family))
    return sorted(f"{f.line}:{f.column} {f.code}" for f in lint(source, codes))


def write_tree(root: Path, files: dict[str, str]) -> None:
    """Write a project: relative path -> source text (dedented)."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def file_findings(path: Path) -> list[tuple[int, str]]:
    """Every rule's findings on a file as it is on disk (so the project index sees its
    neighbours), as (line, code)."""
    result = lint_source(str(path), path.read_bytes(), frozenset(rule.code for rule in RULES))
    return [(f.line, f.code) for f in result.findings]
