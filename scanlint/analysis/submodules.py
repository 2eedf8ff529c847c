"""Linen submodules a loop body uses: which submodule a call reaches, and whether the body is
where `init` first calls it (no earlier call outside the loop, no lifted transform).

SCN102, SCN103 and SCN104 share these facts.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.analysis.flax_model import (
    LIFTED_MODULE_TRANSFORMS,
    BodyCode,
    CallFinder,
    FlaxFile,
    body_loop_over,
    branch_functions,
    branch_operands,
    literal_element,
)
from scanlint.analysis.resolver import Scope, can_fall_off, dotted, returns_of
from scanlint.analysis.run_flags import run_flags
from scanlint.analysis.walk import SemanticVisitor, walk
from scanlint.index.names import PARTIAL


@dataclass(frozen=True)
class Submodule:
    """A Linen submodule built outside the body: `self.<attr>` from setup, or a local name."""

    label: str  # how the code spells it: "self.cell", "cell"
    construction: cst.Call | None  # the constructor call, when a single one is seen
    scope: Scope | None = None  # where the construction is written, when not at module level

    def made_class(self, flax: FlaxFile) -> cst.ClassDef | None:
        """The same-file class the construction makes, read where it is written (`head_cls =
        nn.remat(Head) if cfg.remat else Head` in `setup`, then `head_cls(...)`)."""
        if self.construction is None:
            return None
        return flax.lifted_local_class(self.construction.func, self.scope or flax.index.module_scope)


def submodule_called(
    flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope
) -> Submodule | None:
    """The outside-built Linen submodule a call in the body runs, if any."""
    return submodule_named(flax, code, call.func, scope)


def submodule_method_called(
    flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope
) -> tuple[Submodule, str] | None:
    """`self.decoder.refine(z)` in the body: an outside-built submodule of a same-file Linen
    class, run through a method its class defines (which builds its parameters as `__call__`
    would), with the method's name. The method may be taken outside the body (see
    `_method_taken`)."""
    func, scope = _method_taken(flax, code, call.func, scope)
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, (cst.Attribute, cst.Name))):
        return None
    submodule = submodule_named(flax, code, func.value, scope)
    class_node = submodule.made_class(flax) if submodule is not None else None
    if class_node is None or not flax.is_linen(class_node) or func.attr.value.startswith("__"):
        return None
    return (submodule, func.attr.value) if flax.index.method_of(class_node, func.attr.value) is not None else None


def _method_taken(
    flax: FlaxFile, code: BodyCode, func: cst.BaseExpression, scope: Scope, depth: int = 0
) -> tuple[cst.BaseExpression, Scope]:
    """What a called name in the body stands for when it was taken from a method outside the
    body: a loop wrapper's parameter filled with `functools.partial(self.func.dynamics,
    scale=0.5)`, or a name bound to `self.func.dynamics` or a partial of it."""
    if depth > 3:
        return func, scope
    bound = code.bound_argument(func, scope)
    if bound is not None and bound[0] is not func:
        return _method_taken(flax, code, *bound, depth + 1)
    if isinstance(func, cst.Call) and flax.index.qualify(func.func) == PARTIAL and func.args:
        return _method_taken(flax, code, func.args[0].value, scope, depth + 1)
    if isinstance(func, cst.Name) and not code.binds(func.value, scope):
        found = scope.only_binding(func.value)
        if found is not None and isinstance(found[1], (cst.Call, cst.Attribute)):
            return _method_taken(flax, code, found[1], found[0], depth + 1)
    return func, scope


def submodule_passed(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Submodule | None:
    """An outside-built Linen submodule the body passes to a same-file helper that calls it:
    `update(self.cell, h, x)` with `def update(cell, h, x): return cell(h) + x`, or to the
    branches of `nn.cond(p, residual, plain, proj, h)`, which run `residual(proj, h)`."""
    runs = [(call.func, list(call.args))]
    runs += [(branch, branch_operands(flax.index, call)) for branch in branch_functions(flax.index, call, scope)]
    for func, args in runs:
        helper = flax.index.resolve_callable(func, scope)
        if helper is None or not isinstance(helper.node, cst.FunctionDef) or helper.node not in code.functions:
            continue
        called = {c.func.value for c, s in code.calls if isinstance(c.func, cst.Name) and s is helper.scope}
        for name, arg in zip(helper.parameters, args):
            if arg.keyword is not None or arg.star:
                break
            if name in called:
                submodule = submodule_named(flax, code, arg.value, scope)
                if submodule is not None:
                    return submodule
    return None


def submodule_named(flax: FlaxFile, code: BodyCode, func: cst.BaseExpression, scope: Scope) -> Submodule | None:
    """The outside-built Linen submodule an expression in the body names, if any, also through
    a parameter that a `functools.partial` or a factory fills (`partial(step, cell)`)."""
    bound = code.bound_argument(func, scope)
    if bound is not None and bound[0] is not func:
        return submodule_named(flax, code, *bound)
    if isinstance(func, cst.Call) and flax.index.qualify(func.func) == PARTIAL and func.args:
        return submodule_named(flax, code, func.args[0].value, scope)  # `partial(dyn, train=True)`
    if isinstance(func, cst.Name) and not code.binds(func.value, scope):
        value = flax.index.value_of(func.value, scope)
        if isinstance(value, cst.Call) and flax.index.qualify(value.func) == PARTIAL and value.args:
            found = scope.lookup(func.value)
            return submodule_named(flax, code, value.args[0].value, found[0]) if found is not None else None
    if isinstance(func, cst.Name) and code.binds(func.value, scope):
        iterated = body_loop_over(code, func, scope)  # `for layer in self.layers: h = layer(h)`
        if isinstance(iterated, (cst.Attribute, cst.Subscript)):
            return submodule_named(flax, code, iterated, scope)
        captured = _captured_loop_element(flax, func, scope)  # `lambda z, l=l: l(z) for l in ...`
        if captured is not None:
            return submodule_named(flax, code, *captured)
        return None
    if isinstance(func, cst.Subscript):
        element = _container_element(func, scope)
        if element is not None:  # `parts["dec"](z)` with `parts = {"dec": self.decoder, ...}`
            return submodule_named(flax, code, *element)
        func = func.value  # `self.layers[i](x)`
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute):
        return _nested_submodule(flax, code, func, scope)
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        class_node = flax.linen_self(func.value, scope)
        setup = flax.index.method_of(class_node, "setup") if class_node is not None else None
        if class_node is not None and flax.submodule_field(class_node, func.attr.value):
            owner = flax.index.self_name(code.loop.scope) or func.value.value
            modules = flax.field_modules(class_node, func.attr.value)
            if len({flax.linen_module_class(call.func, call_scope) for call, call_scope in modules}) == 1:
                # `LiftMonitor(hooks=(FlagCounter(0.5), FlagCounter(0.8)))`: modules of one class,
                # each run where the body runs one (a `for` over them runs them all)
                return Submodule(f"{owner}.{func.attr.value}", modules[0][0], modules[0][1])
            return Submodule(f"{owner}.{func.attr.value}", None)
        if class_node is None or setup is None:
            return None
        values = flax.self_attribute_values(class_node, "setup").get(func.attr.value, [])
        setup_scope = flax.index.scope_of[setup]
        constructions = _linen_constructions(flax, [c for v in values for c in _constructions(v)], setup_scope)
        if not constructions:
            return None
        only = constructions[0] if len(constructions) == 1 else None
        # Spelled with the scanning method's `self`, also when the body reaches the module through
        # another name (`functools.partial(step, self)`, `nn.cond(..., self, ...)`).
        owner = flax.index.self_name(code.loop.scope) or func.value.value
        return Submodule(f"{owner}.{func.attr.value}", only, setup_scope)
    if isinstance(func, cst.Name) and not code.binds(func.value, scope):
        found = scope.only_binding(func.value)
        if found is not None and isinstance(found[1], (cst.List, cst.ListComp)):
            made = _constructions(found[1])  # `experts = [nn.Dense(8) for _ in range(3)]`
            owner = found[0].enclosing_method()
            if made and owner is not None and flax.is_linen(owner[1]) and all(
                flax.linen_module_class(c.func, found[0]) is not None for c in made
            ):
                return Submodule(func.value, made[0] if len(made) == 1 else None, found[0])
            return None
        if found is None or not isinstance(found[1], cst.Call):
            return None
        binding_scope, value = found
        method = binding_scope.enclosing_method()
        if method is None or not flax.is_linen(method[1]):
            return None
        if flax.linen_module_class(value.func, binding_scope) is None:
            return _built_by_factory(flax, func.value, value, binding_scope)
        return Submodule(func.value, value, binding_scope)
    return None


def _linen_constructions(flax: FlaxFile, calls: list[cst.Call], scope: Scope) -> list[cst.Call]:
    """The Linen module constructions `setup` stores: each call that builds a Linen class, or a
    same-file builder's call (`build_cell(self.cfg)`) or registry pick (`CELLS[name](...)`,
    also of lambdas returning Flax layers) whose every object, by the object flow, is a Linen
    layer's or a same-file Linen class's construction; empty when one call builds anything
    else or is not known."""
    found: list[cst.Call] = []
    for call in calls:
        if flax.linen_module_class(call.func, scope) is not None:
            found.append(call)
            continue
        made = flax.flow.values(call, scope) or []
        # each object makes variables: one of several kinds that made none (`nn.Dropout`) would
        # be lost once the submodule stands for all of them
        if not made or not all(
            isinstance(value, cst.Call)
            and not flax.is_linen_dropout(value.func)
            and (
                flax.linen_module_class(value.func, value_scope) is not None  # `nn.GRUCell(...)` a lambda returns
                or (
                    bool(classes := flax.flow.classes_made(value))
                    and all(flax.is_linen(k) and not flax.linen_class_without_variables(k) for k in classes)
                )
            )
            for value, value_scope in made
        ):
            return []
        found += [value for value, _ in made]  # type: ignore[misc]
    return found


def _built_by_factory(flax: FlaxFile, name: str, call: cst.Call, scope: Scope) -> Submodule | None:
    """`cell = rematerialise(Cell, features=8)` in a Linen method, with a same-file factory
    building one same-file Linen module (`return nn.remat(cell_cls)(**kwargs)`): that
    construction, by the object flow."""
    made = flax.flow.values(call, scope)
    construction = made[0][0] if made is not None and len(made) == 1 else None
    classes = flax.flow.classes_made(construction) if isinstance(construction, cst.Call) else set()
    if len(classes) == 1 and flax.is_linen(next(iter(classes))):
        return Submodule(name, construction)  # type: ignore[arg-type]
    # `head = build_head(spec)` returning `nn.Sequential([...])` from each factory a registry
    # holds: constructions of one Flax layer class
    layers = {
        flax.index.qualify(value.func) if isinstance(value, cst.Call) and flax.linen_module_class(value.func, value_scope) else None
        for value, value_scope in made or []
    }
    if len(layers) != 1 or None in layers or not (made and all(isinstance(v, cst.Call) for v, _ in made)):
        return None
    return Submodule(name, made[0][0], made[0][1])  # type: ignore[arg-type]


def _nested_submodule(flax: FlaxFile, code: BodyCode, func: cst.Attribute, scope: Scope) -> Submodule | None:
    """`self.encoder.mixer`: a submodule that the `setup` of an outside submodule's same-file
    Linen class makes."""
    outer = submodule_named(flax, code, func.value, scope)
    class_node = outer.made_class(flax) if outer is not None else None
    setup = flax.index.method_of(class_node, "setup") if class_node is not None and flax.is_linen(class_node) else None
    if outer is None or class_node is None or setup is None:
        return None
    values = flax.self_attribute_values(class_node, "setup").get(func.attr.value, [])
    constructions = [c for v in values for c in _constructions(v)]
    setup_scope = flax.index.scope_of[setup]
    if not constructions or not all(flax.linen_module_class(c.func, setup_scope) for c in constructions):
        return None
    return Submodule(f"{outer.label}.{func.attr.value}", constructions[0] if len(constructions) == 1 else None, setup_scope)


def _captured_loop_element(flax: FlaxFile, name: cst.Name, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
    """`e` in `[lambda h, e=e: e(h) for e in experts]`: a lambda parameter whose default captures
    the comprehension's loop variable stands for an element of what the comprehension iterates
    (returned with the scope the comprehension is in)."""
    found = scope.only_binding(name.value)
    if found is None or not isinstance(found[1], cst.Param) or not isinstance(found[0].node, cst.Lambda):
        return None
    lambda_scope, param = found
    default = param.default
    parents = run_flags(flax).parents
    comprehension = parents.get(lambda_scope.node)
    if not isinstance(default, cst.Name) or not isinstance(comprehension, cst.ListComp) or lambda_scope.parent is None:
        return None
    loop = comprehension.for_in
    if loop.inner_for_in is not None or not isinstance(loop.target, cst.Name) or loop.target.value != default.value:
        return None
    return _enumerated(loop.iter), lambda_scope.parent


def _container_element(node: cst.Subscript, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
    """`parts["dec"]`, `pair[0]`: the element a literal key picks from a dict, list or tuple
    literal a name is bound to once, with the scope the literal is in."""
    if not isinstance(node.value, cst.Name) or len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    key = node.slice[0].slice.value
    found = scope.only_binding(node.value.value)
    if found is None or not isinstance(key, (cst.SimpleString, cst.Integer)):
        return None
    container = found[1]
    picked = literal_element(container, key) if isinstance(container, (cst.Dict, cst.List, cst.Tuple)) else None
    return (picked, found[0]) if picked is not None else None


def _constructions(value: cst.BaseExpression) -> list[cst.Call]:
    """Constructor calls in `nn.Dense(...)`, `[nn.Dense(...), ...]` or `[nn.Dense(...) for ...]`."""
    if isinstance(value, cst.Call):
        return [value]
    if isinstance(value, (cst.List, cst.Tuple)):
        return [e.value for e in value.elements if isinstance(e.value, cst.Call)]
    if isinstance(value, (cst.ListComp, cst.GeneratorExp)) and isinstance(value.elt, cst.Call):
        return [value.elt]
    return []


def _one_return(flax: FlaxFile, call: cst.Call, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
    """The one expression a module-level helper a call runs returns, with the helper's scope."""
    helper = flax.index.resolve_callable(call.func, scope)
    if helper is None or helper.via != "def" or not isinstance(helper.node, cst.FunctionDef):
        return None
    returns = returns_of(helper.node)
    if len(returns) != 1 or returns[0].value is None or can_fall_off(helper.node):
        return None
    return returns[0].value, flax.index.scope_of[helper.node]


def _same_submodule(node: cst.BaseExpression, label: str) -> bool:
    if isinstance(node, cst.Subscript):
        node = node.value
    return dotted(node) == label


def called_before_scan(flax: FlaxFile, code: BodyCode, submodule: Submodule) -> bool:
    """Whether the method holding the scan calls the submodule before the scan call ends,
    outside every raw loop body (also through another name for `self`, as in the branches of
    `nn.cond(..., self, ...)`)."""
    loop = code.loop
    method = loop.scope.enclosing_method()
    root = method[0] if method is not None else loop.scope.node
    bodies = {other.body.node for other in flax.index.loops if other.body is not None} | code.functions
    owner = method[1] if method is not None else None
    finder = _EarlierCall(flax, submodule, owner, loop.call, bodies, code.functions)
    walk(root, finder)
    if finder.found or _wrapper_calls_outside_loop(flax, code, submodule):
        return True
    attribute = submodule.label.split(".", 1)[1] if "." in submodule.label else None
    return (
        method is not None
        and attribute is not None
        and flax.called_through_methods_before(method[0], loop.call, attribute)
    )


def _wrapper_calls_outside_loop(flax: FlaxFile, code: BodyCode, submodule: Submodule) -> bool:
    """For a loop a module-level wrapper runs (`odeint(self.field, y0, ts)`): whether the
    wrapper also calls the parameter given the submodule outside its loop bodies (`f(y0)` to
    build the initial carry), which is then an earlier call."""
    if code.wrapper is None:
        return False
    parameters = {
        param.name.value
        for param, (value, _) in code.bound_arguments.items()
        if _same_submodule(value, submodule.label)
    }
    wrapper = code.loop.call.func
    found = flax.index.resolve_callable(wrapper, code.loop.scope)
    if not parameters or found is None:
        return bool(parameters)  # not known: count it as called
    bodies = {other.body.node for other in flax.index.loops if other.body is not None} | code.functions
    calls = CallFinder(bodies)
    walk(found.node, calls)
    return any(isinstance(call.func, cst.Name) and call.func.value in parameters for call in calls.calls)


class _EarlierCall(SemanticVisitor):
    def __init__(
        self,
        flax: FlaxFile,
        submodule: Submodule,
        owner: cst.ClassDef | None,
        scan_call: cst.Call,
        bodies: set[cst.CSTNode],
        body_code: set[cst.CSTNode],
    ) -> None:
        self.flax = flax
        self.body_code = body_code  # the functions the loop's body runs: calling one runs the submodule
        label = self.label = submodule.label
        made = submodule.made_class(flax)
        self.own_class = made if made is not None and flax.is_linen(made) else None  # a same-file class
        self.attribute = label.split(".", 1)[1] if "." in label else None
        self.owner = owner
        self.scan_call = scan_call
        self.bodies = bodies
        self.scopes: list[Scope] = []  # the functions the walk is inside, innermost last
        self.loop_targets: set[str] = set()  # names `for` statements bind to the submodules
        self.done = False
        self.found = False

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self.done or node in self.bodies:
            return False
        if isinstance(node, (cst.FunctionDef, cst.Lambda)):
            self.scopes.append(self.flax.index.scope_of[node])
        if isinstance(node, cst.For):
            self.loop_targets |= _for_target(node, self.label)
        element = (
            _container_element(node.func, self.scopes[-1])
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Subscript) and self.scopes
            else None
        )
        if isinstance(node, cst.Call) and (
            (isinstance(node.func, cst.Name) and node.func.value in self.loop_targets)
            or _same_submodule(node.func, self.label)
            or self._method_of_it(node.func)
            or self._through_its_attribute(node.func)
            or (element is not None and _same_submodule(element[0], self.label))
            or self._through_alias(node)
            or self._runs_the_body(node)
            # `helper(self.cell, x)`; `functools.partial(step, cell)` or a factory making a loop
            # body (`make_step(cell)`) only binds it, for later.
            or (
                node not in self.flax.body_makers()
                and node is not self.scan_call  # the loop (or the wrapper running it) itself
                and self.flax.index.qualify(node.func) != PARTIAL
                and any(_same_submodule(arg.value, self.label) for arg in node.args)
            )
        ):
            self.found = True
        return True

    def _runs_the_body(self, call: cst.Call) -> bool:
        """`prev = recycle(0, prev)` before `fori_loop(0, n, recycle, prev)`: the body (or a
        helper it runs that calls the submodule, directly or through the helpers it runs)
        called once outside the loop, unless never while `init` runs. A helper that does not
        reach the submodule (`self.trunk(h0)` before a body that runs `self.recycle` and then
        `self.trunk`) is not an earlier call of it."""
        if not self.scopes:
            return False
        found = self.flax.index.resolve_callable(call.func, self.scopes[-1])
        if found is None or found.node not in self.body_code or not self._reaches(found.node, set()):
            return False
        return not run_flags(self.flax).never_while_initializing(call)

    def _reaches(self, function: cst.CSTNode, seen: set[cst.CSTNode]) -> bool:
        """Whether a function of the body's code calls the submodule, or runs one that does."""
        if function in seen or len(seen) > 8:
            return False
        seen.add(function)
        calls = CallFinder()
        walk(function, calls)
        looped = self.loop_targets | _loop_targets_over(function, self.label)  # `for layer in self.layers`
        for call in calls.calls:
            func = call.func
            method_of_it = isinstance(func, cst.Attribute) and _same_submodule(func.value, self.label)  # `self.tracker.score(...)`
            if _same_submodule(func, self.label) or method_of_it or (isinstance(func, cst.Name) and func.value in looped):
                return True
            if any(_same_submodule(arg.value, self.label) for arg in call.args):
                return True  # `helper(self.cell, x)`, `partial(step, self.cell)`: not followed
            inner = self.flax.index.resolve_callable(call.func, self.flax.index.scope_of.get(function) or self.scopes[-1])
            if inner is not None and inner.node in self.body_code and self._reaches(inner.node, seen):
                return True
        return False

    def _method_of_it(self, func: cst.BaseExpression) -> bool:
        """`self.func.dynamics(t, y)`, or `f(t, y)` after `f = self.func.dynamics` or `f =
        functools.partial(self.func.dynamics, scale=0.5)`: a method the submodule's same-file
        class defines (a library cell's `initialize_carry` builds nothing)."""
        if isinstance(func, cst.Name) and self.scopes:
            found = self.scopes[-1].only_binding(func.value)
            func = found[1] if found is not None else None
            if isinstance(func, cst.Call) and self.flax.index.qualify(func.func) == PARTIAL and func.args:
                func = func.args[0].value
        method = (
            self.flax.index.method_of(self.own_class, func.attr.value)
            if isinstance(func, cst.Attribute) and _same_submodule(func.value, self.label) and self.own_class is not None
            else None
        )
        return method is not None and not _builds_nothing(self.flax, self.own_class, method)  # type: ignore[arg-type]

    def _through_its_attribute(self, func: cst.BaseExpression) -> bool:
        """`self.policy.explorer.round_key()`: a call through an attribute of the submodule, of a
        same-file class that builds its variables in `setup` and has no `@nn.compact` method. Reading
        the attribute runs the submodule's `setup`, which creates all of them."""
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute)) or self.own_class is None:
            return False
        if not _same_submodule(func.value.value, self.label):
            return False
        index = self.flax.index
        if index.defining_class(self.own_class, "setup") is None:
            return False
        return not any(
            (index.qualify(d.decorator) or "").endswith("compact")
            for each in (self.own_class, *index.same_file_bases(self.own_class))
            for statement in each.body.body
            if isinstance(statement, cst.FunctionDef)
            for d in statement.decorators
        )

    def _through_alias(self, call: cst.Call) -> bool:
        """`mdl.cell(x)` where `mdl` is the module's `self` under another name."""
        func = call.func.value if isinstance(call.func, cst.Subscript) else call.func
        if self.owner is None or self.attribute is None or not self.scopes:
            return False
        if not (isinstance(func, cst.Attribute) and func.attr.value == self.attribute and isinstance(func.value, cst.Name)):
            return False
        return self.flax.self_class(func.value, self.scopes[-1]) is self.owner

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if self.scopes and self.scopes[-1].node is original_node:  # not a skipped loop body's
            self.scopes.pop()
        if original_node is self.scan_call:
            self.done = True


def _builds_nothing(flax: FlaxFile, class_node: cst.ClassDef, method: cst.FunctionDef) -> bool:
    """Whether running a method of a Linen class can create none of its variables: not
    `@nn.compact`, in a class without `setup`, and reading of `self` only the class's declared
    fields (`initial_carry` returning `jnp.zeros((batch, self.features))`)."""
    if flax.index.defining_class(class_node, "setup") is not None or any(
        (flax.index.qualify(d.decorator) or "").endswith("compact") for d in method.decorators
    ):
        return False
    self_name = flax.index.self_name(flax.index.scope_of[method])
    reads = _SelfReads(self_name)
    walk(method.body, reads)
    fields = {
        line.body[0].target.value
        for each in (class_node, *flax.index.same_file_bases(class_node))
        for line in each.body.body
        if isinstance(line, cst.SimpleStatementLine)
        and isinstance(line.body[0], cst.AnnAssign)
        and isinstance(line.body[0].target, cst.Name)
    }
    return self_name is not None and all(read is not None and read in fields for read in reads.attributes)


class _SelfReads(cst.CSTVisitor):
    """The attributes a method reads from its `self` (None for `self` used otherwise)."""

    def __init__(self, self_name: str | None) -> None:
        self.self_name = self_name
        self.attributes: list[str | None] = []

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if isinstance(node.value, cst.Name) and node.value.value == self.self_name:
            self.attributes.append(node.attr.value)
            return False
        return True

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.self_name:
            self.attributes.append(None)


def _loop_targets_over(function: cst.CSTNode, label: str) -> set[str]:
    """The names `for` statements in a function bind to the submodules of `label`
    (`for layer in self.layers`, `for i, layer in enumerate(self.layers)`)."""
    names: set[str] = set()

    class Finder(cst.CSTVisitor):
        def visit_For(self, node: cst.For) -> None:
            names.update(_for_target(node, label))

    function.visit(Finder())
    return names


def _for_target(node: cst.For, label: str) -> set[str]:
    """The name a `for` statement over the submodules of `label` binds to each of them."""
    if not _same_submodule(_enumerated(node.iter), label):
        return set()
    target = node.target
    if isinstance(target, cst.Tuple) and len(target.elements) == 2:
        target = target.elements[1].value  # `for i, layer in enumerate(self.layers)`
    return {target.value} if isinstance(target, cst.Name) else set()


def _enumerated(iterated: cst.BaseExpression) -> cst.BaseExpression:
    """`xs` for `enumerate(xs)`; anything else as it is."""
    if isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Name) and iterated.func.value == "enumerate":
        return iterated.args[0].value if iterated.args else iterated
    return iterated


def init_skips_loop(flax: FlaxFile, code: BodyCode) -> bool:
    """Whether `init` never runs the loop: it follows `if module.is_initializing(): return ...`
    (a helper that runs the step once in Python while the module initializes) or sits in the
    `else` of that test. What the body makes, `init` made outside any trace, or not at all."""
    flags = run_flags(flax)
    calls = [code.loop.call] + ([code.wrapped_call] if code.wrapped_call is not None else [])
    return any(flags.never_while_initializing(call) for call in calls)


def first_called_in_body(flax: FlaxFile, code: BodyCode, submodule: Submodule) -> bool:
    """Whether the body's call of an outside submodule is the first call `init` makes of it."""
    construction = submodule.construction
    if construction is not None and flax.is_linen_dropout(construction.func):
        return False  # no parameters to create; SCN103 covers its mask
    local = submodule.made_class(flax)
    if local is not None and flax.linen_class_without_variables(local):
        return False  # nothing to create, so nothing leaks
    if submodule.label.count(".") > 1 and not _reached_only_from_outside(flax, code, submodule):
        return False  # `self.encoder.mixer`: whether `init` ran it is its parent's to know
    holder = code.loop.scope.enclosing_method()
    path = flax.init_path(holder[1], holder[0].name.value) if holder is not None else None
    function_method = flax.function_method_class(code.loop.scope) if holder is None else None
    if function_method is not None and not function_method[1]:
        return False  # `apply(..., method=rollout)` only: `init` built the submodules first
    if lifting_call(flax, submodule) is not None:
        # Under `apply` only (a method `init` never runs, or a loop `init` skips), it works.
        return not ((holder is not None and path is None) or init_skips_loop(flax, code))
    if called_before_scan(flax, code, submodule):
        return False
    attribute = submodule.label.split(".", 1)[1] if "." in submodule.label else None
    if holder is not None and path is None and attribute is not None:
        # The scanning method runs only under `apply`: after `init` built the submodule through
        # another method, or, when no method `init` runs calls it, with no parameters of it at
        # all (Flax then fails to find them, or, with none to find, works): not this finding.
        return False
    if holder is not None and attribute is not None:
        if flax.called_earlier_on_init_path(holder[1], holder[0].name.value, attribute):
            return False  # `init` runs a method that calls it before the one that scans
    return True


def _reached_only_from_outside(flax: FlaxFile, code: BodyCode, submodule: Submodule) -> bool:
    """For `self.plant.pump` that `Plant.setup` makes: whether nothing but the body's code runs
    it. No method of `Plant` but `setup` reads `self.pump` (so calling `self.plant` does not
    run it), and the scanning module's class spells `self.plant.pump` nowhere outside the body's
    code (no earlier call, no helper that calls it)."""
    parts = submodule.label.split(".")
    holder = code.loop.scope.enclosing_method()
    parent_setup = submodule.scope.enclosing_method() if submodule.scope is not None else None
    if len(parts) != 3 or holder is None or parent_setup is None or parts[0] != flax.index.self_name(code.loop.scope):
        return False
    parent, holder_class = parent_setup[1], holder[1]
    for method in (m for m in parent.body.body if isinstance(m, cst.FunctionDef) and m.name.value != "setup"):
        reads = _SelfAttributeReads(flax.index.self_name(flax.index.scope_of[method]), (parts[2],), set())
        walk(method, reads)
        if reads.found:
            return False
    for method in (m for m in holder_class.body.body if isinstance(m, cst.FunctionDef)):
        reads = _SelfAttributeReads(flax.index.self_name(flax.index.scope_of[method]), tuple(parts[1:]), code.functions)
        walk(method, reads)
        if reads.found:
            return False
    return True


class _SelfAttributeReads(cst.CSTVisitor):
    """Whether a method reads `self.<path>` (`self.pump`, `self.plant.pump`) outside `skipped`."""

    def __init__(self, self_name: str | None, path: tuple[str, ...], skipped: set[cst.CSTNode]) -> None:
        self.spelled = ".".join((self_name or "", *path))
        self.skipped = skipped
        self.found = self_name is None

    def on_visit(self, node: cst.CSTNode) -> bool:
        if node in self.skipped or self.found:
            return False
        if isinstance(node, cst.Attribute) and dotted(node) == self.spelled:
            self.found = True
        return True


def lifting_call(flax: FlaxFile, submodule: Submodule) -> cst.Call | None:
    """For a submodule made by a lifted transform of a class (`nn.checkpoint(Block)(...)`, or
    `RematBlock(...)` with `RematBlock = nn.remat(Block)`): the transform's call."""
    construction = submodule.construction
    callee, scope = (construction.func if construction is not None else None), flax.index.module_scope
    if construction is not None:
        scope = run_flags(flax).scope_at(construction)
    for _ in range(5):
        if isinstance(callee, cst.IfExp):  # `nn.remat(Block) if cfg.save_memory else Block`
            taken = run_flags(flax).values(callee.test, scope)
            if taken is None or len(taken) != 1:
                return None
            callee = callee.body if next(iter(taken)) else callee.orelse
        if isinstance(callee, cst.Call) and flax.index.qualify(callee.func) in LIFTED_MODULE_TRANSFORMS:
            return callee
        if isinstance(callee, cst.Call):  # `remat_if(Block, cfg.remat)`: what the helper returns
            returned = _one_return(flax, callee, scope)
            if returned is None:
                return None
            callee, scope = returned
            continue
        bound = scope.only_binding(callee.value) if isinstance(callee, cst.Name) else None
        if bound is None or not isinstance(bound[1], cst.BaseExpression):
            return None
        callee, scope = bound[1], bound[0]
    return None
