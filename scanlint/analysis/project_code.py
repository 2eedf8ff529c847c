"""Functions and classes of other project files, parsed for the shared analyses.

The project index (tier 1) says which file defines a name a linted file imports; this module
gives that file's LibCST view, so the abstract evaluation can follow a loop body, a helper or a
carry class into it. Views are kept per file while its size and modification time stay the same,
and only for files small enough to parse on the way (a large module stays unknown).
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst

from scanlint.analysis.resolver import ScanIndex
from scanlint.source import DecodeError, decode_source

MAX_BYTES = 256 * 1024
MAX_VIEWS = 64


def definition_in_project(index: ScanIndex, written: str) -> tuple[ScanIndex, cst.FunctionDef | cst.ClassDef] | None:
    """The module-level def or class of another project file that `written` (a name as this
    file writes it: `step`, `helpers.step`) refers to, with that file's index."""
    project, path = index.project, index.path
    if project is None or path is None:
        return None
    found = project.find_definition(path, written)
    if found is None or found.path == Path(path):
        return None
    other = _view(project, found.path)
    if other is None:
        return None
    bindings = other.module_scope.bindings.get(found.name, [])
    if len(bindings) != 1 or not isinstance(bindings[0], (cst.FunctionDef, cst.ClassDef)):
        return None
    return other, bindings[0]


def _view(project, path: Path) -> ScanIndex | None:  # noqa: ANN001 - a ProjectIndex
    views: dict[Path, tuple[tuple[int, int], ScanIndex | None]] = project.tier2_views
    try:
        stat = path.stat()
    except OSError:
        return None
    version = (stat.st_size, stat.st_mtime_ns)
    known = views.get(path)
    if known is not None and known[0] == version:
        return known[1]
    view = _parse(project, path) if stat.st_size <= MAX_BYTES else None
    if len(views) >= MAX_VIEWS:
        del views[next(iter(views))]
    views[path] = (version, view)
    return view


def _parse(project, path: Path) -> ScanIndex | None:  # noqa: ANN001
    try:
        module = cst.parse_module(decode_source(path.read_bytes()).text)
        view = ScanIndex(module)
    except (OSError, DecodeError, cst.ParserSyntaxError, RecursionError, ValueError):
        return None
    view.project = project
    view.path = path
    return view
