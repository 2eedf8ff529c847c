"""What the labellers of the case programs share (tests/carry_cases, tests/flax_cases,
tests/metadata_cases): reading a program's header, running each program's `main()` in a fresh
process forked from a server that has imported JAX once, comparing the header with what happened,
and the command line.

A family of programs is described by a CaseSet; its label.py supplies the function that runs in
the child process (it must be a module-level function, so the child can import it) and the one
that turns what the child reported into a label.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import multiprocessing
import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Header:
    label: str | None
    error: str | None  # the "<runner>-error:" line
    case_class: str | None


@dataclass(frozen=True)
class Outcome:
    label: str
    error: str  # "ExcType: first line of the message", or "none"
    details: tuple[str, ...] = ()  # what else the run showed, for the table (e.g. the functions compiled again)


@dataclass(frozen=True)
class CaseSet:
    """One family of labelled programs.

    run_program(path) runs in the child process and returns (exc_type, message, observation):
    the exception main() raised (None, None when it raised nothing) and whatever else the family
    looks at. label_of(exc_type, message, observation) gives the label ("other" for a broken
    program); details(observation) what the table shows for a run that raised nothing."""

    directories: tuple[Path, ...]
    labels: tuple[str, ...]
    runner_name: str  # who decides the label, in messages and in the "<name>-error:" header line
    preload: tuple[str, ...]  # modules the fork server imports once
    run_program: Callable[[str], tuple[str | None, str | None, object]]
    label_of: Callable[[str | None, str | None, object], str]
    details: Callable[[object], tuple[str, ...]] = field(default=lambda observation: ())
    timeout: float = 120.0  # seconds for one program, the preloaded imports excluded

    @property
    def error_field(self) -> str:
        return f"{self.runner_name.lower()}-error"


def first_line(message: str | None) -> str:
    return message.strip().splitlines()[0] if message and message.strip() else ""


def call_main(path: str, module_name: str):
    """Import the program at `path` as the module `module_name` (dataclass-based classes want a
    real module) and return what its main() returns; what it prints is not an outcome."""
    import contextlib
    import importlib.util
    import io

    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    with contextlib.redirect_stdout(io.StringIO()):
        return module.main()


def programs(cases: CaseSet, directories: Sequence[Path] | None = None) -> list[Path]:
    chosen = cases.directories if directories is None else directories
    return sorted(path for directory in chosen for path in Path(directory).glob("*.py"))


def read_header(cases: CaseSet, path: Path) -> Header:
    pattern = re.compile(rf"#\s*(label|{re.escape(cases.error_field)}|class):\s*(.*?)\s*$")
    fields: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        match = pattern.match(line)
        if match:
            fields.setdefault(match.group(1), match.group(2))
    return Header(fields.get("label"), fields.get(cases.error_field), fields.get("class"))


def _run_on_one_device(run_program: Callable[[str], tuple[str | None, str | None, object]], path: str):
    """Runs a program as the labeller run on its own does, on one CPU device: a test session
    sets more host devices for the runtime tests (`tests/runtime/conftest.py`), and a program
    that places replicas on `jax.devices()` behaves otherwise on several."""
    flags = os.environ.get("XLA_FLAGS", "").split()
    os.environ["XLA_FLAGS"] = " ".join(f for f in flags if not f.startswith("--xla_force_host_platform_device_count"))
    return run_program(path)


def _context(cases: CaseSet):
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(cases.preload))
    return context


class Runner:
    """Runs programs, each in a new process; reuse one Runner for many programs."""

    def __init__(self, cases: CaseSet, workers: int = 1):
        self.cases = cases
        self._pool = cf.ProcessPoolExecutor(workers, mp_context=_context(cases), max_tasks_per_child=1)

    def submit(self, path: Path) -> cf.Future:
        return self._pool.submit(_run_on_one_device, self.cases.run_program, str(path))

    def run(self, path: Path) -> Outcome:
        return self.outcome(self.submit(path))

    def outcome(self, future: cf.Future) -> Outcome:
        try:
            exc_type, message, observation = future.result(timeout=self.cases.timeout)
        except cf.TimeoutError:
            return Outcome("other", f"timeout after {self.cases.timeout:.0f} s")
        if exc_type is None:
            return Outcome(self.cases.label_of(None, None, observation), "none", self.cases.details(observation))
        return Outcome(self.cases.label_of(exc_type, message, observation), f"{exc_type}: {first_line(message)}")

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def mismatches(cases: CaseSet, path: Path, outcome: Outcome) -> list[str]:
    """What is wrong with a program's header, given what running it did (empty: nothing)."""
    header = read_header(cases, path)
    name = cases.runner_name
    problems = []
    if outcome.label == "other":
        problems.append(f"the program itself fails: {outcome.error}")
    if header.label not in cases.labels:
        problems.append(f"header label {header.label!r} is not one of {', '.join(cases.labels)}")
    elif header.label != outcome.label:
        problems.append(f"header says {header.label}, {name} says {outcome.label}")
    if header.error is None or " ".join(header.error.split()) != " ".join(outcome.error.split()):
        problems.append(f"header {cases.error_field} {header.error!r}, {name} raised {outcome.error!r}")
    if header.case_class is None or not re.match(r"[1-5]\s+\S", header.case_class):
        problems.append("header class must be '<1..5> <description>'")
    return problems


def run_all(cases: CaseSet, paths: list[Path], workers: int) -> list[tuple[Path, Outcome]]:
    with Runner(cases, workers) as runner:
        futures = [(path, runner.submit(path)) for path in paths]
        return [(path, runner.outcome(future)) for path, future in futures]


def main(cases: CaseSet, description: str, argv: list[str] | None = None) -> int:
    """The labeller's command line: a table of every program, or with --check the programs whose
    header does not match the run (exit 1 when there is one)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 when a header does not match what {cases.runner_name} does")
    parser.add_argument("-j", "--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("paths", nargs="*", type=Path, help="programs or directories (default: both sets)")
    args = parser.parse_args(argv)
    if args.paths:
        paths = programs(cases, [p for p in args.paths if p.is_dir()])
        paths += sorted(p for p in args.paths if p.is_file())
    else:
        paths = programs(cases)
    results = run_all(cases, paths, args.jobs)

    width = max(len(label) for label in cases.labels) + 1
    bad = 0
    for path, outcome in results:
        shown = path.relative_to(REPO) if path.is_relative_to(REPO) else path
        problems = mismatches(cases, path, outcome)
        bad += bool(problems)
        if args.check:
            for problem in problems:
                print(f"{shown}: {problem}")
        else:
            header = read_header(cases, path)
            mark = "!!" if problems else "  "
            happened = outcome.error if outcome.error != "none" else ", ".join(outcome.details) or "none"
            print(f"{mark} {str(shown):60} {header.label or '?':{width}} {outcome.label:{width}} {happened[:70]}")
    if args.check:
        print(f"{len(results) - bad} of {len(results)} programs match their headers")
        return 1 if bad else 0
    counts: dict[str, int] = {}
    for _, outcome in results:
        counts[outcome.label] = counts.get(outcome.label, 0) + 1
    print(f"{len(results)} programs: " + ", ".join(f"{label} {counts[label]}" for label in sorted(counts)))
    return 0
