"""What the functions of one file may run, and whether something runs before a loop.

A cache that a method fills on first use (`if self._variables is None: self._variables =
model.init(...)`, a memo keyed by name) holds a tracer after a raw loop only when its first
fill runs inside the loop's body: when nothing that runs before the loop fills it. This
analysis answers that question over the calls the object flow resolves:

* the *callees* of a call are the functions it may run: `def`s, lambdas and methods of plain
  same-file objects (`FlaxFile.flow_functions`), the `__init__` of a same-file class it
  constructs (and its `__enter__` when a `with` statement enters the construction), and the
  `__call__` of a plain same-file object it calls;
* the *callers* of a function are the calls whose callees hold it, each with the function
  (or module) whose own code makes the call;
* a call *runs before* a loop when it comes before the loop's call in the code of the function
  running the loop, or before the call of that function in one of its callers, and so on up;
  what *runs after* it likewise (a read of the cache after the loop is what fails).

What the file does not show stays unknown: a function that no call of the file runs, other
than a module-level `def` without parameters (a program's `main`), may be run by anything
first, and `runs_before` answers None for it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

import libcst as cst

from scanlint.analysis.resolver import Scope, dotted
from scanlint.analysis.walk import SemanticVisitor, walk

if TYPE_CHECKING:
    from scanlint.analysis.flax_model import FlaxFile

FunctionNode = cst.FunctionDef | cst.Lambda


class CallOrder:
    """The call graph of one file (see the module docstring); made once per file by
    `call_order`."""

    def __init__(self, flax: FlaxFile) -> None:
        self.flax = flax
        collector = _CallsByOwner()
        walk(flax.index.module, collector)
        self.owner_of: dict[cst.CSTNode, cst.CSTNode] = collector.owner_of  # calls and attributes
        self.position = collector.position  # calls and attributes, in the order they are written
        self.end = collector.end  # a call's position after everything written inside it
        self.with_items = collector.with_items  # calls a `with` statement enters
        self.nodes_of_owner = collector.nodes  # function (or module) -> its own calls and attributes
        self.end[_IMPORTED] = len(self.position)  # the module's code has run when `main` is called
        self._callees: dict[cst.Call, frozenset[cst.CSTNode]] = {}
        self._callers: dict[cst.CSTNode, list[cst.Call]] | None = None

    def callees(self, call: cst.Call) -> frozenset[cst.CSTNode]:
        """The functions a call may run (see the module docstring)."""
        found = self._callees.get(call)
        if found is None:
            flax = self.flax
            scope = flax.index.scope_of.get(self.owner_of[call], flax.index.module_scope)
            functions: set[cst.CSTNode] = {body.node for body in flax.flow_functions(call.func, scope)}
            if not functions:  # the resolver, where the object flow does not answer (a file without Flax)
                resolved = flax.index.resolve_callable(call.func, scope, objects=True)
                functions |= {resolved.node} if resolved is not None else set()
            constructed = flax.flow.classes_made(call) or {flax.index.class_named(call.func, scope)} - {None}
            for class_node in constructed:
                functions |= self._methods(class_node, "__init__")  # type: ignore[arg-type]
                if call in self.with_items:  # `with Session(model) as s:` enters it before its block
                    functions |= self._methods(class_node, "__enter__")  # type: ignore[arg-type]
            if not functions and isinstance(call.func, cst.Attribute):
                # `plugins[-1].export_into(model)`: the method of each class of the objects that
                # has it (an object without it cannot be the one called)
                functions |= self._object_methods(call.func.value, call.func.attr.value, scope)
            if not functions and isinstance(call.func, (cst.Name, cst.Attribute)):  # `wrapper(frame)`: its `__call__`
                functions |= self._object_methods(call.func, "__call__", scope)
            found = self._callees[call] = frozenset(functions)
        return found

    def _object_methods(self, node: cst.BaseExpression, name: str, scope: Scope) -> set[cst.CSTNode]:
        """The methods named `name` of the plain or NNX same-file classes whose objects `node`
        may hold (an NNX module's method runs when called; a Linen module's only under `apply`)."""
        found: set[cst.CSTNode] = set()
        for construction, made_scope in self.flax.instances(node, scope) or []:
            for class_node in self.flax.constructed_classes(construction, made_scope):
                if class_node is not None and (self.flax.is_plain(class_node) or self.flax.is_nnx(class_node)):
                    found |= self._methods(class_node, name)
        return found

    def _methods(self, class_node: cst.ClassDef, name: str) -> set[cst.CSTNode]:
        owner = self.flax.index.defining_class(class_node, name)
        method = self.flax.index.method_of(owner, name) if owner is not None else None
        return {method} if method is not None else set()

    def callers(self, function: cst.CSTNode) -> list[cst.Call]:
        """The calls of the file that may run `function`."""
        if self._callers is None:
            self._callers = {}
            for call in self.owner_of:
                if not isinstance(call, cst.Call):
                    continue
                for callee in self.callees(call):
                    self._callers.setdefault(callee, []).append(call)
        return self._callers.get(function, [])

    def runners(self, functions: Collection[cst.CSTNode]) -> set[cst.CSTNode]:
        """`functions` and every function whose own code makes a call that may run one of them,
        directly or through others."""
        found = set(functions)
        pending = list(functions)
        while pending:
            for call in self.callers(pending.pop()):
                owner = self.owner_of[call]
                if owner not in found and not isinstance(owner, cst.Module):
                    found.add(owner)
                    pending.append(owner)
        return found

    def runs_before(
        self, anchor: cst.Call, functions: Collection[cst.CSTNode], nodes: Collection[cst.CSTNode] = ()
    ) -> bool | None:
        """Whether a call that may run one of `functions`, or one of `nodes` (a property read, a
        mode switch), runs before `anchor` (see the module docstring); None when a function on
        the way up is run by no call the file shows (see `_entry_point`). The calls in
        `anchor`'s own arguments run before it."""
        owners = {self.owner_of[node] for node in nodes if node in self.owner_of}
        runners = self.runners({*functions, *owners} - {self.flax.index.module})

        def runs(call: cst.Call, node: cst.CSTNode) -> bool | None:
            if not self._before(call, node):
                return False
            if node in nodes:
                return True
            if not isinstance(node, cst.Call):
                return False
            callees = self.callees(node)
            return True if callees & runners else (None if not callees and self._unresolved(node) else False)

        return self._on_the_way_up(anchor, runs)

    def _unresolved(self, call: cst.Call) -> bool:
        """Whether a call runs a method of an object the object flow does not know
        (`pool.refresh()` on a pool it cannot follow): it may run anything."""
        name = dotted(call.func)
        if name is None or "." not in name or self.flax.index.qualify(call.func) is not None:
            return False
        root = name.split(".", 1)[0]
        scope = self.flax.index.scope_of.get(self.owner_of[call], self.flax.index.module_scope)
        found = scope.lookup(root)
        if found is None or any(isinstance(b, (cst.Import, cst.ImportFrom)) for b in found[1]):
            return False
        assert isinstance(call.func, cst.Attribute)
        return self.flax.flow.values(call.func.value, scope) is None  # an object the flow does not know

    def runs_after(self, anchor: cst.Call, reads: Collection[cst.CSTNode]) -> bool | None:
        """Whether one of `reads` (attribute reads, say) runs after `anchor`: written after it
        in the same function, or in a function a call after it may run, on the way up as for
        `runs_before`."""
        owners = {self.owner_of[read] for read in reads if read in self.owner_of}
        runners = self.runners(owners - {self.flax.index.module})
        return self._on_the_way_up(
            anchor,
            lambda call, node: not self._before(call, node)
            and (node in reads or (isinstance(node, cst.Call) and bool(self.callees(node) & runners))),
        )

    def runs_next(self, anchor: cst.Call, functions: Collection[cst.CSTNode], reads: Collection[cst.CSTNode]) -> bool:
        """Whether the function making `anchor` makes, after it, a call that may run one of
        `functions` before any of `reads` or a call that may run one of them (a cache emptied
        right after the loop, before anything reads it)."""
        owner = self.owner_of[anchor]
        read_runners = self.runners({self.owner_of[read] for read in reads if read in self.owner_of} - {self.flax.index.module})
        for node in self.nodes_of_owner[owner]:
            if self._before(anchor, node) or node is anchor:
                continue
            if node in reads:
                return False
            if isinstance(node, cst.Call):
                callees = self.callees(node)
                if callees & read_runners:
                    return False
                if callees & set(functions):
                    return True
        return False

    def _before(self, call: cst.Call, node: cst.CSTNode) -> bool:
        """Whether `node` runs before `call`: written before it, or in its arguments."""
        return self.position[node] < self.end[call]

    def _on_the_way_up(self, anchor: cst.Call, found: Callable[[cst.Call, cst.CSTNode], bool | None]) -> bool | None:
        """Whether `found` accepts a call or attribute of the function making `anchor` (other
        than `anchor`), or of a function making a call that may run that one, and so on up;
        None when a function on the way up is run by no call the file shows (see
        `_entry_point`), or when `found` does not know for a node (and accepts none)."""
        seen: set[cst.CSTNode] = set()
        pending = [anchor]
        unknown = False
        while pending:
            call = pending.pop()
            owner = self.owner_of[call]
            for node in self.nodes_of_owner[owner]:
                answer = found(call, node) if node is not call else False
                if answer:
                    return True
                unknown = unknown or answer is None
            if isinstance(owner, cst.Module) or owner in seen:
                continue
            seen.add(owner)
            callers = self.callers(owner)
            if not callers and not self._entry_point(owner):
                return None
            if not callers:  # a program's `main`, run once the module is imported
                for node in self.nodes_of_owner.get(self.flax.index.module, []):
                    answer = found(_IMPORTED, node)
                    if answer:
                        return True
                    unknown = unknown or answer is None
            pending.extend(callers)
        return None if unknown else False

    def _entry_point(self, function: cst.CSTNode) -> bool:
        """Whether a function no call of the file runs is the start of a program the file shows:
        a module-level `def` without parameters (`main`), which makes everything it works on
        itself. A function given a model or a cache by its caller is library code: what its
        callers run before it is not shown."""
        if not isinstance(function, cst.FunctionDef) or self.flax.index.scope_of[function].parent is not self.flax.index.module_scope:
            return False
        params = function.params
        return not (params.posonly_params or params.params or params.kwonly_params or isinstance(params.star_arg, cst.Param) or params.star_kwarg)


