"""How a loop body runs a Linen module through `apply` or `bind`: the bound module a call reaches,
`functools.partial(model.apply, ...)` handed to a loop or a train state's `apply_fn`, and whether
a branch runs under `apply`.

SCN102 and SCN103 share these facts.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from scanlint.analysis.flax_model import BodyCode, BranchTaken, FlaxFile, ProjectCall, all_calls, method_name
from scanlint.analysis.resolver import OPAQUE, Scope, keyword_argument, returns_of
from scanlint.analysis.run_flags import RunFlags, run_flags
from scanlint.analysis.walk import walk
from scanlint.index.names import PARTIAL, SAME_FUNCTION_WRAPPERS


def bound_module_called(flax: FlaxFile, call: cst.Call, scope: Scope) -> tuple[cst.Call, Scope, str] | None:
    """For `bound.round(h)` or `self.bound(x)`: the `model.bind(...)` call that made the module
    called, its scope, and the method the call runs; also for `forward(x)` with `forward` a
    bound module's method (`model.bind(v).__call__`), kept as it is or through a wrapper that
    runs it as it is (`jax.jit(...)`)."""
    func = call.func
    holder, method = (func.value, func.attr.value) if isinstance(func, cst.Attribute) else (func, "__call__")
    bound = _bind_call(flax, holder, scope)
    if bound is None and isinstance(func, cst.Attribute):  # `self.bound(x)`: the bound module called
        holder, method = func, "__call__"
        bound = _bind_call(flax, holder, scope)
    if bound is None:
        return None
    bind, bind_scope, bound_method = bound
    if bound_method is not None:
        if holder is not func:
            return None  # an attribute of a bound method: not a module call
        method = bound_method
    return bind, bind_scope, method


def setup_submodule_class(flax: FlaxFile, class_node: cst.ClassDef, attribute: str) -> cst.ClassDef | None:
    """The same-file Linen class of the one submodule `setup` stores as `self.<attribute>`
    (`bound.drop_path(h)` on a bound module runs that submodule's `__call__`)."""
    values = flax.self_attribute_values(class_node, "setup").get(attribute, [])
    setup = flax.index.method_of(class_node, "setup")
    if len(values) != 1 or not isinstance(values[0], cst.Call) or setup is None:
        return None
    local = flax.lifted_local_class(values[0].func, flax.index.scope_of[setup])
    return local if local is not None and flax.is_linen(local) else None


def _bind_call(
    flax: FlaxFile, holder: cst.BaseExpression, scope: Scope, depth: int = 0
) -> tuple[cst.Call, Scope, str | None] | None:
    """The `model.bind(...)` call a name or a plain object's attribute holds, with its scope
    and, when what is held is one of its methods (`model.bind(v).encode`), that method's name;
    also through a parameter of a module-level function (or a plain `__init__`) that the one
    call of it in the file fills with such a name (`rollout(policy, obs0)`), and an element of
    a container (`forward = self._sessions[basin]`); else the one value the object flow
    gives."""
    found = _followed_bind_call(flax, holder, scope, depth)
    if found is not None or depth > 0:
        return found
    values = flax.flow.values(holder, scope)
    return _bound_value(flax, *values[0], 0) if values is not None and len(values) == 1 else None


def _followed_bind_call(
    flax: FlaxFile, holder: cst.BaseExpression, scope: Scope, depth: int = 0
) -> tuple[cst.Call, Scope, str | None] | None:
    values: list[tuple[cst.BaseExpression, Scope]] = []
    if isinstance(holder, cst.Name):
        found = scope.only_binding(holder.value)
        iterated = flax.loop_iterates(holder, scope) if found is None or found[1] is OPAQUE else None
        if iterated is not None:  # `[member(x) for member in self.members]`
            values = flax.container_elements(*iterated) or []
        elif found is not None and isinstance(found[1], cst.Subscript):  # `forward = self._sessions[basin]`
            values = flax.container_elements(found[1].value, found[0]) or []
        elif found is not None and isinstance(found[1], cst.Param) and depth < 3:
            passed = flax.parameter_arguments(found[1], found[0]) or []
            return _bind_call(flax, *passed[0], depth + 1) if len(passed) == 1 else None
    elif isinstance(holder, cst.Attribute):
        owner = scope.lookup(holder.value.value) if isinstance(holder.value, cst.Name) else None
        stored = flax.index.stored_by_init(holder, owner[0]) if owner is not None else None  # `self` in a lambda
        if stored is not None and not (flax.is_linen(stored[2]) or flax.is_nnx(stored[2])):
            values = [(stored[0], stored[1])]
        elif stored is None:
            # `runner.agent`, `self.sessions[room].bound`: what the `__init__` of every object it
            # may be stores; `self.get_policy(bank).bound`: what a property returns
            values = _stored_by_objects(flax, holder, scope) or flax.property_returns(holder, scope) or []
    elif isinstance(holder, cst.Call):  # `provider.get_model()`, a method returning one
        values = flax.method_returns(holder, scope) or []
    if not values and isinstance(holder, (cst.Name, cst.Attribute)):
        # `bound = model.bind(v)`, `forward = model.bind(v).__call__`, `scorer = self.scorer`
        return _bound_value(flax, holder, scope, 0)
    if len(values) != 1:
        return None
    return _bound_value(flax, *values[0], 0)


def _bound_value(
    flax: FlaxFile, value: cst.BaseExpression, scope: Scope, depth: int
) -> tuple[cst.Call, Scope, str | None] | None:
    """The `model.bind(...)` call a value gives, with its scope and, for one of its methods
    (`model.bind(v).encode`), the method's name: the call itself; through wrappers that run a
    function as it is (`jax.jit(...)`), names bound once, what a method called on an object
    returns (`self.session.forward()`), and an attribute's stored, property or lazily filled
    value (`return self._bound`)."""
    if depth > 4:
        return None
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "bind":
        return value, scope, None
    if isinstance(value, cst.Attribute):
        kept = flax.lazily_kept(value, scope) or _held_callable(flax, value, scope)
        if kept[0] is not value:
            return _bound_value(flax, *kept, depth + 1)
        inner = _bound_value(flax, value.value, scope, depth + 1)  # `model.bind(v).__call__`, `bound.encode`
        if inner is not None and inner[2] is None:
            return inner[0], inner[1], value.attr.value
        return None
    if isinstance(value, cst.Name):
        found = scope.only_binding(value.value)
        if found is not None and isinstance(found[1], cst.Param):  # what the one call passes
            passed = flax.parameter_arguments(found[1], found[0]) or []
            return _bound_value(flax, *passed[0], depth + 1) if len(passed) == 1 else None
        if found is None or not isinstance(found[1], cst.BaseExpression):
            return None
        return _bound_value(flax, found[1], found[0], depth + 1)
    if not isinstance(value, cst.Call):
        return None
    if (
        flax.index.qualify(value.func) in SAME_FUNCTION_WRAPPERS
        and len(value.args) == 1
        and value.args[0].keyword is None
        and not value.args[0].star
    ):  # `jax.jit(model.bind(variables).__call__)`
        return _bound_value(flax, value.args[0].value, scope, depth + 1)
    returned = flax.method_returns(value, scope)  # `self.session.forward()`
    if returned is None or len(returned) != 1:
        return None
    return _bound_value(flax, *returned[0], depth + 1)


def _stored_by_objects(flax: FlaxFile, holder: cst.Attribute, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]]:
    """The one value the `__init__` of a plain class stores in `holder.attr`, for every object
    of such classes `holder.value` may be (none when one of them is not known so)."""
    stored: dict[cst.CSTNode, tuple[cst.BaseExpression, Scope]] = {}
    for construction, construction_scope in flax.instances(holder.value, scope) or []:
        class_node = flax.local_class(construction.func, construction_scope)
        init = flax.index.method_of(class_node, "__init__") if class_node is not None and flax.is_plain(class_node) else None
        values = flax.self_attribute_values(class_node, "__init__").get(holder.attr.value, []) if init is not None else []
        if init is None or len(values) != 1:
            return []
        stored[values[0]] = (values[0], flax.index.scope_of[init])
    return list(stored.values())


