"""The static rules on the bundled reference modules: exactly the `# expect: CODE` markers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import FIXTURES

from scanlint.api import lint_file
from scanlint.config import load_settings


MARKER = re.compile(r"#\s*expect:\s*(?P<codes>SCN\d{3}(?:\s*,\s*SCN\d{3})*)")
FIXTURE_FILES = sorted(FIXTURES.glob("*.py"))


def expected_markers(path: Path) -> list[tuple[int, str]]:
    expected = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = MARKER.search(line)
        if match:
            expected += [(number, code.strip()) for code in match.group("codes").split(",")]
    return sorted(expected)


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_fixture_findings_match_markers(path: Path) -> None:
    findings, _ = lint_file(path, load_settings([path]))
    assert sorted((f.line, f.code) for f in findings) == expected_markers(path)


def test_every_broken_fixture_expects_a_finding_and_seeds_are_clean() -> None:
    for path in FIXTURE_FILES:
        if path.name.startswith("broken_"):
            assert expected_markers(path), path.name
        if path.name.startswith("seed_"):
            assert not expected_markers(path), path.name
