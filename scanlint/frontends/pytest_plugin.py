"""pytest plugin: lint files as tests, guard against recompiles, observe scans while tests run.

- `pytest --scanlint`: one `scanlint` test item per Python file and Jupyter notebook, failing with the file's
  findings. A file that passed is skipped on later runs until its content, the scanlint version
  or the settings change (kept in pytest's cache, keyed on a content hash).
- `jax_compiles` fixture: a `scanlint.runtime.CompileCounter` open for the test.
- `@pytest.mark.max_compiles(n)` or `max_compiles(step=1)` / `max_compiles({"step": 1})`: fail
  a test whose jitted functions compile more often than allowed, with the reason for each compile.
- `@pytest.mark.max_compile_seconds(s)` (or per function by name): a compile-time budget, as JAX
  times tracing, lowering and compiling.
- `pytest --scanlint-trace`: observe every `lax.scan`, `fori_loop` and `while_loop` the tests run
  and join what each test's run shows with the static findings of the files involved. A static
  finding the run confirms, a loop whose carry changes type or a scan body that returns no pair
  fails the test with the located message; the summary lists the most-compiled jitted functions
  and why they recompiled.

pytest imports this module in every session of every project where scanlint is installed, so it
imports neither LibCST nor JAX here: the linter is imported when a lint item runs, JAX only when
a compile or trace option, fixture or marker is used. Disable the plugin with `-p no:scanlint`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from scanlint.config import Settings
    from scanlint.findings import Finding
    from scanlint.runtime import CompileCounter, FunctionCompiles

CACHE_KEY = "scanlint/passed"
LINT_SUFFIXES = (".py", ".pyi", ".ipynb")
MOST_COMPILED_SHOWN = 10

passed_files_key = pytest.StashKey["PassedFiles"]()
settings_by_directory_key = pytest.StashKey[dict[Path, "Settings | str"]]()
session_trace_key = pytest.StashKey["ScanTracer"]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("scanlint", "scanlint: static checks and runtime checks for lax.scan code")
    group.addoption(
        "--scanlint",
        action="store_true",
        help="lint every collected Python file and notebook with scanlint's static rules (one test item per file)",
    )
    group.addoption(
        "--scanlint-trace",
        action="store_true",
        help="observe every lax.scan/fori_loop/while_loop and count compiles while the tests run "
        "(needs scanlint[runtime]); a loop that changes its carry fails its test",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "scanlint: a file linted by scanlint's static rules (pytest --scanlint)")
    config.addinivalue_line(
        "markers",
        "max_compiles(n=None, **per_function): fail the test when a jitted function compiles more "
        "than n times (or more than the limit given for it by name) while the test runs",
    )
    config.addinivalue_line(
        "markers",
        "max_compile_seconds(seconds=None, **per_function): fail the test when a jitted function spends "
        "more than this many seconds tracing and compiling (as JAX times it) while the test runs",
    )
    config.stash[settings_by_directory_key] = {}
    if config.getoption("scanlint"):
        passed_files = PassedFiles(config)
        config.stash[passed_files_key] = passed_files
        config.pluginmanager.register(passed_files, "scanlint-passed-files")
    if config.getoption("scanlint_trace"):
        _start_tracing(config)


def pytest_unconfigure(config: pytest.Config) -> None:
    tracer = config.stash.get(session_trace_key, None)
    if tracer is not None:
        tracer.stop()


# --- pytest --scanlint: one lint item per file ---------------------------------------------------


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    config = parent.config
    if not config.getoption("scanlint") or file_path.suffix not in LINT_SUFFIXES:
        return None
    settings = _settings_or_error(config, file_path)
    if not isinstance(settings, str) and settings.is_excluded(file_path):
        return None
    lint_file: ScanlintFile = ScanlintFile.from_parent(parent, path=file_path)
    return lint_file


def _settings_or_error(config: pytest.Config, path: Path) -> Settings | str:
    """The settings of the nearest `[tool.scanlint]` above `path` (read once per directory), or
    the configuration error as text."""
    from scanlint.config import ConfigError, load_settings

    by_directory = config.stash[settings_by_directory_key]
    directory = path.parent.resolve()
    if directory not in by_directory:
        try:
            by_directory[directory] = load_settings([directory])
        except ConfigError as error:
            by_directory[directory] = f"configuration error: {error}"
    return by_directory[directory]


class ScanlintFailure(Exception):
    """A lint item's findings, already rendered as text."""


