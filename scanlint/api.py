"""Running the static checks over paths: the one entry point every front end calls."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from scanlint.config import Settings, load_settings
from scanlint.discovery import MissingPath, NotPython, discover, walk_skips
from scanlint.engine import FileResult, lint_source, lint_text, may_have_findings
from scanlint.findings import INTERNAL_ERROR, READ_ERROR, Finding, Severity
from scanlint.notebooks import is_notebook
from scanlint.suppress import skips_file, unknown_noqa_codes


@dataclass
class RunResult:
    findings: list[Finding] = field(default_factory=list)
    files: int = 0  # files looked at
    parsed: int = 0  # files that passed the prefilter and were parsed
    notices: list[str] = field(default_factory=list)  # what the user should know, not findings

    @property
    def errors(self) -> list[Finding]:
        """Problems with the run itself (unreadable files, crashed rules), not with the code."""
        return [f for f in self.findings if f.code in (INTERNAL_ERROR, READ_ERROR)]

    @property
    def problems(self) -> list[Finding]:
        return [f for f in self.findings if f.code not in (INTERNAL_ERROR, READ_ERROR)]


def display_path(path: Path) -> str:
    """Paths are shown relative to the working directory when they lie under it."""
    try:
        working_directory = Path.cwd()
        absolute = Path(os.path.normpath(path.absolute()))
        if absolute.is_relative_to(working_directory):  # the common case, without a system call
            return absolute.relative_to(working_directory).as_posix()
        if path.is_absolute():  # shown as given, as a path outside the working directory
            return path.as_posix()
        return path.resolve().relative_to(working_directory.resolve()).as_posix()
    except (ValueError, OSError):
        return path.as_posix()


def lint_file(path: Path, settings: Settings, shown_as: str | None = None) -> tuple[list[Finding], bool]:
    """Findings for one file on disk (no cache), and whether it had to be parsed."""
    result = lint_file_result(path, settings, shown_as)
    return list(result.findings), result.parsed


def lint_file_result(path: Path, settings: Settings, shown_as: str | None = None) -> FileResult:
    """`lint_file` with the other project files the findings depend on."""
    name = shown_as or display_path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        return FileResult((_read_error(name, error),), False)
    return lint_source(name, data, settings.codes_for(path))


def lint_bytes(name: str, data: bytes, settings: Settings) -> list[Finding]:
    """Lint source that is not on disk (stdin), as if it were the file `name`."""
    return list(lint_source(name, data, settings.codes_for(Path(name))).findings)


def lint_editor_text(path: Path, text: str, settings: Settings) -> list[Finding]:
    """Lint an editor's buffer, already decoded, as the file `path` (which need not exist yet):
    the codes configured for that path, `# noqa` and `# scanlint: skip-file` applied, nothing for
    a file `scanlint check` over the project would pass by (`exclude`, `.venv`, installed
    packages, ...). The caller checks the size (`settings.max_file_bytes`)."""
    if walk_skips(path, settings):
        return []
    codes = settings.codes_for(path)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no Python source holds one
        return []
    if skips_file(data) or not may_have_findings(data, codes):
        return []
    return list(lint_text(str(path), text, codes).findings)


# Below this much candidate source, starting worker processes costs more than it saves.
POOL_THRESHOLD_BYTES = 1_000_000


@dataclass(frozen=True)
class _Job:
    name: str
    data: bytes
    codes: frozenset[str]
    key: str


def _lint_job(job: _Job) -> FileResult:
    return lint_source(job.name, job.data, job.codes)


# The jobs of a pool run, set before its workers are forked: they inherit the files' bytes, and
# the pool's queue carries only job numbers. A queue of megabytes could block its feeder thread on
# a full pipe, and an interrupted run would then never finish shutting the pool down.
_FORKED_JOBS: list[_Job] = []


def _lint_forked_job(number: int) -> FileResult:
    return _lint_job(_FORKED_JOBS[number])


def run(
    paths: Sequence[Path], settings: Settings, *, use_cache: bool = True, jobs: int | None = None
) -> RunResult:
    """Lint every file under `paths`: cached files are answered from the cache, files that pass
    the prefilter are parsed (in worker processes when there is enough of them)."""
    from scanlint.cache import FindingsCache, entry_key

    result = RunResult()
    cache = FindingsCache(settings) if use_cache else None
    pending: list[_Job] = []
    for item in discover(paths, settings):
        if isinstance(item, MissingPath):
            result.findings.append(_located_error(item.path.as_posix(), item.reason))
            continue
        if isinstance(item, NotPython):
            result.notices.append(f"warning: {display_path(item.path)}: not a Python file (not .py or .pyi, and no python shebang); skipped")
            continue
        result.files += 1
        name = display_path(item)
        try:
            data = item.read_bytes()
        except OSError as error:
            result.findings.append(_read_error(name, error))
            continue
        # A notebook's skip-file comment and trigger words are looked for in its code cells.
        notebook = is_notebook(name)
        for line, word in [] if notebook else unknown_noqa_codes(data):
            result.notices.append(f"warning: Invalid `# noqa` directive on {name}:{line}: unknown code {word}")
        codes = settings.codes_for(item)
        key = entry_key(data, codes, notebook) if cache is not None else ""
        cached = cache.get(key, name) if cache is not None else None
        if cached is not None:  # hashing is cheaper than the prefilter, so it comes first
            result.findings.extend(cached)
        elif not notebook and (skips_file(data) or not may_have_findings(data, codes)):
            if cache is not None:
                cache.put(key, [])
        elif len(data) > settings.max_file_bytes:
            result.notices.append(_too_large(name, len(data), settings))
        else:
            pending.append(_Job(name, data, codes, key))

    result.parsed = len(pending)
    for job, file_result in zip(pending, _lint_all(pending, jobs)):
        findings = file_result.findings
        result.findings.extend(findings)
        if cache is not None and not any(f.code == INTERNAL_ERROR for f in findings):
            cache.put(job.key, list(findings), dict(file_result.dependencies))
    if cache is not None:
        cache.save()
    result.findings.sort()
    return result


def _lint_all(pending: list[_Job], jobs: int | None) -> list[FileResult]:
    workers = min(jobs or os.cpu_count() or 1, len(pending))
    if workers <= 1 or sum(len(job.data) for job in pending) < POOL_THRESHOLD_BYTES:
        return [_lint_job(job) for job in pending]
    import multiprocessing  # only here: a warm or small run never pays for the pool's imports
    from concurrent.futures import ProcessPoolExecutor

    # Largest files first, one at a time, so no worker is left with a long tail.
    order = sorted(range(len(pending)), key=lambda i: -len(pending[i].data))
    start_method = "fork" if sys.platform == "linux" else "spawn"
    if start_method == "fork":  # workers inherit LibCST and the rules instead of importing them each
        from scanlint.engine import preload

        preload(frozenset().union(*(job.codes for job in pending)))
    context = multiprocessing.get_context(start_method)
    results: list[FileResult | None] = [None] * len(pending)
    if start_method == "fork":
        _FORKED_JOBS[:] = pending
        function, arguments = _lint_forked_job, order
    else:
        function, arguments = _lint_job, [pending[i] for i in order]  # type: ignore[assignment]
    restore_hook = _quiet_pool_breakage()
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            for position, file_result in zip(order, pool.map(function, arguments)):
                results[position] = file_result
    finally:
        _FORKED_JOBS.clear()
        restore_hook()
    return [r for r in results if r is not None]


def _quiet_pool_breakage() -> Callable[[], None]:
    """On Ctrl-C the workers exit while the main process cancels their futures; the pool's
    manager thread then marks the pool broken and sets an error on futures already cancelled,
    which raises `InvalidStateError` in that thread (a race in Python's process pool) and would
    print a traceback. That one error is expected there and dropped; every other goes on to the
    hook that was in place."""
    from concurrent.futures import InvalidStateError

    previous = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is InvalidStateError and type(args.thread).__module__ == "concurrent.futures.process":
            return
        previous(args)

    threading.excepthook = hook

    def restore() -> None:
        threading.excepthook = previous

    return restore


def check_paths(paths: Sequence[str | Path], *, use_cache: bool = False) -> list[Finding]:
    """Static findings for `paths`, configured from the nearest `[tool.scanlint]`."""
    as_paths = [Path(p) for p in paths]
    return run(as_paths, load_settings(as_paths), use_cache=use_cache).findings


def _too_large(name: str, size: int, settings: Settings) -> str:
    where = f"in {settings.source}" if settings.source is not None else "in the [tool.scanlint] table of pyproject.toml"
    return (
        f"{name}: skipped: {size / 1_000_000:.1f} MB is more than max-file-size "
        f"({settings.max_file_megabytes:g} MB); to lint it, raise max-file-size {where}"
    )


def _read_error(path: str, error: OSError) -> Finding:
    if isinstance(error, FileNotFoundError):
        return _located_error(path, "no such file or directory (removed while scanlint ran?)")
    return _located_error(path, f"cannot read file: {error.strerror or error}")


def _located_error(path: str, message: str) -> Finding:
    return Finding(path, 1, 1, 1, 1, READ_ERROR, "read-error", message, Severity.ERROR)
