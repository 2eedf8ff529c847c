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

import argparse
import concurrent.futures as cf
import multiprocessing
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DIRECTORIES = (REPO / "tests" / "carry_cases" / "dev", REPO / "bench" / "carry_heldout")
LABELS = ("drift-dtype", "drift-shape", "drift-structure", "not-pair", "cond-not-scalar-bool", "ok")
TIMEOUT = 120.0  # seconds for one program, JAX import excluded

_HEADER = re.compile(r"#\s*(label|jax-error|class):\s*(.*?)\s*$")
_COMPONENT = re.compile(
    r"has type ([^\s\[]+)\[([^\]]*)\] but the corresponding output carry component has type "
    r"([^\s\[]+)\[([^\]]*)\]"
)


@dataclass(frozen=True)
class Header:
    label: str | None
    jax_error: str | None
    case_class: str | None


@dataclass(frozen=True)
class Outcome:
    label: str
    jax_error: str  # "ExcType: first line of the message", or "none"


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
    return Header(fields.get("label"), fields.get("jax-error"), fields.get("class"))


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


def _run_program(path: str) -> tuple[str | None, str | None]:
    """Runs in a fresh child process: execute the file, call its main(), report the exception."""
    import runpy
    import warnings

    warnings.simplefilter("ignore")
    try:
        namespace = runpy.run_path(path, run_name="carry_case")
        namespace["main"]()
    except Exception as error:  # noqa: BLE001 - every exception is an outcome
        return type(error).__name__, str(error)
    return None, None


def _context():
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["jax", "jax.numpy"])
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
            exc_type, message = future.result(timeout=TIMEOUT)
        except cf.TimeoutError:
            return Outcome("other", f"timeout after {TIMEOUT:.0f} s")
        if exc_type is None:
            return Outcome("ok", "none")
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
        problems.append(f"the program itself fails: {outcome.jax_error}")
    if header.label not in LABELS:
        problems.append(f"header label {header.label!r} is not one of {', '.join(LABELS)}")
    elif header.label != outcome.label:
        problems.append(f"header says {header.label}, JAX says {outcome.label}")
    if header.jax_error is None or " ".join(header.jax_error.split()) != " ".join(outcome.jax_error.split()):
        problems.append(f"header jax-error {header.jax_error!r}, JAX raised {outcome.jax_error!r}")
    if header.case_class is None or not re.match(r"[1-5]\s+\S", header.case_class):
        problems.append("header class must be '<1..5> <description>'")
    return problems


def run_all(paths: list[Path], workers: int) -> list[tuple[Path, Outcome]]:
    with Runner(workers) as runner:
        futures = [(path, runner.submit(path)) for path in paths]
        return [(path, Runner.outcome(future)) for path, future in futures]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a header does not match what JAX does")
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
            print(f"{mark} {str(shown):60} {header.label or '?':21} {outcome.label:21} {outcome.jax_error[:70]}")
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
