"""Functions and classes of other project files, parsed for the shared analyses.

The project index (tier 1) says which file defines a name a linted file imports; this module
gives a LibCST view of the part of that file the definition needs (the definition, what it uses
and the file's imports, chosen from the tier-1 summary), so the abstract evaluation can follow a
loop body, a helper or a carry class into it. Views are kept per file and name while the file's
size and modification time stay the same, and only for files small enough to read on the way.
"""

from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst

from scanlint.analysis.resolver import ScanIndex, Scope, dotted
from scanlint.index.selection import definition_source
from scanlint.source import DecodeError, decode_source, split_lines

MAX_BYTES = 256 * 1024
MAX_VIEWS = 256


def definition_in_project(index: ScanIndex, written: str) -> tuple[ScanIndex, cst.FunctionDef | cst.ClassDef] | None:
    """The module-level def or class of another project file that `written` (a name as this
    file writes it: `step`, `helpers.step`) refers to, with that file's index."""
    project, path = index.project, index.path
    if project is None or path is None:
        return None
    found = project.find_definition(path, written)
    if found is None or found.path == Path(path):
        return None
    if isinstance(found.node, ast.ClassDef) and not _may_be_pytree_class(found.node):
        return None  # only data classes can be carries: a model or trainer class is not read
    other = _view(project, found.path, found.name)
    if other is None:
        return None
    bindings = other.module_scope.bindings.get(found.name, [])
    if len(bindings) != 1 or not isinstance(bindings[0], (cst.FunctionDef, cst.ClassDef)):
        return None
    return other, bindings[0]


def imported_definition(
    index: ScanIndex, node: cst.BaseExpression, scope: Scope
) -> tuple[ScanIndex, cst.FunctionDef | cst.ClassDef] | None:
    """The definition in another project file of a name (or `module.name`) that this file
    imports, absolutely or relatively; None for local names and anything else."""
    written = dotted(node)
    if written is None:
        return None
    found = scope.lookup(written.split(".")[0])
    if found is None or not all(isinstance(b, (cst.Import, cst.ImportFrom)) for b in found[1]):
        return None
    return definition_in_project(index, written)


_PYTREE_CLASS_WORDS = {"NamedTuple", "dataclass", "PyTreeNode", "register_dataclass", "struct"}


def _may_be_pytree_class(node: ast.ClassDef) -> bool:
    """A NamedTuple or registered dataclass, by the words of its bases and decorators."""
    words = {n.id for e in [*node.bases, *node.decorator_list] for n in ast.walk(e) if isinstance(n, ast.Name)}
    words |= {n.attr for e in [*node.bases, *node.decorator_list] for n in ast.walk(e) if isinstance(n, ast.Attribute)}
    return bool(words & _PYTREE_CLASS_WORDS)


def _view(project, path: Path, name: str) -> ScanIndex | None:  # noqa: ANN001 - a ProjectIndex
    """The view of `path` that holds `name`'s definition and what it uses (not the whole file)."""
    views: dict[tuple[Path, str], tuple[tuple[int, int], ScanIndex | None]] = project.tier2_views
    try:
        stat = path.stat()
    except OSError:
        return None
    version = (stat.st_size, stat.st_mtime_ns)
    known = views.get((path, name))
    if known is not None and known[0] == version:
        return known[1]
    view = _parse(project, path, name) if stat.st_size <= MAX_BYTES else None
    if len(views) >= MAX_VIEWS:
        del views[next(iter(views))]
    views[(path, name)] = (version, view)
    return view


def _parse(project, path: Path, name: str) -> ScanIndex | None:  # noqa: ANN001
    summary = project.summary(path)
    if summary is None:
        return None
    try:
        text = decode_source(path.read_bytes()).text
        source = definition_source(summary, split_lines(text, keepends=True), name)
        if source is None:
            return None
        view = ScanIndex(cst.parse_module(source))
    except (OSError, DecodeError, cst.ParserSyntaxError, RecursionError, ValueError):
        return None
    view.project = project
    view.path = path
    return view
