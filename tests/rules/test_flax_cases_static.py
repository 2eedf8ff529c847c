"""SCN1xx on the labelled Flax development programs (`tests/flax_cases/dev`, each labelled by
running it with real Flax, which `tests/test_flax_cases.py` re-checks): a working program gets no
SCN1xx finding, and a failing one gets a code for the failure Flax shows.

`bench/score_cases.py flax` scores the separate held-out set the same way.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import REPO, lint

DEV = REPO / "tests" / "flax_cases" / "dev"
EXPECTED = {
    # SCN105 too: an NNX module that stores loop values in a Python list it keeps leaks them;
    # SCN106: a list, dict or name made outside the body that it stores loop values in
    "unexpected-tracer": {"SCN101", "SCN102", "SCN104", "SCN105", "SCN106"},
    "modify-scope": {"SCN102"},
    "same-values": {"SCN103"},
    "trace-context": {"SCN105"},
}
PROGRAMS = sorted(DEV.glob("*.py"))


def label_of(path: Path) -> str:
    return next(line.split(":", 1)[1].strip() for line in path.read_text().splitlines() if line.startswith("# label:"))


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_findings_follow_what_flax_does(program: Path) -> None:
    label = label_of(program)
    codes = {f.code for f in lint(program.read_text(), path=program.name) if f.code.startswith("SCN1")}
    if label == "ok":
        assert codes == set(), f"a working program got {sorted(codes)}"
        return
    assert codes & EXPECTED[label], f"{label}: expected one of {sorted(EXPECTED[label])}, got {sorted(codes)}"
