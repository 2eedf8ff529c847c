"""Every carry-case program's header matches what real JAX does when the program runs.

The programs live in tests/carry_cases/dev/ (the development set) and bench/carry_heldout/
(the measurement set); tests/carry_cases/label.py runs each `main()` in a fresh process and
derives its label from the exception JAX raises, if any."""

from __future__ import annotations

import pytest

from carry_cases import label
from helpers import REPO

pytest.importorskip("jax")
pytest.importorskip("flax")

pytestmark = [pytest.mark.runtime, pytest.mark.slow]

PROGRAMS = label.programs()


@pytest.fixture(scope="module")
def runner():
    with label.Runner() as runner:
        yield runner


def test_both_sets_are_present() -> None:
    for directory in label.DIRECTORIES:
        assert len(list(directory.glob("*.py"))) >= 50, directory


def test_no_program_is_in_both_sets() -> None:
    dev, heldout = ({p.name for p in directory.glob("*.py")} for directory in label.DIRECTORIES)
    assert dev & heldout == set()


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: str(p.relative_to(REPO)))
def test_header_matches_jax(path, runner) -> None:
    outcome = runner.run(path)
    assert label.mismatches(path, outcome) == []


@pytest.mark.parametrize(
    ("exc_type", "message", "expected"),
    [
        (None, None, "ok"),
        ("TypeError", "scan body function carry input and carry output must have equal types, but they differ:\n\n"
         "The input carry component c[0] has type int32[] but the corresponding output carry component has type "
         "float32[], so the dtypes do not match.", "drift-dtype"),
        ("TypeError", "while_loop body function carry input and carry output must have equal types, but they differ:\n\n"
         "The input carry component c['a'] has type int32[3] but the corresponding output carry component has type "
         "float32[], so the dtypes do not match, and the shapes do not match.", "drift-shape"),
        ("TypeError", "scan body function carry input and carry output must have equal types, but they differ:\n\n"
         "  * the input carry component c[0] has type float32[2,3] but the corresponding output carry component has "
         "type float32[2,3], so ...;\n  * the input carry component c[1] has type int32[] but the corresponding output "
         "carry component has type float32[], so the dtypes do not match.", "drift-dtype"),
        ("TypeError", "scan body function carry input and carry output must have the same pytree structure, but they "
         "differ:", "drift-structure"),
        ("TypeError", "scan body output must be a pair, got None.", "not-pair"),
        ("TypeError", "cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(int32[])].",
         "cond-not-scalar-bool"),
        ("TypeError", "unsupported operand type(s) for +: 'int' and 'NoneType'", "other"),
        ("ValueError", "scan body output must be a pair", "other"),
    ],
)
def test_classify(exc_type, message, expected) -> None:
    assert label.classify(exc_type, message) == expected
