"""Which files a run looks at."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from scanlint.config import DEFAULT_EXCLUDE, Settings

PYTHON_SUFFIXES = (".py", ".pyi")


@dataclass(frozen=True)
class MissingPath:
    """A path named on the command line that cannot be linted, and why."""

    path: Path
    reason: str = "no such file or directory"


def discover(paths: Sequence[Path], settings: Settings) -> Iterator[Path | MissingPath]:
    """Python files under `paths`, in sorted order, each once.

    Directories are walked without following symlinks (so link loops cannot trap the walk),
    skipping version-control, virtualenv, cache and build directories and anything matched by
    `exclude`. A file named explicitly is linted whatever its suffix, unless `exclude` matches it.
    """
    seen: set[tuple[int, int]] = set()  # (device, inode): the same file under two names counts once
    for path in paths:
        if path.is_dir():
            for found in _walk(path, settings):
                key = _identity(found)
                if key not in seen:
                    seen.add(key)
                    yield found
        elif path.is_file():
            key = _identity(path)
            if key not in seen and not settings.is_excluded(path):
                seen.add(key)
                yield path
        elif path.is_symlink():
            yield MissingPath(path, "broken symlink or symlink loop")
        elif path.exists():
            yield MissingPath(path, "not a regular file or directory")
        else:
            yield MissingPath(path)


def _identity(path: Path) -> tuple[int, int]:
    try:
        status = path.stat()
    except OSError:  # vanished: reading it will report that
        return (-1, hash(path))
    return (status.st_dev, status.st_ino)


def _walk(directory: Path, settings: Settings) -> Iterator[Path]:
    try:
        entries = sorted(os.scandir(directory), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        path = Path(entry.path)
        try:
            if entry.is_dir(follow_symlinks=False):
                if entry.name in DEFAULT_EXCLUDE or _is_virtualenv(path) or settings.is_excluded(path):
                    continue
                yield from _walk(path, settings)
            elif entry.name.endswith(PYTHON_SUFFIXES) and entry.is_file():
                if not settings.is_excluded(path):
                    yield path
        except OSError:
            continue


def _is_virtualenv(directory: Path) -> bool:
    return (directory / "pyvenv.cfg").is_file()
