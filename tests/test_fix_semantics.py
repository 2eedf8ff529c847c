"""Fixes never change what a working program does, and safe fixes repair the crashes they claim to.

Every program of tests/fix_program_generator.py (generated programs, the fixtures and the rules'
BAD examples that have a fix) is run with real JAX before and after `scanlint check --fix`, and
after `--fix --unsafe-fixes`. For both: the fixed file parses, keeps its kinds of line ending, and
a second `--fix` changes nothing. For safe fixes: a working program prints exactly what it printed
before, and a crashing program is either repaired (it now runs) or left byte for byte as it was.
What unsafe fixes do to running programs is counted, not asserted.

    PYTHONPATH=. python tests/test_fix_semantics.py   # prints the counts and every violation
"""

from __future__ import annotations

import ast
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from fix_program_generator import EXAMPLE_CALLS, FixProgram, all_programs

from scanlint.engine import lint_text
from scanlint.registry import RULES

REPO = Path(__file__).resolve().parent.parent
RUN_TIMEOUT = 180

@dataclass(frozen=True)
class Run:
    returncode: int
    stdout: str
    error: str  # the last line of stderr: the exception, when it crashed

    @property
    def works(self) -> bool:
        return self.returncode == 0


@dataclass
class FixResult:
    """One program after fixing (safe or unsafe)."""

    data: bytes
    again: bytes  # after a second --fix
    run: Run | None  # None when the fix changed nothing


@dataclass
class Outcome:
    program: FixProgram
    original: Run
    safe: FixResult
    unsafe: FixResult

    def violations(self) -> list[str]:
        found = []
        for kind, result in (("safe", self.safe), ("unsafe", self.unsafe)):
            if result.again != result.data:
                found.append(f"{kind} fix is not idempotent: a second --fix changed it again")
            if not _parses(result.data):
                found.append(f"{kind} fix does not parse")
            if not _line_endings(result.data) <= _line_endings(self.program.data):
                found.append(f"{kind} fix added a kind of line ending the file did not have")
        run = self.safe.run
        if run is not None and self.original.works and run != self.original:
            found.append(f"safe fix changed a working program: {self.original.stdout!r} -> {run.stdout!r} {run.error}")
        if run is not None and not self.original.works and not run.works:
            found.append(f"safe fix did not repair the crash ({self.original.error}): now {run.error}")
        return found


def _parses(data: bytes) -> bool:
    try:
        ast.parse(data)
    except (SyntaxError, ValueError):
        return False
    return True


def _line_endings(data: bytes) -> set[bytes]:
    crlf = data.count(b"\r\n")
    kinds = set()
    if crlf:
        kinds.add(b"\r\n")
    if data.count(b"\n") > crlf:
        kinds.add(b"\n")
    if data.count(b"\r") > crlf:
        kinds.add(b"\r")
    return kinds


