"""`[tool.scanlint]` in pyproject.toml, merged with command-line flags into one Settings object."""

from __future__ import annotations

import fnmatch
import functools
import math
import os
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from scanlint import registry

# Directory names never descended into (explicitly named files are still linted).
DEFAULT_EXCLUDE = (
    ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints",
    ".mypy_cache", ".nox", ".pants.d", ".pyenv", ".pytest_cache", ".pytype", ".ruff_cache",
    ".scanlint_cache", ".svn", ".tox", ".venv", ".vscode", "__pypackages__", "__pycache__",
    "_build", "buck-out", "build", "dist", "node_modules", "site-packages", "venv",
)  # fmt: skip

KNOWN_KEYS = {
    "select", "ignore", "extend-select", "per-file-ignores", "exclude", "extend-exclude", "trace-timeout",
    "max-file-size",
}  # fmt: skip
# Larger files are skipped with a notice: parsing costs about half a second and 130 MB per MB.
DEFAULT_MAX_FILE_MEGABYTES = 12.0


class ConfigError(Exception):
    """A configuration problem, phrased for the user, naming the file and key when known."""


@dataclass(frozen=True)
class Settings:
    enabled: frozenset[str]  # rule codes that run
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = ()
    exclude: tuple[str, ...] = ()  # user patterns, relative to `root`
    root: Path = field(default_factory=Path.cwd)
    source: Path | None = None  # the pyproject.toml the settings came from
    trace_timeout: float | None = None  # seconds `scanlint trace` lets the target run
    max_file_megabytes: float = DEFAULT_MAX_FILE_MEGABYTES  # larger files are skipped, with a notice

    @property
    def max_file_bytes(self) -> int:
        return int(self.max_file_megabytes * 1_000_000)

    def codes_for(self, path: Path) -> frozenset[str]:
        """The codes that run on one file, after per-file-ignores."""
        if not self.per_file_ignores:
            return self.enabled
        relative = _relative(path, self.root)
        codes = set(self.enabled)
        for pattern, ignored in self.per_file_ignores:
            if _matches(relative, pattern):
                codes -= ignored
        return frozenset(codes)

    def is_excluded(self, path: Path) -> bool:
        if not self.exclude:
            return False
        relative = _relative(path, self.root)
        return any(_matches(relative, pattern) for pattern in self.exclude)

    def fingerprint(self) -> str:
        """Everything about the settings that can change a file's findings, as text."""
        parts = [",".join(sorted(self.enabled))]
        parts += [f"{p}:{','.join(sorted(c))}" for p, c in self.per_file_ignores]
        return "|".join(parts)


def _relative(path: Path, root: Path) -> str:
    """The path relative to the project root (which is resolved), whichever way it was named:
    through `..`, or a symlink to the project or to one of its directories. A symlinked file keeps
    its own name inside the project; only when that is not under the root is it fully resolved."""
    absolute = path if path.is_absolute() else Path.cwd() / path
    for candidate in (_resolved_directory(str(absolute.parent)) / absolute.name, _resolved(absolute)):
        if candidate.is_relative_to(root):
            return candidate.relative_to(root).as_posix()
    return absolute.as_posix()


@functools.lru_cache(maxsize=4096)
def _resolved_directory(directory: str) -> Path:
    """Resolved once per directory: a run asks for every file of a directory in turn."""
    return _resolved(Path(directory))


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a symlink loop: keep the path as named, without `..`
        return Path(os.path.normpath(path))


