"""Side-by-side speed benchmark: scanlint against the LibCST parse floor, Fixit and ruff.

    python bench/run.py [--corpus libs|research|both] [--runs N] [--budget SECONDS]
                        [--fixit-fraction F] [--only KEYS] [--json PATH]

Every row times one whole process, from start to exit, as a pre-commit hook or a CI job pays
it, on a pinned corpus (corpus.py): `libs` (jax, flax, optax, chex), `research` (blackjax, rlax,
optimistix, lineax, qdax, tensorflow-probability's JAX substrate) or both, one after the other
(the default). Every row runs on each corpus chosen, and each corpus gets its own table and
target checks. A row runs up to N times and is reported by its best and median wall time; it stops early when
another run would take it past its time budget. The table and the target checks are printed as
Markdown; the same numbers, every run included, go to a JSON file (bench/results.json).

Every tool runs from a fresh temporary working directory (one per corpus), so the caches (`.scanlint_cache/`,
`.ruff_cache/`) live there and no configuration of the project leaks in.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import corpus as corpus_module

try:
    import psutil
except ImportError:  # the "all processes" memory column is then left empty
    psutil = None

BENCH_DIR = Path(__file__).resolve().parent
FIXIT_CONFIG = BENCH_DIR / "fixit.toml"
PARSE_FLOOR_SCRIPT = BENCH_DIR / "parse_floor.py"
DEFAULT_JSON = BENCH_DIR / "results.json"

SCANLINT_FINDING = re.compile(r"^.+:\d+:\d+: (SCN\d{3}) ")
SCANLINT_BUILTIN_ERROR = re.compile(r"^.+:\d+:\d+: (SCN00\d) ")
RUFF_FINDING = re.compile(r"^.+:\d+:\d+: ([A-Z]+\d+) ")
FIXIT_FINDING = re.compile(r"^.+@\d+:\d+ (LaxScanCall): ")

# Finding a process's descendants reads /proc for every process on the machine, so the tree is
# sampled often only during a run's first second (short runs) and sparingly after that.
MEMORY_SAMPLE_SECONDS_FIRST_SECOND = 0.05
MEMORY_SAMPLE_SECONDS_AFTER = 0.25

Counts = tuple[dict[str, int] | None, dict[str, int]]  # findings by code, errors by code


@dataclass
class Case:
    """One command to time, and how to prepare for it and read its output."""

    key: str
    title: str
    command: list[str]
    files: int | None = None
    lines: int | None = None
    note: str = ""
    skip_reason: str = ""  # set when this scanlint version cannot run the case
    before_first_run: Callable[[], str] | None = None  # untimed, e.g. fill a cache; returns a note
    before_each_run: Callable[[], None] | None = None  # untimed, e.g. delete a cache
    count: Callable[[str, str], Counts] | None = None  # (stdout, stderr) -> counts
    expected_exit_codes: tuple[int, ...] = (0,)


@dataclass
class Run:
    wall_seconds: float
    cpu_seconds: float  # user + system of the process and every child it waited for
    largest_process_mb: float  # peak RSS of the biggest single process of the tree
    all_processes_mb: float | None  # peak of the summed RSS of the whole tree, sampled
    exit_code: int


@dataclass
class Row:
    case: Case
    runs: list[Run] = field(default_factory=list)
    findings: dict[str, int] | None = None  # by code; None when the tool reports no findings
    errors: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @property
    def best(self) -> float | None:
        return min(run.wall_seconds for run in self.runs) if self.runs else None

    @property
    def median(self) -> float | None:
        return statistics.median(run.wall_seconds for run in self.runs) if self.runs else None

    @property
    def best_cpu(self) -> float | None:
        return min(run.cpu_seconds for run in self.runs) if self.runs else None

    @property
    def lines_per_second(self) -> float | None:
        return ratio(self.case.lines, self.best)

    @property
    def peak_mb(self) -> float | None:
        """The larger of the two memory measurements, over all runs."""
        peaks = [max(run.largest_process_mb, run.all_processes_mb or 0.0) for run in self.runs]
        return max(peaks) if peaks else None


class TreeMemorySampler:
    """Samples the summed RSS of a process and all its descendants until stopped."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak_bytes = 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def _sample(self) -> None:
        started = time.perf_counter()
        try:
            root = psutil.Process(self.pid)
        except psutil.NoSuchProcess:
            return
        while not self.stopped.is_set():
            try:
                tree = [root, *root.children(recursive=True)]
            except psutil.NoSuchProcess:
                return
            total = 0
            for process in tree:
                try:
                    total += process.memory_info().rss
                except (psutil.NoSuchProcess, psutil.AccessDenied):
                    pass
            self.peak_bytes = max(self.peak_bytes, total)
            in_first_second = time.perf_counter() - started < 1.0
            self.stopped.wait(
                MEMORY_SAMPLE_SECONDS_FIRST_SECOND if in_first_second else MEMORY_SAMPLE_SECONDS_AFTER
            )

    def stop(self) -> float:
        """Stops sampling; returns the peak in MB."""
        self.stopped.set()
        self.thread.join()
        return self.peak_bytes / 2**20


