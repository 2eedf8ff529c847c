"""Label the static-pytree-metadata case programs by running them with real JAX.

Each program in tests/metadata_cases/dev/ and bench/metadata_heldout/ starts with a header:

    # label: metadata-error | recompiles | ok
    # jax-error: <ExcType: first line of the exception JAX raises, or "none">
    # class: <1..5> <one-line description>

and defines `main()`, which builds its objects and calls jitted functions several times with
inputs of unchanging shapes and dtypes. This script runs every `main()` in a fresh process
(forked from a server that has imported JAX once, so a program cannot see what another one did)
and derives the label from what happens:

- ValueError "... arrays cannot be passed as metadata fields" (pytree metadata compared in the
  jit cache key), ValueError "Non-hashable static arguments are not supported" (a jit static
  argument), TypeError "unhashable type" (hashing metadata), or ValueError "The truth value of
  an array with more than one element is ambiguous" (array metadata compared with `==`)
  -> metadata-error;
- no exception, but a jitted function defined by the program was compiled at least three times
  for the same argument shapes and dtypes -> recompiles;
- no exception otherwise -> ok; anything else -> other (the program itself is broken).

How compilations are counted: the child process turns on `jax_log_compiles` and
`jax_explain_cache_misses` and captures the records of the "jax" logger. Every compilation of a
jitted function is logged as "Compiling jit(NAME) with global shapes and types (AVALS)"; the
compilation of a function the program jits (not an eager primitive such as `broadcast_in_dim`,
which compiles once per parameter set under the same name) is preceded by a "TRACING CACHE MISS
... NAME ... defined at FILE:LINE" record. A compilation counts when it follows such a record for
the same NAME; the key is (NAME, defined-at location, AVALS). A key seen RECOMPILES times or more is
a function compiled again and again for unchanged shapes and dtypes, as metadata that changes
value on every call makes it; a function specialised on two hashable settings (train and eval,
a window and None) compiles twice and stays `ok`. The recompiling programs therefore call their
jitted function with at least three distinct metadata values, and no program re-jits a function
in a loop.

    python tests/metadata_cases/label.py            # a table of every program
    python tests/metadata_cases/label.py --check    # exit 1 listing programs whose header is wrong
    python tests/metadata_cases/label.py --check bench/metadata_heldout/some_case.py
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
DIRECTORIES = (REPO / "tests" / "metadata_cases" / "dev", REPO / "bench" / "metadata_heldout")
LABELS = ("metadata-error", "recompiles", "ok")
TIMEOUT = 120.0  # seconds for one program, JAX import excluded
RECOMPILES = 3  # compilations of one function for the same input types that make `recompiles`

_HEADER = re.compile(r"#\s*(label|jax-error|class):\s*(.*?)\s*$")
_CACHE_MISS = re.compile(r"TRACING CACHE MISS.*?\n\s*(?:for|never seen function:\s*)\s*(\S+)(?: id=\d+)? defined at (\S+)", re.S)
_COMPILING = re.compile(r"Compiling jit\((.*?)\) with global shapes and types (.*?)\. Argument mapping", re.S)

METADATA_ERRORS = (
    ("ValueError", "arrays cannot be passed as metadata fields"),
    ("ValueError", "Non-hashable static arguments are not supported"),
    ("ValueError", "static arguments should be comparable using __eq__"),
    ("TypeError", "unhashable type"),
    ("ValueError", "The truth value of an array with more than one element is ambiguous"),
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
    recompiled: tuple[str, ...] = ()  # the jitted functions compiled twice for the same input types


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


def classify(exc_type: str | None, message: str | None, recompiled: bool = False) -> str:
    """The label for what running a program did: the exception it raised (exc_type None: none)
    and, when it raised nothing, whether a jitted function compiled again for the same input
    shapes and dtypes."""
    if exc_type is None:
        return "recompiles" if recompiled else "ok"
    for error_type, words in METADATA_ERRORS:
        if exc_type == error_type and words in (message or ""):
            return "metadata-error"
    return "other"


def recompilations(messages: list[str]) -> list[str]:
    """The jitted functions that `messages` (the "jax" logger's records, in order) show compiled
    RECOMPILES times or more for the same argument shapes and dtypes."""
    seen: dict[tuple[str, str, str], int] = {}
    missed: tuple[str, str] | None = None
    for message in messages:
        miss = _CACHE_MISS.search(message)
        if miss:
            missed = (miss.group(1), miss.group(2))
            continue
        compiling = _COMPILING.search(message)
        if compiling:
            name, avals = compiling.group(1), " ".join(compiling.group(2).split())
            if missed is not None and missed[0] == name:
                key = (name, missed[1], avals)
                seen[key] = seen.get(key, 0) + 1
            missed = None
    return sorted({f"{name} (defined at {where})" for (name, where, _), count in seen.items() if count >= RECOMPILES})


class _Messages:
    """Captures the records of the "jax" logger while in use."""

    def __init__(self):
        import logging

        self.messages: list[str] = []
        self._logger = logging.getLogger("jax")
        self._handler = logging.Handler(logging.DEBUG)
        self._handler.emit = lambda record: self.messages.append(record.getMessage())

    def __enter__(self) -> list[str]:
        import logging

        self._level, self._propagate = self._logger.level, self._logger.propagate
        self._logger.addHandler(self._handler)
        self._logger.setLevel(logging.WARNING)
        self._logger.propagate = False
        return self.messages

    def __exit__(self, *exc) -> None:
        self._logger.removeHandler(self._handler)
        self._logger.setLevel(self._level)
        self._logger.propagate = self._propagate


def _run_program(path: str) -> tuple[str | None, str | None, list[str]]:
    """Runs in a fresh child process: import the file as a module (dataclass-based pytrees want a
    real one), call its main() with compilations logged, report the exception or the functions
    compiled again for unchanged input types."""
    import contextlib
    import importlib.util
    import io
    import warnings

    import jax

    warnings.simplefilter("ignore")
    jax.config.update("jax_log_compiles", True)
    jax.config.update("jax_explain_cache_misses", True)
    with _Messages() as messages:
        try:
            spec = importlib.util.spec_from_file_location("metadata_case", path)
            module = importlib.util.module_from_spec(spec)
            sys.modules["metadata_case"] = module
            spec.loader.exec_module(module)
            with contextlib.redirect_stdout(io.StringIO()):  # what a program prints is not an outcome
                module.main()
        except Exception as error:  # noqa: BLE001 - every exception is an outcome
            return type(error).__name__, str(error), []
    return None, None, recompilations(messages)


def _context():
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["jax", "jax.numpy", "flax.struct", "equinox", "chex"])
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
            exc_type, message, recompiled = future.result(timeout=TIMEOUT)
        except cf.TimeoutError:
            return Outcome("other", f"timeout after {TIMEOUT:.0f} s")
        if exc_type is None:
            return Outcome(classify(None, None, bool(recompiled)), "none", tuple(recompiled))
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
            shown_error = outcome.jax_error if outcome.jax_error != "none" else ", ".join(outcome.recompiled) or "none"
            print(f"{mark} {str(shown):60} {header.label or '?':15} {outcome.label:15} {shown_error[:70]}")
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
