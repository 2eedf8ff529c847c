"""Tier 1: one file summarised with the standard library's `ast`.

`ast.parse` runs CPython's own parser (about ten times LibCST's speed), and the summary walks
only what it must: the import map from the statements that import, and the anchors of each rule
family from the statements whose text names a trigger. A file becomes a list of units, the pieces
tier 2 may parse alone: each top-level statement, and inside a class each statement of its body
(methods, fields), so a large class with one loop hands LibCST one method.

An anchor is a place where a rule of a family can fire, decided from resolved names, not words:
a call that resolves to a raw `jax.lax.scan`, `fori_loop` or `while_loop` through the file's
imports; a use of a pytree registration, a static-field helper, or a static-metadata keyword.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from scanlint.index.names import (
    LOOP_KINDS,
    LOOPS,
    METADATA,
    METADATA_KEYWORDS,
    METADATA_NAMES,
    PARTIAL,
    STATIC_ARGUMENT_KEYWORDS,
    canonical,
    qualify_dotted,
)

# The last part of every dotted name an anchor of each kind can resolve to: a statement that
# spells none of these (nor an alias imported under another name) holds no anchor of that kind.
_LAST_PARTS = {
    LOOPS: frozenset(name.rsplit(".", 1)[1] for name in LOOP_KINDS),
    METADATA: frozenset(name.rsplit(".", 1)[1] for name in METADATA_NAMES) | METADATA_KEYWORDS,
}
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
LARGE_LITERAL_BYTES = 64_000


@dataclass(eq=False)
class Unit:
    """A statement tier 2 may parse on its own: a top-level statement (statements sharing a line
    are one unit), or a statement of a top-level class's body."""

    node: ast.stmt
    start: int  # first line, 1-based, decorators included
    end: int  # last line, 1-based
    binds: frozenset[str]  # names it binds in the scope it is written in
    members: tuple[Unit, ...] = ()  # a class's body statements, when the class has lines of its own
    header_end: int = 0  # a class's last line before its first member
    anchors: set[str] = field(default_factory=set)  # anchor kinds inside it (members' included)
    header_anchors: set[str] = field(default_factory=set)  # a class's, in decorators and bases
    static_argument_jit: bool = False  # holds a jit with static arguments (its calls are checked)
    words: frozenset[str] = frozenset()  # every identifier its text spells (strings and comments too)
    # For a large literal assigned at module level (a data table), the line tier 2 reads instead:
    # `TABLE = ...`, so LibCST never parses megabytes of numbers that no rule looks into.
    literal_stub: str | None = None

    @property
    def is_definition(self) -> bool:
        return isinstance(self.node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))

    @property
    def is_import(self) -> bool:
        return isinstance(self.node, (ast.Import, ast.ImportFrom))

    @cached_property
    def uses(self) -> frozenset[str]:
        """Every plain name it mentions (read or written): the variables it may depend on."""
        return frozenset(n.id for n in ast.walk(self.node) if isinstance(n, ast.Name))

    @cached_property
    def calls(self) -> frozenset[str]:
        """Every plain name it calls (`Particles(...)` gives `Particles`)."""
        return frozenset(
            n.func.id for n in ast.walk(self.node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
        )

    @cached_property
    def attributes(self) -> frozenset[str]:
        """Every attribute name it mentions (`self.step` gives `step`)."""
        return frozenset(n.attr for n in ast.walk(self.node) if isinstance(n, ast.Attribute))

    @cached_property
    def header_uses(self) -> frozenset[str]:
        """For a class or function, the plain names its decorators mention, and a class's bases
        (`@analyser("fatigue")`, `@HOOKS.register("snapshot")`, `Recurrent[float]`)."""
        if isinstance(self.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            parts = list(self.node.decorator_list)
        elif isinstance(self.node, ast.ClassDef):
            parts = [*self.node.decorator_list, *self.node.bases, *(k.value for k in self.node.keywords)]
        else:
            return frozenset()
        return frozenset(n.id for part in parts for n in ast.walk(part) if isinstance(n, ast.Name))

    @cached_property
    def nested_imports(self) -> frozenset[str]:
        """The names bound by import statements nested inside it (a def's local imports)."""
        if self.is_import or "import" not in self.words:
            return frozenset()
        return frozenset(
            name
            for node in ast.walk(self.node)
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for name in _binds_of_import(node)
        )


@dataclass(eq=False)
class FileSummary:
    """What tier 1 knows about one file."""

    units: list[Unit]
    imports: dict[str, str]  # local name -> dotted name, file-wide (as the resolver reads them)
    star_imports: list[str]
    relative_imports: dict[str, tuple[int, str, str]]  # local name -> (level, module, name)
    line_count: int

    def qualify(self, node: ast.expr) -> str | None:
        name = dotted_name(node)
        return qualify_dotted(name, self.imports, self.star_imports) if name is not None else None

    def anchored(self, kinds: frozenset[str]) -> bool:
        return any(unit.anchors & kinds for unit in self.units)


def summarise(tree: ast.Module, lines: list[str], *, anchors: bool = True) -> FileSummary:
    """The summary of a parsed file; `lines` are its lines as the tokenizer counts them. Without
    `anchors`, only its units and imports (what another file's questions need)."""
    units = _top_level_units(tree)
    summary = FileSummary(units, {}, [], {}, len(lines))
    for unit in units:
        text = _text(lines, unit)
        unit.words = frozenset(_WORD.findall(text))
        if len(text) > LARGE_LITERAL_BYTES:
            unit.literal_stub = _literal_stub(unit.node)
        if "import" in unit.words:
            _read_imports(unit.node, summary)
        for member in unit.members:
            member.words = frozenset(_WORD.findall(_text(lines, member)))
    _read_aliases(units, summary)
    if not anchors:
        return summary
    trigger_words = {kind: _trigger_words(kind, summary) for kind in (LOOPS, METADATA)}
    for unit in units:
        for kind, triggers in trigger_words.items():
            if unit.words & triggers:
                _find_anchors(unit, kind, summary)
    return summary


def _literal_stub(statement: ast.AST) -> str | None:
    """`TABLE = ...` for an assignment of a container literal, else None."""
    literals = (ast.List, ast.Tuple, ast.Dict, ast.Set, ast.Constant)
    if isinstance(statement, ast.Assign) and isinstance(statement.value, literals):
        return " = ".join(ast.unparse(target) for target in statement.targets) + " = ..."
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.value, literals):
        return f"{ast.unparse(statement.target)}: {ast.unparse(statement.annotation)} = ..."
    return None


def _text(lines: list[str], unit: Unit) -> str:
    return "".join(lines[unit.start - 1 : unit.end])


def _top_level_units(tree: ast.Module) -> list[Unit]:
    units = _units(tree.body)
    for unit in units:
        statement = unit.node
        if not isinstance(statement, ast.ClassDef) or not statement.body:
            continue
        members = _units(statement.body)
        header = [*statement.bases, *statement.keywords]
        header_end = max((n.end_lineno or statement.lineno for n in header), default=statement.lineno)
        if members and members[0].start > header_end:
            unit.members = tuple(members)
            unit.header_end = members[0].start - 1
    return units


def _units(statements: list[ast.stmt]) -> list[Unit]:
    """A unit per statement; statements that share a line make one unit."""
    units: list[Unit] = []
    for statement in statements:
        start, end = _span(statement)
        if units and start <= units[-1].end:
            previous = units.pop()
            merged = ast.Module(body=[previous.node, statement], type_ignores=[])
            units.append(Unit(merged, previous.start, max(end, previous.end), previous.binds | _binds(statement)))  # type: ignore[arg-type]
            continue
        units.append(Unit(statement, start, end, _binds(statement)))
    return units


def _span(statement: ast.stmt) -> tuple[int, int]:
    start = statement.lineno
    for decorator in getattr(statement, "decorator_list", ()):
        start = min(start, decorator.lineno)
    return start, statement.end_lineno or statement.lineno


def _binds(statement: ast.stmt) -> frozenset[str]:
    """The names a statement binds in its own scope (for a compound statement, every name bound
    anywhere in it outside nested scopes: more than it may bind, never less)."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return frozenset({statement.name})
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return frozenset(_binds_of_import(statement))
    bound: set[str] = set()
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bound.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
            continue
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update(_binds_of_import(node))
        elif isinstance(node, ast.Lambda):
            continue
        pending.extend(ast.iter_child_nodes(node))
    return frozenset(bound)


def _binds_of_import(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.asname or alias.name.split(".")[0] for alias in node.names]
    return [alias.asname or alias.name for alias in node.names if alias.name != "*"]


def _read_imports(node: ast.AST, summary: FileSummary) -> None:
    for child in ast.walk(node):
        if isinstance(child, ast.Import):
            for alias in child.names:
                if alias.asname is not None:
                    summary.imports[alias.asname] = alias.name
                else:
                    head = alias.name.split(".")[0]
                    summary.imports[head] = head
        elif isinstance(child, ast.ImportFrom):
            module = child.module or ""
            if child.level:
                for alias in child.names:
                    if alias.name != "*":
                        summary.relative_imports[alias.asname or alias.name] = (child.level, module, alias.name)
                continue
            for alias in child.names:
                if alias.name == "*":
                    summary.star_imports.append(canonical(module + ".")[:-1])
                else:
                    summary.imports[alias.asname or alias.name] = f"{module}.{alias.name}"


def _read_aliases(units: list[Unit], summary: FileSummary) -> None:
    """`lax = jax.lax` or `scan_fn = jax.lax.scan` at module level, the name's one binding
    there: an import by another name (the resolver reads it so too). So is a `functools.partial`
    of a loop that fixes only keywords (`scan = partial(jax.lax.scan, unroll=2)`)."""
    bound = Counter(name for unit in units for name in unit.binds)
    for unit in units:
        statement = unit.node
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
            continue
        target = statement.targets[0]
        if isinstance(target, ast.Name) and bound[target.id] == 1 and target.id not in summary.imports:
            value = _loop_of_partial(statement.value, summary) or statement.value
            qualified = summary.qualify(value) if isinstance(value, (ast.Name, ast.Attribute)) else None
            if qualified is not None:
                summary.imports[target.id] = qualified


def _loop_of_partial(value: ast.expr, summary: FileSummary) -> ast.expr | None:
    """`jax.lax.scan` in `partial(jax.lax.scan, unroll=2)`: a partial fixing only keywords."""
    if not (isinstance(value, ast.Call) and value.args and not value.args[1:] and summary.qualify(value.func) == PARTIAL):
        return None
    loop = value.args[0]
    if any(keyword.arg is None for keyword in value.keywords) or isinstance(loop, ast.Starred):
        return None
    return loop if summary.qualify(loop) in LOOP_KINDS else None


def _trigger_words(kind: str, summary: FileSummary) -> frozenset[str]:
    """The words a statement must spell to hold an anchor of `kind`: the last parts of the names
    it looks for, and the local names imported as one of them (`from jax.lax import scan as s`)."""
    aliases = {
        local
        for local, target in summary.imports.items()
        if canonical(target) in LOOP_KINDS or canonical(target) in METADATA_NAMES
    }
    return _LAST_PARTS[kind] | aliases


def _find_anchors(unit: Unit, kind: str, summary: FileSummary) -> None:
    if unit.members:
        assert isinstance(unit.node, ast.ClassDef)
        header = [*unit.node.decorator_list, *unit.node.bases, *unit.node.keywords]
        if any(_anchor_in(node, kind, summary)[0] for node in header):
            unit.header_anchors.add(kind)
            unit.anchors.add(kind)
        triggers = _trigger_words(kind, summary)
        for member in unit.members:
            if not member.words & triggers:
                continue
            found, static_jit = _anchor_in(member.node, kind, summary)
            if found:
                member.anchors.add(kind)
                member.static_argument_jit |= static_jit
                unit.anchors.add(kind)
                unit.static_argument_jit |= static_jit
        return
    found, static_jit = _anchor_in(unit.node, kind, summary)
    if found:
        unit.anchors.add(kind)
        unit.static_argument_jit = static_jit


def _anchor_in(node: ast.AST, kind: str, summary: FileSummary) -> tuple[bool, bool]:
    """Whether `node` holds an anchor of `kind`, and whether it holds a jit with static arguments."""
    found = False
    static_jit = False
    for child in ast.walk(node):
        if kind == LOOPS:
            # A call of a loop, or a loop bound to another name (`scan_fn = jax.lax.scan`).
            if isinstance(child, (ast.Name, ast.Attribute)) and summary.qualify(child) in LOOP_KINDS:
                return True, False
        elif isinstance(child, ast.keyword):
            if child.arg in METADATA_KEYWORDS:
                found = True
                static_jit |= child.arg in STATIC_ARGUMENT_KEYWORDS
        elif isinstance(child, (ast.Name, ast.Attribute)) and summary.qualify(child) in METADATA_NAMES:
            found = True
    return found, static_jit


def dotted_name(node: ast.expr) -> str | None:
    """`a.b.c` as a string, for a chain of names and attributes; None for anything else."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))
