"""Label the static-pytree-metadata case programs by running them with real JAX.

Each program in tests/metadata_cases/dev/ and bench/metadata_heldout/ starts with a header:

    # label: metadata-error | recompiles | ok
    # jax-error: <ExcType: first line of the exception JAX raises, or "none">
    # class: <1..5> <one-line description>

where the class says where the metadata is: 1 the aux data of a custom flatten function
(register_pytree_node, register_pytree_with_keys, the *_class decorators), 2 a flax.struct static
field, 3 a jax.jit static argument, 4 an equinox static field, 5 a meta field of a dataclass
registered with jax.tree_util.register_dataclass. Each program defines `main()`, which builds
its objects and calls jitted functions several times with inputs of unchanging shapes and
dtypes. This script runs every `main()` in a fresh process (forked from a server that has
imported JAX once, so a program cannot see what another one did) and derives the label from what
happens:

- an exception that says an array sat in static metadata -> metadata-error: ValueError "...
  arrays cannot be passed as metadata fields" (pytree metadata compared in jit's cache key),
  ValueError "Non-hashable static arguments are not supported" (a jit static argument),
  ValueError "static arguments should be comparable using __eq__" (eqx.filter_jit comparing its
  static part), ValueError "The truth value of an array with more than one element is
  ambiguous" (two pytrees' array metadata compared with `==`, as jax.tree.map does), or
  TypeError "unhashable type";
- no exception, but a jitted function of the program was compiled RECOMPILES (3) times or more
  for the same argument shapes and dtypes -> recompiles;
- no exception otherwise -> ok; anything else -> other (the program itself is broken).

How compilations are counted: the child process turns on `jax_log_compiles` and
`jax_explain_cache_misses` and captures the records of the "jax" logger. Every compilation is
logged as "Compiling jit(NAME) with global shapes and types (AVALS)"; the compilation of a
function the program jits (not an eager primitive such as `broadcast_in_dim`, which compiles once
per parameter set under the same name) is preceded by a "TRACING CACHE MISS ... NAME ... defined
at FILE:LINE" record (for eqx.filter_jit, FILE is equinox's own and NAME the program's function).
A compilation counts when it follows such a record for the same NAME, under the key (NAME,
defined-at location, AVALS). A key seen RECOMPILES times or more is a function compiled again
and again for unchanged shapes and dtypes, as metadata that changes value on every call makes
it; a function specialised on two hashable settings (train and eval, a window and None) compiles
twice and stays `ok`. The recompiling programs therefore call their jitted function with at least
three distinct metadata values, and no program re-jits a function in a loop. With these settings
JAX raises exactly what it raises without them (checked on both sets).

    python tests/metadata_cases/label.py            # a table of every program
    python tests/metadata_cases/label.py --check    # exit 1 listing programs whose header is wrong
    python tests/metadata_cases/label.py --check bench/metadata_heldout/some_case.py
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
DIRECTORIES = (REPO / "tests" / "metadata_cases" / "dev", REPO / "bench" / "metadata_heldout")
LABELS = ("metadata-error", "recompiles", "ok")
RECOMPILES = 3  # compilations of one function for the same input types that make `recompiles`

_CACHE_MISS = re.compile(
    r"TRACING CACHE MISS.*?\n\s*(?:for|never seen function:\s*)\s*(\S+)(?: id=\d+)? defined at (\S+)", re.S
)
_COMPILING = re.compile(r"Compiling jit\((.*?)\) with global shapes and types (.*?)\. Argument mapping", re.S)

METADATA_ERRORS = (
    ("ValueError", "arrays cannot be passed as metadata fields"),
    ("ValueError", "Non-hashable static arguments are not supported"),
    ("ValueError", "static arguments should be comparable using __eq__"),
    ("TypeError", "unhashable type"),
    ("ValueError", "The truth value of an array with more than one element is ambiguous"),
)


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
    return sorted(
        {f"{name} (defined at {where})" for (name, where, _), count in seen.items() if count >= RECOMPILES}
    )


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
    """Runs in a fresh child process: call the program's main() with compilations logged, report
    the exception or the functions compiled again for unchanged input types."""
    import warnings

    import jax

    warnings.simplefilter("ignore")
    jax.config.update("jax_log_compiles", True)
    jax.config.update("jax_explain_cache_misses", True)
    with _Messages() as messages:
        try:
            case_runner.call_main(path, "metadata_case")
        except Exception as error:  # noqa: BLE001 - every exception is an outcome
            return type(error).__name__, str(error), []
    return None, None, recompilations(messages)


CASES = case_runner.CaseSet(
    directories=DIRECTORIES,
    labels=LABELS,
    runner_name="JAX",
    preload=("jax", "jax.numpy", "flax.struct", "equinox", "chex"),
    run_program=_run_program,
    label_of=lambda exc_type, message, recompiled: classify(exc_type, message, bool(recompiled)),
    details=tuple,
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