class Runner:
    """Runs commands in the working directory and keeps each command's last output there."""

    def __init__(self, workdir: Path, runs: int, budget_seconds: float) -> None:
        self.workdir = workdir
        self.runs = runs
        self.budget_seconds = budget_seconds
        self.output_dir = workdir / "output"
        self.output_dir.mkdir()
        self.environment = {**os.environ, "NO_COLOR": "1"}

    def run_once(self, key: str, command: list[str]) -> Run:
        with self.stdout_path(key).open("wb") as stdout, self.stderr_path(key).open("wb") as stderr:
            start = time.perf_counter()
            process = subprocess.Popen(
                command, cwd=self.workdir, stdout=stdout, stderr=stderr, env=self.environment
            )
            sampler = TreeMemorySampler(process.pid) if psutil else None
            _, status, usage = os.wait4(process.pid, 0)
            wall = time.perf_counter() - start
            process.returncode = os.waitstatus_to_exitcode(status)
        return Run(
            wall_seconds=wall,
            cpu_seconds=usage.ru_utime + usage.ru_stime,
            largest_process_mb=usage.ru_maxrss / 1024,  # Linux reports kilobytes
            all_processes_mb=sampler.stop() if sampler else None,
            exit_code=process.returncode,
        )

    def measure(self, case: Case) -> Row:
        """Runs the case up to `runs` times within the time budget, then reads its output."""
        row = Row(case, notes=[case.note] if case.note else [])
        if case.skip_reason:
            row.notes.append(f"skipped: {case.skip_reason}")
            log(f"{case.key}: skipped: {case.skip_reason}")
            return row
        if case.before_first_run:
            note = case.before_first_run()
            if note:
                row.notes.append(note)
                log(f"{case.key}: {note}")
        spent = 0.0
        while len(row.runs) < self.runs:
            if row.runs and spent + row.runs[-1].wall_seconds > self.budget_seconds:
                break
            if case.before_each_run:
                case.before_each_run()
            run = self.run_once(case.key, case.command)
            row.runs.append(run)
            spent += run.wall_seconds
            log(f"{case.key}: run {len(row.runs)}: {run.wall_seconds:.3f} s, exit {run.exit_code}")
        stdout = self.stdout_path(case.key).read_text(errors="replace")
        stderr = self.stderr_path(case.key).read_text(errors="replace")
        if case.count:
            row.findings, row.errors = case.count(stdout, stderr)
        unexpected = sorted({r.exit_code for r in row.runs} - set(case.expected_exit_codes))
        if unexpected:
            first_line = next((line.strip() for line in stderr.splitlines() if line.strip()), "")
            row.notes.append(f"exit {unexpected}: {first_line[:160]}")
        return row

    def stdout_path(self, key: str) -> Path:
        return self.output_dir / f"{key}.stdout"

    def stderr_path(self, key: str) -> Path:
        return self.output_dir / f"{key}.stderr"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def find_tool(name: str) -> str:
    """The tool installed next to this Python (the benchmark's virtualenv), else on PATH."""
    beside = Path(sys.executable).parent / name
    if beside.is_file():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found; install the bench extra: pip install -e '.[bench]'")
    return found


