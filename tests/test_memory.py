"""Linting a file leaves nothing of it behind: a long run's memory does not grow with its files."""

from __future__ import annotations

import gc

from helpers import FIXTURES

from scanlint.engine import lint_source
from scanlint.registry import RULES

ALL_CODES = frozenset(rule.code for rule in RULES)


def test_no_syntax_tree_outlives_its_file() -> None:
    import libcst as cst

    from scanlint.analysis.resolver import ScanIndex

    def alive() -> int:
        gc.collect()
        return sum(isinstance(o, (cst.Module, ScanIndex)) for o in gc.get_objects())

    before = alive()
    for path in sorted(FIXTURES.glob("*.py")):
        assert lint_source(path.name, path.read_bytes(), ALL_CODES).parsed
    assert alive() == before
