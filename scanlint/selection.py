"""Parse less with LibCST: keep only the top-level statements a rule can look at.

The stdlib `ast` parser is several times faster than LibCST. It finds the module's top-level
statements that mention a trigger word (a loop, pytree metadata), the imports, and, transitively,
the top-level statements that bind a name those use (a body defined elsewhere, a helper, a base
class, a module-level model). LibCST then parses only those statements' lines, joined into a
smaller module. Whole lines are kept, so columns are unchanged, and a line map gives each kept
line its number in the original file.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from scanlint.source import split_lines

# Any of these in a statement makes it a starting point.
TRIGGER = re.compile(r"scan|fori_loop|while_loop|pytree|tree_flatten|static|register_dataclass|PyTreeNode|meta_fields")
# The resolver's import map covers imports anywhere in the file, so every statement holding one stays.
IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+\S+[ \t]+)?import[ \t]", re.MULTILINE)
# Rules that look at every use of a name in the file (jit static-argument call sites) need it all.
WHOLE_FILE = re.compile(r"static_argnums|static_argnames")


@dataclass(frozen=True)
class Selection:
    text: str
    line_map: tuple[int, ...] | None  # original line number of each line of `text`; None: same

    def original_line(self, line: int) -> int:
        if self.line_map is None:
            return line
        if line > len(self.line_map):  # the position just past the last line
            return self.line_map[-1] + 1 if self.line_map else line
        return self.line_map[line - 1]


def relevant_source(text: str, tree: ast.Module) -> Selection:
    """The top-level statements of `text` that a rule can look at, with their line numbers."""
    whole = Selection(text, None)
    if WHOLE_FILE.search(text):
        return whole
    lines = split_lines(text, keepends=True)
    statements = tree.body
    spans = [_span(statement) for statement in statements]
    segments = ["".join(lines[start - 1 : end]) for start, end in spans]

    binders: dict[str, list[int]] = {}
    for position, statement in enumerate(statements):
        for name in _bound_names(statement):
            binders.setdefault(name, []).append(position)

    aliases = _trigger_aliases(statements)
    keep = {
        position
        for position, (statement, segment) in enumerate(zip(statements, segments))
        if TRIGGER.search(segment)
        or IMPORT.search(segment)
        or (aliases and not aliases.isdisjoint(_used_names(statement)))
    }
    if len(keep) == len(statements):
        return whole
    pending = list(keep)
    while pending:
        position = pending.pop()
        for name in _used_names(statements[position]):
            for binder in binders.get(name, ()):
                if binder not in keep:
                    keep.add(binder)
                    pending.append(binder)
    if len(keep) == len(statements):
        return whole

    kept_lines = sorted({n for p in keep for n in range(spans[p][0], spans[p][1] + 1)})
    pieces = [lines[number - 1] for number in kept_lines]
    if pieces and not pieces[-1].endswith(("\n", "\r")):
        pieces[-1] += "\n"
    return Selection("".join(pieces), tuple(kept_lines))


def _span(statement: ast.stmt) -> tuple[int, int]:
    start = statement.lineno
    decorators = getattr(statement, "decorator_list", ())
    if decorators:
        start = min(start, *(d.lineno for d in decorators))
    return start, statement.end_lineno or statement.lineno


def _trigger_aliases(statements: list[ast.stmt]) -> set[str]:
    """Local names that stand for a trigger word without spelling it: `from jax.lax import scan
    as s`, `loop = jax.lax.scan`. A statement using one is a starting point too."""
    aliases = set()
    for statement in statements:
        if isinstance(statement, ast.ImportFrom) and statement.module:
            for alias in statement.names:
                if alias.asname and TRIGGER.search(f"{statement.module}.{alias.name}"):
                    aliases.add(alias.asname)
        elif isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.asname and TRIGGER.search(alias.name):
                    aliases.add(alias.asname)
        elif isinstance(statement, ast.Assign) and isinstance(statement.value, (ast.Name, ast.Attribute)):
            if TRIGGER.search(ast.unparse(statement.value)):
                for target in statement.targets:
                    if isinstance(target, ast.Name):
                        aliases.add(target.id)
    return aliases


def _bound_names(statement: ast.stmt) -> set[str]:
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {statement.name}
    names = set()
    targets: list[ast.expr] = []
    if isinstance(statement, ast.Assign):
        targets = statement.targets
    elif isinstance(statement, (ast.AnnAssign, ast.AugAssign)):
        targets = [statement.target]
    elif isinstance(statement, (ast.For, ast.AsyncFor, ast.With, ast.AsyncWith, ast.If, ast.Try, ast.While)):
        # Names bound inside compound statements at module level (rare): collect them all.
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
        return names
    for target in targets:
        for node in ast.walk(target):
            if isinstance(node, ast.Name):
                names.add(node.id)
    return names


def _used_names(statement: ast.stmt) -> set[str]:
    return {node.id for node in ast.walk(statement) if isinstance(node, ast.Name)}