def _matches(relative: str, pattern: str) -> bool:
    """Glob against the relative path, any leading part of it, or any single component."""
    pattern = pattern.rstrip("/")
    if fnmatch.fnmatchcase(relative, pattern):
        return True
    parts = PurePosixPath(relative).parts
    for end in range(1, len(parts)):
        if fnmatch.fnmatchcase("/".join(parts[:end]), pattern):
            return True
    if "/" not in pattern:
        return any(fnmatch.fnmatchcase(part, pattern) for part in parts)
    return False


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml with a [tool.scanlint] table, at or above `start`."""
    directory = start if _is_dir(start) else start.parent
    directory = directory.resolve()
    for candidate_dir in (directory, *directory.parents):
        candidate = candidate_dir / "pyproject.toml"
        if _is_file(candidate):
            table = _read_table(candidate)
            if table is not None:
                return candidate
    return None


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # in a directory we may not look into: as if absent
        return False


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False


def _read_table(path: Path) -> dict[str, Any] | None:
    try:
        with path.open("rb") as handle:
            document = tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None
    except UnicodeDecodeError as error:
        line = error.object[: error.start].count(b"\n") + 1
        raise ConfigError(f"{path}: not valid TOML: not UTF-8 (byte {error.object[error.start]:#04x} on line {line})") from None
    except RecursionError:
        raise ConfigError(f"{path}: not valid TOML: arrays or tables nested too deeply") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot read: {error.strerror or error}") from None
    tool = document.get("tool")
    if not isinstance(tool, dict) or "scanlint" not in tool:
        return None
    table = tool["scanlint"]
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.scanlint] must be a table")
    return table


def _string_list(value: Any, where: str) -> list[str]:
    if isinstance(value, str) or not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where} must be a list of strings")
    return value


def _seconds(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise ConfigError(f"{where} must be a finite number of seconds above 0, not {value!r}")
    return float(value)


def _megabytes(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise ConfigError(f"{where} must be a finite number of megabytes above 0, not {value!r}")
    return float(value)


def _expand_all(selectors: Iterable[str], where: str) -> set[str]:
    codes: set[str] = set()
    for selector in selectors:
        if not selector.strip():  # a prefix of every code: it would select or ignore everything
            raise ConfigError(f"{where}: empty rule code {selector!r}")
        try:
            codes |= registry.expand(selector)
        except registry.UnknownSelector:
            raise ConfigError(
                f"{where}: unknown rule code or name {selector!r} (see `scanlint rules`)"
            ) from None
    return codes


def load_settings(
    paths: Sequence[Path],
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] = (),
    extend_exclude: Sequence[str] = (),
    config_path: Path | None = None,
) -> Settings:
    """Settings for a run: the config file's table first, then command-line flags on top."""
    if config_path is not None:
        if not _exists(config_path):
            raise ConfigError(f"{config_path}: no such configuration file")
        table = _read_table(config_path) or {}
        source: Path | None = config_path
    else:
        start = Path(paths[0]) if paths else Path.cwd()
        if not _exists(start):
            start = Path.cwd()
        source = find_pyproject(start)
        table = (_read_table(source) or {}) if source is not None else {}
    root = source.parent.resolve() if source is not None else Path.cwd().resolve()
    where = f"{source} [tool.scanlint]" if source is not None else "[tool.scanlint]"

    unknown = sorted(set(table) - KNOWN_KEYS)
    if unknown:
        raise ConfigError(
            f"{where}: unknown key {unknown[0]!r}; known keys: {', '.join(sorted(KNOWN_KEYS))}"
        )

    if "select" in table:
        enabled = _expand_all(_string_list(table["select"], f"{where} select"), f"{where} select")
    else:
        enabled = registry.default_codes()
    if "extend-select" in table:
        extend = _string_list(table["extend-select"], f"{where} extend-select")
        enabled |= _expand_all(extend, f"{where} extend-select")
    if "ignore" in table:
        enabled -= _expand_all(_string_list(table["ignore"], f"{where} ignore"), f"{where} ignore")
    if select is not None:
        if not select:
            raise ConfigError("--select: no rule code given")
        enabled = _expand_all(select, "--select")
    enabled -= _expand_all(ignore, "--ignore")

    per_file: list[tuple[str, frozenset[str]]] = []
    raw_per_file = table.get("per-file-ignores", {})
    if not isinstance(raw_per_file, dict):
        raise ConfigError(f"{where} per-file-ignores must be a table of pattern = [codes]")
    for pattern, selectors in raw_per_file.items():
        label = f"{where} per-file-ignores {pattern!r}"
        per_file.append((pattern, frozenset(_expand_all(_string_list(selectors, label), label))))

    exclude: list[str] = []
    if "exclude" in table:
        exclude = list(_string_list(table["exclude"], f"{where} exclude"))
    if "extend-exclude" in table:
        exclude += _string_list(table["extend-exclude"], f"{where} extend-exclude")
    exclude += list(extend_exclude)

    trace_timeout = None
    if "trace-timeout" in table:
        trace_timeout = _seconds(table["trace-timeout"], f"{where} trace-timeout")
    max_file_megabytes = DEFAULT_MAX_FILE_MEGABYTES
    if "max-file-size" in table:
        max_file_megabytes = _megabytes(table["max-file-size"], f"{where} max-file-size")

    return Settings(
        trace_timeout=trace_timeout,
        max_file_megabytes=max_file_megabytes,
        enabled=frozenset(enabled),
        per_file_ignores=tuple(per_file),
        exclude=tuple(exclude),
        root=root,
        source=source,
    )

