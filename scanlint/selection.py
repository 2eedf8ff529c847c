"""Parse less with LibCST: keep only the top-level statements a rule can look at.

The stdlib `ast` parser is several times faster than LibCST. It finds the module's top-level
statements that mention a trigger word (a loop, pytree metadata), the imports, and, transitively,
the top-level statements that bind a name those use (a body defined elsewhere, a helper, a base
class, a module-level model). Every other line is blanked, so LibCST parses a much smaller module
in which every kept line keeps its number and columns: positions need no mapping back.
"""

from __future__ import annotations

import ast
import re

from scanlint.source import split_lines

# Any of these in a statement makes it a starting point.
TRIGGER = re.compile(r"scan|fori_loop|while_loop|pytree|tree_flatten|static|register_dataclass|PyTreeNode|meta_fields")
# The resolver's import map covers imports anywhere in the file, so every statement holding one stays.
IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+\S+[ \t]+)?import[ \t]", re.MULTILINE)
# Rules that look at every use of a name in the file (jit static-argument call sites) need it all.
WHOLE_FILE = re.compile(r"static_argnums|static_argnames")


def relevant_source(text: str, tree: ast.Module) -> str:
    """`text` with the lines of irrelevant top-level statements blanked (same line numbering)."""
    if WHOLE_FILE.search(text):
        return text
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
        return text
    pending = list(keep)
    while pending:
        position = pending.pop()
        for name in _used_names(statements[position]):
            for binder in binders.get(name, ()):
                if binder not in keep:
                    keep.add(binder)
                    pending.append(binder)
    if len(keep) == len(statements):
        return text

    kept_lines = set()
    for position in keep:
        start, end = spans[position]
        kept_lines.update(range(start, end + 1))
    return "".join(
        line if number in kept_lines else _blank(line)
        for number, line in enumerate(lines, start=1)
    )


def _blank(line: str) -> str:
    """An empty line with the original line ending (so CRLF files stay consistent)."""
    if line.endswith("\r\n"):
        return "\r\n"
    if line.endswith(("\n", "\r")):
        return line[-1]
    return ""


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