class ScanlintFile(pytest.File):
    def collect(self) -> Iterator[ScanlintItem]:
        item: ScanlintItem = ScanlintItem.from_parent(self, name="scanlint")
        yield item


class ScanlintItem(pytest.Item):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_marker("scanlint")
        self.cache_entry: tuple[str, dict[str, Any]] | None = None

    def setup(self) -> None:
        settings = _settings_or_error(self.config, self.path)
        if isinstance(settings, str):
            return
        try:
            key = _cache_key(self.path.read_bytes(), settings)
        except OSError:
            return  # runtest reports it as SCN002
        name = self._cache_name()
        if _still_passes(self.config.stash[passed_files_key].entries.get(name), key):
            pytest.skip("unchanged since it last passed scanlint")
        self.cache_entry = (name, {"key": key, "dependencies": {}})

    def runtest(self) -> None:
        from scanlint.api import lint_file_result
        from scanlint.reporters import render

        settings = _settings_or_error(self.config, self.path)
        if isinstance(settings, str):
            raise ScanlintFailure(f"{self.path}: {settings}\n")
        result = lint_file_result(self.path, settings)
        if result.findings:
            self.cache_entry = None
            raise ScanlintFailure(render(list(result.findings), "text"))
        if self.cache_entry is not None:
            self.cache_entry[1]["dependencies"] = dict(result.dependencies)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScanlintFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, None, str]:
        return self.path, None, f"scanlint {self.path.name}"

    def _cache_name(self) -> str:
        try:
            return self.path.relative_to(self.config.rootpath).as_posix()
        except ValueError:
            return self.path.as_posix()


def _still_passes(stored: object, key: str) -> bool:
    """Whether a file that passed is unchanged, and so are the project files its result used."""
    if not isinstance(stored, dict) or stored.get("key") != key:
        return False
    dependencies = stored.get("dependencies")
    if not isinstance(dependencies, dict):
        return False
    for path, digest in dependencies.items():
        try:
            if hashlib.sha256(Path(path).read_bytes()).hexdigest() != digest:
                return False
        except OSError:
            return False
    return True


def _cache_key(data: bytes, settings: Settings) -> str:
    from scanlint import __version__

    digest = hashlib.sha256(f"{__version__}\0{settings.fingerprint()}\0".encode())
    digest.update(data)
    return digest.hexdigest()


