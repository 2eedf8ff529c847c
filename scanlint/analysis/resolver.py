"""The one resolver every rule uses: what names mean, where loops are called, which function is a body.

A single pass over the module records:

* the import map (local name -> dotted name), so `lax.scan`, `L.scan`, `s` after
  `from jax.lax import scan as s` and `jax.lax.scan` all qualify as ``jax.lax.scan``;
* lexical scopes with the names each binds (defs, classes, assignments, parameters, imports);
* every call whose callee qualifies to a dotted name, and among them the raw loop calls
  (`jax.lax.scan`, `jax.lax.fori_loop`, `jax.lax.while_loop`).

Bodies are resolved afterwards, once every binding is known: a `def` (nested or module level),
a `lambda`, `functools.partial(fn, ...)`, `self.method`, or a variable bound to one of these,
given positionally or by keyword.

The resolver is deliberately conservative: where a name has several bindings, or a value cannot
be seen in this file, it answers "unknown" and the rules stay silent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import libcst as cst

from scanlint.analysis.walk import OwnCodeVisitor, SemanticVisitor, walk
from scanlint.index.names import LOOP_KINDS, PARTIAL, SAME_FUNCTION_WRAPPERS, canonical, qualify_dotted

if TYPE_CHECKING:
    from scanlint.index.project import ProjectIndex

# Where the body sits among each loop's parameters: (positional index, keyword name).
_BODY_ARGUMENT = {
    "scan": (0, "f"),
    "fori_loop": (2, "body_fun"),
    "while_loop": (1, "body_fun"),
}
# The functions each loop calls: (positional index, keyword name, how many positional
# arguments the loop passes it): scan f(carry, x), fori body(i, val), while cond(val), body(val).
LOOP_CALLBACKS = {
    "scan": ((0, "f", 2),),
    "fori_loop": ((2, "body_fun", 2),),
    "while_loop": ((0, "cond_fun", 1), (1, "body_fun", 1)),
}
_INIT_ARGUMENT = {
    "scan": (1, "init"),
    "fori_loop": (3, "init_val"),
    "while_loop": (2, "init_val"),
}
# The loop value's position among the body's own parameters: scan(carry, x), fori(i, val), while(val).
_CARRY_PARAMETER = {"scan": 0, "fori_loop": 1, "while_loop": 0}

def dotted(node: cst.BaseExpression) -> str | None:
    """`a.b.c` as a string, for a chain of names and attributes; None for anything else."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


def self_attribute(node: cst.BaseExpression, self_name: str | None) -> str | None:
    """The attribute's name, for `self.<attribute>` (with the method's own name for `self`)."""
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == self_name:
        return node.attr.value
    return None


def argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    """A call's argument by keyword, or by position when no `*args` comes before it
    (`f(model, opt, *batch)` passes `model` and `opt`, and nothing known after them)."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    positional = []
    for arg in call.args:
        if arg.keyword is not None or arg.star:
            break
        positional.append(arg.value)
    return positional[position] if position < len(positional) else None


def getattr_owner(call: cst.Call, scope: Scope | None) -> cst.Name | None:
    """`self` for `getattr(self, name)` (the builtin), the object whose attribute it reads."""
    if (
        isinstance(call.func, cst.Name)
        and call.func.value == "getattr"
        and (scope is None or scope.lookup("getattr") is None)
        and len(call.args) == 2
        and not any(arg.star or arg.keyword for arg in call.args)
        and isinstance(call.args[0].value, cst.Name)
    ):
        return call.args[0].value
    return None


def keyword_argument(call: cst.Call, keyword: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    return None


# ---------------------------------------------------------------------------------------------
# Scopes


class _Opaque:
    """A binding whose value no rule can see: unpacking, loop targets, `with ... as`, `except`."""

    def __repr__(self) -> str:
        return "OPAQUE"


OPAQUE = _Opaque()


class Unpacked(_Opaque):
    """A name bound by unpacking a value that is not a literal (`model, params = build(cfg)`):
    opaque to every rule, with the value and the position kept for analyses that follow a
    function's returned tuple."""

    def __init__(self, value: cst.BaseExpression, position: int) -> None:
        self.value = value
        self.position = position

    def __repr__(self) -> str:
        return f"Unpacked({self.position})"


# What a name can be bound to: a def, a class, a parameter, an import statement, the assigned
# expression, an augmented assignment, or OPAQUE (an `Unpacked` for `a, b = f(...)`).
Binding = cst.CSTNode | _Opaque


@dataclass(eq=False)
class Scope:
    """A lexical scope. `node` is the Module, FunctionDef, Lambda or ClassDef that opens it."""

    node: cst.CSTNode
    parent: Scope | None
    bindings: dict[str, list[Binding]] = field(default_factory=dict)
    # Names a `global` or `nonlocal` statement hands to another scope: bound there.
    declared_elsewhere: dict[str, Scope] = field(default_factory=dict)

    @property
    def is_class(self) -> bool:
        return isinstance(self.node, cst.ClassDef)

    @property
    def is_function(self) -> bool:
        return isinstance(self.node, (cst.FunctionDef, cst.Lambda))

    def bind(self, name: str, value: Binding) -> None:
        self.bindings.setdefault(name, []).append(value)

    def lookup(self, name: str) -> tuple[Scope, list[Binding]] | None:
        """Python's rule: this scope, then enclosing function and module scopes, never classes."""
        scope: Scope | None = self
        first = True
        while scope is not None:
            if (first or not scope.is_class) and name in scope.bindings:
                return scope, scope.bindings[name]
            first = False
            scope = scope.parent
        return None

    def name_bound_to(self, value: cst.CSTNode) -> str | None:
        """The one name this scope binds to exactly this value and nothing else
        (`step = jax.jit(run)`, `rngs = nnx.Rngs(0)`); None when no name or several are."""
        names = [name for name, values in self.bindings.items() if len(values) == 1 and values[0] is value]
        return names[0] if len(names) == 1 else None

    def only_object_binding(self, name: str) -> tuple[Scope, Binding] | None:
        """The one binding a name resolves to here, not counting `name = None` placeholders
        (`model = None` at module level, set by `global model; model = MLP(...)`)."""
        found = self.lookup(name)
        if found is None:
            return None
        values = [v for v in found[1] if not (isinstance(v, cst.Name) and v.value == "None")]
        return (found[0], values[0]) if len(values) == 1 else None

    def only_binding(self, name: str) -> tuple[Scope, Binding] | None:
        """The one binding a name resolves to here, with its scope; None when unbound or bound
        more than once (the rules do not guess which one runs)."""
        found = self.lookup(name)
        if found is None or len(found[1]) != 1:
            return None
        return found[0], found[1][0]

    def enclosing_class(self) -> cst.ClassDef | None:
        """The class whose method opens this scope (or an enclosing one), if any."""
        scope: Scope | None = self
        while scope is not None:
            if scope.is_class:
                assert isinstance(scope.node, cst.ClassDef)
                return scope.node
            scope = scope.parent
        return None

    def enclosing_method(self) -> tuple[cst.FunctionDef, cst.ClassDef] | None:
        """The nearest def that is directly a method of a class, with that class."""
        scope: Scope | None = self
        while scope is not None:
            if (
                isinstance(scope.node, cst.FunctionDef)
                and scope.parent is not None
                and isinstance(scope.parent.node, cst.ClassDef)
            ):
                return scope.node, scope.parent.node
            scope = scope.parent
        return None


# ---------------------------------------------------------------------------------------------
# What the rules get


@dataclass(eq=False)
class Body:
    """A loop body as the loop will call it."""

    node: cst.FunctionDef | cst.Lambda
    scope: Scope  # the scope the body opens (its parameters and locals)
    via: str  # "def", "lambda", "partial", "method", "variable", "factory", "factory_partial"
    parameters: list[str]  # the names the loop fills, in order (self and partial-bound removed)

    def parameter(self, index: int) -> str | None:
        return self.parameters[index] if index < len(self.parameters) else None


@dataclass(eq=False)
class LoopCall:
    kind: str  # "scan", "fori_loop", "while_loop"
    call: cst.Call
    scope: Scope  # where the call is written
    body: Body | None
    init: cst.BaseExpression | None

    @property
    def carry_name(self) -> str | None:
        """The body's parameter that receives the carry (scan) or loop value (fori/while)."""
        if self.body is None:
            return None
        return self.body.parameter(_CARRY_PARAMETER[self.kind])

    @property
    def body_argument(self) -> cst.BaseExpression | None:
        """The expression the loop call is given as its body (`step`, `partial(step, w)`)."""
        return argument(self.call, *_BODY_ARGUMENT[self.kind])

    @property
    def x_name(self) -> str | None:
        if self.body is None or self.kind != "scan":
            return None
        return self.body.parameter(1)


@dataclass(eq=False)
class QualifiedCall:
    name: str
    call: cst.Call
    scope: Scope