def apply_of_partial(
    flax: FlaxFile, call: cst.Call, scope: Scope, code: BodyCode | None = None
) -> tuple[cst.Call, Scope] | None:
    """For `logits_fn(tok)` with `logits_fn = functools.partial(model.apply, variables, ...)`, or
    a same-file factory's call that returns one: the `apply` call it makes, written as one call
    (the partial's arguments, then the call's), with the partial's scope. A parameter of a loop
    wrapper (`step_fn(x, t)` in `run_loop(step_fn, ...)`) stands for what the call site passes,
    and an attribute an object's `__init__` stores (`self.generate_fn`) for what it stores: such
    a partial, or the `apply` itself (`self.apply_fn = model.apply`)."""
    name, name_scope = (code.bound_argument(call.func, scope) if code is not None else None) or (call.func, scope)
    if isinstance(name, cst.Attribute) and name.attr.value == "apply_fn":
        made_by_train_state = train_state_apply(flax, call)
        if made_by_train_state is not None:
            return made_by_train_state
    name, name_scope = _held_callable(flax, name, name_scope)
    if isinstance(name, cst.Attribute) and name.attr.value == "apply" and not any(arg.star for arg in call.args):
        return cst.Call(func=name, args=call.args), name_scope  # `self.apply_fn = model.apply`
    if isinstance(name, cst.Call):
        found: tuple[Scope, object] | None = (name_scope, name)
    elif isinstance(name, cst.Name):
        found = name_scope.only_binding(name.value)
    else:
        return None
    if found is None or not isinstance(found[1], cst.Call):
        return None
    resolved = _partial_made_by(flax, found[1], found[0], 0)
    if resolved is None:
        return None
    partial, partial_scope = resolved
    applied = partial.args[0].value
    if not (isinstance(applied, cst.Attribute) and applied.attr.value == "apply"):
        return None
    if any(arg.star for arg in partial.args):
        return None
    # `partial(f, a, k=v)(b)` runs `f(a, b, k=v)`; a call forwarding `*args, **kwargs` (a
    # wrapper object's `__call__`) keeps them after what the partial fixes
    given = [*partial.args[1:], *call.args]
    args = [a for a in given if a.keyword is None and a.star != "**"] + [a for a in given if a.keyword is not None or a.star == "**"]
    return cst.Call(func=applied, args=[a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in args]), partial_scope


