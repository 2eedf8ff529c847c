"""Which files a run looks at."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from scanlint.config import DEFAULT_EXCLUDE, Settings

PYTHON_SUFFIXES = (".py", ".pyi")
LINTED_SUFFIXES = (*PYTHON_SUFFIXES, ".ipynb")  # what a directory walk picks up


@dataclass(frozen=True)
class MissingPath:
    """A path that cannot be linted (named on the command line, or met in a walk), and why."""

    path: Path
    reason: str = "no such file or directory"


@dataclass(frozen=True)
class NotPython:
    """A file named on the command line that is not Python: neither a .py or .pyi suffix nor a
    python shebang (`notes.txt`). Skipped, with a warning."""

    path: Path


def discover(paths: Sequence[Path], settings: Settings) -> Iterator[Path | MissingPath | NotPython]:
    """Python files and Jupyter notebooks under `paths`, in sorted order, each once, and every path that
    cannot be read.

    Directories are walked without following symlinks (so link loops cannot trap the walk),
    skipping version-control, virtualenv, cache and build directories and anything matched by
    `exclude`. A file named explicitly is linted when it has a Python suffix or a python shebang
    (an executable script), unless `exclude` matches it.
    A directory that cannot be listed is reported, never skipped in silence.
    """
    seen: set[tuple[int, int]] = set()  # (device, inode): the same file under two names counts once
    for path in paths:
        kind = _kind(path)
        if isinstance(kind, MissingPath):
            yield kind
        elif kind == "directory":
            for found in _walk(path, settings):
                if isinstance(found, MissingPath):
                    yield found
                    continue
                key = _identity(found)
                if key not in seen:
                    seen.add(key)
                    yield found
        elif kind == "file":
            key = _identity(path)
            if key not in seen and not settings.is_excluded(path):
                seen.add(key)
                yield path if _is_python_file(path) else NotPython(path)
        else:
            yield MissingPath(path, "not a regular file or directory")


def walk_skips(path: Path, settings: Settings) -> bool:
    """Whether `scanlint check` over the project would pass this file by: `exclude` matches it, or
    it lies in a directory a walk never enters (`.git`, `.venv`, `build`, ... below the project
    root, and installed packages anywhere). For a file an editor opens."""
    if settings.is_excluded(path):
        return True
    absolute = path if path.is_absolute() else Path.cwd() / path
    if any(part in ("site-packages", "dist-packages") for part in absolute.parent.parts):
        return True
    try:
        below_root = absolute.parent.relative_to(settings.root).parts
    except ValueError:
        return False
    return any(part in DEFAULT_EXCLUDE for part in below_root)


def _is_python_file(path: Path) -> bool:
    if path.name.endswith(LINTED_SUFFIXES):
        return True
    try:
        with path.open("rb") as handle:
            first_line = handle.readline(200)
    except OSError:  # reading it will report why
        return True
    return first_line.startswith(b"#!") and b"python" in first_line


def _kind(path: Path) -> str | MissingPath:
    """"directory", "file" or "other" for a path named on the command line, or why it cannot be
    linted."""
    try:
        status = path.stat()
    except OSError as error:
        if error.errno == errno.ELOOP or (isinstance(error, FileNotFoundError) and path.is_symlink()):
            return MissingPath(path, "broken symlink or symlink loop")
        if isinstance(error, FileNotFoundError):
            return MissingPath(path)
        return MissingPath(path, f"cannot read: {_reason(error)}")
    if stat.S_ISDIR(status.st_mode):
        return "directory"
    if stat.S_ISREG(status.st_mode):
        return "file"
    return "other"


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _identity(path: Path) -> tuple[int, int]:
    try:
        status = path.stat()
    except OSError:  # vanished: reading it will report that
        return (-1, hash(path))
    return (status.st_dev, status.st_ino)


def _walk(directory: Path, settings: Settings) -> Iterator[Path | MissingPath]:
    try:
        entries = sorted(os.scandir(directory), key=lambda e: e.name)
    except FileNotFoundError:
        return  # removed while the run went on: nothing left to lint in it
    except OSError as error:
        yield MissingPath(directory, f"cannot read directory: {_reason(error)}")
        return
    for entry in entries:
        path = Path(entry.path)
        try:
            if entry.is_dir(follow_symlinks=False):
                if entry.name in DEFAULT_EXCLUDE or _is_virtualenv(path) or settings.is_excluded(path):
                    continue
                yield from _walk(path, settings)
            elif entry.name.endswith(LINTED_SUFFIXES) and entry.is_file():
                if not settings.is_excluded(path):
                    yield path
        except FileNotFoundError:
            continue
        except OSError as error:
            if not settings.is_excluded(path):
                yield MissingPath(path, f"cannot read: {_reason(error)}")


def _is_virtualenv(directory: Path) -> bool:
    try:
        return (directory / "pyvenv.cfg").is_file()
    except OSError:  # a directory we may not look into is reported when the walk reaches it
        return False