def count_codes(pattern: re.Pattern[str], text: str) -> dict[str, int]:
    counts = Counter(match.group(1) for line in text.splitlines() if (match := pattern.match(line)))
    return dict(sorted(counts.items()))


def count_scanlint(stdout: str, stderr: str) -> Counts:
    return count_codes(SCANLINT_FINDING, stdout), count_codes(SCANLINT_BUILTIN_ERROR, stderr)


def count_ruff(stdout: str, stderr: str) -> Counts:
    return count_codes(RUFF_FINDING, stdout), {}


def count_fixit(stdout: str, stderr: str) -> Counts:
    return count_codes(FIXIT_FINDING, stdout), {}


def count_parse_failures(stdout: str, stderr: str) -> Counts:
    failures = json.loads(stdout)["failures"]
    return None, ({"parse failures": failures} if failures else {})


def scanlint_check_options(scanlint: str) -> set[str]:
    """Which of the optional speed options `scanlint check` accepts in this version."""
    help_text = subprocess.run(
        [scanlint, "check", "--help"], capture_output=True, text=True, check=True
    ).stdout
    return {option for option in ("--no-cache", "--jobs") if option in help_text}


def build_cases(
    corpus: corpus_module.Corpus, runner: Runner, fixit_step: int, options: set[str]
) -> list[Case]:
    workdir = runner.workdir
    python, scanlint, ruff, fixit = sys.executable, find_tool("scanlint"), find_tool("ruff"), find_tool("fixit")

    # An empty [tool.scanlint] table in the working directory: the default rules, and the
    # working directory is the project root, where `.scanlint_cache/` goes.
    scanlint_config = workdir / "pyproject.toml"
    scanlint_config.write_text("[tool.scanlint]\n")
    scanlint_cache = workdir / ".scanlint_cache"
    ruff_cache = workdir / ".ruff_cache"
    corpus_file_list = workdir / "corpus-files.txt"
    corpus_file_list.write_text("".join(f"{path}\n" for path in corpus.files))

    def delete_scanlint_cache() -> None:
        shutil.rmtree(scanlint_cache, ignore_errors=True)

    def delete_ruff_cache() -> None:
        shutil.rmtree(ruff_cache, ignore_errors=True)

    has_cache = "--no-cache" in options
    no_cache = ["--no-cache"] if has_cache else []
    no_cache_note = "" if has_cache else "scanlint has no --no-cache (nor a cache) yet: run without it"
    scanlint_check = [scanlint, "check", "--exit-zero", "-q", "--config", str(scanlint_config)]
    scanlint_cold = [*scanlint_check, *no_cache]
    ruff_check = [ruff, "check", "--isolated", "--select", "B", "--exit-zero", "-q", "--output-format", "concise"]
    ruff_warm = [*ruff_check, "--cache-dir", str(ruff_cache), str(corpus.once)]
    scanlint_warm = [*scanlint_check, str(corpus.once)]

    def fill_ruff_cache() -> str:
        delete_ruff_cache()
        fill = runner.run_once("ruff-warm-fill", ruff_warm)
        return "" if fill.exit_code == 0 else f"the run that fills the cache exited {fill.exit_code}"

    def fill_scanlint_cache() -> str:
        delete_scanlint_cache()
        fill = runner.run_once("scanlint-warm-fill", scanlint_warm)
        if fill.exit_code != 0:
            return f"the run that fills the cache exited {fill.exit_code}"
        if not scanlint_cache.is_dir():
            return "no .scanlint_cache/ appeared in the working directory"
        return ""

    whole_corpus = {"files": len(corpus.files), "lines": corpus.lines}
    scanlint_cold_case = {"before_each_run": delete_scanlint_cache, "count": count_scanlint, "note": no_cache_note}
    clean_lines = corpus_module.count_lines(corpus.clean_file)
    candidate_lines = corpus_module.count_lines(corpus.candidate_file)
    dense_lines = corpus_module.count_lines(corpus.scan_dense_file)
    fixit_sample = list(corpus.files[::fixit_step])

    cases = [
        Case("python-start", "python start-up (`python -c pass`)", [python, "-c", "pass"]),
        Case("ruff-cold", "ruff check --select B, no cache", [*ruff_check, "--no-cache", str(corpus.once)],
             **whole_corpus, before_each_run=delete_ruff_cache, count=count_ruff),
        Case("ruff-warm", "ruff check --select B, cache filled", ruff_warm,
             **whole_corpus, before_first_run=fill_ruff_cache, count=count_ruff),
        Case("scanlint-clean-file", f"scanlint, one clean file ({clean_lines} lines)",
             [*scanlint_cold, str(corpus.clean_file)], files=1, lines=clean_lines, **scanlint_cold_case),
        Case("scanlint-candidate-file", f"scanlint, one candidate file ({candidate_lines} lines)",
             [*scanlint_cold, str(corpus.candidate_file)], files=1, lines=candidate_lines, **scanlint_cold_case),
        Case("scanlint-scan-dense-file", f"scanlint, one module with several scans ({dense_lines} lines)",
             [*scanlint_cold, str(corpus.scan_dense_file)], files=1, lines=dense_lines, **scanlint_cold_case),
        Case("scanlint-cold", "scanlint, cold (no cache)", [*scanlint_cold, str(corpus.once)],
             **whole_corpus, **scanlint_cold_case),
        Case("scanlint-cold-jobs-1", "scanlint, cold, --jobs 1", [*scanlint_cold, "--jobs", "1", str(corpus.once)],
             **whole_corpus, **scanlint_cold_case,
             skip_reason="" if "--jobs" in options else "scanlint check has no --jobs option yet"),
        Case("scanlint-warm", "scanlint, warm (cache filled)", scanlint_warm,
             **whole_corpus, before_first_run=fill_scanlint_cache, count=count_scanlint,
             skip_reason="" if has_cache else "scanlint check has no cache (no --no-cache option) yet"),
        Case("scanlint-cold-twice", "scanlint, cold, the corpus twice over", [*scanlint_cold, str(corpus.twice)],
             files=corpus.twice_files, lines=corpus.twice_lines, **scanlint_cold_case),
    ]  # fmt: skip
    for parser, processes in (("libcst", 1), ("libcst", 2), ("ast", 1)):
        cases.append(Case(
            f"{parser}-parse-{processes}",
            f"{parser} parse only, {processes} process{'es' if processes > 1 else ''}",
            [python, str(PARSE_FLOOR_SCRIPT), str(corpus_file_list), "--parser", parser, "--processes", str(processes)],
            **whole_corpus, count=count_parse_failures,
        ))  # fmt: skip
    cases.append(Case(
        "fixit", f"Fixit, one rule matching jax.lax.scan by qualified name (every {fixit_step}th file)",
        [fixit, "--config-file", str(FIXIT_CONFIG), "lint", *map(str, fixit_sample)],
        files=len(fixit_sample), lines=corpus.lines_of(fixit_sample),
        count=count_fixit, expected_exit_codes=(0, 1),  # 1: violations found
    ))  # fmt: skip
    return cases


