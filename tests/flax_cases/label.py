"""Label the Flax-in-scan case programs by running them with real Flax.

Each program in tests/flax_cases/dev/ and bench/flax_heldout/ starts with a header:

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

import argparse
import concurrent.futures as cf
import multiprocessing
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DIRECTORIES = (REPO / "tests" / "flax_cases" / "dev", REPO / "bench" / "flax_heldout")
LABELS = ("unexpected-tracer", "modify-scope", "same-values", "trace-context", "ok")
TIMEOUT = 120.0  # seconds for one program, JAX and Flax imports excluded

_HEADER = re.compile(r"#\s*(label|flax-error|class):\s*(.*?)\s*$")


@dataclass(frozen=True)
class Header:
    label: str | None
    flax_error: str | None
    case_class: str | None


@dataclass(frozen=True)
class Outcome:
    label: str
    flax_error: str  # "ExcType: first line of the message", or "none"


def programs(directories=DIRECTORIES) -> list[Path]:
    return sorted(path for directory in directories for path in Path(directory).glob("*.py"))


def read_header(path: Path) -> Header:
    fields: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        match = _HEADER.match(line)
        if match:
            fields.setdefault(match.group(1), match.group(2))
    return Header(fields.get("label"), fields.get("flax-error"), fields.get("class"))


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
    """Runs in a fresh child process: import the file as a module (Flax's dataclasses want a real
    one), call its main(), report the exception or whether the returned steps are identical."""
    import contextlib
    import importlib.util
    import io
    import warnings

    warnings.simplefilter("ignore")
    try:
        spec = importlib.util.spec_from_file_location("flax_case", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["flax_case"] = module
        spec.loader.exec_module(module)
        with contextlib.redirect_stdout(io.StringIO()):  # what a program prints is not an outcome
            values = module.main()
        identical = None if values is None else _steps_identical(values)
    except Exception as error:  # noqa: BLE001 - every exception is an outcome
        return type(error).__name__, str(error), None
    return None, None, identical


def _context():
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["jax", "jax.numpy", "flax.linen", "flax.nnx", "optax"])
    return context


class Runner:
    """Runs programs, each in a new process; reuse one Runner for many programs."""

    def __init__(self, workers: int = 1):
        self._pool = cf.ProcessPoolExecutor(workers, mp_context=_context(), max_tasks_per_child=1)

    def submit(self, path: Path) -> cf.Future:
        return self._pool.submit(_run_program, str(path))

    def run(self, path: Path) -> Outcome:
        return self.outcome(self.submit(path))

    @staticmethod
    def outcome(future: cf.Future) -> Outcome:
        try:
            exc_type, message, identical = future.result(timeout=TIMEOUT)
        except cf.TimeoutError:
            return Outcome("other", f"timeout after {TIMEOUT:.0f} s")
        if exc_type is None:
            return Outcome(classify(None, None, identical), "none")
        first = message.strip().splitlines()[0] if message and message.strip() else ""
        return Outcome(classify(exc_type, message), f"{exc_type}: {first}")

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def mismatches(path: Path, outcome: Outcome) -> list[str]:
    """What is wrong with a program's header, given what running it did (empty: nothing)."""
    header = read_header(path)
    problems = []
    if outcome.label == "other":
        problems.append(f"the program itself fails: {outcome.flax_error}")
    if header.label not in LABELS:
        problems.append(f"header label {header.label!r} is not one of {', '.join(LABELS)}")
    elif header.label != outcome.label:
        problems.append(f"header says {header.label}, Flax says {outcome.label}")
    if header.flax_error is None or " ".join(header.flax_error.split()) != " ".join(outcome.flax_error.split()):
        problems.append(f"header flax-error {header.flax_error!r}, Flax raised {outcome.flax_error!r}")
    if header.case_class is None or not re.match(r"[1-5]\s+\S", header.case_class):
        problems.append("header class must be '<1..5> <description>'")
    return problems


def run_all(paths: list[Path], workers: int) -> list[tuple[Path, Outcome]]:
    with Runner(workers) as runner:
        futures = [(path, runner.submit(path)) for path in paths]
        return [(path, Runner.outcome(future)) for path, future in futures]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a header does not match what Flax does")
    parser.add_argument("-j", "--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("paths", nargs="*", type=Path, help="programs or directories (default: both sets)")
    args = parser.parse_args(argv)
    paths = programs(args.paths and [p for p in args.paths if p.is_dir()]) if args.paths else programs()
    paths += sorted(p for p in args.paths if p.is_file())
    results = run_all(paths, args.jobs)

    bad = 0
    for path, outcome in results:
        shown = path.relative_to(REPO) if path.is_relative_to(REPO) else path
        problems = mismatches(path, outcome)
        bad += bool(problems)
        if args.check:
            for problem in problems:
                print(f"{shown}: {problem}")
        else:
            header = read_header(path)
            mark = "!!" if problems else "  "
            print(f"{mark} {str(shown):60} {header.label or '?':18} {outcome.label:18} {outcome.flax_error[:70]}")
    if not args.check:
        counts: dict[str, int] = {}
        for _, outcome in results:
            counts[outcome.label] = counts.get(outcome.label, 0) + 1
        print(f"{len(results)} programs: " + ", ".join(f"{label} {counts[label]}" for label in sorted(counts)))
    if args.check:
        print(f"{len(results) - bad} of {len(results)} programs match their headers")
    return 1 if args.check and bad else 0


if __name__ == "__main__":
    sys.exit(main())
