"""Running the static checks over paths: the one entry point every front end calls."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from scanlint.config import Settings, load_settings
from scanlint.discovery import MissingPath, discover
from scanlint.engine import lint_source
from scanlint.findings import INTERNAL_ERROR, READ_ERROR, Finding, Severity


@dataclass
class RunResult:
    findings: list[Finding] = field(default_factory=list)
    files: int = 0  # files looked at
    parsed: int = 0  # files that passed the prefilter and were parsed

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
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError):
        return path.as_posix()


def lint_file(path: Path, settings: Settings, shown_as: str | None = None) -> tuple[list[Finding], bool]:
    name = shown_as or display_path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        reason = error.strerror or str(error)
        return [_read_error(name, f"cannot read file: {reason}")], False
    result = lint_source(name, data, settings.codes_for(path))
    return list(result.findings), result.parsed


def lint_bytes(name: str, data: bytes, settings: Settings) -> list[Finding]:
    """Lint source that is not on disk (stdin), as if it were the file `name`."""
    return list(lint_source(name, data, settings.codes_for(Path(name))).findings)


def run(paths: Sequence[Path], settings: Settings) -> RunResult:
    result = RunResult()
    for item in discover(paths, settings):
        if isinstance(item, MissingPath):
            result.findings.append(_read_error(item.path.as_posix(), "no such file or directory"))
            continue
        findings, parsed = lint_file(item, settings)
        result.files += 1
        result.parsed += parsed
        result.findings.extend(findings)
    result.findings.sort()
    return result


def check_paths(paths: Sequence[str | Path]) -> list[Finding]:
    """Static findings for `paths`, configured from the nearest `[tool.scanlint]`."""
    as_paths = [Path(p) for p in paths]
    return run(as_paths, load_settings(as_paths)).findings


def _read_error(path: str, message: str) -> Finding:
    return Finding(path, 1, 1, 1, 1, READ_ERROR, "read-error", message, Severity.ERROR)