def _held_callable(flax: FlaxFile, node: cst.BaseExpression, scope: Scope) -> tuple[cst.BaseExpression, Scope]:
    """What a called attribute holds: what `__init__` stores there (`self.generate_fn`), or what
    a property of that name returns (`return self._forward`), or the one attribute or call the
    object flow says it holds, followed again; a name bound once to such an attribute (`fwd =
    self.forward`) is followed to it. Anything else as it is."""
    for _ in range(4):
        if isinstance(node, cst.Name):
            found = scope.only_binding(node.value)
            if found is None or not isinstance(found[1], cst.Attribute):
                return node, scope
            node, scope = found[1], found[0]
        if not isinstance(node, cst.Attribute):
            return node, scope
        held = flax.stored_or_field_value(node, scope)
        if held is None:
            returned = flax.property_returns(node, scope)
            held = returned[0] if returned is not None and len(returned) == 1 else None
        if held is None:  # `bundle.apply_fn`, a field of a NamedTuple a factory fills with `model.apply`
            values = flax.flow.values(node, scope)
            held = values[0] if values is not None and len(values) == 1 and values[0][0] is not node else None
            if held is not None and not isinstance(held[0], (cst.Attribute, cst.Call)):
                held = None
        if held is None:
            return node, scope
        node, scope = held
    return node, scope


