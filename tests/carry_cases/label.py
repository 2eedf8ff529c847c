"""Label the carry-drift case programs by running them with real JAX.

Each program in tests/carry_cases/dev/ and bench/carry_heldout/ starts with a header:

    # label: drift-dtype | drift-shape | drift-structure | not-pair | cond-not-scalar-bool | ok
    # jax-error: <first line of the exception JAX raises, or "none">
    # class: <1..5> <one-line description>

and defines `main()`, which builds its inputs and runs one loop. This script runs every
`main()` in a fresh process (forked from a server that has imported JAX once, so a program
cannot see what another one did) and derives the label from what happens:

- TypeError "... must have equal types" -> drift-shape when a carry component's shape differs
  (also when its dtype differs too), otherwise drift-dtype;
- TypeError "... must have the same pytree structure" -> drift-structure;
- TypeError "scan body output must be a pair" -> not-pair;
- TypeError "cond_fun must return a boolean scalar" -> cond-not-scalar-bool;
- no exception -> ok; anything else -> other (the program itself is broken).

    python tests/carry_cases/label.py            # a table of every program
    python tests/carry_cases/label.py --check    # exit 1 listing programs whose header is wrong
    python tests/carry_cases/label.py --check bench/carry_heldout/some_case.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the shared runner sits one directory up
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import case_runner
from case_runner import Header, Outcome

REPO = case_runner.REPO
DIRECTORIES = (REPO / "tests" / "carry_cases" / "dev", REPO / "bench" / "carry_heldout")
LABELS = ("drift-dtype", "drift-shape", "drift-structure", "not-pair", "cond-not-scalar-bool", "ok")

_COMPONENT = re.compile(
    r"has type ([^\s\[]+)\[([^\]]*)\] but the corresponding output carry component has type "
    r"([^\s\[]+)\[([^\]]*)\]"
)


def classify(exc_type: str | None, message: str | None) -> str:
    """The label for what running a program raised (nothing: exc_type is None)."""
    if exc_type is None:
        return "ok"
    first = (message or "").strip().splitlines()[0] if (message or "").strip() else ""
    if exc_type != "TypeError":
        return "other"
    if "must have equal types" in first:
        components = _COMPONENT.findall(message or "")
        if components:
            if any(in_shape.replace(" ", "") != out_shape.replace(" ", "")
                   for _, in_shape, _, out_shape in components):
                return "drift-shape"
            if any(in_dtype != out_dtype for in_dtype, _, out_dtype, _ in components):
                return "drift-dtype"
            return "other"
        # Fall back on JAX's own words when the types cannot be parsed.
        if "shapes do not match" in (message or ""):
            return "drift-shape"
        if "dtypes do not match" in (message or ""):
            return "drift-dtype"
        return "other"
    if "same pytree structure" in first:
        return "drift-structure"
    if "must be a pair" in first:
        return "not-pair"
    if "cond_fun must return a boolean scalar" in first:
        return "cond-not-scalar-bool"
    return "other"


def _run_program(path: str) -> tuple[str | None, str | None, None]:
    """Runs in a fresh child process: call the program's main(), report the exception."""
    import warnings

    warnings.simplefilter("ignore")
    try:
        case_runner.call_main(path, "carry_case")
    except Exception as error:  # noqa: BLE001 - every exception is an outcome
        return type(error).__name__, str(error), None
    return None, None, None


CASES = case_runner.CaseSet(
    directories=DIRECTORIES,
    labels=LABELS,
    runner_name="JAX",
    preload=("jax", "jax.numpy"),
    run_program=_run_program,
    label_of=lambda exc_type, message, _: classify(exc_type, message),
)


def programs(directories=DIRECTORIES) -> list[Path]:
    return case_runner.programs(CASES, directories)


def read_header(path: Path) -> Header:
    return case_runner.read_header(CASES, path)


def mismatches(path: Path, outcome: Outcome) -> list[str]:
    """What is wrong with a program's header, given what running it did (empty: nothing)."""
    return case_runner.mismatches(CASES, path, outcome)


class Runner(case_runner.Runner):
    """Runs programs, each in a new process; reuse one Runner for many programs."""

    def __init__(self, workers: int = 1):
        super().__init__(CASES, workers)


def main(argv: list[str] | None = None) -> int:
    return case_runner.main(CASES, __doc__.split("\n\n")[0], argv)


if __name__ == "__main__":
    sys.exit(main())
