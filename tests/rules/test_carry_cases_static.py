"""SCN2xx on the labelled development programs (`tests/carry_cases/dev`, each labelled by running
it with real JAX, which `tests/test_carry_cases.py` re-checks): a working program gets no SCN2xx
finding, and a failing one gets the code of the error JAX raises.

The programs the analysis does not see yet are listed, strictly: when one starts passing, the
list must shrink. `bench/score_cases.py carry` scores the separate held-out set the same way.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import REPO, lint

DEV = REPO / "tests" / "carry_cases" / "dev"
EXPECTED = {
    "drift-dtype": {"SCN203"},
    "drift-shape": {"SCN204"},
    "drift-structure": {"SCN207", "SCN205", "SCN206"},
    "not-pair": {"SCN201", "SCN202"},
    "cond-not-scalar-bool": {"SCN208"},
}
NOT_SEEN_YET = {
    "flax_gru_cell_bf16.py",
}
PROGRAMS = sorted(DEV.glob("*.py"))


def label_of(path: Path) -> str:
    return next(line.split(":", 1)[1].strip() for line in path.read_text().splitlines() if line.startswith("# label:"))


def test_the_list_of_programs_not_seen_names_real_failing_programs() -> None:
    names = {p.name for p in PROGRAMS}
    assert NOT_SEEN_YET <= names
    assert all(label_of(DEV / name) != "ok" for name in NOT_SEEN_YET)


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_findings_follow_what_jax_does(program: Path) -> None:
    label = label_of(program)
    codes = {f.code for f in lint(program.read_text(), path=program.name) if f.code.startswith("SCN2")}
    if label == "ok":
        assert codes == set(), f"a working program got {sorted(codes)}"
        return
    if program.name in NOT_SEEN_YET:
        assert not codes & EXPECTED[label]
        pytest.xfail(f"{label} not seen statically yet")
    assert codes & EXPECTED[label], f"{label}: expected one of {sorted(EXPECTED[label])}, got {sorted(codes)}"
