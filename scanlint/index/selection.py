"""Which lines of a file tier 2 parses: the units a rule of an enabled family can look at.

From the tier-1 summary, it keeps:

* the units holding an anchor of an enabled family; inside a class, only the members holding one
  (plus the class's header, its fields and the methods every rule reads: `__init__`, `setup`,
  `__call__`, `__post_init__` and the flatten methods, and the units binding the names its
  decorators and bases use), unless the anchor is in the class's decorators or bases, which
  keeps the whole class;
* the functions and classes a kept object or function registers by decorating them
  (`@HOOKS.register("snapshot")`);
* every top-level import (the resolver reads the file's imports), and a unit with a nested import
  whose name a kept unit uses;
* every unit that uses a function jitted with static arguments (its call sites are checked), a
  function or class holding pytree metadata (a field helper's callers; a class's constructions
  show what its attributes hold), and every unit that uses a top-level function or class
  running a loop, and their callers up to `CALLER_DEPTH` deep (a function's arguments are
  the loop's init and what its parameters hold; a class's uses show the methods `init` runs);
* transitively, the units binding the names a kept unit uses (a body defined elsewhere, a helper,
  a base class, a module-level constant), and inside a class the members a kept member names as
  an attribute (`self.step`), up to `CLOSURE_DEPTH` functions or classes deep; the classes a
  kept class uses (its submodules) count as part of it, at its depth.

Whole lines are kept, so columns are unchanged, and a line map gives each kept line its number in
the original file.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from scanlint.index.names import LOOPS, METADATA
from scanlint.index.summary import FileSummary, Unit, summarise
from scanlint.source import split_lines

# How many functions and classes deep the closure follows the names a kept unit uses: a loop
# call, the body it names, the helpers that body calls. Other units (assignments, imports) are
# followed however long their chain.
CLOSURE_DEPTH = 3
# How many callers deep the units that call a function running a loop are kept (each level shows
# what the level below is passed).
CALLER_DEPTH = 3
# Methods the rules read whenever they read a class: where attributes, submodules and pytree
# children are set up.
ALWAYS_KEPT_METHODS = frozenset({
    "__init__", "__post_init__", "setup", "__call__", "tree_flatten", "tree_unflatten",
    "tree_flatten_with_keys",
})  # fmt: skip
# NNX module methods that set the modes of the layers a module holds (see `select`).
MODE_SWITCHES = frozenset({"eval", "set_attributes"})


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

    @property
    def is_empty(self) -> bool:
        return self.line_map == ()


EMPTY = Selection("", ())


def select(summary: FileSummary, lines: list[str], kinds: frozenset[str]) -> Selection:
    """The units of the file that rules of the anchor `kinds` can look at, as a smaller module.
    `lines` are the file's lines with their line endings."""
    text = "".join(lines)
    if not summary.anchored(kinds):
        return EMPTY
    closure = _Closure(summary)
    for unit in summary.units:
        if not unit.anchors & kinds:
            continue
        if unit.members and not unit.header_anchors & kinds:
            closure.keep_members(unit, [m for m in unit.members if m.anchors & kinds], 0)
        else:
            closure.keep_whole(unit, 0)
    for unit in summary.units:
        if unit.is_import:
            closure.keep_whole(unit, 0)
    if LOOPS in kinds:
        # The calls of a function that runs a loop show the values its init and xs come from.
        looping = set().union(*(u.binds for u in summary.units if LOOPS in u.anchors and u.is_definition))
        # A function or class that calls a module-level function that runs a loop, and those
        # that call them in turn: their calls show what reaches the loop's parameters (a model
        # handed down `train_step(model)` -> `rollout_loss(model)` -> the loop), and a class's
        # constructions show what its fields hold (a submodule handed to it, first called by
        # that loop).
        for _ in range(CALLER_DEPTH):
            # `words` holds every identifier of a unit's text: a cheap filter before `uses` walks its tree.
            callers = set().union(*(u.binds for u in summary.units if u.is_definition and u.words & looping and u.uses & looping))
            if callers <= looping:
                break
            looping |= callers
        if looping:
            # For a class, its uses show which methods `init` runs (`init(..., method=...)`).
            closure.keep_users(looping)
        # A statement that switches NNX modules' modes (`ctx.model.eval()` in a hook): where a
        # file does, no rule knows which mode a loop runs its Dropout and BatchNorm in.
        for unit in summary.units:
            if not unit.words & MODE_SWITCHES:
                continue
            if unit.members:
                switching = [m for m in unit.members if m.attributes & MODE_SWITCHES]
                if switching:
                    closure.keep_members(unit, switching, CLOSURE_DEPTH - 1)
            elif unit.attributes & MODE_SWITCHES:
                closure.keep_whole(unit, CLOSURE_DEPTH - 1)
        # A class registered as a pytree by a call (`register_dataclass(State, ...)`) may be a
        # carry: the call says which of its fields are leaves.
        for unit in summary.units:
            if METADATA in unit.anchors and not unit.is_definition:
                closure.keep_whole(unit, CLOSURE_DEPTH - 1)
    if METADATA in kinds:
        jitted = set().union(*(u.binds for u in _all_pieces(summary) if u.static_argument_jit))
        if jitted:
            closure.keep_users(jitted)
        # A field helper (`def static_field(): return field(pytree_node=False)`) makes the
        # fields of the classes that use it static; the constructions of a class with pytree
        # metadata show what its attributes hold.
        closure.keep_users(_metadata_definitions(summary), calls_only=True)
    closure.run()
    if LOOPS in kinds:
        closure.keep_registries()
        closure.run()
        closure.keep_registered()
        closure.run()
        closure.keep_registering_subclasses()
        closure.run()
        closure.keep_class_attribute_readers()
        closure.run()
    if closure.covers_everything() and not any(u.literal_stub for u in summary.units):
        return Selection(text, None)
    kept = closure.kept_lines(lines)
    pieces = [line for _, line in kept]
    if pieces and not pieces[-1].endswith(("\n", "\r")):
        pieces[-1] += "\n"
    return Selection("".join(pieces), tuple(number for number, _ in kept))