def _environment() -> dict[str, str]:
    """The scanlint of this checkout, whatever is installed."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), environment.get("PYTHONPATH")]))
    return environment


def run_programs(jobs: dict[Path, str | None], workers: int) -> dict[Path, Run]:
    """Run each program in a fresh process forked from one that has imported JAX and Flax."""
    from fix_program_runner import run_file

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["fix_program_runner"])
    with context.Pool(workers, maxtasksperchild=1) as pool:
        pending = {path: pool.apply_async(run_file, (str(path), call)) for path, call in jobs.items()}
        return {path: Run(*result.get(RUN_TIMEOUT)) for path, result in pending.items()}


def scanlint_fix(directory: Path, *options: str) -> None:
    command = [sys.executable, "-m", "scanlint", "check", "--no-cache", "--fix", "--exit-zero", "-q", *options, "."]
    result = subprocess.run(command, cwd=directory, env=_environment(), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SCN001" not in result.stdout, result.stdout


def _fixed_twice(programs: list[FixProgram], root: Path, label: str, *options: str) -> tuple[Path, Path]:
    """Directories holding the programs fixed once and fixed again."""
    once, twice = root / label, root / f"{label}_again"
    _write(programs, once)
    scanlint_fix(once, *options)
    shutil.copytree(once, twice)
    scanlint_fix(twice, *options)
    return once, twice


def _write(programs: list[FixProgram], directory: Path) -> None:
    directory.mkdir()
    for program in programs:
        (directory / f"{program.name}.py").write_bytes(program.data)


def examine(programs: list[FixProgram], root: Path, workers: int = 2) -> list[Outcome]:
    originals = root / "original"
    _write(programs, originals)
    safe, safe_again = _fixed_twice(programs, root, "safe")
    unsafe, unsafe_again = _fixed_twice(programs, root, "unsafe", "--unsafe-fixes")

    def file_name(program: FixProgram) -> str:
        return f"{program.name}.py"

    jobs: dict[Path, str | None] = {}
    for program in programs:
        name = file_name(program)
        jobs[originals / name] = program.call
        if (safe / name).read_bytes() != program.data:
            jobs[safe / name] = program.call
        if (unsafe / name).read_bytes() not in (program.data, (safe / name).read_bytes()):
            jobs[unsafe / name] = program.call
    runs = run_programs(jobs, workers)

    def result(directory: Path, again: Path, program: FixProgram) -> FixResult:
        data = (directory / file_name(program)).read_bytes()
        if data == program.data:
            run = None
        else:
            run = runs.get(directory / file_name(program)) or runs[safe / file_name(program)]
        return FixResult(data, (again / file_name(program)).read_bytes(), run)

    return [
        Outcome(
            program,
            runs[originals / file_name(program)],
            result(safe, safe_again, program),
            result(unsafe, unsafe_again, program),
        )
        for program in programs
    ]


def counts(outcomes: list[Outcome]) -> Counter[str]:
    found: Counter[str] = Counter()
    for outcome in outcomes:
        found["programs"] += 1
        working = outcome.original.works
        found["working" if working else "crashing"] += 1
        safe, unsafe = outcome.safe.run, outcome.unsafe.run
        if working:
            found["working changed by safe fixes"] += safe is not None and safe != outcome.original
            found["working changed by unsafe fixes"] += unsafe is not None and unsafe != outcome.original
        else:
            repaired_safely = safe is not None and safe.works
            found["crashes repaired by safe fixes"] += repaired_safely
            found["crashes repaired by unsafe fixes only"] += not repaired_safely and unsafe is not None and unsafe.works
            found["crashes left"] += not repaired_safely and not (unsafe is not None and unsafe.works)
        for kind, fixed in (("safe", outcome.safe), ("unsafe", outcome.unsafe)):
            found[f"non-idempotent {kind} fixes"] += fixed.again != fixed.data
            found[f"unparseable {kind} fixes"] += not _parses(fixed.data)
    return found


def report(outcomes: list[Outcome]) -> str:
    lines = [f"{name}: {count}" for name, count in sorted(counts(outcomes).items())]
    for outcome in outcomes:
        lines.extend(f"{outcome.program.name}: {violation}" for violation in outcome.violations())
    return "\n".join(lines)


def test_every_example_with_a_fix_has_a_call_that_runs_it() -> None:
    codes = frozenset(rule.code for rule in RULES)
    with_fix = {rule.code for rule in RULES if any(f.fix for f in lint_text("bad.py", rule.load().BAD, codes).findings)}
    assert with_fix <= set(EXAMPLE_CALLS)


SHARDS = 6  # the programs are split so that pytest-xdist spreads them over its workers


def test_enough_programs_of_each_kind() -> None:
    programs = all_programs()
    assert len(programs) >= 60
    assert len({program.name for program in programs}) == len(programs)


@pytest.mark.runtime
@pytest.mark.slow
@pytest.mark.parametrize("shard", range(SHARDS))
def test_fixes_keep_working_programs_and_safe_fixes_repair_crashes(
    shard: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("jax")
    pytest.importorskip("flax")
    programs = all_programs()[shard::SHARDS]
    outcomes = examine(programs, tmp_path, workers=1)
    with capsys.disabled():
        print(f"\nfix semantics, shard {shard + 1} of {SHARDS}:\n" + textwrap.indent(report(outcomes), "  "))
    found = counts(outcomes)
    assert found["working"] and found["crashing"]
    violations = {outcome.program.name: outcome.violations() for outcome in outcomes if outcome.violations()}
    assert not violations


def main() -> int:
    with tempfile.TemporaryDirectory() as root:
        outcomes = examine(all_programs(), Path(root), workers=os.cpu_count() or 2)
    print(report(outcomes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