class ScanIndex:
    """Everything the rules ask about one module."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        # The other files of the project, for names this file imports (set by the engine).
        self.project: ProjectIndex | None = None
        self.path: Path | None = None
        not_aliases: frozenset[str] = frozenset()
        while True:
            builder = self._build(not_aliases)
            # `lax = jax.lax`, then `lax = ...` again: no alias after all; index the file anew.
            rebound = {name for name in builder.aliases if len(self.module_scope.bindings.get(name, [])) != 1}
            if not rebound:
                break
            not_aliases |= rebound
        self.calls += self._loop_alias_calls()
        self.loops: list[LoopCall] = [
            self._loop_call(c) for c in self.calls if c.name in LOOP_KINDS
        ]

    def _build(self, not_aliases: frozenset[str]) -> _IndexBuilder:
        """One pass over the module, filling every fact from scratch."""
        self.imports: dict[str, str] = {}
        self.star_imports: list[str] = []
        self.module_scope = Scope(self.module, None)
        self.scope_of: dict[cst.CSTNode, Scope] = {}
        self.calls: list[QualifiedCall] = []
        self.classes: list[tuple[cst.ClassDef, Scope]] = []
        # Calls whose second result is visibly discarded: `a, _ = f(...)` or `f(...)[0]`.
        self.outputs_unused: set[cst.Call] = set()
        # Calls of a bare name that is not an import (a local function or variable), by that
        # name, with the scope each is written in; see `calls_of`.
        self.local_name_calls: dict[str, list[tuple[cst.Call, Scope]]] = {}
        # A call whose result is called at once, mapped to that outer call and its scope:
        # `jax.jit(f)(x)` maps the `jax.jit(f)` call to the whole expression.
        self.result_called_by: dict[cst.Call, tuple[cst.Call, Scope]] = {}
        # What a rule family derives from this file once for all its rules, by the type holding it.
        self.derived: dict[type, object] = {}
        self._name_reads: dict[str, list[tuple[cst.Name, Scope]]] | None = None
        builder = _IndexBuilder(self, not_aliases)
        walk(self.module, builder)
        return builder

    # -- names ------------------------------------------------------------------------------

    def qualify(self, node: cst.BaseExpression) -> str | None:
        """The dotted name an expression refers to through this file's imports, or None."""
        name = dotted(node)
        return qualify_dotted(name, self.imports, self.star_imports) if name is not None else None

    def _loop_alias_calls(self) -> list[QualifiedCall]:
        """Calls of a name bound once to a loop function (`scan_fn = jax.lax.scan` at module
        level, `loop = lax.fori_loop` in a function), or to a `functools.partial` of one that
        fixes only keywords (`scan = partial(jax.lax.scan, unroll=2)`), as calls of that loop."""
        found = []
        for name, sites in self.local_name_calls.items():
            for call, scope in sites:
                binding = scope.only_binding(name)
                loop_function = binding[1] if binding is not None else None
                if (
                    isinstance(loop_function, cst.Call)
                    and self.qualify(loop_function.func) == PARTIAL
                    and loop_function.args
                    and loop_function.args[0].keyword is None
                    and all(arg.keyword is not None for arg in loop_function.args[1:])
                ):
                    loop_function = loop_function.args[0].value
                if not isinstance(loop_function, (cst.Name, cst.Attribute)):
                    continue
                qualified = self.qualify(loop_function)
                if qualified in LOOP_KINDS:
                    found.append(QualifiedCall(qualified, call, scope))
        return found

    def calls_to(self, *names: str) -> Iterator[QualifiedCall]:
        wanted = set(names)
        return (c for c in self.calls if c.name in wanted)

    def calls_of(self, name: str, binding_scope: Scope) -> Iterator[tuple[cst.Call, Scope]]:
        """Calls of the variable `name` bound in `binding_scope`, as Python's scoping resolves
        each call site (a same-named variable in another scope is another variable)."""
        for call, scope in self.local_name_calls.get(name, ()):
            found = scope.lookup(name)
            if found is not None and found[0] is binding_scope:
                yield call, scope

    # -- bodies -----------------------------------------------------------------------------

    def resolve_callable(
        self, node: cst.BaseExpression, scope: Scope, depth: int = 0, objects: bool = False
    ) -> Body | None:
        """The function a callable expression stands for, if this file shows it unambiguously.
        With `objects` (for what a loop runs as its body), an object of a same-file class stands
        for its `__call__` and `self.<attr>.method` for that method of the object's class: a
        call of a submodule in a body is left to the rules, which judge it at the call."""
        if depth > 8:
            return None
        if isinstance(node, cst.Lambda):
            return Body(node, self.scope_of[node], "lambda", _parameter_names(node.params))
        if isinstance(node, cst.Name):
            found = scope.only_binding(node.value) or self._rewrapped_function(node.value, scope)
            if found is None:
                return None
            binding_scope, value = found
            if isinstance(value, cst.Param):
                return self._resolve_self_call(node, binding_scope)
            if isinstance(value, cst.FunctionDef):
                return Body(value, self.scope_of[value], "def", _parameter_names(value.params))
            if isinstance(value, cst.BaseExpression):
                inner = self.resolve_callable(value, binding_scope, depth + 1, objects)
                if inner is not None and inner.via == "lambda":
                    inner.via = "variable"
                return inner
            if isinstance(value, Unpacked):
                return self._unpacked_function(value, binding_scope, depth)
            return None
        if isinstance(node, cst.IfExp):
            # `jax.checkpoint(body) if remat else body`: one function either way
            either = [self.resolve_callable(b, scope, depth + 1, objects) for b in (node.body, node.orelse)]
            if either[0] is not None and either[1] is not None and either[0].node is either[1].node \
                    and either[0].via == either[1].via:
                return either[0]
            return None
        if isinstance(node, cst.Attribute):
            found = self._resolve_method(node, scope, objects)
            return found or (self._resolve_instance_call(node, scope) if objects else None)
        if isinstance(node, cst.Call) and self.qualify(node.func) == PARTIAL and node.args:
            return self._resolve_partial(node, scope, depth, objects)
        if (
            isinstance(node, cst.Call)
            and self.qualify(node.func) in SAME_FUNCTION_WRAPPERS
            and node.args
            and node.args[0].keyword is None
        ):
            # `lax.scan(jax.checkpoint(step), ...)`: the loop calls `step` as it is.
            return self.resolve_callable(node.args[0].value, scope, depth + 1, objects)
        if isinstance(node, cst.Call) and isinstance(node.func, (cst.Name, cst.Attribute, cst.Subscript)):
            found = self._resolve_factory(node, scope, depth)
            return found or (self._resolve_instance_call(node, scope) if objects else None)
        if isinstance(node, cst.Subscript):
            picked = self.dispatch_entry(node, scope)  # `entry_points["sample"](key, cond)`
            if picked is not None:
                return self.resolve_callable(*picked, depth + 1, objects)
            picked = self.picked_functions(node, scope)
            if picked is not None and len(picked) == 1:  # `PLUGINS[name]`, one function registered or picked
                function = picked[0]
                return Body(function, self.scope_of[function], "def", _parameter_names(function.params))
        return None

    def dispatch_entry(self, node: cst.Subscript, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """The entry a literal key picks from a dict literal bound once to a name that nothing
        stores into (`entry_points = {"sample": generator.sample}`, then
        `entry_points["sample"]`), with the dict's scope."""
        if not isinstance(node.value, cst.Name) or len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        key = node.slice[0].slice.value
        found = scope.only_binding(node.value.value)
        if not isinstance(key, cst.SimpleString) or found is None or not isinstance(found[1], cst.Dict):
            return None
        if self.stored_in_registry(node.value.value):
            return None  # `entry_points["sample"] = other` somewhere: not known which one runs
        for element in found[1].elements:
            if not isinstance(element, cst.DictElement):
                return None  # `**more`
            if isinstance(element.key, cst.SimpleString) and element.key.evaluated_value == key.evaluated_value:
                return element.value, found[0]
        return None

    def _rewrapped_function(self, name: str, scope: Scope) -> tuple[Scope, cst.FunctionDef] | None:
        """A function a scope defines and then wraps under its own name, `def step(...)` then
        `step = jax.checkpoint(step)`: the same function either way (see
        `SAME_FUNCTION_WRAPPERS`)."""
        found = scope.lookup(name)
        if found is None or len(found[1]) != 2:
            return None
        function, wrapped = found[1]
        if not (
            isinstance(function, cst.FunctionDef)
            and isinstance(wrapped, cst.Call)
            and self.qualify(wrapped.func) in SAME_FUNCTION_WRAPPERS
            and wrapped.args
            and wrapped.args[0].keyword is None
            and not wrapped.args[0].star
            and isinstance(wrapped.args[0].value, cst.Name)
            and wrapped.args[0].value.value == name
        ):
            return None
        return found[0], function

    def _resolve_instance_call(self, node: cst.BaseExpression, scope: Scope) -> Body | None:
        """An object of a same-file class used as a function (`lax.scan(self.cell, ...)` with
        `self.cell = Cell(...)`, or `Cell()`): its `__call__`, bound."""
        class_node = self._instance_class(node, scope, attributes=True)
        function = self.method_of(class_node, "__call__") if class_node is not None else None
        if function is None or _is_static(function):
            return None
        return Body(function, self.scope_of[function], "method", _parameter_names(function.params)[1:])

    def factory_of(self, node: cst.BaseExpression, scope: Scope) -> tuple[cst.Call, cst.FunctionDef] | None:
        """For `make_step(...)` whose every return gives back one function it defines: the call
        and the factory; also for a call of the one function a registry holds
        (`_REGISTRY[name](...)`)."""
        if not isinstance(node, cst.Call):
            return None
        if isinstance(node.func, cst.Subscript) and isinstance(node.func.value, cst.Name):
            picked = self.picked_functions(node.func, scope)  # `_REGISTRY[name](...)`
            return (node, picked[0]) if picked is not None and len(picked) == 1 else None
        if isinstance(node.func, cst.Attribute):
            method = self._resolve_method(node.func, scope)  # `self.make_step(...)`
            if method is None or method.via != "method" or not isinstance(method.node, cst.FunctionDef):
                return None
            return node, method.node
        if not isinstance(node.func, cst.Name):
            return None
        found = scope.only_binding(node.func.value)
        if found is not None and isinstance(found[1], cst.Param):  # `step_factory(model)`, given or defaulted
            return self._factory_parameter(node, found[1], found[0])
        if found is not None and isinstance(found[1], cst.Subscript):  # `builder = STEP_BUILDERS[name]`
            picked = self.picked_functions(found[1], found[0])
            return (node, picked[0]) if picked is not None and len(picked) == 1 else None
        if found is None or not isinstance(found[1], cst.FunctionDef):
            return None
        return node, found[1]

    def _factory_parameter(self, call: cst.Call, param: cst.Param, scope: Scope) -> tuple[cst.Call, cst.FunctionDef] | None:
        """For a call of a parameter (`self.step = step_factory(model)`): the one module-level
        function every call or construction passes for it, or leaves it at by default."""
        passed = self._parameter_values(param, scope)
        functions = set()
        for value, value_scope in passed or []:
            found = value_scope.only_binding(value.value) if isinstance(value, cst.Name) else None
            if found is None or found[0] is not self.module_scope or not isinstance(found[1], cst.FunctionDef):
                return None
            functions.add(found[1])
        return (call, functions.pop()) if len(functions) == 1 else None

    def unpacked_values(self, binding: Unpacked, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """For a name bound by `model, params = build(cfg)`: its element of what each `return`
        of the same-file function gives back (`return model, params`), with the function's
        scope; None unless every return is a tuple of that length."""
        found = self.factory_of(binding.value, scope)
        if found is None or yields(found[1]) or can_fall_off(found[1]):
            return None
        values = []
        for returned in returns_of(found[1]):
            elements = returned.value.elements if isinstance(returned.value, (cst.Tuple, cst.List)) else None
            if (
                elements is None
                or binding.position >= len(elements)
                or any(isinstance(e, cst.StarredElement) for e in elements)
            ):
                return None
            values.append((elements[binding.position].value, self.scope_of[found[1]]))
        return values or None

    def _unpacked_function(self, binding: Unpacked, scope: Scope, depth: int) -> Body | None:
        """`step, bound = make_step(model, variables)`: the one function every `return` of the
        factory gives there, defined in the factory itself."""
        found = self.factory_of(binding.value, scope)
        returned = self.unpacked_values(binding, scope)
        if found is None or not returned:
            return None
        bodies = [self.resolve_callable(value, value_scope, depth + 1) for value, value_scope in returned]
        first = bodies[0]
        if first is None or any(b is None or b.node is not first.node for b in bodies) or first.via != "def":
            return None
        if self.scope_of[first.node].parent is not self.scope_of[found[1]]:
            return None
        first.via = "factory"
        return first

    def decorator_wrappers(self, function: cst.FunctionDef) -> list[tuple[cst.FunctionDef, cst.FunctionDef]]:
        """For a def decorated with a same-file decorator that returns a function it defines
        (`@compiled_call def fwd(...)`, `@retry(times=3) def step(...)`): each decorator def
        whose parameter receives the decorated function, with the wrapper it returns, which
        is what calling the decorated name runs."""
        found: list[tuple[cst.FunctionDef, cst.FunctionDef]] = []
        for decorator in function.decorators:
            expression = decorator.decorator
            deco = self._made_function(expression, self.module_scope) if isinstance(expression, cst.Call) else None
            if deco is None and isinstance(expression, cst.Name):
                binding = self.module_scope.only_binding(expression.value)
                deco = binding[1] if binding is not None and isinstance(binding[1], cst.FunctionDef) else None
            wrapper = self._made_function(deco, self.module_scope) if deco is not None else None
            if deco is not None and wrapper is not None and deco.params.params:
                found.append((deco, wrapper))
        return found

    def _made_function(self, maker: cst.BaseExpression | cst.FunctionDef, scope: Scope) -> cst.FunctionDef | None:
        """The one `def` a factory defines and returns: `maker` a def, or a call of one."""
        if isinstance(maker, cst.Call):
            found = self.factory_of(maker, scope)
            maker = found[1] if found is not None else None
        made = self._function_made_by(maker, 0) if isinstance(maker, cst.FunctionDef) else None
        return made.node if made is not None and made.via == "factory" and isinstance(made.node, cst.FunctionDef) else None

    def _resolve_factory(self, call: cst.Call, scope: Scope, depth: int) -> Body | None:
        """`lax.scan(make_step(w), ...)`: the function the factory defines and returns."""
        found = self.factory_of(call, scope)
        return self._function_made_by(found[1], depth) if found is not None else None

    def _function_made_by(self, factory: cst.FunctionDef, depth: int) -> Body | None:
        """The one function every return of a factory gives: one it defines itself (`via`
        "factory"), or a `functools.partial` of any function ("factory_partial")."""
        if yields(factory) or can_fall_off(factory):
            return None
        made = {
            id(self.resolve_callable(r.value, self.scope_of[factory], depth + 1).node)  # type: ignore[union-attr]
            for r in returns_of(factory)
            if r.value is not None and self.resolve_callable(r.value, self.scope_of[factory], depth + 1) is not None
        }
        returns = returns_of(factory)
        if len(made) != 1 or len(returns) == 0 or any(r.value is None for r in returns):
            return None
        inner = self.resolve_callable(returns[0].value, self.scope_of[factory], depth + 1)  # type: ignore[arg-type]
        if inner is None or inner.via == "method":
            return None
        if inner.via == "partial":  # `return functools.partial(refine, head)`: any function
            inner.via = "factory_partial"
            return inner
        if self.scope_of[inner.node].parent is not self.scope_of[factory]:
            return None  # only a function defined in the factory itself
        inner.via = "factory"
        return inner

    def class_named(self, node: cst.BaseExpression | None, scope: Scope) -> cst.ClassDef | None:
        """The same-file class a plain name refers to, when it is bound once, to a class; or the
        one class a module-level registry holds (`MODELS[name]`, see `registered_classes`),
        also through a name bound once to such a pick. A generic class parametrized
        (`BaseSimulator[nnx.State]`, as a base or called) is that class."""
        if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name):
            generic = scope.only_binding(node.value.value)
            if generic is not None and isinstance(generic[1], cst.ClassDef):
                return generic[1]
            registered = self.registered_classes(node.value, scope)
            if registered is not None and len(registered) > 1:
                picked = self.registry_picks(node, scope)  # `MODELS["mlp"]`
                registered = picked if picked is not None and len(picked) == 1 else None
            return registered[0] if registered is not None and len(registered) == 1 else None  # type: ignore[return-value]
        if not isinstance(node, cst.Name):
            return None
        found = scope.only_binding(node.value)
        if found is not None and isinstance(found[1], cst.Subscript):  # `strategy_cls = STRATEGIES[name]`
            return self.class_named(found[1], found[0])
        return found[1] if found is not None and isinstance(found[1], cst.ClassDef) else None

    def registered_classes(self, name: cst.Name, scope: Scope) -> list[cst.ClassDef] | None:
        """The same-file classes a module-level dict registry holds: one bound once to a dict
        literal of classes, filled only by `REGISTRY[key] = Class` statements or by a decorator
        (`@register("tiny")` whose inner function stores the class it is given); None when
        anything else is stored in it or it is bound again."""
        held = self._registry_entries(name, scope)
        return held if held is not None and all(isinstance(h, cst.ClassDef) for h in held) else None  # type: ignore[return-value]

    def picked_functions(self, pick: cst.Subscript, scope: Scope) -> list[cst.FunctionDef] | None:
        """The functions a pick from a registry of functions may call: its one function, or
        the ones its key may name (see `registry_picks`)."""
        if not isinstance(pick.value, cst.Name):
            return None
        registered = self.registered_functions(pick.value, scope)
        if registered is None or len(registered) == 1:
            return registered
        picked = self.registry_picks(pick, scope)
        return picked if picked is not None and all(isinstance(p, cst.FunctionDef) for p in picked) else None  # type: ignore[return-value]

    def registered_functions(self, name: cst.Name, scope: Scope) -> list[cst.FunctionDef] | None:
        """The same-file module-level functions a dict registry holds, filled as
        `registered_classes` describes (`@register("encoder")` on a builder function)."""
        held = self._registry_entries(name, scope)
        return held if held is not None and all(isinstance(h, cst.FunctionDef) for h in held) else None  # type: ignore[return-value]

    def _registry_entries(self, name: cst.Name, scope: Scope) -> list[cst.ClassDef | cst.FunctionDef] | None:
        items = self._registry_items(name, scope)
        return list(dict.fromkeys(held for _, held in items)) if items is not None else None

    def registry_picks(self, pick: cst.Subscript, scope: Scope) -> list[cst.ClassDef | cst.FunctionDef] | None:
        """The entries of a module-level registry that a pick may take, when the registry's
        every key is a known string (`@register_head("eta")`, `REGISTRY["eta"] = f`, a dict
        literal's keys) and so are the strings the pick's key may be (see `key_strings`):
        `HEADS[name]` in `{name: HEADS[name](x) for name in ("eta", "bins")}` takes both."""
        if not isinstance(pick.value, cst.Name) or len(pick.slice) != 1 or not isinstance(pick.slice[0].slice, cst.Index):
            return None
        picking = self.derived.setdefault(ScanIndex.registry_picks, set())  # type: ignore[arg-type]
        if pick in picking:  # a key that depends on what this pick builds
            return None
        picking.add(pick)  # type: ignore[attr-defined]
        try:
            keys = self.key_strings(pick.slice[0].slice.value, scope)
        finally:
            picking.discard(pick)  # type: ignore[attr-defined]
        return self.registry_entries(pick.value, scope, keys) if keys is not None else None

    def registry_entries(
        self, name: cst.Name, scope: Scope, keys: Iterable[object]
    ) -> list[cst.ClassDef | cst.FunctionDef] | None:
        """The entries of a module-level registry under the given keys, when every key of the
        registry and every one given is a known string held there."""
        items = self._registry_items(name, scope)
        if items is None or any(key is None for key, _ in items):
            return None
        by_key = dict(items)
        if any(not isinstance(key, str) or key not in by_key for key in keys):
            return None
        return list(dict.fromkeys(by_key[key] for key in keys))  # type: ignore[index]

    def table_picks(self, pick: cst.Subscript, scope: Scope) -> tuple[list[cst.BaseExpression], bool] | None:
        """For a pick from a module-level dict literal of layer makers that nothing stores into
        (`LAYERS[name]`, with `LAYERS = {"linear": lambda d, rngs: nnx.Linear(...), "norm":
        nnx.LayerNorm, "drop": partial(nn.Dropout, 0.1)}`), whose keys are string literals:
        the values the pick's key may take (see `key_strings`), and whether the code goes over
        every one of those keys (the key is a loop or comprehension variable, `for name, d in
        spec`) rather than taking one of them."""
        if not isinstance(pick.value, cst.Name) or len(pick.slice) != 1 or not isinstance(pick.slice[0].slice, cst.Index):
            return None
        found = scope.lookup(pick.value.value)
        if found is None or found[0] is not self.module_scope or len(found[1]) != 1 or not isinstance(found[1][0], cst.Dict):
            return None
        if self.stored_in_registry(pick.value.value):
            return None
        table: dict[str, cst.BaseExpression] = {}
        for element in found[1][0].elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
                return None
            key = element.key.evaluated_value
            if not isinstance(key, str):
                return None
            table[key] = element.value
        key = pick.slice[0].slice.value
        keys = self.key_strings(key, scope)
        if keys is None or any(k not in table for k in keys):
            return None
        every = isinstance(key, cst.Name) and _iterated_by(key.value, scope.node) is not None
        return [table[k] for k in keys], every

    def table_constructions(
        self, call: cst.Call, scope: Scope
    ) -> tuple[list[tuple[cst.BaseExpression, Scope]], bool] | None:
        """What a call of a table pick (`LAYERS[name](d, rngs)`, see `table_picks`) builds, for
        each entry the key may take: a lambda's body, or a construction of the class an entry
        names, also through `functools.partial` (the partial's arguments first); with whether
        every entry is built."""
        picked = self.table_picks(call.func, scope) if isinstance(call.func, cst.Subscript) else None
        if picked is None:
            return None
        entries, every = picked
        made: list[tuple[cst.BaseExpression, Scope]] = []
        for entry in entries:
            if isinstance(entry, cst.Lambda):
                made.append((entry.body, self.scope_of[entry]))
            elif isinstance(entry, cst.Call) and self.qualify(entry.func) == PARTIAL and entry.args and not entry.args[0].keyword:
                made.append((cst.Call(func=entry.args[0].value, args=[*entry.args[1:], *call.args]), self.module_scope))
            elif isinstance(entry, (cst.Name, cst.Attribute)):
                made.append((cst.Call(func=entry, args=call.args), self.module_scope))
            else:
                return None
        return made, every

    def _registry_items(
        self, name: cst.Name, scope: Scope
    ) -> list[tuple[str | None, cst.ClassDef | cst.FunctionDef]] | None:
        """What a module-level dict registry holds, each entry with its key when that is a known
        string (see `registered_classes`)."""
        found = scope.lookup(name.value)
        if found is None or found[0] is not self.module_scope or len(found[1]) != 1 or not isinstance(found[1][0], cst.Dict):
            return None
        registries = self.derived.setdefault(ScanIndex._registry_items, {})  # type: ignore[arg-type]
        if name.value not in registries:
            registries[name.value] = self._registry_contents(name.value, found[1][0])  # type: ignore[index]
        return registries[name.value]  # type: ignore[index,return-value]

    def _registered_definition(self, node: cst.BaseExpression, scope: Scope) -> cst.ClassDef | cst.FunctionDef | None:
        """A same-file class, or module-level function, a plain name refers to."""
        held = self.class_named(node, scope)
        if held is not None or not isinstance(node, cst.Name):
            return held
        found = scope.only_binding(node.value)
        if found is None or found[0] is not self.module_scope or not isinstance(found[1], cst.FunctionDef):
            return None
        return found[1]

    def _registry_contents(
        self, registry: str, literal: cst.Dict
    ) -> list[tuple[str | None, cst.ClassDef | cst.FunctionDef]] | None:
        held_all: list[tuple[str | None, cst.ClassDef | cst.FunctionDef]] = []
        for element in literal.elements:
            held = self._registered_definition(element.value, self.module_scope) if isinstance(element, cst.DictElement) else None
            if held is None:
                return None
            held_all.append((self._key_of(element.key, self.module_scope), held))  # type: ignore[union-attr]
        for key, stored, function in self.stored_in_registry(registry):
            store_scope = self.scope_of.get(function) if function is not None else self.module_scope
            if store_scope is None:
                return None
            held = self._registered_definition(stored, store_scope)
            if held is not None:
                held_all.append((self._key_of(key, store_scope), held))
                continue
            decorated = self._decorated_by_storer(stored, key, store_scope)
            if decorated is None:
                return None
            held_all += decorated
        return list(dict.fromkeys(held_all))

    def stored_in_registry(
        self, registry: str
    ) -> list[tuple[cst.BaseExpression, cst.BaseExpression, cst.FunctionDef | None]]:
        """The `<registry>[key] = value` statements of the file, as the key, the value and the
        function the statement sits in (None at module level)."""
        stores = _RegistryStores(registry)
        walk(self.module, stores)
        return stores.values

    def _decorated_by_storer(
        self, stored: cst.BaseExpression, key: cst.BaseExpression, scope: Scope
    ) -> list[tuple[str | None, cst.ClassDef | cst.FunctionDef]] | None:
        """For `REGISTRY[name] = cls` in `wrap(cls)`: the classes and module-level functions
        decorated with `@wrap`, or with `@register(...)` when `register` returns `wrap`; None
        when `wrap` is used otherwise. Each comes with its key: a string literal stored as is,
        or the string `@register("tiny")` passes for `register`'s parameter `name`."""
        wrap = scope.node
        if not (isinstance(stored, cst.Name) and isinstance(wrap, cst.FunctionDef)):
            return None
        params = [*wrap.params.posonly_params, *wrap.params.params]
        if not params or params[0].name.value != stored.value:
            return None
        outer = scope.parent
        factory = outer.node if outer is not None and isinstance(outer.node, cst.FunctionDef) else None
        decorators: set[cst.FunctionDef] = {wrap}
        if factory is not None and any(isinstance(r.value, cst.Name) and r.value.value == wrap.name.value for r in returns_of(factory)):
            decorators = {factory}
        key_param = None
        if factory in decorators and isinstance(key, cst.Name):
            factory_params = [*factory.params.posonly_params, *factory.params.params]  # type: ignore[union-attr]
            key_param = next((i for i, p in enumerate(factory_params) if p.name.value == key.value), None)
        definitions: list[tuple[cst.ClassDef | cst.FunctionDef, Scope]] = list(self.classes)
        definitions += [
            (value, self.module_scope)
            for values in self.module_scope.bindings.values()
            for value in values
            if isinstance(value, cst.FunctionDef)
        ]
        decorated: list[tuple[str | None, cst.ClassDef | cst.FunctionDef]] = []
        for definition, definition_scope in definitions:
            outer = definition_scope.parent if isinstance(definition, cst.ClassDef) else definition_scope
            for decorator in definition.decorators:
                used = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
                resolved = self.resolve_callable(used, outer or self.module_scope) if isinstance(used, cst.Name) else None
                if resolved is not None and resolved.node in decorators:
                    name = _string_value(key)
                    if key_param is not None and isinstance(decorator.decorator, cst.Call):
                        name = _string_value(argument(decorator.decorator, key_param, key.value))  # type: ignore[union-attr]
                    decorated.append((name, definition))
        return decorated

    def key_strings(self, node: cst.BaseExpression, scope: Scope, depth: int = 0) -> list[str] | None:
        """The strings a key expression may be, when each is known: a string literal; a name
        bound once to one; a parameter of a module-level function, or of a plain class's
        `__init__`, that every call or construction in the file fills with one or leaves at a
        literal default; `self.<attr>` that `__init__` assigns once; and the variable of the one
        comprehension or `for` of its function that goes over a tuple or list whose elements are
        known (`for name in self.heads`, with `heads=("eta", "bins")`)."""
        if depth > 6:
            return None
        values = self._key_values(node, scope, depth)
        if values is None:
            return None
        strings = []
        for value, value_scope in values:
            if isinstance(value, (cst.SimpleString, cst.Attribute)):
                spelled = self._key_of(value, value_scope)
                if spelled is None:
                    return None
                strings.append(spelled)
                continue
            if not isinstance(value, cst.Name):
                return None
            found = _iterated_by(value.value, value_scope.node)  # a loop's or comprehension's variable
            containers = self._key_values(found[0], value_scope, depth + 1) if found is not None else None
            if found is None or containers is None:
                return None
            for container, container_scope in containers:
                if not isinstance(container, (cst.Tuple, cst.List)) or not container.elements:
                    return None
                for element in container.elements:
                    item = _unpacked_item(element.value, found[1]) if not isinstance(element, cst.StarredElement) else None
                    if item is None:
                        return None
                    spelled_element = self.key_strings(item, container_scope, depth + 1)
                    if spelled_element is None:
                        return None
                    strings += spelled_element
        return list(dict.fromkeys(strings))

    def _key_of(self, node: cst.BaseExpression | None, scope: Scope) -> str | None:
        """A registry key as a string: a string literal's value, or for a member of a same-file
        class (`Voicing.ADAPTIVE`, an enum) its dotted name, marked so that no string equals it."""
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
            found = scope.lookup(node.value.value)
            if found is not None and found[0] is self.module_scope and len(found[1]) == 1 and isinstance(found[1][0], cst.ClassDef):
                return f"\0{node.value.value}.{node.attr.value}"
            return None
        return _string_value(node)

    def _key_values(
        self, node: cst.BaseExpression, scope: Scope, depth: int
    ) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """The expressions a name, parameter or `self.<attr>` may hold (see `key_strings`),
        followed to literals; a name bound opaquely (a loop variable) is given back as is."""
        if depth > 6:
            return None
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == self.self_name(scope):
            method = scope.enclosing_method()
            init = self.method_of(method[1], "__init__") if method is not None else None
            if method is not None and init is None:  # a field: `names: tuple = ("dense", "drop")`
                default = self._field_default(method[1], node.attr.value)
                return self._key_values(*default, depth + 1) if default is not None else None
            assigned = self.self_attribute_values(method[1], "__init__").get(node.attr.value, []) if method is not None else []
            if init is None or len(assigned) != 1:
                return None
            return self._key_values(assigned[0], self.scope_of[init], depth + 1)
        if not isinstance(node, cst.Name):
            return [(node, scope)]
        found = scope.lookup(node.value)
        if found is None:
            return [(node, scope)]  # a comprehension's variable
        if len(found[1]) != 1:
            return None
        binding = found[1][0]
        if binding is OPAQUE:
            return [(node, scope)]  # a `for` variable
        if isinstance(binding, cst.Param):
            passed = self._parameter_values(binding, found[0])
            if passed is None:
                return None
            followed = []
            for value, value_scope in passed:
                each = self._key_values(value, value_scope, depth + 1)
                if each is None:
                    return None
                followed += each
            return followed
        if isinstance(binding, cst.BaseExpression):
            return self._key_values(binding, found[0], depth + 1)
        return None

    def _field_default(self, class_node: cst.ClassDef, field_name: str) -> tuple[cst.BaseExpression, Scope] | None:
        """The default of a class-level field (a Linen module's or a dataclass's) that every
        construction of the class in the file leaves out, with the class's scope; None when a
        construction may pass it (positionally, by its name or unpacked) or the class is
        subclassed."""
        if self.subclasses(class_node) or not self.module_scope.only_binding(class_node.name.value):
            return None
        default = next(
            (
                statement.body[0].value
                for statement in class_node.body.body
                if isinstance(statement, cst.SimpleStatementLine)
                and isinstance(statement.body[0], cst.AnnAssign)
                and isinstance(statement.body[0].target, cst.Name)
                and statement.body[0].target.value == field_name
            ),
            None,
        )
        if default is None:
            return None
        for call, _ in self.calls_of(class_node.name.value, self.module_scope):
            if any(arg.keyword is None or arg.keyword.value == field_name for arg in call.args):
                return None
        return default, self.scope_of[class_node]

    def _parameter_values(self, param: cst.Param, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """What each call of a module-level function, or each construction of a plain class
        whose `__init__` it is, passes for a parameter, or its default where a call passes
        nothing; None when a call unpacks arguments or there is no call."""
        function = scope.node
        if not isinstance(function, cst.FunctionDef) or scope.parent is None:
            return None
        positional = [*function.params.posonly_params, *function.params.params]
        position = positional.index(param) if param in positional else 10**6
        if scope.parent is self.module_scope:
            sites = list(self.calls_of(function.name.value, self.module_scope))
        elif scope.parent.is_class and function.name.value == "__init__" and isinstance(scope.parent.node, cst.ClassDef):
            class_node = scope.parent.node
            class_scope = scope.parent.parent
            sites = list(self.calls_of(class_node.name.value, class_scope)) if class_scope is not None else []
            sites += self.registry_constructions(class_node)
            position -= 1
        else:
            return None
        values: list[tuple[cst.BaseExpression, Scope]] = []
        for call, call_scope in sites:
            if any(a.star for a in call.args):
                return None
            passed = argument(call, position, param.name.value)
            if passed is not None:
                values.append((passed, call_scope))
            elif param.default is not None:
                values.append((param.default, scope.parent))
            else:
                return None
        return values or None

    def imported_class_deriving(
        self, node: cst.BaseExpression, scope: Scope, is_base: Callable[[str], bool]
    ) -> str | None:
        """The name of the class another project file defines, that `node` (a name this file
        imports, or an attribute of one) refers to, when it derives from a class `is_base`
        accepts by its dotted name."""
        written = dotted(node)
        if written is None or self.project is None or self.path is None:
            return None
        if not written.rsplit(".", 1)[-1][:1].isupper():
            return None  # classes are named in CapWords: other files are read only for those
        found = scope.lookup(written.split(".")[0])
        if found is not None and not all(isinstance(b, (cst.Import, cst.ImportFrom)) for b in found[1]):
            return None  # a local variable, not the import
        derived = self.project.derives_from(self.path, written, is_base)
        return derived.name if derived is not None else None

    def self_attribute_values(
        self, class_node: cst.ClassDef, method_name: str
    ) -> dict[str, list[cst.BaseExpression]]:
        """What `self.<attr> = value` statements in one method (setup, __init__) assign."""
        method = self.method_of(class_node, method_name)
        if method is None:
            return {}
        collector = _SelfAssignments(self.self_name(self.scope_of[method]))
        walk(method.body, collector)
        return collector.values

    def _attribute_instance_class(self, node: cst.Attribute, scope: Scope) -> cst.ClassDef | None:
        """The same-file class of `self.<attr>`, when every method of the class that assigns the
        attribute assigns it a construction of that one class (`self.cell = Cell(...)`)."""
        if not isinstance(node.value, cst.Name) or node.value.value != self.self_name(scope):
            return None
        found = scope.enclosing_method()
        if found is None:
            return None
        classes = set()
        for statement in found[1].body.body:
            if isinstance(statement, cst.FunctionDef):
                for value in self.self_attribute_values(found[1], statement.name.value).get(node.attr.value, []):
                    if isinstance(value, cst.Attribute):
                        return None  # `self.a = self.b`: not followed
                    classes.add(self._instance_class(value, self.scope_of[statement]))
        return classes.pop() if len(classes) == 1 else None

    def _instance_class(self, node: cst.BaseExpression, scope: Scope, attributes: bool = False) -> cst.ClassDef | None:
        """The same-file class of an object built by calling it: `Physics()`, a name bound
        once to such a call, or (with `attributes`) `self.<attr>` assigned one."""
        if isinstance(node, cst.Attribute):
            return self._attribute_instance_class(node, scope) if attributes else None
        if isinstance(node, cst.Name):
            found = scope.only_binding(node.value)
            if found is not None and isinstance(found[1], Unpacked):
                found = self._one_unpacked_construction(found[1], found[0])
            if found is not None and isinstance(found[1], cst.Param) and found[1].annotation is not None:
                return self._annotated_class(found[1].annotation.annotation, found[0])  # `entry: ZooEntry`
            if found is None or not isinstance(found[1], cst.Call):
                return None
            scope, node = found[0], found[1]
        if not isinstance(node, cst.Call):
            return None
        class_node = self.class_named(node.func, scope) or self.alternate_constructor_class(node.func, scope)
        if class_node is None or any(
            isinstance(b, cst.FunctionDef) and b.name.value == "__new__"
            for values in self.scope_of[class_node].bindings.values()
            for b in values
        ):
            return None
        return class_node

    def alternate_constructor_class(self, func: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        """For `Step.from_profile` called: the same-file class `Step`, when `from_profile` is a
        classmethod every `return` of which constructs `cls(...)`."""
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
            return None
        class_node = self.class_named(func.value, scope)
        owner = self.defining_class(class_node, func.attr.value) if class_node is not None else None
        method = self.method_of(owner, func.attr.value) if owner is not None else None
        if method is None or not is_classmethod(method) or not method.params.params:
            return None
        cls = method.params.params[0].name.value
        returns = returns_of(method)
        if not returns or not all(
            isinstance(r.value, cst.Call) and isinstance(r.value.func, cst.Name) and r.value.func.value == cls for r in returns
        ):
            return None
        return class_node

    def unpacked_returns(self, binding: Unpacked, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """`unpacked_values`, with a local name of the factory (`return model, opt` after
        `opt = Adam(...)`) followed to its one binding there."""
        returned = self.unpacked_values(binding, scope)
        if returned is None:
            return None
        values = []
        for value, value_scope in returned:
            local = value_scope.only_binding(value.value) if isinstance(value, cst.Name) else None
            if local is not None and local[0] is value_scope and isinstance(local[1], cst.BaseExpression):
                value = local[1]
            values.append((value, value_scope))
        return values

    def _annotated_class(self, annotation: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        """The same-file class a parameter's annotation names, when no same-file class derives
        from it (an object of a subclass could run other methods)."""
        class_node = self.class_named(annotation, scope.parent or self.module_scope)
        if class_node is None or self.subclasses(class_node):
            return None
        return class_node

    def _one_unpacked_construction(self, binding: Unpacked, scope: Scope) -> tuple[Scope, cst.Call] | None:
        """For `model, injector = build(args)`: the one construction every `return` of `build`
        gives there (`return model, NoiseInjector(...)`, or a local name bound once to it)."""
        made = {value: value_scope for value, value_scope in self.unpacked_returns(binding, scope) or []}
        if len(made) != 1:
            return None
        (call, call_scope), = made.items()
        return (call_scope, call) if isinstance(call, cst.Call) else None

    def method_of(self, class_node: cst.ClassDef, name: str) -> cst.FunctionDef | None:
        class_scope = self.scope_of.get(class_node)
        if class_scope is None:
            return None
        values = class_scope.bindings.get(name, [])
        functions = [v for v in values if isinstance(v, cst.FunctionDef)]
        return functions[-1] if len(functions) == len(values) and functions else None

    def self_name(self, scope: Scope) -> str | None:
        """The name of `self` in the method enclosing `scope` (its first parameter)."""
        found = scope.enclosing_method()
        if found is None:
            return None
        method, _ = found
        if _is_static(method):
            return None
        params = method.params.params or method.params.posonly_params
        return params[0].name.value if params else None

    def _resolve_self_call(self, node: cst.Name, method_scope: Scope) -> Body | None:
        """`self(x)` in a method: the class's own `__call__`."""
        found = method_scope.enclosing_method()
        if found is None or found[0] is not method_scope.node or is_classmethod(found[0]):
            return None
        if node.value != self.self_name(method_scope):
            return None
        call_method = self.method_of(found[1], "__call__")
        if call_method is None or _is_static(call_method):
            return None
        return Body(call_method, self.scope_of[call_method], "method", _parameter_names(call_method.params)[1:])

    def _resolve_method(self, node: cst.Attribute, scope: Scope, objects: bool = False) -> Body | None:
        class_node = self.class_named(node.value, scope)
        if class_node is not None:
            # `Encoder.step`: the plain function, `self` still to be passed (by a partial); a
            # class method has its `cls` already.
            function = self.method_of(class_node, node.attr.value)
            if function is None or is_property(function):
                return None
            names = _parameter_names(function.params)
            if is_classmethod(function):
                return Body(function, self.scope_of[function], "method", names[1:])
            return Body(function, self.scope_of[function], "def", names)
        instance_class = self._instance_class(node.value, scope, attributes=objects)
        if instance_class is not None:
            return self._bound_method(instance_class, node, scope)
        if not isinstance(node.value, cst.Name):
            return None
        found = scope.enclosing_method()
        if found is None or node.value.value != self.self_name(scope):
            return None
        _, class_node = found
        owner = self.defining_class(class_node, node.attr.value)  # also a mixin's method
        method = self.method_of(owner, node.attr.value) if owner is not None else None
        if method is None:
            stored = self.stored_callable(node, scope)
            return self.resolve_callable(*stored, depth=1) if stored is not None else None
        if is_property(method):  # `self.step_fn` runs the getter where it is read: its result is called
            return None
        if _is_abstract(method):  # `self.loss(...)` in a base class: the one subclass that fills it in
            overrides = {self.method_of(sub, node.attr.value) for sub in self.subclasses(class_node)} - {None}
            if len(overrides) != 1:
                return None
            method = overrides.pop()
            assert method is not None
        names = _parameter_names(method.params)
        if not _is_static(method):
            names = names[1:]
        return Body(method, self.scope_of[method], "method", names)

    def stored_by_init(
        self, node: cst.Attribute, scope: Scope, constructor: str = "__init__"
    ) -> tuple[cst.BaseExpression, Scope, cst.ClassDef] | None:
        """For `self.<attr>` read in a method: the one value `__init__` (or `constructor`, a
        Linen module's `setup`) stores there, when no other method of the class assigns it,
        with the scope of that method and the class. A class that defines no `__init__` but a
        `__post_init__` (a dataclass's) stores there."""
        found = scope.enclosing_method()
        if found is None or not isinstance(node.value, cst.Name) or node.value.value != self.self_name(scope):
            return None
        return self.stored_on_object(found[1], node.attr.value, constructor)

    def stored_on_object(
        self, class_node: cst.ClassDef, attribute: str, constructor: str = "__init__"
    ) -> tuple[cst.BaseExpression, Scope, cst.ClassDef] | None:
        """The one value the constructor of a class's objects stores in `self.<attribute>` (see
        `stored_by_init`), with the scope of the method that stores it and the class."""
        if self.defining_class(class_node, constructor) is None and self.defining_class(class_node, "__post_init__") is None:
            below = self.subclasses(class_node)  # a mixin's `self` is an object of the one class using it
            if len(below) == 1:
                class_node = below[0]
        if constructor == "__init__" and self.defining_class(class_node, constructor) is None:
            constructor = "__post_init__"
        owner = self.defining_class(class_node, constructor)  # a subclass runs its base's `__init__`
        init = self.method_of(owner, constructor) if owner is not None else None
        if owner is None or init is None:
            return None
        lineage = self._lineage(class_node)
        assigned = [
            value
            for each in lineage
            for statement in each.body.body
            if isinstance(statement, cst.FunctionDef)
            for value in self.self_attribute_values(each, statement.name.value).get(attribute, [])
        ]
        if len(assigned) != 1:
            return None
        stored = self.self_attribute_values(owner, constructor).get(attribute, [])
        if len(stored) == 1:
            return stored[0], self.scope_of[init], class_node
        for helper, stored in self.stored_by_init_helpers(class_node, init, attribute):
            if len(stored) == 1:
                return stored[0], self.scope_of[helper], class_node
        passed = self._passed_to_base_init(owner, init, attribute)
        if passed is not None:
            return passed, self.scope_of[init], class_node
        for cooperative in self._cooperative_inits(class_node)[1:]:  # a mixin's `__init__`, run by `super()`
            stored = self.self_attribute_values(self.scope_of[cooperative].parent.node, "__init__").get(attribute, [])  # type: ignore[union-attr, arg-type]
            if len(stored) == 1:
                return stored[0], self.scope_of[cooperative], class_node
        return None

    def _cooperative_inits(self, class_node: cst.ClassDef) -> list[cst.FunctionDef]:
        """The `__init__` methods an object of the class surely runs, in order, when they
        cooperate through `super().__init__(...)` along the method resolution order of its
        same-file classes (`class Controller(JitStepMixin, BaseController)`); empty when a
        base comes from elsewhere."""
        order = self._resolution_order(class_node)
        if order is None:
            return []
        inits = [self.method_of(each, "__init__") for each in order]
        running = []
        position = next((i for i, init in enumerate(inits) if init is not None), None)
        while position is not None:
            init = inits[position]
            assert init is not None
            running.append(init)
            if not any(_is_super_init(call) for call in _statement_calls(init)):
                break
            position = next((i for i in range(position + 1, len(inits)) if inits[i] is not None), None)
        return running

    def _resolution_order(self, class_node: cst.ClassDef, depth: int = 0) -> list[cst.ClassDef] | None:
        """The C3 method resolution order of a class over its same-file bases; None when a base
        is neither a same-file class nor `object`, `abc.ABC` or a typing generic."""
        if depth > 6:
            return None
        outer = self.scope_of[class_node].parent
        bases = []
        for base in class_node.bases:
            if base.keyword is not None:
                continue
            named = self.class_named(base.value, outer) if outer is not None else None
            if named is None:
                if dotted(base.value) in ("object", "ABC", "abc.ABC", "Generic", "typing.Generic", "Protocol", "typing.Protocol"):
                    continue
                if isinstance(base.value, cst.Subscript):
                    continue  # `Generic[T]`
                return None
            bases.append(named)
        orders = []
        for base in bases:
            order = self._resolution_order(base, depth + 1)
            if order is None:
                return None
            orders.append(order)
        merged = [class_node]
        pending = [list(order) for order in orders] + [list(bases)]
        while any(pending):
            head = next(
                (seq[0] for seq in pending if seq and not any(seq[0] in other[1:] for other in pending)), None
            )
            if head is None:
                return None
            merged.append(head)
            pending = [seq[1:] if seq and seq[0] is head else seq for seq in pending]
        return merged

    def _passed_to_base_init(self, class_node: cst.ClassDef, init: cst.FunctionDef, attribute: str) -> cst.BaseExpression | None:
        """For a class whose `__init__` runs `super().__init__(model, variables)` and whose base's
        `__init__` stores a parameter as `self.<attribute>` (`self.model = model`): what the
        `super()` call passes for it, read in the class's own `__init__`."""
        base = self.base_init_call(class_node, init)
        if base is None:
            return None
        call, base_owner = base
        base_init = self.method_of(base_owner, "__init__")
        stored = self.self_attribute_values(base_owner, "__init__").get(attribute, [])
        if base_init is None or len(stored) != 1 or not isinstance(stored[0], cst.Name):
            return None
        found = self.scope_of[base_init].only_binding(stored[0].value)
        if found is None or not isinstance(found[1], cst.Param):
            return None
        params = [*base_init.params.posonly_params, *base_init.params.params][1:]
        position = next((i for i, p in enumerate(params) if p is found[1]), None)
        if position is None and found[1] not in base_init.params.kwonly_params:
            return None
        return argument(call, position if position is not None else len(call.args), found[1].name.value)

    def singledispatch_implementation(self, call: cst.Call, scope: Scope) -> cst.FunctionDef | None:
        """The function a call of a same-file `functools.singledispatch` function runs, when
        the same-file class of its first argument is known (`handle(RoastBatch(x), engine)`):
        the implementation registered for that class or the nearest of its bases
        (`@handle.register` on a def whose first parameter is annotated, or
        `@handle.register(RoastBatch)`), else the generic function itself. None when the call
        is not such a dispatch, or the class or a registration is not known. A registration
        for a class from elsewhere (`str`) matters only past a base from elsewhere, where
        nothing is picked."""
        if not isinstance(call.func, cst.Name) or not call.args or call.args[0].keyword is not None or call.args[0].star:
            return None
        found = scope.only_binding(call.func.value)
        if found is None or not isinstance(found[1], cst.FunctionDef):
            return None
        generic = found[1]
        if not any(self.qualify(d.decorator) == "functools.singledispatch" for d in generic.decorators):
            return None
        argument_class = self._instance_class(call.args[0].value, scope, attributes=True)
        registered = self._singledispatch_registrations(generic.name.value, found[0])
        if argument_class is None or registered is None:
            return None
        lineage = self._lineage(argument_class)
        for class_node in lineage:
            if class_node in registered:
                return registered[class_node]
        if any(base.keyword is None and self.class_named(base.value, found[0]) is None
               for class_node in lineage for base in class_node.bases):
            return None  # an outside base may have an implementation of its own
        return generic

    def _singledispatch_registrations(self, name: str, scope: Scope) -> dict[cst.ClassDef, cst.FunctionDef] | None:
        """The implementations `@<name>.register` adds in a scope, by the same-file class each
        is registered for; None when one does not say its class."""
        registered: dict[cst.ClassDef, cst.FunctionDef] = {}
        for values in scope.bindings.values():
            for function in values:
                if not isinstance(function, cst.FunctionDef):
                    continue
                for expression, dispatcher in dispatch_registrations(function):
                    if dispatcher != name:
                        continue
                    if isinstance(expression, cst.Call):
                        named = expression.args[0].value if expression.args else None
                    else:
                        first = function.params.params[0] if function.params.params else None
                        named = first.annotation.annotation if first is not None and first.annotation is not None else None
                    class_node = self.class_named(named, scope) if named is not None else None
                    if class_node is not None:
                        registered[class_node] = function
                    elif named is None:
                        return None
        return registered

    def _lineage(self, class_node: cst.ClassDef, depth: int = 0) -> list[cst.ClassDef]:
        """A class and its same-file bases, and theirs."""
        found = [class_node]
        for base in self.same_file_bases(class_node) if depth < 4 else []:
            found += [c for c in self._lineage(base, depth + 1) if c not in found]
        return found

    def init_helpers(self, class_node: cst.ClassDef, init: cst.FunctionDef) -> list[cst.FunctionDef]:
        """The methods `__init__` surely runs itself: statements `self.<method>(...)` in its own
        body, not under an `if` or a loop."""
        self_name = self.self_name(self.scope_of[init])
        helpers = []
        for call in _statement_calls(init):
            if (
                isinstance(call.func, cst.Attribute)
                and isinstance(call.func.value, cst.Name)
                and call.func.value.value == self_name
            ):
                owner = self.defining_class(class_node, call.func.attr.value)
                method = self.method_of(owner, call.func.attr.value) if owner is not None else None
                if method is not None:
                    helpers.append(method)
        return helpers

    def stored_by_init_helpers(
        self, class_node: cst.ClassDef, init: cst.FunctionDef, attribute: str
    ) -> list[tuple[cst.FunctionDef, list[cst.BaseExpression]]]:
        """What the methods a constructor surely runs (`self.init_ema(model)` in `__init__`, a
        mixin's too) store in `self.<attribute>`: each such method with its values, in order."""
        found = []
        for helper in self.init_helpers(class_node, init):
            owner = self.defining_class(class_node, helper.name.value)
            stored = self.self_attribute_values(owner, helper.name.value).get(attribute, []) if owner else []
            if stored:
                found.append((helper, stored))
        return found

    def base_init_call(self, class_node: cst.ClassDef, init: cst.FunctionDef) -> tuple[cst.Call, cst.ClassDef] | None:
        """A `super().__init__(...)` statement of `__init__`'s own body (not under an `if`), with
        the same-file class whose `__init__` it runs: that of the class's one base."""
        bases = self.same_file_bases(class_node)
        if len(bases) != 1 or len([b for b in class_node.bases if b.keyword is None]) != 1:
            return None
        for call in _statement_calls(init):
            if _is_super_init(call):
                owner = self.defining_class(bases[0], "__init__")
                return (call, owner) if owner is not None else None
        return None

    def same_file_bases(self, class_node: cst.ClassDef) -> list[cst.ClassDef]:
        """The same-file classes a class names as its bases."""
        class_scope = self.scope_of.get(class_node)
        outer = class_scope.parent if class_scope is not None else None
        if outer is None:
            return []
        found = [self.class_named(base.value, outer) for base in class_node.bases if base.keyword is None]
        return [base for base in found if base is not None]

    def defining_class(self, class_node: cst.ClassDef, method: str, depth: int = 0) -> cst.ClassDef | None:
        """The class whose `method` an object of `class_node` runs: its own, else that of its one
        same-file base that defines (or inherits) it; None when no same-file class does, or when
        a base is not known (a base of another file might define it first)."""
        found = self._method_owner(class_node, method, depth)
        return found if isinstance(found, cst.ClassDef) else None

    def _method_owner(self, class_node: cst.ClassDef, method: str, depth: int) -> cst.ClassDef | None | bool:
        """`defining_class`, or False when the class and its bases surely do not define it.
        The bases are searched in order: a same-file mixin listed before a library base
        (`class Model(NoiseMixin, nn.Module)`) gives its method first."""
        if self.method_of(class_node, method) is not None:
            return class_node
        if depth > 3:
            return None
        outer = self.scope_of[class_node].parent or self.module_scope
        owners: list[tuple[cst.ClassDef | None, cst.ClassDef | None]] = []  # (base, its owner)
        for base in class_node.bases:
            if base.keyword is not None:
                continue  # `metaclass=...`
            same_file = self.class_named(base.value, outer)
            if same_file is None:
                if not (isinstance(base.value, cst.Name) and base.value.value == "object"):
                    owners.append((None, None))  # a base of another file or a library might define it
                continue
            owner = self._method_owner(same_file, method, depth + 1) if same_file is not class_node else None
            if owner is not False:
                owners.append((same_file, owner))  # type: ignore[arg-type]
        if not owners:
            return False
        base, first = owners[0]
        if first is None or first is base:
            return first  # unknown, or defined by the first base that has it: it comes first
        # Inherited by that base: a later base sharing the ancestor may come before it
        # (`class D(B, C)` with `B(A)` and `C(A)` runs C's method first).
        return first if all(owner is first for _, owner in owners) else None

    def subclasses(self, class_node: cst.ClassDef) -> list[cst.ClassDef]:
        """The same-file classes that name `class_node` as a base, and theirs."""
        found: list[cst.ClassDef] = []
        for candidate, _ in self.classes:
            if candidate is not class_node and class_node in self.same_file_bases(candidate):
                found += [candidate, *self.subclasses(candidate)]
        return found

    def stored_callable(self, node: cst.Attribute, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """For `self.value_fn` read in a method: the function `__init__` (or a Linen module's
        `setup`) stores there (see `stored_by_init`), when it names a function, a lambda, a
        `functools.partial` of one (`self.value_fn = functools.partial(evaluate_leaf, model)`),
        a wrapper that runs it as it is (`jax.checkpoint(step)`) or a same-file factory's call
        (`self.step_fn = make_train_step(model, tx)`)."""
        found = self.stored_value(node, scope) or self._unpacked_store(node, scope) or self._object_stored_value(node, scope)
        if found is None:
            return None
        value, init_scope = found
        made = isinstance(value, cst.Call) and (
            self.qualify(value.func) in (PARTIAL, *SAME_FUNCTION_WRAPPERS)  # `jax.checkpoint(step)`
            or self.factory_of(value, init_scope) is not None  # `make_train_step(model, tx)`
        )
        if not (made or isinstance(value, (cst.Lambda, cst.Name, cst.Attribute, cst.Subscript))):
            return None
        return value, init_scope

    def _object_stored_value(self, node: cst.Attribute, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """For `adapter.sample` on an object of a same-file class (a name bound to its
        construction, or a parameter annotated with it) that defines no `sample`: the one value
        its `__init__` stores there, with the scope of `__init__`."""
        if not isinstance(node.value, cst.Name) or node.value.value == self.self_name(scope):
            return None
        class_node = self._instance_class(node.value, scope)
        if class_node is None or self.defining_class(class_node, node.attr.value) is not None:
            return None
        init = self.method_of(class_node, "__init__")
        values = self.self_attribute_values(class_node, "__init__").get(node.attr.value, []) if init is not None else []
        if init is None or len(values) != 1:
            return None
        return values[0], self.scope_of[init]

    def _unpacked_store(self, node: cst.Attribute, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """For `self.step` read in a method, with `self.step, self._bound = make_step(model,
        variables)` the one statement of `__init__` that sets it and nothing else setting it:
        its element of what every `return` of the same-file factory gives back, with the
        factory's scope (`return step, bound`)."""
        found = scope.enclosing_method()
        if found is None or not isinstance(node.value, cst.Name) or node.value.value != self.self_name(scope):
            return None
        class_node = found[1]
        init = self.method_of(class_node, "__init__")
        if init is None or any(
            node.attr.value in self.self_attribute_values(class_node, statement.name.value)
            for statement in class_node.body.body
            if isinstance(statement, cst.FunctionDef)
        ):
            return None
        init_scope = self.scope_of[init]
        self_name = self.self_name(init_scope)
        finder = _UnpackedAttributeStores(self_name, node.attr.value)
        walk(init.body, finder)
        if len(finder.found) != 1:
            return None
        returned = self.unpacked_values(Unpacked(*finder.found[0]), init_scope)
        if not returned or len({id(value) for value, _ in returned}) != 1:
            return None
        return returned[0]

    def stored_value(self, node: cst.Attribute, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """For `self.<attr>` read in a method: the one value `__init__` (or a Linen module's
        `setup`) stores there (see `stored_by_init`), with a parameter of `__init__` stored as
        is (`self.update_fn = update_fn`) followed to what the class's one construction in this
        file passes for it, or its default."""
        found = self.stored_by_init(node, scope) or self.stored_by_init(node, scope, "setup")
        if found is None:
            return None
        value, init_scope, class_node = found
        bound = init_scope.only_binding(value.value) if isinstance(value, cst.Name) else None
        if bound is not None and bound[0] is init_scope and isinstance(bound[1], cst.Param):
            return self._construction_argument(class_node, init_scope, bound[1])
        return value, init_scope

    def registry_constructions(self, class_node: cst.ClassDef) -> list[tuple[cst.Call, Scope]]:
        """Calls that build a class as the one class a module-level registry holds:
        `MODELS[name](...)`, or through a name bound once to such a pick (`cls = MODELS[name]`,
        then `cls(...)`)."""
        return [(call, scope) for call, scope, pick, pick_scope in self.pick_calls() if self.class_named(pick, pick_scope) is class_node]

    def pick_calls(self) -> list[tuple[cst.Call, Scope, cst.Subscript, Scope]]:
        """Every call of a pick from a module-level name, `REGISTRY[key](...)` or `fn(...)` with
        `fn` bound once to such a pick, with the call's scope, the pick and its scope (found
        once per file)."""
        found = self.derived.get(_SubscriptCalls)
        if not isinstance(found, _SubscriptCalls):
            found = self.derived[_SubscriptCalls] = _SubscriptCalls(self)
            walk(self.module, found)
            for called, calls in self.local_name_calls.items():
                for call, scope in calls:
                    bound = scope.only_binding(called)
                    if bound is not None and isinstance(bound[1], cst.Subscript) and isinstance(bound[1].value, cst.Name):
                        found.found.append((call, scope, bound[1], bound[0]))
        return found.found

    def _construction_argument(
        self, class_node: cst.ClassDef, init_scope: Scope, param: cst.Param
    ) -> tuple[cst.BaseExpression, Scope] | None:
        """What the one construction of a class in this file passes for a parameter of its
        `__init__` (`Learner(agent.update, 4)`), or the parameter's default when it passes
        nothing for it; None when there are several constructions or none."""
        init = init_scope.node
        class_scope = self.scope_of[class_node].parent
        sites = list(self.calls_of(class_node.name.value, class_scope)) if class_scope is not None else []
        sites += self.registry_constructions(class_node)
        if len(sites) != 1 or not isinstance(init, cst.FunctionDef) or any(a.star for a in sites[0][0].args):
            return None
        call, call_scope = sites[0]
        positional = [p.name.value for p in (*init.params.posonly_params, *init.params.params)][1:]
        name = param.name.value
        value = argument(call, positional.index(name), name) if name in positional else keyword_argument(call, name)
        if value is not None:
            return value, call_scope
        return (param.default, init_scope.parent or class_scope) if param.default is not None else None

    def _bound_method(self, instance_class: cst.ClassDef, node: cst.Attribute, scope: Scope) -> Body | None:
        """`physics.euler` with `physics = Physics()`, or `Physics().euler`: a bound method."""
        function = self.method_of(instance_class, node.attr.value)
        if function is None and self.defining_class(instance_class, node.attr.value) is None:
            stored = self.stored_callable(node, scope)  # `adapter.sample`, a partial `__init__` keeps
            if stored is None or isinstance(stored[0], cst.Attribute):
                return None  # a bound method of another object is judged at the call
            return self.resolve_callable(*stored, depth=1)
        if function is None or is_property(function):
            return None
        names = _parameter_names(function.params)
        if not is_staticmethod(function):
            names = names[1:]
        return Body(function, self.scope_of[function], "method", names)

    def _passed_object_method(self, node: cst.BaseExpression, scope: Scope) -> Body | None:
        """`ledger.charge` with `ledger` a parameter that every call of its function fills with
        an object of one same-file class no other class derives from (`simulate(QuotaLedger(),
        ...)`): that object's bound method."""
        if not (isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name)):
            return None
        found = scope.only_binding(node.value.value)
        if found is None or not isinstance(found[1], cst.Param):
            return None
        passed = self._parameter_values(found[1], found[0]) or []
        classes = {self._instance_class(value, value_scope) for value, value_scope in passed}
        class_node = classes.pop() if len(classes) == 1 and passed else None
        if class_node is None or self.subclasses(class_node):
            return None
        return self._bound_method(class_node, node, scope)

    def _resolve_partial(self, call: cst.Call, scope: Scope, depth: int, objects: bool = False) -> Body | None:
        target = call.args[0].value
        inner = self.resolve_callable(target, scope, depth + 1, objects) or self._passed_object_method(target, scope)
        if inner is None:
            return None
        bound_positional = 0
        bound_keywords = set()
        for arg in call.args[1:]:
            if arg.star:
                return None
            if arg.keyword is None:
                bound_positional += 1
            else:
                bound_keywords.add(arg.keyword.value)
        remaining = inner.parameters[bound_positional:]
        remaining = [name for name in remaining if name not in bound_keywords]
        return Body(inner.node, inner.scope, "partial", remaining)

    def _loop_call(self, qualified: QualifiedCall) -> LoopCall:
        kind = LOOP_KINDS[qualified.name]
        body_arg = argument(qualified.call, *_BODY_ARGUMENT[kind])
        body = (
            self.resolve_callable(body_arg, qualified.scope, objects=True) if body_arg is not None else None
        )
        init = argument(qualified.call, *_INIT_ARGUMENT[kind])
        return LoopCall(kind, qualified.call, qualified.scope, body, init)

    # -- values -----------------------------------------------------------------------------

    def value_of(self, name: str, scope: Scope) -> cst.BaseExpression | None:
        """The expression a name is bound to, when it is bound exactly once, by assignment."""
        found = scope.lookup(name)
        if found is None:
            return None
        _, values = found
        if len(values) == 1 and isinstance(values[0], cst.BaseExpression):
            return values[0]
        return None

    def reads_of(self, name: str, binding_scope: Scope) -> list[cst.Name]:
        """Every place the file reads the variable `name` bound in `binding_scope` (as Python's
        scoping resolves each read; attribute names, keywords and the def's own name are not
        reads)."""
        if self._name_reads is None:
            collector = _NameReads(self)
            walk(self.module, collector)
            self._name_reads = collector.reads
        found = []
        for node, scope in self._name_reads.get(name, ()):
            resolved = scope.lookup(name)
            if resolved is not None and resolved[0] is binding_scope:
                found.append(node)
        return found

    def is_parameter_only(self, name: str, scope: Scope) -> bool:
        """True when `name` in `scope` is a parameter never rebound in that scope."""
        values = scope.bindings.get(name, [])
        return len(values) == 1 and isinstance(values[0], cst.Param)


def _parameter_names(params: cst.Parameters) -> list[str]:
    return [p.name.value for p in (*params.posonly_params, *params.params)]


def _is_static(function: cst.FunctionDef) -> bool:
    """Without a `self`: a static or a class method."""
    return is_staticmethod(function) or is_classmethod(function)


def is_staticmethod(function: cst.FunctionDef) -> bool:
    return any(dotted(d.decorator) == "staticmethod" for d in function.decorators)


def is_property(function: cst.FunctionDef) -> bool:
    """`@property`, `@functools.cached_property`, or a property's `@x.setter`/`@x.getter`."""
    for decorator in function.decorators:
        name = dotted(decorator.decorator) or ""
        if name in ("property", "cached_property", "functools.cached_property") or name.endswith((".setter", ".getter", ".deleter")):
            return True
    return False


def is_classmethod(function: cst.FunctionDef) -> bool:
    return any(dotted(d.decorator) == "classmethod" for d in function.decorators)


def returns_of(function: cst.FunctionDef) -> list[cst.Return]:
    """The function's own return statements (not those of nested defs, lambdas or classes)."""
    collector = _ReturnCollector()
    walk(function.body, collector)
    return collector.returns


def yields(function: cst.FunctionDef) -> bool:
    collector = _ReturnCollector()
    walk(function.body, collector)
    return collector.yields


def dispatch_registrations(function: cst.FunctionDef) -> list[tuple[cst.BaseExpression, str]]:
    """The `@<name>.register` and `@<name>.register(Class)` decorators of a function: each
    decorator expression with the name of the dispatcher it registers with."""
    found = []
    for decorator in function.decorators:
        expression = decorator.decorator
        register = expression.func if isinstance(expression, cst.Call) else expression
        if isinstance(register, cst.Attribute) and register.attr.value == "register" and isinstance(register.value, cst.Name):
            found.append((expression, register.value.value))
    return found


def can_fall_off(function: cst.FunctionDef) -> bool:
    """Whether control can reach the end of the function body without return or raise."""
    body = function.body
    if isinstance(body, cst.SimpleStatementSuite):
        return not _simple_terminates(body.body)
    return not _block_terminates(body.body)


def _simple_terminates(statements: Sequence[cst.BaseSmallStatement]) -> bool:
    return any(isinstance(s, (cst.Return, cst.Raise)) for s in statements)


def _suite_terminates(suite: cst.BaseSuite) -> bool:
    if isinstance(suite, cst.SimpleStatementSuite):
        return _simple_terminates(suite.body)
    assert isinstance(suite, cst.IndentedBlock)
    return _block_terminates(suite.body)


def _block_terminates(statements: Sequence[cst.BaseStatement]) -> bool:
    return any(_statement_terminates(s) for s in statements)


def _statement_terminates(statement: cst.BaseStatement) -> bool:
    if isinstance(statement, cst.SimpleStatementLine):
        return _simple_terminates(statement.body)
    if isinstance(statement, cst.If):
        if statement.orelse is None:
            return False
        orelse = statement.orelse
        else_terminates = (
            _statement_terminates(orelse)
            if isinstance(orelse, cst.If)
            else _suite_terminates(orelse.body)
        )
        return _suite_terminates(statement.body) and else_terminates
    if isinstance(statement, cst.With):
        return _suite_terminates(statement.body)
    if isinstance(statement, cst.Try):
        if statement.finalbody is not None and _suite_terminates(statement.finalbody.body):
            return True
        main = _suite_terminates(statement.body) or (
            statement.orelse is not None and _suite_terminates(statement.orelse.body)
        )
        return main and all(_suite_terminates(h.body) for h in statement.handlers)
    if isinstance(statement, cst.While):
        # `while True:` without `break` never falls through.
        test = statement.test
        forever = isinstance(test, cst.Name) and test.value == "True"
        return forever and not _has_break(statement.body)
    return False


def _has_break(suite: cst.BaseSuite) -> bool:
    finder = _BreakFinder()
    walk(suite, finder)
    return finder.found


class _BreakFinder(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found = False

    def visit_Break(self, node: cst.Break) -> None:
        self.found = True

    def visit_For(self, node: cst.For) -> bool:
        return False  # a break in a nested loop leaves that loop only

    def visit_While(self, node: cst.While) -> bool:
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False


class _ReturnCollector(cst.CSTVisitor):
    def __init__(self) -> None:
        self.returns: list[cst.Return] = []
        self.yields = False

    def visit_Return(self, node: cst.Return) -> None:
        self.returns.append(node)

    def visit_Yield(self, node: cst.Yield) -> None:
        self.yields = True

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False


SCOPE_NODE_TYPES = frozenset({cst.FunctionDef, cst.Lambda, cst.ClassDef})  # the nodes that open a scope
_DECLARATION_TYPES = frozenset({cst.Import, cst.ImportFrom, cst.Global, cst.Nonlocal})


class _NameReads(SemanticVisitor):
    """Names read in expressions, with the scope each is read in. A name that is only stored
    (an assignment, `for` or `with` target, walrus, import or `global` declaration) is not a
    read; `x += 1` reads `x`, and `a[i] = v` reads `a` and `i`."""

    def __init__(self, index: ScanIndex) -> None:
        self.index = index
        self.scopes: list[Scope] = [index.module_scope]
        self.reads: dict[str, list[tuple[cst.Name, Scope]]] = {}

    def on_visit(self, node: cst.CSTNode) -> bool:
        # Exact types (all concrete LibCST classes): `isinstance` on LibCST's ABCs is slow, and
        # this runs on every node of the file.
        node_type = type(node)
        if node_type is cst.Name:
            self.reads.setdefault(node.value, []).append((node, self.scopes[-1]))
            return True
        if node_type in SCOPE_NODE_TYPES and node in self.index.scope_of:
            if node_type is not cst.Lambda:
                for decorator in node.decorators:
                    walk(decorator, self)
            if node_type is not cst.ClassDef:
                for param in _all_params(node.params):
                    if param.default is not None:
                        walk(param.default, self)
            self.scopes.append(self.index.scope_of[node])
            walk(node.body, self)
            self.scopes.pop()
            return False
        if node_type is cst.Attribute:
            walk(node.value, self)
            return False
        if node_type is cst.Arg:
            walk(node.value, self)
            return False
        if node_type in _DECLARATION_TYPES:
            return False
        if node_type is cst.AssignTarget:
            self._walk_store(node.target)
            return False
        if node_type is cst.AnnAssign:
            self._walk_store(node.target)
            walk(node.annotation, self)
            if node.value is not None:
                walk(node.value, self)
            return False
        if node_type is cst.For or node_type is cst.CompFor:
            # The iterable first, as Python evaluates it; then the target, then the rest.
            walk(node.iter, self)
            self._walk_store(node.target)
            for child in node.children:
                if child is not node.iter and child is not node.target:
                    walk(child, self)
            return False
        if node_type is cst.NamedExpr:
            walk(node.value, self)
            self._walk_store(node.target)
            return False
        if node_type is cst.AsName:
            self._walk_store(node.name)
            return False
        return True

    def _walk_store(self, target: cst.BaseExpression) -> None:
        """A store target: its bare names are not read; what an attribute or subscript target
        is taken of is."""
        if isinstance(target, cst.Name):
            return
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._walk_store(element.value)
            return
        if isinstance(target, cst.StarredElement):
            self._walk_store(target.value)
            return
        walk(target, self)


class _IndexBuilder(cst.CSTVisitor):
    """The single pass that fills a ScanIndex."""

    def __init__(self, index: ScanIndex, not_aliases: frozenset[str]) -> None:
        self.index = index
        self.scope = index.module_scope
        index.scope_of[index.module] = self.scope
        # Module-level names bound to a dotted name (`lax = jax.lax`), taken as imports by
        # another name; `not_aliases` are names the module binds more than once.
        self.not_aliases = not_aliases
        self.aliases: list[str] = []

    # -- scopes -----------------------------------------------------------------------------

    def _push(self, node: cst.CSTNode) -> None:
        self.scope = Scope(node, self.scope)
        self.index.scope_of[node] = self.scope

    def _pop(self) -> None:
        assert self.scope.parent is not None
        self.scope = self.scope.parent

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scope.bind(node.name.value, node)
        self._push(node)
        for param in _all_params(node.params):
            self.scope.bind(param.name.value, param)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._pop()

    def visit_Lambda(self, node: cst.Lambda) -> None:
        self._push(node)
        for param in _all_params(node.params):
            self.scope.bind(param.name.value, param)

    def leave_Lambda(self, original_node: cst.Lambda) -> None:
        self._pop()

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.scope.bind(node.name.value, node)
        self.index.classes.append((node, self.scope))
        self._push(node)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self._pop()

    # -- bindings ---------------------------------------------------------------------------

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._bind_target(target.target, node.value)
        if self.scope is self.index.module_scope and len(node.targets) == 1:
            target = node.targets[0].target
            if (
                isinstance(target, cst.Name)
                and isinstance(node.value, (cst.Name, cst.Attribute))
                and target.value not in self.not_aliases
                and target.value not in self.index.imports
            ):
                qualified = self.index.qualify(node.value)
                if qualified is not None:
                    self.index.imports[target.value] = qualified  # `lax = jax.lax`
                    self.aliases.append(target.value)
        if isinstance(node.value, cst.Call) and len(node.targets) == 1:
            target = node.targets[0].target
            if (
                isinstance(target, (cst.Tuple, cst.List))
                and len(target.elements) == 2
                and isinstance(target.elements[1].value, cst.Name)
                and target.elements[1].value.value == "_"
            ):
                self.index.outputs_unused.add(node.value)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if isinstance(node.value, cst.Call) and len(node.slice) == 1:
            element = node.slice[0].slice
            if (
                isinstance(element, cst.Index)
                and isinstance(element.value, cst.Integer)
                and element.value.value == "0"
            ):
                self.index.outputs_unused.add(node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._bind_target(node.target, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._bind_target(node.target, node)  # kept as the AugAssign: rules may read it

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._bind_target(node.target, node.value)

    def visit_For(self, node: cst.For) -> None:
        self._bind_target(node.target, OPAQUE)

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            self._bind_target(node.asname.name, OPAQUE)

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        if node.name is not None:
            self._bind_target(node.name.name, OPAQUE)

    def visit_Global(self, node: cst.Global) -> None:
        for item in node.names:
            self.scope.declared_elsewhere[item.name.value] = self.index.module_scope

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        for item in node.names:
            outer = self.scope.parent
            while outer is not None and (outer.is_class or item.name.value not in outer.bindings):
                outer = outer.parent
            if outer is not None and outer is not self.index.module_scope:
                self.scope.declared_elsewhere[item.name.value] = outer

    def _bind_target(self, target: cst.BaseExpression, value: Binding) -> None:
        if isinstance(target, cst.Name):
            self.scope.declared_elsewhere.get(target.value, self.scope).bind(target.value, value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            values = value.elements if isinstance(value, (cst.Tuple, cst.List)) else None
            pairs = values is not None and len(values) == len(target.elements) and not any(
                isinstance(e, cst.StarredElement) for e in (*target.elements, *values)
            )
            starred = any(isinstance(e, cst.StarredElement) for e in target.elements)
            for position, element in enumerate(target.elements):
                # `a, b = 1.0, 2.0` binds each name to its element; other unpacking is opaque.
                if pairs:
                    self._bind_target(element.value, values[position].value)  # type: ignore[index]
                elif isinstance(value, cst.BaseExpression) and not starred:
                    self._bind_target(element.value, Unpacked(value, position))
                else:
                    self._bind_target(element.value, OPAQUE)
        elif isinstance(target, cst.StarredElement):
            self._bind_target(target.value, OPAQUE)

    # -- imports ----------------------------------------------------------------------------

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            full = dotted(alias.name)
            if full is None:
                continue
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
                self.index.imports[local] = full
            else:
                local = full.split(".")[0]
                self.index.imports[local] = local
            self.scope.bind(local, node)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if node.relative or node.module is None:
            # `from .steps import step`: a project name, bound here; the project index follows it.
            if not isinstance(node.names, cst.ImportStar):
                for alias in node.names:
                    local = alias.asname.name if alias.asname is not None else alias.name
                    if isinstance(local, cst.Name):
                        self.scope.bind(local.value, node)
            return
        module = dotted(node.module)
        if module is None:
            return
        if isinstance(node.names, cst.ImportStar):
            self.index.star_imports.append(canonical(module + ".")[:-1])
            return
        for alias in node.names:
            name = dotted(alias.name)
            if name is None:
                continue
            local = name
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
            self.index.imports[local] = f"{module}.{name}"
            self.scope.bind(local, node)

    # -- calls ------------------------------------------------------------------------------

    def visit_Call(self, node: cst.Call) -> None:
        name = self.index.qualify(node.func)
        if name is not None:
            self.index.calls.append(QualifiedCall(name, node, self.scope))
        elif isinstance(node.func, cst.Name):
            self.index.local_name_calls.setdefault(node.func.value, []).append((node, self.scope))
        elif isinstance(node.func, cst.Call):
            self.index.result_called_by[node.func] = (node, self.scope)


def _all_params(params: cst.Parameters) -> Iterator[cst.Param]:
    yield from params.posonly_params
    yield from params.params
    if isinstance(params.star_arg, cst.Param):
        yield params.star_arg
    yield from params.kwonly_params
    if params.star_kwarg is not None:
        yield params.star_kwarg


class _SubscriptCalls(cst.CSTVisitor):
    def __init__(self, index: ScanIndex) -> None:
        self.index = index
        self.found: list[tuple[cst.Call, Scope, cst.Subscript, Scope]] = []
        self.scopes: list[Scope] = [index.module_scope]

    def on_visit(self, node: cst.CSTNode) -> bool:
        scope = self.index.scope_of.get(node)
        if scope is not None:
            self.scopes.append(scope)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Subscript) and isinstance(node.func.value, cst.Name):
            self.found.append((node, self.scopes[-1], node.func, self.scopes[-1]))
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if self.index.scope_of.get(original_node) is not None:
            self.scopes.pop()


class _UnpackedAttributeStores(cst.CSTVisitor):
    """`self.a, self.b = make(...)` statements of one method's own code that unpack a value that
    is not a literal into `self.<attribute>`: the value and the attribute's position."""

    def __init__(self, self_name: str | None, attribute: str) -> None:
        self.self_name = self_name
        self.attribute = attribute
        self.found: list[tuple[cst.BaseExpression, int]] = []

    def visit_Assign(self, node: cst.Assign) -> None:
        if isinstance(node.value, (cst.Tuple, cst.List)):
            return
        for target in node.targets:
            elements = target.target.elements if isinstance(target.target, (cst.Tuple, cst.List)) else []
            if any(isinstance(e, cst.StarredElement) for e in elements):
                continue
            for position, element in enumerate(elements):
                value = element.value
                if (
                    isinstance(value, cst.Attribute)
                    and isinstance(value.value, cst.Name)
                    and value.value.value == self.self_name
                    and value.attr.value == self.attribute
                ):
                    self.found.append((node.value, position))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


class _SelfAssignments(cst.CSTVisitor):
    def __init__(self, self_name: str | None) -> None:
        self.self_name = self_name
        self.values: dict[str, list[cst.BaseExpression]] = {}

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._assign(target.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._assign(node.target, node.value)

    def _assign(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == self.self_name:
            self.values.setdefault(target.attr.value, []).append(value)
        elif (
            isinstance(target, (cst.Tuple, cst.List))
            and isinstance(value, (cst.Tuple, cst.List))
            and len(target.elements) == len(value.elements)
            and not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements))
        ):
            for part, part_value in zip(target.elements, value.elements):  # `self.a, self.b = a, b`
                self._assign(part.value, part_value.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False


def _is_abstract(method: cst.FunctionDef) -> bool:
    """Whether a method only declares itself for subclasses: `@abstractmethod`, or a body of
    nothing but a docstring, `...`, `pass` or `raise NotImplementedError`."""
    for decorator in method.decorators:
        if dotted(decorator.decorator) in ("abstractmethod", "abc.abstractmethod"):
            return True
    body = method.body
    statements = body.body if isinstance(body, cst.IndentedBlock) else [body]
    for statement in statements:
        for small in statement.body if isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) else [statement]:
            if isinstance(small, cst.Pass):
                continue
            if isinstance(small, cst.Expr) and isinstance(small.value, (cst.Ellipsis, cst.SimpleString, cst.ConcatenatedString)):
                continue
            raised = small.exc.func if isinstance(small, cst.Raise) and isinstance(small.exc, cst.Call) else getattr(small, "exc", None)
            if isinstance(small, cst.Raise) and raised is not None and dotted(raised) == "NotImplementedError":
                continue
            return False
    return True


def _is_super_init(call: cst.Call) -> bool:
    """`super().__init__(...)`."""
    return (
        isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "__init__"
        and isinstance(call.func.value, cst.Call)
        and isinstance(call.func.value.func, cst.Name)
        and call.func.value.func.value == "super"
        and not call.func.value.args
    )


def _statement_calls(function: cst.FunctionDef) -> list[cst.Call]:
    """The calls that are whole statements of a function's own body, not under an `if` or a
    loop (`self.init_ema(model)`, `super().__init__(d, rngs=rngs)`)."""
    calls = []
    for statement in function.body.body if isinstance(function.body, cst.IndentedBlock) else []:
        line = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 else None
        if isinstance(line, cst.Expr) and isinstance(line.value, cst.Call):
            calls.append(line.value)
    return calls


def _string_value(node: cst.BaseExpression | None) -> str | None:
    value = node.evaluated_value if isinstance(node, cst.SimpleString) else None
    return value if isinstance(value, str) else None


def _iterated_by(name: str, function: cst.CSTNode) -> tuple[cst.BaseExpression, int | None] | None:
    """What the one `for` statement or comprehension clause of a function (not of functions
    inside it) that binds `name` goes over, with the position of `name` in a flat tuple target
    (`for name, width in spec`), None for the whole target; None when several or none bind it."""
    finder = _LoopVariableSources(name)
    walk(function, finder)
    return finder.iterated[0] if len(finder.iterated) == 1 and not finder.other_bindings else None


def _unpacked_item(element: cst.BaseExpression, position: int | None) -> cst.BaseExpression | None:
    """An element of what a loop goes over, or its item at a tuple target's position."""
    if position is None:
        return element
    if not isinstance(element, (cst.Tuple, cst.List)) or len(element.elements) <= position:
        return None
    item = element.elements[position]
    return None if isinstance(item, cst.StarredElement) else item.value


class _LoopVariableSources(OwnCodeVisitor):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.iterated: list[tuple[cst.BaseExpression, int | None]] = []
        self.other_bindings = False

    def _bind(self, target: cst.BaseExpression, iterated: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name) and target.value == self.name:
            self.iterated.append((iterated, None))
        elif isinstance(target, (cst.Tuple, cst.List)) and all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements
        ) and any(e.value.value == self.name for e in target.elements):  # type: ignore[attr-defined]
            position = next(i for i, e in enumerate(target.elements) if e.value.value == self.name)  # type: ignore[attr-defined]
            self.iterated.append((iterated, position))
        elif any(isinstance(n, cst.Name) and n.value == self.name for n in _target_names(target)):
            self.other_bindings = True

    def visit_For(self, node: cst.For) -> None:
        self._bind(node.target, node.iter)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._bind(node.target, node.iter)


def _target_names(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for element in target.elements for n in _target_names(element.value)]
    return []


class _RegistryStores(cst.CSTVisitor):
    """The values of `<registry>[key] = value` statements in a file, each with the function it
    sits in (None at module level)."""

    def __init__(self, registry: str) -> None:
        self.registry = registry
        self.values: list[tuple[cst.BaseExpression, cst.BaseExpression, cst.FunctionDef | None]] = []
        self.functions: list[cst.FunctionDef] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.functions.append(node)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.functions.pop()

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Subscript) and isinstance(target.target.value, cst.Name):
                if target.target.value.value == self.registry:
                    index = target.target.slice[0].slice if len(target.target.slice) == 1 else None
                    key = index.value if isinstance(index, cst.Index) else target.target
                    self.values.append((key, node.value, self.functions[-1] if self.functions else None))