def _metadata_definitions(summary: FileSummary) -> set[str]:
    """The functions and classes that hold a metadata anchor, and the classes a registration call
    names."""
    classes = {name for u in summary.units if isinstance(u.node, ast.ClassDef) for name in u.binds}
    names: set[str] = set()
    for unit in summary.units:
        if METADATA not in unit.anchors:
            continue
        names |= unit.binds if unit.is_definition else unit.uses & classes
    return names


def _all_pieces(summary: FileSummary) -> list[Unit]:
    return [piece for unit in summary.units for piece in (unit, *unit.members)]


class _Closure:
    """The kept units and class members, with how many definitions deep each was reached."""

    def __init__(self, summary: FileSummary) -> None:
        self.summary = summary
        self.whole: dict[Unit, int] = {}
        self.members: dict[Unit, dict[Unit, int]] = {}  # a partly kept class -> its kept members
        self.pending: list[tuple[Unit, Unit | None, int]] = []  # (piece, its class if a member, depth)
        self.binders: dict[str, list[Unit]] = {}
        for unit in summary.units:
            for name in unit.binds:
                self.binders.setdefault(name, []).append(unit)

    def keep_whole(self, unit: Unit, depth: int) -> None:
        if depth < self.whole.get(unit, CLOSURE_DEPTH + 1):
            self.whole[unit] = depth
            self.pending.append((unit, None, depth))

    def keep_members(self, unit: Unit, members: list[Unit], depth: int) -> None:
        if unit not in self.members and depth < CLOSURE_DEPTH:
            # the class's decorators and bases: a registering decorator, a generic base
            for name in unit.header_uses:
                for binder in self.binders.get(name, ()):
                    self.keep_whole(binder, depth + binder.is_definition)
        kept = self.members.setdefault(unit, {})
        always = [m for m in unit.members if not m.is_definition or m.binds & ALWAYS_KEPT_METHODS]
        for member in [*members, *always]:
            if depth < kept.get(member, CLOSURE_DEPTH + 1):
                kept[member] = depth
                self.pending.append((member, unit, depth))

    def keep_users(self, names: set[str], calls_only: bool = False) -> None:
        """Every unit (or class member) that uses one of `names` (with `calls_only`, that calls one)."""

        def uses(piece: Unit) -> bool:
            return bool(piece.words & names and (piece.calls if calls_only else piece.uses) & names)

        for unit in self.summary.units:
            if not unit.words & names:
                continue
            if unit.members:
                users = [m for m in unit.members if uses(m)]
                if users:
                    self.keep_members(unit, users, 0)
                elif uses(unit):  # the class's header: a decorator or a base (`@register("tiny")`)
                    self.keep_whole(unit, 0)
            elif uses(unit):
                self.keep_whole(unit, 0)

    def run(self) -> None:
        while self.pending:
            piece, owner, depth = self.pending.pop()
            in_class = isinstance((owner or piece).node, ast.ClassDef)
            for name in piece.uses:
                for binder in self.binders.get(name, ()):
                    # A class's classes (a module's submodules, `Block` in `DeepMLP`) are part of
                    # it: they are kept however deep the class was reached.
                    step = binder.is_definition and not (in_class and isinstance(binder.node, ast.ClassDef))
                    if depth + step <= CLOSURE_DEPTH and (depth < CLOSURE_DEPTH or not step):
                        self.keep_whole(binder, depth + step)
            if depth >= CLOSURE_DEPTH:
                continue
            if owner is not None:
                attributes = piece.attributes
                named = [m for m in owner.members if m.binds & attributes]
                for member in named:
                    self.keep_members(owner, [member], depth + member.is_definition)
        used = set().union(*(p.uses for p in self._kept_pieces()))
        for unit in self.summary.units:
            if unit not in self.whole and unit.nested_imports & used:
                self.whole[unit] = CLOSURE_DEPTH

    def keep_registries(self) -> None:
        """For a kept module-level dict or list (`MODELS = {}`, `HOOKS = []`), the functions that
        use it (a `register` decorator storing classes in it) and the classes and calls that use
        those: what the registry holds decides which class `MODELS[name](...)` builds, or which
        hooks `for hook in HOOKS` runs."""
        registries = {
            target.id
            for unit in self.whole
            if isinstance(unit.node, (ast.Assign, ast.AnnAssign)) and isinstance(unit.node.value, (ast.Dict, ast.List))
            for target in (unit.node.targets if isinstance(unit.node, ast.Assign) else [unit.node.target])
            if isinstance(target, ast.Name)
        }  # `MODELS = {}`, `MODELS: dict[str, type] = {}`
        if not registries:
            return
        storers = [u for u in self.summary.units if u.is_definition and u.words & registries and u.uses & registries]
        for unit in storers:
            self.keep_whole(unit, 0)
        names = set().union(*(u.binds for u in storers)) if storers else set()
        if names:
            self.keep_users(names)

    def keep_registered(self) -> None:
        """The functions and classes a kept object or function registers by decorating them
        (`@HOOKS.register("snapshot")` with `HOOKS = HookRegistry()` kept): nothing names them,
        yet what the registry holds decides what `HOOKS.run("snapshot", ...)` runs."""
        while True:
            kept_names = set().union(*(u.binds for u in self.whole if not u.is_import))
            added = [
                unit
                for unit in self.summary.units
                if unit.is_definition and unit not in self.whole and unit.header_uses & kept_names
            ]
            if not added:
                return
            for unit in added:
                self.keep_whole(unit, 0)
            self.run()

    def keep_class_attribute_readers(self) -> None:
        """For a module-level class whose attribute a kept unit assigns (`Snapshots.latest =
        state` in a hook), the units that use the class: whether anything reads what a loop
        stores there decides whether the stored value is used after the loop."""
        classes = {name for unit in self.summary.units if isinstance(unit.node, ast.ClassDef) for name in unit.binds}
        assigned = {
            target.value.id
            for unit in self._kept_pieces()
            if unit.words & classes  # a cheap filter before walking the unit's tree
            for node in ast.walk(unit.node)
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign))
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id in classes
        }
        if assigned:
            self.keep_users(assigned)

    def keep_registering_subclasses(self) -> None:
        """For a kept class that defines `__init_subclass__` (a registry its subclasses enter
        when they are defined), its subclasses, however they are used: which classes the
        registry holds decides which one `Base.registry[name](...)` builds."""
        while True:
            hooked = {
                unit.node.name
                for unit in self.summary.units
                if isinstance(unit.node, ast.ClassDef)
                and (unit in self.whole or unit in self.members)
                and any(isinstance(m.node, ast.FunctionDef) and m.node.name == "__init_subclass__" for m in unit.members)
            }
            subclasses = [
                unit
                for unit in self.summary.units
                if isinstance(unit.node, ast.ClassDef)
                and unit not in self.whole
                and any(isinstance(base, ast.Name) and base.id in hooked for base in unit.node.bases)
            ]
            for unit in self.summary.units:
                if unit.node.__class__ is ast.ClassDef and unit.node.name in hooked and unit in self.members:
                    hooks = [m for m in unit.members if isinstance(m.node, ast.FunctionDef) and m.node.name == "__init_subclass__"]
                    self.keep_members(unit, hooks, 0)
            if not subclasses:
                return
            for unit in subclasses:
                self.keep_whole(unit, 0)

    def _kept_pieces(self) -> list[Unit]:
        return [*self.whole, *(m for kept in self.members.values() for m in kept)]

    def covers_everything(self) -> bool:
        return all(unit in self.whole for unit in self.summary.units)

    def kept_lines(self, lines: list[str]) -> list[tuple[int, str]]:
        """The kept lines with their numbers; a large data literal no anchor lies in is one line."""
        numbers: set[int] = set()
        stubs: dict[int, str] = {}
        for unit in self.summary.units:
            if unit in self.whole:
                if unit.literal_stub is not None and not unit.anchors:
                    ending = lines[unit.start - 1][len(lines[unit.start - 1].rstrip("\r\n")) :] or "\n"
                    stubs[unit.start] = unit.literal_stub + ending
                    continue
                numbers.update(range(unit.start, unit.end + 1))
            elif unit in self.members:
                numbers.update(range(unit.start, unit.header_end + 1))
                for member in self.members[unit]:
                    numbers.update(range(member.start, member.end + 1))
        kept = [(n, lines[n - 1]) for n in numbers] + list(stubs.items())
        return sorted(kept)


def definition_source(summary: FileSummary, lines: list[str], name: str) -> str | None:
    """The part of a file another file's analysis needs to follow `name` into it: the unit that
    binds it, what that unit uses (up to `CLOSURE_DEPTH` deep) and the file's imports, as source
    text; None when no single top-level unit binds the name."""
    binders = [unit for unit in summary.units if name in unit.binds]
    if len(binders) != 1:
        return None
    closure = _Closure(summary)
    closure.keep_whole(binders[0], 0)
    for unit in summary.units:
        if unit.is_import:
            closure.keep_whole(unit, 0)
    closure.run()
    pieces = [line for _, line in closure.kept_lines(lines)]
    if pieces and not pieces[-1].endswith(("\n", "\r")):
        pieces[-1] += "\n"
    return "".join(pieces)


def relevant_source(text: str, kinds: frozenset[str] = frozenset({LOOPS, METADATA})) -> Selection:
    """The selection for source text on its own (it must parse): for tools and tests."""
    import ast

    lines = split_lines(text, keepends=True)
    return select(summarise(ast.parse(text), lines), lines, kinds)