# Report ------------------------------------------------------------------------------------


def ratio(numerator: float | None, denominator: float | None) -> float | None:
    if numerator is None or denominator is None or denominator == 0:
        return None
    return numerator / denominator


def targets(rows: list[Row]) -> list[dict[str, object]]:
    """The issue's targets and some context ratios, each from wall time and from CPU time.

    The targets are about wall time. CPU time (user + system of the whole process tree) is the
    work done; on a busy machine it moves much less than wall time does.
    """
    by_key = {row.case.key: row for row in rows if row.runs}

    def wall(key: str) -> float | None:
        return by_key[key].best if key in by_key else None

    def cpu(key: str) -> float | None:
        return by_key[key].best_cpu if key in by_key else None

    def lines(key: str) -> int | None:
        return by_key[key].case.lines if key in by_key else None

    def speedup(seconds: Callable[[str], float | None], fast: str, slow: str) -> float | None:
        """How many times more lines per second `fast` gets through than `slow`."""
        return ratio(ratio(lines(fast), seconds(fast)), ratio(lines(slow), seconds(slow)))

    def both(fast: str, slow: str) -> tuple[float | None, float | None]:
        return ratio(wall(fast), wall(slow)), ratio(cpu(fast), cpu(slow))

    scanlint_peaks = [row.peak_mb for key, row in by_key.items() if key.startswith("scanlint")]
    lines_ratio = ratio(lines("scanlint-cold-twice"), lines("scanlint-cold")) or 2.0
    checks = [
        ("cold: scanlint lines/s ÷ Fixit lines/s",
         speedup(wall, "scanlint-cold", "fixit"), speedup(cpu, "scanlint-cold", "fixit"), ">=", 50.0),
        ("cold: scanlint wall ÷ ruff wall", *both("scanlint-cold", "ruff-cold"), "<=", 5.0),
        ("warm: scanlint wall ÷ ruff warm wall", *both("scanlint-warm", "ruff-warm"), "<=", 1.5),
        ("one clean file, seconds", wall("scanlint-clean-file"), cpu("scanlint-clean-file"), "<=", 0.15),
        ("one candidate file, seconds", wall("scanlint-candidate-file"), cpu("scanlint-candidate-file"), "<=", 0.6),
        ("peak RSS of any scanlint run, MB", max(scanlint_peaks, default=None), None, "<", 400.0),
        (f"linearity: corpus twice over ÷ once (lines ×{lines_ratio:.2f})",
         *both("scanlint-cold-twice", "scanlint-cold"), "<=", round(1.1 * lines_ratio, 2)),
    ]  # fmt: skip
    context = [
        ("scanlint cold ÷ LibCST parse floor, 2 processes", *both("scanlint-cold", "libcst-parse-2")),
        ("scanlint --jobs 1 ÷ LibCST parse floor, 1 process", *both("scanlint-cold-jobs-1", "libcst-parse-1")),
        ("LibCST parse ÷ ast parse, 1 process", *both("libcst-parse-1", "ast-parse-1")),
        ("ruff lines/s ÷ Fixit lines/s", speedup(wall, "ruff-cold", "fixit"), speedup(cpu, "ruff-cold", "fixit")),
    ]  # fmt: skip
    results: list[dict[str, object]] = []
    for name, by_wall, by_cpu, relation, bound in checks:
        met = None
        if by_wall is not None:
            met = {">=": by_wall >= bound, "<=": by_wall <= bound, "<": by_wall < bound}[relation]
        results.append({"check": name, "wall": by_wall, "cpu": by_cpu, "target": f"{relation} {bound:g}", "met": met})
    for name, by_wall, by_cpu in context:
        results.append({"check": name, "wall": by_wall, "cpu": by_cpu, "target": "", "met": None})
    return results


