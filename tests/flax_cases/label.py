"""Label the Flax-in-scan case programs by running them with real Flax.

Each program in tests/flax_cases/dev/, bench/flax_heldout/ and bench/flax_heldout_2/, _3/, ... (later
measurement sets, each written from real reports and code without
reading the rules) starts with a header:

    # label: unexpected-tracer | modify-scope | same-values | trace-context | ok
    # flax-error: <first line of the exception, or "none">
    # class: <1..5> <one-line description>

and defines `main()`, which builds a model and runs it (Linen `init` then `apply`, or the NNX
calls). A program about randomness returns the per-step values (an array, or a pytree of arrays,
whose leading axis is the step); every other program returns None. This script runs every
`main()` in a fresh process (forked from a server that has imported JAX and Flax once, so a
program cannot see what another one did) and derives the label from what happens:

- jax.errors.UnexpectedTracerError -> unexpected-tracer;
- flax.errors.ModifyScopeVariableError -> modify-scope;
- flax.errors.TraceContextError, or ValueError "Cannot extract graph node from different trace
  level" (an NNX transform given an object from another trace) -> trace-context;
- no exception, and main() returned values whose steps are all identical -> same-values;
- no exception otherwise -> ok; anything else -> other (the program itself is broken).

    python tests/flax_cases/label.py            # a table of every program
    python tests/flax_cases/label.py --check    # exit 1 listing programs whose header is wrong
    python tests/flax_cases/label.py --check bench/flax_heldout/some_case.py
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the shared runner sits one directory up
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import case_runner
from case_runner import Header, Outcome

REPO = case_runner.REPO


def _measurement_sets() -> list[Path]:
    """bench/flax_heldout and bench/flax_heldout_2, _3, ... in the order they were written."""
    def number(path: Path) -> int:
        suffix = path.name.removeprefix("flax_heldout").lstrip("_")
        return int(suffix) if suffix else 1

    return sorted((p for p in (REPO / "bench").glob("flax_heldout*") if p.is_dir()), key=number)


DIRECTORIES = (REPO / "tests" / "flax_cases" / "dev", *_measurement_sets())
LABELS = ("unexpected-tracer", "modify-scope", "same-values", "trace-context", "ok")


def classify(exc_type: str | None, message: str | None, steps_identical: bool | None = None) -> str:
    """The label for what running a program did: the exception it raised (exc_type None: none)
    and, when it returned per-step values, whether all steps were identical (None: it returned
    nothing to compare)."""
    if exc_type is None:
        return "same-values" if steps_identical else "ok"
    first = (message or "").strip().splitlines()[0] if (message or "").strip() else ""
    if exc_type == "UnexpectedTracerError":
        return "unexpected-tracer"
    if exc_type == "ModifyScopeVariableError":
        return "modify-scope"
    if exc_type == "TraceContextError":
        return "trace-context"
    if exc_type == "ValueError" and "Cannot extract graph node from different trace level" in first:
        return "trace-context"
    return "other"


def _steps_identical(values) -> bool | None:
    """Whether every leaf of `values` is the same at each step of its leading axis (None: there
    is nothing to compare, fewer than two steps or no array)."""
    import jax
    import numpy as np

    leaves = [np.asarray(leaf) for leaf in jax.tree.leaves(values)]
    leaves = [leaf for leaf in leaves if leaf.ndim >= 1]
    if not leaves or any(leaf.shape[0] < 2 for leaf in leaves):
        return None
    return all(bool(np.all(leaf == leaf[:1])) for leaf in leaves)


def _run_program(path: str) -> tuple[str | None, str | None, bool | None]:
    """Runs in a fresh child process: call the program's main(), report the exception or whether
    the steps it returned are identical."""
    import warnings

    import jax

    warnings.simplefilter("ignore")
    # The label depends on which exception is raised and on whether the steps are identical,
    # not on how well XLA optimizes; compiling without most optimizations takes a third less.
    jax.config.update("jax_disable_most_optimizations", True)
    try:
        values = case_runner.call_main(path, "flax_case")
        identical = None if values is None else _steps_identical(values)
    except Exception as error:  # noqa: BLE001 - every exception is an outcome
        return type(error).__name__, str(error), None
    return None, None, identical


CASES = case_runner.CaseSet(
    directories=DIRECTORIES,
    labels=LABELS,
    runner_name="Flax",
    preload=("jax", "jax.numpy", "flax.linen", "flax.nnx", "optax"),
    run_program=_run_program,
    label_of=classify,
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