class PassedFiles:
    """The files that passed, by path relative to the rootdir, with the key they passed under.

    Loaded from pytest's cache at the start of the session and written back at its end. Under
    pytest-xdist the items run in workers; each passing item's entry travels to the controller on
    its report, and only the controller writes the cache."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        cache = getattr(config, "cache", None)
        stored = cache.get(CACHE_KEY, {}) if cache is not None else {}
        self.entries: dict[str, Any] = dict(stored) if isinstance(stored, dict) else {}

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
        report = yield
        if isinstance(item, ScanlintItem) and call.when == "call" and report.passed and item.cache_entry:
            report.scanlint_passed = item.cache_entry  # type: ignore[attr-defined]  # read by the controller
        return report

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        entry = getattr(report, "scanlint_passed", None)
        if entry is not None:
            name, key = entry
            self.entries[name] = key

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        cache = getattr(self.config, "cache", None)
        if cache is None or hasattr(self.config, "workerinput"):
            return
        root = self.config.rootpath
        kept = {name: key for name, key in self.entries.items() if (root / name).exists()}
        cache.set(CACHE_KEY, kept)


# --- compile guard: the jax_compiles fixture and the max_compiles marker -------------------------


@pytest.fixture
def jax_compiles() -> Iterator[CompileCounter]:
    """Calls, traces and XLA compiles per jitted function while the test runs, with the reason for
    each compile: `jax_compiles.compiles(step)`, `.traces(step)`, `.reasons(step)`, `.functions`."""
    from scanlint.runtime import count_compiles

    with count_compiles() as counter:
        yield counter


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    count_marker = item.get_closest_marker("max_compiles")
    time_marker = item.get_closest_marker("max_compile_seconds")
    if count_marker is None and time_marker is None:
        return (yield)
    try:
        limits = CompileLimits.from_marker(count_marker) if count_marker else None
    except (TypeError, ValueError) as error:
        raise pytest.fail.Exception(f"max_compiles: {error}", pytrace=False) from None
    try:
        budget = CompileTimeBudget.from_marker(time_marker) if time_marker else None
    except (TypeError, ValueError) as error:
        raise pytest.fail.Exception(f"max_compile_seconds: {error}", pytrace=False) from None
    from scanlint.runtime import count_compiles

    with count_compiles() as counter:
        result = yield
    problems = []
    excess = limits.exceeded(counter) if limits else []
    if excess:
        problems.append(_describe_excess(excess))
    overtime = budget.exceeded(counter) if budget else []
    if overtime:
        problems.append(_describe_overtime(overtime))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
    return result


class CompileTimeBudget:
    """What a `max_compile_seconds` marker allows: seconds of tracing, lowering and compiling (as
    JAX times them) for every jitted function of the user's code, and for functions by name."""

    def __init__(self, every: float | None, by_name: dict[str, float]) -> None:
        self.every = every
        self.by_name = by_name

    @classmethod
    def from_marker(cls, marker: pytest.Mark) -> CompileTimeBudget:
        every: float | None = None
        by_name: dict[str, float] = {}
        for value in marker.args:
            if isinstance(value, dict):
                by_name.update(value)
            elif isinstance(value, (int, float)) and not isinstance(value, bool) and every is None:
                every = float(value)
            else:
                raise TypeError(
                    "expected max_compile_seconds(s), max_compile_seconds(name=s) or "
                    f"max_compile_seconds({{'name': s}}), got {value!r}"
                )
        by_name.update(marker.kwargs)
        for name, limit in by_name.items():
            if not isinstance(name, str) or not isinstance(limit, (int, float)) or isinstance(limit, bool):
                raise TypeError(f"a budget is a function name and a number of seconds, got {name!r}: {limit!r}")
        if every is None and not by_name:
            raise ValueError("give a budget: max_compile_seconds(2.0) or max_compile_seconds(step=2.0)")
        return cls(every, {name: float(limit) for name, limit in by_name.items()})

    def exceeded(self, counter: CompileCounter) -> list[tuple[CompiledFunction, float]]:
        """The functions whose compiles took longer than allowed, with their budgets."""
        overtime = []
        for function in compiled_functions(counter):
            limit = self.by_name.get(function.name, self.every if function.is_user_code else None)
            if limit is not None and function.seconds > limit:
                overtime.append((function, limit))
        return overtime


def _describe_overtime(overtime: list[tuple[CompiledFunction, float]]) -> str:
    lines = ["max_compile_seconds exceeded:"]
    for function, limit in overtime:
        where = f" ({function.where})" if function.where else ""
        times = "compile" if function.compiles == 1 else "compiles"
        lines.append(
            f"  {function.name}{where}: {function.seconds:.3f} s tracing and compiling "
            f"({function.compiles} {times}), budget {limit:g} s"
        )
        lines.extend(_reason_lines(function))
    return "\n".join(lines)