def _partial_made_by(
    flax: FlaxFile, value: cst.BaseExpression, scope: Scope, depth: int
) -> tuple[cst.Call, Scope] | None:
    """The one `functools.partial(f, ...)` call an expression gives, with its scope: the call
    itself, through wrappers that run it as it is (`jax.checkpoint(step)`), names bound once,
    both branches of a conditional (`jax.checkpoint(step) if cfg.remat else step`), and the
    returns of a same-file factory (`build_step(model, cfg)`)."""
    if depth > 4:
        return None
    if isinstance(value, cst.Name):
        found = scope.only_binding(value.value)
        if found is None or not isinstance(found[1], cst.BaseExpression):
            return None
        return _partial_made_by(flax, found[1], found[0], depth + 1)
    if isinstance(value, cst.IfExp):
        branches = [_partial_made_by(flax, b, scope, depth + 1) for b in (value.body, value.orelse)]
        if branches[0] is None or branches[1] is None or branches[0][0] is not branches[1][0]:
            return None
        return branches[0]
    if not isinstance(value, cst.Call):
        return None
    qualified = flax.index.qualify(value.func)
    if qualified == PARTIAL:
        return (value, scope) if value.args and value.args[0].keyword is None else None
    if qualified in SAME_FUNCTION_WRAPPERS and len(value.args) == 1 and value.args[0].keyword is None and not value.args[0].star:
        return _partial_made_by(flax, value.args[0].value, scope, depth + 1)
    made = flax.index.factory_of(value, scope)
    if made is None:
        return None
    returns = [r.value for r in returns_of(made[1])]
    factory_scope = flax.index.scope_of[made[1]]
    partials = [_partial_made_by(flax, r, factory_scope, depth + 1) if r is not None else None for r in returns]
    if not partials or any(p is None or p[0] is not partials[0][0] for p in partials):  # type: ignore[index]
        return None
    return partials[0]


def _unwrapped(flax: FlaxFile, call: cst.Call) -> cst.Call:
    """The call inside wrappers that run a function as it is (`jax.checkpoint(partial(...))`,
    `jax.jit(...)`): what they wrap, when it is a call too."""
    for _ in range(3):
        if not (
            flax.index.qualify(call.func) in SAME_FUNCTION_WRAPPERS
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
            and isinstance(call.args[0].value, cst.Call)
        ):
            break
        call = call.args[0].value
    return call


def train_state_apply(flax: FlaxFile, call: cst.Call) -> tuple[cst.Call, Scope] | None:
    """For `state.apply_fn(variables, x, train=True)`: the `model.apply` call it makes, when every
    call in the file that makes a train state (`TrainState.create(apply_fn=model.apply, ...)`,
    any call given `apply_fn=`) hands it the `apply` of instances of one same-file Linen class."""
    flags = run_flags(flax)
    made: list[tuple[cst.Attribute, Scope]] = []
    for creation in all_calls(flax.index):
        given = keyword_argument(creation, "apply_fn")
        if given is None:
            continue
        if not (isinstance(given, cst.Attribute) and given.attr.value == "apply"):
            return None
        made.append((given, flags.scope_at(creation)))
    classes = {flax.linen_instance_class(apply.value, apply_scope) for apply, apply_scope in made}
    if len(classes) != 1 or None in classes or any(arg.star for arg in call.args):
        return None
    apply, apply_scope = made[0]
    return cst.Call(func=apply, args=call.args), apply_scope


def handed_over(code: BodyCode, call: cst.Call, scope: Scope) -> cst.CSTNode:
    """Where a report on a call in the body goes: for a loop a module-level wrapper runs, a
    call of what the wrapper was given is reported at the argument this file hands over
    (`odeint(self.field, ...)`); any other call, at itself."""
    handed = code.bound_argument(call.func, scope) if code.wrapper is not None else None
    return handed[0] if handed is not None else call