def format_number(value: float | None, digits: int = 2) -> str:
    if value is None:
        return "–"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if 0 < abs(value) < 0.01:
        return f"{value:.2g}"
    return f"{value:.{digits}f}"


def shorten(command: list[str], corpus: corpus_module.Corpus, workdir: Path) -> str:
    """The command with long paths replaced by the names the README uses."""
    text = " ".join(command)
    for long, short in [
        (str(corpus.twice), "CORPUS_TWICE"),
        (str(corpus.once), "CORPUS"),
        (str(workdir), "WORKDIR"),
        (str(BENCH_DIR), "bench"),
        (str(Path(sys.executable).parent) + "/", ""),
    ]:
        text = text.replace(long, short)
    return text if len(text) <= 200 else text[:200] + " ..."


def render_rows(rows: list[Row]) -> list[str]:
    lines = [
        "| row | runs | best s | median s | CPU s | lines/s | largest process MB | all processes MB | findings | note |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for row in rows:
        note = "; ".join(row.notes)
        if not row.runs:
            lines.append(f"| {row.case.title} | 0 | – | – | – | – | – | – | – | {note} |")
            continue
        findings = "" if row.findings is None else str(sum(row.findings.values()))
        if row.errors:
            findings += " (" + ", ".join(f"{n} {code}" for code, n in row.errors.items()) + ")"
        largest = max(run.largest_process_mb for run in row.runs)
        all_processes = max((run.all_processes_mb or 0.0) for run in row.runs) or None
        lines.append(
            f"| {row.case.title} | {len(row.runs)} | {format_number(row.best, 3)} | {format_number(row.median, 3)}"
            f" | {format_number(row.best_cpu)} | {format_number(row.lines_per_second, 0)}"
            f" | {format_number(largest, 0)} | {format_number(all_processes, 0)} | {findings} | {note} |"
        )
    return lines


def render_targets(checks: list[dict[str, object]]) -> list[str]:
    lines = ["| check | by wall time | by CPU time | target (wall) | met |", "|---|---:|---:|---|---|"]
    for check in checks:
        met = {True: "yes", False: "**no**", None: ""}[check["met"]]  # type: ignore[index]
        lines.append(
            f"| {check['check']} | {format_number(check['wall'])} | {format_number(check['cpu'])}"  # type: ignore[arg-type]
            f" | {check['target']} | {met} |"
        )
    return lines


def machine_description() -> dict[str, object]:
    cpu_model, memory_kb = platform.processor(), 0
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu_model = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory_kb = int(line.split()[1])
    except OSError:
        pass
    return {
        "platform": platform.platform(),
        "cpu": cpu_model,
        "logical_cpus": os.cpu_count(),
        "usable_cpus": len(os.sched_getaffinity(0)),
        "memory_gb": round(memory_kb / 2**20, 1),
        "python": platform.python_version(),
    }


def tool_versions() -> dict[str, str]:
    versions = {}
    for distribution in ("scanlint", "libcst", "fixit", "ruff", "psutil"):
        try:
            versions[distribution] = importlib.metadata.version(distribution)
        except importlib.metadata.PackageNotFoundError:
            versions[distribution] = "not installed"
    return versions


def scanlint_source() -> dict[str, object]:
    """Which scanlint source was measured: its git commit, and a digest of its files that also
    catches uncommitted edits (compared before and after the run, to notice edits during it)."""
    package_dir = Path(importlib.util.find_spec("scanlint").origin).parent  # type: ignore[union-attr, arg-type]
    digest = hashlib.sha256()
    for path in sorted(package_dir.rglob("*.py")):
        digest.update(path.relative_to(package_dir).as_posix().encode() + b"\0" + path.read_bytes())

    def git(*arguments: str) -> str:
        try:
            completed = subprocess.run(["git", *arguments], cwd=package_dir, capture_output=True, text=True)
        except OSError:
            return ""
        return completed.stdout.strip() if completed.returncode == 0 else ""

    return {
        "commit": git("rev-parse", "--short", "HEAD") or "unknown",
        "uncommitted_changes": bool(git("status", "--porcelain", "--", ".")),
        "source_sha256": digest.hexdigest()[:16],
    }


def prefilter_share(corpus: corpus_module.Corpus) -> dict[str, int] | None:
    """How much of the corpus gets past scanlint's byte prefilter with the default rules, or
    None when this scanlint version has no such prefilter."""
    try:
        from scanlint import registry
        from scanlint.engine import may_have_findings
    except ImportError:
        return None
    codes = registry.default_codes()
    passing = [data for data in map(Path.read_bytes, corpus.files) if may_have_findings(data, codes)]
    return {"files": len(passing), "lines": sum(len(data.splitlines()) for data in passing)}


def describe_source(source: dict[str, object]) -> str:
    changes = " plus uncommitted changes" if source["uncommitted_changes"] else ""
    return f"commit {source['commit']}{changes} (source digest {source['source_sha256']})"


def harness_cpu_seconds() -> float:
    """CPU time of this script itself (mostly the memory sampler), to show it stays small."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return round(usage.ru_utime + usage.ru_stime, 2)


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="scanlint speed benchmark (see bench/README.md)")
    parser.add_argument(
        "--corpus", choices=[*corpus_module.CORPUS_NAMES, "both"], default="both",
        help="which pinned corpus to measure (default both, one after the other)",
    )  # fmt: skip
    parser.add_argument("--runs", type=int, default=5, help="most runs per row (default 5)")
    parser.add_argument(
        "--budget", type=float, default=120.0,
        help="seconds per row: no further run starts once the last one says it would overrun (default 120)",
    )  # fmt: skip
    parser.add_argument(
        "--fixit-fraction", type=float, default=0.1,
        help="share of the corpus Fixit lints, every Nth file (default 0.1; 1 = the whole corpus)",
    )  # fmt: skip
    parser.add_argument(
        "--only", type=lambda text: {key.strip() for key in text.split(",") if key.strip()},
        help="comma-separated row keys to run, e.g. scanlint-cold,ruff-cold (default: all)",
    )  # fmt: skip
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where to write the JSON results")
    args = parser.parse_args()
    if args.runs < 1 or not 0 < args.fixit_fraction <= 1:
        parser.error("--runs must be at least 1 and --fixit-fraction in (0, 1]")
    return args


def measure_corpus(
    corpus: corpus_module.Corpus, args: argparse.Namespace, workdir: Path, scanlint_options: set[str]
) -> tuple[list[Row], Runner]:
    """Every chosen row on one corpus, from its own working directory."""
    workdir.mkdir()
    runner = Runner(workdir, args.runs, args.budget)
    fixit_step = max(1, round(1 / args.fixit_fraction))
    cases = build_cases(corpus, runner, fixit_step, scanlint_options)
    unknown = sorted((args.only or set()) - {case.key for case in cases})
    if unknown:
        raise SystemExit(f"unknown row keys {unknown}; known: {', '.join(case.key for case in cases)}")
    log(f"corpus {corpus.name}: {len(corpus.files)} files, {corpus.lines:,} lines")
    return [runner.measure(case) for case in cases if not args.only or case.key in args.only], runner


def describe_corpus(corpus: corpus_module.Corpus, prefilter: dict[str, int] | None) -> list[str]:
    return [
        f"Corpus `{corpus.name}`: {len(corpus.files)} files, {corpus.lines:,} lines ("
        + ", ".join(f"{wheel.name} {wheel.version}" + (f" ({wheel.subtree} only)" if wheel.subtree else "")
                    for wheel in corpus.wheels)
        + f"); twice over: {corpus.twice_files} files, {corpus.twice_lines:,} lines.",
        (
            f"Clean file: {corpus.clean_file.relative_to(corpus.once)}; "
            f"candidate file: {corpus.candidate_file.relative_to(corpus.once)}."
        ),
        "Past scanlint's byte prefilter: " + (
            f"{prefilter['files']} of {len(corpus.files)} files, {prefilter['lines']:,} lines "
            f"({prefilter['lines'] / corpus.lines:.0%} of the lines)." if prefilter else "no prefilter found."
        ),
    ]  # fmt: skip


def main() -> None:
    args = parse_arguments()
    corpora = [corpus_module.load(name) for name in corpus_module.names(args.corpus)]
    scanlint_options = scanlint_check_options(find_tool("scanlint"))
    fixit_step = max(1, round(1 / args.fixit_fraction))
    started = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    source_before = scanlint_source()
    prefilters = {corpus.name: prefilter_share(corpus) for corpus in corpora}
    load_before = os.getloadavg()
    measured: list[tuple[corpus_module.Corpus, list[Row], Path]] = []
    with tempfile.TemporaryDirectory(prefix="scanlint-bench-") as temporary:
        for corpus in corpora:
            rows, runner = measure_corpus(corpus, args, Path(temporary).resolve() / corpus.name, scanlint_options)
            measured.append((corpus, rows, runner.workdir))
    load_after = os.getloadavg()
    source_after = scanlint_source()

    machine = machine_description()
    versions = tool_versions()
    ruff_version = subprocess.run([find_tool("ruff"), "--version"], capture_output=True, text=True)
    versions["ruff"] = ruff_version.stdout.strip().removeprefix("ruff ")
    summary = [
        f"Machine: {machine['cpu']}, {machine['usable_cpus']} usable CPUs, {machine['memory_gb']} GB, "
        f"{machine['platform']}, Python {machine['python']}.",
        "Versions: " + ", ".join(f"{name} {version}" for name, version in versions.items()) + ".",
        f"Load average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in load_before)} before, "
        f"{' '.join(f'{x:.2f}' for x in load_after)} after.",
        f"scanlint source: {describe_source(source_before)}.",
        f"scanlint check options found: {', '.join(sorted(scanlint_options)) or 'neither --no-cache nor --jobs'}.",
    ]
    if source_after != source_before:
        summary.append(
            f"**Warning: scanlint's source changed during the run** (now {describe_source(source_after)}); "
            "rows measured different code."
        )
    report = list(summary)
    corpus_results = []
    for corpus, rows, workdir in measured:
        checks = targets(rows)
        commands = [
            f"Commands (CORPUS = bench/.corpus/{corpus.name}/once, WORKDIR = the temporary working directory):",
            "",
        ]
        commands += [f"- `{row.case.key}`: `{shorten(row.case.command, corpus, workdir)}`" for row in rows]
        report += [
            "", f"## Corpus `{corpus.name}`", "", *describe_corpus(corpus, prefilters[corpus.name]),
            "", *render_rows(rows), "", *render_targets(checks), "", *commands,
        ]  # fmt: skip
        corpus_results.append({
            "name": corpus.name,
            "wheels": [asdict(wheel) for wheel in corpus.wheels],
            "files": len(corpus.files),
            "lines": corpus.lines,
            "bytes": corpus.bytes,
            "twice_files": corpus.twice_files,
            "twice_lines": corpus.twice_lines,
            "clean_file": str(corpus.clean_file.relative_to(corpus.once)),
            "candidate_file": str(corpus.candidate_file.relative_to(corpus.once)),
            "fixit_sample_step": fixit_step,
            "scanlint_prefilter_passes": prefilters[corpus.name],
            "rows": [
                {
                    "key": row.case.key,
                    "title": row.case.title,
                    "command": shorten(row.case.command, corpus, workdir),
                    "files": row.case.files,
                    "lines": row.case.lines,
                    "best_seconds": row.best,
                    "median_seconds": row.median,
                    "best_cpu_seconds": row.best_cpu,
                    "lines_per_second": row.lines_per_second,
                    "peak_mb": row.peak_mb,
                    "findings": row.findings,
                    "errors": row.errors,
                    "notes": row.notes,
                    "runs": [asdict(run) for run in row.runs],
                }
                for row in rows
            ],
            "targets": checks,
        })  # fmt: skip
    print("\n".join(report))

    result = {
        "started": started,
        "machine": machine,
        "versions": versions,
        "load_average_before": load_before,
        "load_average_after": load_after,
        "settings": {
            "corpus": args.corpus, "runs": args.runs, "budget_seconds": args.budget,
            "fixit_fraction": args.fixit_fraction,
        },
        "scanlint_source_before": source_before,
        "scanlint_source_after": source_after,
        "scanlint_check_options": sorted(scanlint_options),
        "corpora": corpus_results,
        "harness_cpu_seconds": harness_cpu_seconds(),
    }  # fmt: skip
    args.json.write_text(json.dumps(result, indent=2) + "\n")
    log(f"wrote {args.json}")


if __name__ == "__main__":
    main()