class CompileLimits:
    """What a `max_compiles` marker allows: a limit for every jitted function of the user's code,
    and limits for functions named explicitly."""

    def __init__(self, every: int | None, by_name: dict[str, int]) -> None:
        self.every = every
        self.by_name = by_name

    @classmethod
    def from_marker(cls, marker: pytest.Mark) -> CompileLimits:
        every: int | None = None
        by_name: dict[str, int] = {}
        for value in marker.args:
            if isinstance(value, dict):
                by_name.update(value)
            elif isinstance(value, int) and not isinstance(value, bool) and every is None:
                every = value
            else:
                raise TypeError(
                    f"expected max_compiles(n), max_compiles(name=n) or max_compiles({{'name': n}}), got {value!r}"
                )
        by_name.update(marker.kwargs)
        for name, limit in by_name.items():
            if not isinstance(name, str) or not isinstance(limit, int) or isinstance(limit, bool):
                raise TypeError(f"a limit is a function name and a whole number, got {name!r}: {limit!r}")
        if every is None and not by_name:
            raise ValueError("give a limit: max_compiles(1) or max_compiles(step=1)")
        return cls(every, by_name)

    def exceeded(self, counter: CompileCounter) -> list[tuple[CompiledFunction, int]]:
        """The functions that compiled more often than allowed, with their limits."""
        functions = compiled_functions(counter)
        excess = []
        for function in functions:
            limit = self.by_name.get(function.name, self.every if function.is_user_code else None)
            if limit is not None and function.compiles > limit:
                excess.append((function, limit))
        return excess


class CompiledFunction:
    """One jitted function's compiles during a window, with the reasons when they were recorded."""

    def __init__(
        self,
        name: str,
        where: str,
        compiles: int,
        reasons: list[str] | None,
        is_user_code: bool,
        wrappers: int = 1,
        seconds: float = 0.0,
    ) -> None:
        self.name = name
        self.where = where
        self.compiles = compiles
        self.reasons = reasons  # None: jitted before counting started, so no reasons
        self.is_user_code = is_user_code
        self.wrappers = wrappers  # wrappers jax.jit made of it at one place (re-created in a loop)
        self.seconds = seconds  # tracing, lowering and compiling, as JAX timed them


def compiled_functions(counter: CompileCounter) -> list[CompiledFunction]:
    """Every function that compiled in `counter`'s window, by its bare name (`step`, as JAX names
    it). Functions jitted while a counting window was open come with reasons, and count as the
    user's code when the user's code defines them or applied `jax.jit` to them (`jax.jit(model.apply)`);
    the others are counted by name, and count as the user's code when a module of the user's
    defines a jitted function of that name."""
    from scanlint.api import display_path
    from scanlint.runtime.locations import is_library_file

    found = []
    for stats in counter.functions:
        if stats.compiles:
            name = stats.function.rpartition(".")[2]
            where = f"{display_path(Path(stats.path))}:{stats.line}"
            if stats.jit_path and is_library_file(stats.path):
                where = f"jitted at {display_path(Path(stats.jit_path))}:{stats.jit_line}"
            found.append(
                CompiledFunction(
                    name, where, stats.compiles, list(stats.reasons), stats.user_code, stats.wrappers, stats.compile_seconds
                )
            )
    recorded = {function.name for function in found}
    user_jitted = _user_jitted_functions()
    for name, counts in counter.by_name.items():
        if counts.compiles > 0 and name not in recorded:
            where = user_jitted.get(name)
            found.append(CompiledFunction(name, where or "", counts.compiles, None, where is not None, seconds=counts.seconds))
    return sorted(found, key=lambda f: (-f.compiles, f.name))


def _user_jitted_functions() -> dict[str, str]:
    """Module-level jitted functions of the user's modules, by name, with where they are defined."""
    import inspect

    from scanlint.api import display_path
    from scanlint.runtime.patching import user_modules

    found = {}
    for module in user_modules():
        for value in list(vars(module).values()):
            wrapped = getattr(value, "__wrapped__", None)
            if wrapped is None or not hasattr(value, "lower"):
                continue
            code = getattr(inspect.unwrap(wrapped), "__code__", None)
            if code is not None:
                found[code.co_name] = f"{display_path(Path(code.co_filename))}:{code.co_firstlineno}"
    return found