# Stands for the call of a program's `main` made after its module is imported (see `_on_the_way_up`).
_IMPORTED = cst.Call(func=cst.Name("main"))


def call_order(flax: FlaxFile) -> CallOrder:
    """The file's call graph (made once per file, on first use)."""
    found = flax.index.derived.get(CallOrder)
    if not isinstance(found, CallOrder):
        found = flax.index.derived[CallOrder] = CallOrder(flax)
    return found


class _CallsByOwner(SemanticVisitor):
    """Every call and attribute of a module, under the function, lambda or module whose own
    code makes it, in the order they are written (a call before the calls in its arguments)."""

    def __init__(self) -> None:
        self.nodes: dict[cst.CSTNode, list[cst.CSTNode]] = {}
        self.owner_of: dict[cst.CSTNode, cst.CSTNode] = {}
        self.position: dict[cst.CSTNode, int] = {}
        self.end: dict[cst.CSTNode, int] = {}
        self.owners: list[cst.CSTNode] = []
        self.with_items: set[cst.Call] = set()

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, cst.WithItem) and isinstance(node.item, cst.Call):
            self.with_items.add(node.item)
        if isinstance(node, (cst.Module, cst.FunctionDef, cst.Lambda)):
            self.owners.append(node)
            self.nodes.setdefault(node, [])
        elif isinstance(node, (cst.Call, cst.Attribute)):
            owner = self.owners[-1]
            self.nodes[owner].append(node)
            self.owner_of[node] = owner
            self.position[node] = len(self.position)
        return super().on_visit(node)

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if isinstance(original_node, (cst.Module, cst.FunctionDef, cst.Lambda)):
            self.owners.pop()
        elif isinstance(original_node, cst.Call):
            self.end[original_node] = len(self.position)
        super().on_leave(original_node)
