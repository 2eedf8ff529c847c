"""Every Flax-case program's header matches what real Flax does when the program runs.

The programs live in tests/flax_cases/dev/ (the development set), and bench/flax_heldout/ and
bench/flax_heldout_2/, _3/, ... (the measurement sets, found by name); tests/flax_cases/label.py runs each `main()` in a fresh process and derives its
label from the exception JAX or Flax raises, if any, or from whether the per-step values the
program returns are all identical. The suite re-runs half of the development programs and an
even sample of the measurement sets (see `_rerun_here`)."""

from __future__ import annotations

import os

import pytest

from flax_cases import label
from helpers import REPO

pytest.importorskip("jax")
pytest.importorskip("flax")

pytestmark = [pytest.mark.runtime, pytest.mark.slow]


# How many measurement-set programs the suite re-runs, however many sets there are.
MEASUREMENT_RERUNS = 120


def _rerun_here() -> list:
    """Every second development program, and an even sample of about `MEASUREMENT_RERUNS`
    programs across the measurement sets (every n-th of them all, in set and name order, so
    the sample reaches every set's programs at different positions). Each program was run and
    checked when it was written (`label.py --check`); the sample keeps the suite inside CI's
    time budget while still catching a JAX or Flax release that changes what the programs do.
    SCANLINT_ALL_LABELS=1 re-runs every program."""
    dev, *measurement_sets = label.DIRECTORIES
    if os.environ.get("SCANLINT_ALL_LABELS") == "1":
        return label.programs()
    measured = [p for directory in measurement_sets for p in label.programs([directory])]
    stride = max(1, -(-len(measured) // MEASUREMENT_RERUNS))
    return label.programs([dev])[::2] + measured[::stride]


PROGRAMS = _rerun_here()


@pytest.fixture(scope="module")
def runner():
    with label.Runner() as runner:
        yield runner


def test_every_set_is_present() -> None:
    for directory in label.DIRECTORIES:
        assert len(list(directory.glob("*.py"))) >= 30, directory


def test_no_program_is_in_two_sets() -> None:
    names = [{p.name for p in directory.glob("*.py")} for directory in label.DIRECTORIES]
    for i, one in enumerate(names):
        for other in names[i + 1 :]:
            assert one & other == set()


def test_every_set_has_failing_and_working_programs() -> None:
    dev, heldout, *later = label.DIRECTORIES
    for directory in (dev, heldout):
        present = {label.read_header(path).label for path in directory.glob("*.py")}
        assert present == set(label.LABELS), directory
    for directory in later:
        present = {label.read_header(path).label for path in directory.glob("*.py")}
        assert "ok" in present and present - {"ok"}, directory


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: str(p.relative_to(REPO)))
def test_header_matches_flax(path, runner) -> None:
    outcome = runner.run(path)
    assert label.mismatches(path, outcome) == []


@pytest.mark.parametrize(
    ("exc_type", "message", "identical", "expected"),
    [
        (None, None, None, "ok"),
        (None, None, False, "ok"),
        (None, None, True, "same-values"),
        ("UnexpectedTracerError", "Encountered an unexpected tracer. A function transformed by JAX had a side "
         "effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a "
         "DynamicJaxprTracer to escape the scope of the transformation.", None, "unexpected-tracer"),
        ("ModifyScopeVariableError", 'Cannot update variable "n" in "/" because collection "stats" is immutable.',
         None, "modify-scope"),
        ("TraceContextError", "Cannot mutate Variable from a different trace level", None, "trace-context"),
        ("ValueError", "Cannot extract graph node from different trace level, got Param( # 3 (12 B)\n  value=...",
         None, "trace-context"),
        ("ValueError", "too many values to unpack (expected 2)", None, "other"),
        ("TypeError", "scan body output must be a pair, got None.", None, "other"),
    ],
)
def test_classify(exc_type, message, identical, expected) -> None:
    assert label.classify(exc_type, message, identical) == expected