def _describe_excess(excess: list[tuple[CompiledFunction, int]]) -> str:
    lines = ["max_compiles exceeded:"]
    for function, limit in excess:
        where = f" ({function.where})" if function.where else ""
        times = "time" if function.compiles == 1 else "times"
        wrappers = f" by {function.wrappers} jax.jit wrappers made anew" if function.wrappers > 1 else ""
        lines.append(f"  {function.name}{where} compiled {function.compiles} {times}{wrappers}, limit {limit}")
        lines.extend(_reason_lines(function))
    return "\n".join(lines)


def _reason_lines(function: CompiledFunction) -> list[str]:
    if function.reasons is None:
        why = (
            "    why: not recorded, it was jitted before counting started "
            "(run pytest with --scanlint-trace to record the reason for every compile)"
        )
        return [why]
    return [f"    {number}. {reason}" for number, reason in enumerate(function.reasons, start=1)]


# --- pytest --scanlint-trace ---------------------------------------------------------------------


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, parser: pytest.Parser, args: list[str]) -> None:
    # Start counting before conftest files and test modules are imported, so that functions they
    # jit at import time are counted with reasons.
    if getattr(early_config.known_args_namespace, "scanlint_trace", False):
        _start_tracing(early_config)


def _start_tracing(config: pytest.Config) -> None:
    if session_trace_key not in config.stash:
        tracer = ScanTracer(config)
        config.stash[session_trace_key] = tracer
        config.pluginmanager.register(tracer, "scanlint-trace")


class ScanTracer:
    """`--scanlint-trace`: one compile counter for the whole session, and scan observation plus a
    compile counter around every test. What a test's run shows is joined with the static findings
    of the files involved: a static finding the run confirmed, a loop that changed its carry or a
    scan body that returned no pair fails the test. Warnings and the most-compiled functions are
    listed at the end of the session."""

    def __init__(self, config: pytest.Config) -> None:
        from scanlint.runtime import count_compiles

        self.config = config
        self._window = count_compiles()
        self.counter = self._window.__enter__()
        self.warnings: list[Finding] = []
        self.from_workers: list[FunctionCompiles] = []
        self._static_by_file: dict[str, list[Finding]] = {}

    def stop(self) -> None:
        self._window.__exit__(None, None, None)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, None, None]:
        from scanlint.runtime import count_compiles, observe_scans

        error: BaseException | None = None
        with count_compiles() as counts, observe_scans() as seen:
            try:
                result = yield
            except BaseException as raised:
                error = raised
        problems = self._problems(seen, counts)
        if error is not None:
            if problems:
                item.add_report_section("call", "scanlint", _render_findings(list(problems), notes=problems))
            raise error
        if problems:
            raise pytest.fail.Exception(_render_findings(list(problems), notes=problems), pytrace=False)
        return result

    def _problems(self, seen: Any, counts: CompileCounter) -> dict[Finding, list[tuple[str, str]]]:
        """The errors this test's run showed, after `# noqa`, each with a note saying how the run
        confirmed a static finding; its warnings are put aside for the summary."""
        from scanlint.findings import Severity
        from scanlint.runtime.join import CONFIRMED, Observation, join

        observation = Observation.collect(seen, counts)
        static = [f for path in _observed_files(observation) for f in self._static_findings(path)]
        errors: dict[Finding, list[tuple[str, str]]] = {}
        for verdict in join(static, observation):
            if verdict.runtime != CONFIRMED:
                continue
            located = _located(verdict.finding)
            if located is None:
                continue
            if located.severity is Severity.ERROR:
                errors[located] = [("runtime", f"confirmed - {verdict.evidence}")] if verdict.origin == "static" else []
            elif located not in self.warnings:
                self.warnings.append(located)
        return errors

    def _static_findings(self, path: str) -> list[Finding]:
        """The static findings of one file involved in a run, linted once per session."""
        if path not in self._static_by_file:
            from scanlint.api import lint_file

            settings = _settings_or_error(self.config, Path(path))
            findings = [] if isinstance(settings, str) else lint_file(Path(path), settings)[0]
            self._static_by_file[path] = findings
        return self._static_by_file[path]

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        workeroutput = getattr(session.config, "workeroutput", None)
        if workeroutput is not None:
            workeroutput["scanlint_compiles"] = [stats.to_json() for stats in self.counter.functions]
            workeroutput["scanlint_warnings"] = [finding.to_json() for finding in self.warnings]

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """pytest-xdist: gather what each worker counted."""
        from scanlint.findings import Finding
        from scanlint.runtime import FunctionCompiles

        output = getattr(node, "workeroutput", {})
        self.from_workers.extend(FunctionCompiles.from_json(data) for data in output.get("scanlint_compiles", []))
        for data in output.get("scanlint_warnings", []):
            finding = Finding.from_json(data)
            if finding not in self.warnings:
                self.warnings.append(finding)

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if hasattr(self.config, "workerinput"):
            return
        write = terminalreporter.write_line
        functions = _merge_by_function([*self.counter.functions, *self.from_workers])
        terminalreporter.section("scanlint: most compiled jitted functions")
        if not functions:
            write("no jitted function compiled while observed")
        for stats in functions[:MOST_COMPILED_SHOWN]:
            write(
                f"{stats.compiles:4d} compiles  {stats.compile_seconds:7.2f} s  {stats.calls:5d} calls  "
                f"{stats.function} ({stats.path}:{stats.line})"
            )
            for reason in stats.reasons[1:] if stats.reasons[:1] == ["first call"] else stats.reasons:
                write(f"      {reason}")
        if self.warnings:
            terminalreporter.section("scanlint: runtime warnings")
            for line in _render_findings(sorted(self.warnings)).splitlines():
                write(line)