def taken_under_apply(
    flags: RunFlags,
    test: cst.BaseExpression,
    given: dict[str, tuple[cst.BaseExpression, Scope]],
    immutable: bool = False,
) -> bool:
    """Whether a run of a Linen method under `apply` takes the branch of an `if` with this test:
    `not self.is_initializing()`, the decode cache's `self.has_variable(...)` (true once `init`
    made the variable), `self.is_mutable_collection(...)` (unless nothing is `immutable`), a
    flag every run sets (`given` fills the method's parameters), or `and` of such tests."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return taken_under_apply(flags, test.left, given, immutable) and taken_under_apply(flags, test.right, given, immutable)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        if isinstance(test.expression, cst.Call) and method_name(test.expression) == "is_initializing":
            return True
    if isinstance(test, cst.Name):  # `initialized = self.has_variable("cache", "k")`
        found = flags.scope_at(test).only_binding(test.value)
        if found is not None and isinstance(found[1], cst.Call) and method_name(found[1]) == "has_variable":
            return True
    if isinstance(test, cst.Call) and method_name(test) == "has_variable":
        return True
    if isinstance(test, cst.Call) and method_name(test) == "is_mutable_collection":
        return not immutable
    return flags.values_in_run(test, given) == frozenset({True})


def branch_taken(flags: RunFlags, immutable: bool = False) -> BranchTaken:
    return lambda test, given: taken_under_apply(flags, test, given, immutable)


def module_methods_called(
    flax: FlaxFile, project_call: ProjectCall, methods: tuple[str, ...]
) -> Iterator[tuple[cst.BaseExpression, str, str, cst.ClassDef]]:
    """The Linen modules a call hands to a function of another project file that calls one of
    `methods` on them: (the value passed, the parameter, the first such method, the class)."""
    for parameter, value in project_call.filled:
        class_node = flax.linen_self(value, project_call.scope)
        if class_node is None:
            continue
        called = [m for m in project_call.function.methods_called.get(parameter, []) if m in methods]
        if called:
            yield value, parameter, called[0], class_node


def project_call_summary(project_call: ProjectCall, parameter: str, method: str) -> str:
    function = project_call.function
    return f"`{function.name}` (in `{function.file}`) runs `{parameter}.{method}(...)` on the module passed here"


# The namespaces whose functions compute arrays: run while a loop traces its body, each gives a
# tracer of the loop, even from constants (`jnp.zeros(3)`, `jax.random.key(0)`).
_ARRAY_NAMESPACES = ("jax.numpy.", "jax.lax.", "jax.random.", "jax.nn.", "jax.scipy.")
# What those namespaces give that is not an array: known while tracing, or a function.
_NOT_ARRAYS = frozenset({
    "shape", "ndim", "size", "result_type", "dtype", "issubdtype", "promote_types", "iinfo", "finfo",
    "can_cast", "isdtype", "broadcast_shapes",
})  # fmt: skip
_MODULE_RUNS = frozenset({"apply", "init", "init_with_output"})


def computes_array(flax: FlaxFile, value: cst.BaseExpression, scope: Scope) -> bool:
    """Whether an expression calls something that computes an array: a function of
    `jax.numpy`, `jax.lax`, `jax.random`, `jax.nn` or `jax.scipy` (not one giving a shape, a
    dtype or a function), `init` or `apply` of a same-file Linen module, or a
    `functools.partial(model.apply, ...)`. Lambdas and nested functions are not run."""
    finder = _ArrayCalls(flax, scope)
    walk(value, finder)
    return finder.found


class _ArrayCalls(cst.CSTVisitor):
    def __init__(self, flax: FlaxFile, scope: Scope) -> None:
        self.flax = flax
        self.scope = scope
        self.found = False

    def visit_Call(self, node: cst.Call) -> None:
        if not self.found:
            self.found = self._computes(node)

    def _computes(self, call: cst.Call) -> bool:
        qualified = self.flax.index.qualify(call.func) or ""
        if qualified.startswith(_ARRAY_NAMESPACES):
            return not qualified.startswith("jax.nn.initializers") and qualified.rsplit(".", 1)[-1] not in _NOT_ARRAYS
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in _MODULE_RUNS and self.flax.linen_instances(func.value, self.scope):
            return True
        if self._nnx_module_run(func):
            return True
        return apply_of_partial(self.flax, call, self.scope) is not None

    def _nnx_module_run(self, func: cst.BaseExpression) -> bool:
        """`model(x)` or `model.embed(x)` on an object of a same-file NNX class, whose method
        returns what a call computes (not an attribute it keeps)."""
        holder, name = (func.value, func.attr.value) if isinstance(func, cst.Attribute) else (func, "__call__")
        class_node = self.flax.instance_class(holder, self.scope)
        if class_node is None or not self.flax.is_nnx(class_node):
            return False
        owner = self.flax.index.defining_class(class_node, name)
        method = self.flax.index.method_of(owner, name) if owner is not None else None
        returned = [r.value for r in returns_of(method)] if method is not None else []
        return bool(returned) and all(isinstance(value, cst.Call) for value in returned)

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False