def _observed_files(observation: Any) -> list[str]:
    """The user's source files where a run's loops, jitted functions and pytree classes live."""
    from scanlint.runtime.locations import is_library_file

    files = set()
    for loop in observation.loops:
        files.update((loop["body"]["path"], loop["call_site"]["path"]))
    for function in observation.functions:
        files.add(function["path"])
        files.update(site["path"] for site in function.get("call_sites", []))
        for array in function.get("metadata_arrays", []):
            files.update(array[key]["path"] for key in ("type_location", "flatten_location") if array.get(key))
    return sorted(path for path in files if not is_library_file(path) and Path(path).is_file())


def _merge_by_function(records: list[FunctionCompiles]) -> list[FunctionCompiles]:
    from scanlint.api import display_path
    from scanlint.runtime import FunctionCompiles

    merged: dict[tuple[str, str, int], FunctionCompiles] = {}
    for stats in records:
        if not stats.compiles:
            continue
        path = display_path(Path(stats.path))
        key = (stats.function, path, stats.line)
        total = merged.setdefault(key, FunctionCompiles(stats.function, path, stats.line))
        total.calls += stats.calls
        total.compiles += stats.compiles
        total.traces += stats.traces
        total.compile_seconds += stats.compile_seconds
        total.reasons.extend(reason for reason in stats.reasons if reason not in total.reasons)
    return sorted(merged.values(), key=lambda stats: (-stats.compiles, stats.function))


def _located(finding: Finding) -> Finding | None:
    """The finding with its path shown as the CLI shows it, or None when a `# noqa` on the reported
    line suppresses it (the same parser as for the static rules)."""
    import dataclasses

    from scanlint.api import display_path
    from scanlint.reporters import read_lines
    from scanlint.suppress import is_suppressed

    lines = read_lines(finding.path)
    if lines is not None and is_suppressed(finding, lines):
        return None
    return dataclasses.replace(finding, path=display_path(Path(finding.path)))


def _render_findings(findings: list[Finding], notes: dict[Finding, list[tuple[str, str]]] | None = None) -> str:
    from scanlint.reporters import render_text

    return render_text(findings, notes=notes)
