"""SCN105 (nnx-state-mutated-in-scan-body): NNX state that lives outside a raw lax.scan (or fori_loop, while_loop) body mutated inside it.

The class docstring says what the rule flags and why; its page is `rules/SCN105.md`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import libcst as cst

from scanlint.analysis.flax_model import (
    LIFT_NNX,
    TRACE_CONTEXT_ERROR,
    BodyCode,
    FlaxFile,
    branch_functions,
    flax_file,
    is_true,
    parameters_passed,
    raw_scan_bodies,
    root_name,
    unpacked_targets,
)
from scanlint.analysis.nnx_state import (
    MODE_SWITCHES,
    NNX_STATE_UPDATES,
    OUTSIDE_METRIC,
    OUTSIDE_OPTIMIZER,
    PYTHON_CONTAINER,
    RNG_SAMPLERS,
    STATEFUL_NNX,
    OutsideNnxState,
    mode_given_by_caller,
)
from scanlint.analysis.pytree_classes import frozen_dataclass
from scanlint.analysis.resolver import ScanIndex, Scope, keyword_argument
from scanlint.analysis.run_flags import none_test, run_flags
from scanlint.index.names import PARTIAL
from scanlint.rules.base import FileContext, Report, Rule
from scanlint.rules.flax.reporting import in_loop, short_code


class NnxStateMutatedInScanBody(Rule):
    """NNX state that lives outside the body of a raw `jax.lax.scan`, mutated inside it.

    NNX objects remember the trace they were created in and refuse to be changed from another.
    Flags, inside the body: assigning to an attribute of an `nnx.Module`'s `self` or of an outside
    NNX module (`self.count = ...`, `model.calls = ...`), updating an outside `nnx.Variable`, or
    one of a class deriving from it (`self.count[...] = ...`, `var.value = ...`), passing an outside `nnx.Rngs` to a call
    (`nnx.Linear(..., rngs=self.rngs)`) or drawing from it (`self.rngs.noise()`, a sampler `rngs.noise.normal(shape)`), calling an
    outside module that holds `nnx.Dropout` streams, a training-mode `nnx.BatchNorm` or RNG
    streams, handing an outside NNX object to an NNX transform (`nnx.value_and_grad(loss)(model)`,
    `nnx.grad(loss)(self.inner)`, `grad_fn(model)` with `grad_fn = nnx.grad(loss)`), updating
    an outside `nnx.Optimizer` (`optimizer.update(...)`, `self.optimizer.update(...)`), and
    updating an outside `nnx.MultiMetric` or `nnx.metrics` metric (`metrics.update(loss=loss)`,
    also held by an evaluator and updated through its method), writing
    into an outside module with `nnx.update(target, ...)`, switching the mode of an outside module
    that holds a Dropout or BatchNorm (`model.eval()`, `model.train()`, `model.set_attributes(...)`;
    also `self.eval()` in the body of the module's own method, when every construction of its
    class the file shows holds one),
    and calling a function decorated with an NNX transform (`@nnx.jit`) with an outside module,
    even one it only reads; also one picked from a registry that keeps transformed functions
    (`STEPS[name]` filled by `@register(name)` over `@nnx.jit`, or by a decorator storing
    `nnx.jit(fn)`), stored on `self` or not. A module `nnx.merge`d in the body from state
    split outside and closed over (not carried) holds the outside Variables, and counts as
    outside. What a
    module holds is found through what it is built from: the layers of an `nnx.Sequential`, an
    `nnx.List`, an `nnx.Dict` or a list, the attributes or variables a same-file NNX class's
    `__call__` assigns on `self` or stores with `self.sow` (`self.calls[...] += 1`; other methods
    too when the body calls them on an outside object: `agent.act(obs)` drawing from the
    `nnx.Rngs` the agent stores), what its
    `__init__` stores on `self`
    (with the layers a construction passes it, `Block(drop=nnx.Dropout(0.1, rngs=rngs))`), and
    the elements a `for` loop in the body calls (`for layer in self.layers: h = layer(h)`,
    `for i, layer in enumerate(layers)`), and what a same-file factory returns (`model =
    make_model()`, or its element of the tuple a builder returns, `model, opt = build(0)`; a layer it switches by one of its parameters counts only when the call
    visibly leaves it on). The module may reach the body as a parameter: one that
    `functools.partial` fills, one of a helper the body calls, or one of the module-level
    function that runs the scan, followed to what every call of it in the file passes. The
    body may be the module itself (`lax.scan(self.cell, h0, xs)` runs the cell's `__call__`) or
    a method of one (`lax.scan(self.cell.step, ...)`, or `step = decoder.decode_step` taken
    before the loop), and a module-level name a script sets later (`model = None`, then `global
    model; model = MLP(...)`) stands for what it is set to. Outside modules are also found as
    attributes of a plain class's `self` (a `Trainer(model)` or an agent holding a target
    network), as modules other objects hold (`agent.policy.act(obs)`), through bound methods a plain
    object's `__init__` stores (`self.feedback = bandit.observe`, then `policy.feedback(arm)`), as elements a literal key
    picks from an outside dict, list or tuple (`models["teacher"]`, or unpacked: `student,
    teacher = models`), as a submodule taken to a local (`field = self.field`), and through
    methods of outside modules that call their own training-mode layers (`model.forward(x)`
    running `self.bn`) or a state-changing method of a module they hold
    (`self.attn.decode_one(h)`), also bound before the loop (`inc = partial(sde.increment)`).
    A module switched to training (`model.train()`, `self.model.train()`) just before the loop
    in the function that runs it holds training-mode layers there, whatever else the file
    switches; methods of an outside model that loop over an `nnx.List` of blocks
    (`for block in self.blocks: x = block.decode(x)`) change what those blocks change; and
    `nnx.clone(model)` is a module of the same kind. A hand-written `nnx.Metric` subclass (its
    `MetricState` fields) is NNX state like a module, and so are the members of an outside
    `nnx.List` a `for` in the body walks (`for member in self.members: member.lr.value = ...`);
    an object the body builds itself (`local = MeanAbsError(); local.update(...)`) is not.
    Assignments count also inside a tuple assignment (`self.h.value, y = self.cell(...)`),
    `self.sow(nnx.Intermediate, ...)` on an outside module stores a variable on it, and
    `setattr(self, name, nnx.Linear(...))` adds an attribute (not when it sits under `if not
    hasattr(self, name):` in a method that surely runs before the loop too).
    An outside NNX object that appends loop values to a Python list, dict or set its `__init__`
    made (`self.records.append(h)` in a probe several modules down, or `model.history.append(h)`
    in the body) raises nothing in the loop, but the stored tracers raise
    `UnexpectedTracerError` where they are used after it; the message says so. The same holds
    for a loop value assigned to an attribute of a plain object made outside the body (a
    sampler's helper method run by the body storing `self.last_x0 = x0`, also a mixin's method
    it calls, `self.log_last(out)`), or to an attribute of another outside object of a same-file
    plain class that the file reads elsewhere (`holder.stats = stats` on a holder the running
    function is given, `self.state.batch_stats = ...` on a train-state dataclass a trainer
    keeps, `session.vars = ...` on a session a store's method returns, `runner.ctx.stats = ...`
    in a callback's method the body hands the runner to); what is known while tracing
    (`out.shape`) and what every call passes alike (`label`, given "calibrating") hold no
    tracer. The lists and
    attributes a plain object keeps for itself through its methods (a logger's history, a
    tracker's best value) are Python state, SCN106's.
    An `nnx.MultiHeadAttention` built with `decode=True` writes its KV cache when called, and an
    `nnx.Rngs` a plain class stores on `self` (`self.rngs.action()`) is outside state too. So
    are modules called in a comprehension in the body (`[m(obs) for m in members]`), methods of
    outside objects run as `cond`/`switch` branches (`lax.cond(p, agent.explore, agent.exploit,
    obs)`), and methods of a plain class's object that update the optimizer or hand the model to
    an NNX transform (`self.trainer.train_step(x, y)`), or switch the mode of a module the body
    hands them (`self.policy.prepare(self.net)` running `module.eval()`). A change under a
    branch that no run the file shows takes is not reported. Other methods of outside plain objects
    the body calls run as part of it (`cb.on_batch(loss)` for each callback a `for` walks, of
    whichever same-file classes the list holds): what they change is reported where they change
    it, unless the body's call of them already is. A module built through a registry of
    classes (`MODELS[name](d, rngs=rngs)`, a dict literal of classes or one a decorator fills)
    holds what every class it may be keeps, when each keeps some; a bound method a plain
    wrapper keeps (`self._push = model.push`) changes what it changes when the wrapper's
    `__call__` runs it; an element picked from a container by a run-time key
    (`session = self.sessions[name]`) may be any of the container's elements, and holds state
    when all of them do; the members of an NNX module's `nnx.List` walked by `zip` (`for m, k in
    zip(self.members, keys)`, also in a comprehension) are known like those of a plain list.
    The outside module may be reached through what objects hand out: a getter returning what
    its object keeps (`store.get(name)`, `self.session(store_id).model`, `registry.resolve(v).model`),
    a property (`session.model`, `self.model` returning `self._store.get(self._name)`), an
    element of a pool's dict (`self.sessions[tenant].model`, a pool built by a comprehension),
    a conditional choice (`shared if share else Policy(rngs)`), a function that hands back the
    module it is given (`model = warm_up(Policy(...), batch)`), a bound `__call__` kept through
    `jax.jit`, a `jax.checkpoint(functools.partial(step, model))`, a graphdef and state an
    object keeps (`nnx.merge(self.store.graphdef, self.store.state)`), and an `nnx.Rngs` an
    object another object holds (`self.sampler.rngs.enroll()`). An NNX transform given a
    module merged in the body with some state closed over (`nnx.merge(graphdef, params,
    self.counters)`, the rest carried) cannot extract that state's Variables either.
    The scan raises `TraceContextError: Cannot mutate ... from a different trace level` (a
    transform: `ValueError: Cannot extract graph node from different trace level`) when it
    traces the body. Reading an outside stateless module (an `nnx.Linear` called in the body), a
    fresh `nnx.Param` that never leaves the body, a model built or rebuilt inside the body with
    `nnx.merge`, an `nnx.Dropout` without streams of its own given a fresh `nnx.Rngs` at the
    call (directly or through an `nnx.Sequential`), a Dropout a module's method hands the key
    its caller passes (`self.drop(h, rngs=key)`) when the body passes a key the loop gives each
    step (`cell(h, x, key)` with the keys scanned over) or every call of the module this file
    shows passes one (`key=None` as the default, never left out; a helper's `rngs=key` whose
    `key` the body never gives passes `None`), and layers switched off with a literal
    `deterministic=True` or `use_running_average=True` are fine and not flagged; neither is a
    Dropout or BatchNorm in a file that switches modes with `.eval()` or `set_attributes`, where
    it is not known which mode runs (a switch that the program the file shows runs only after
    the loop, or never, as a `freeze()` that `main` does not call, leaves the mode known; see
    `CallOrder`), nor one whose call passes its mode as a flag
    (`self.model(x, deterministic=not train)`) unless some call this file shows turns it on
    (`sim.rollout(x, train=True)`), nor layers that the methods the body's call runs (its own
    methods and the same-file modules its `__init__` stores, a few levels deep) all call with a
    mode switch that this run surely turns off (`model(x)` whose `__call__(self, x,
    train=False)` calls `self.drop(h, deterministic=not train)`, however other calls outside
    the loop train it). An `@nnx.jit` function (also one an object stores in
    `__init__`, `self._step = step`, a bound method a `Learner(agent.update)` construction
    hands its `__init__` to store, the default of that parameter, or what a same-file factory
    returns, `self.step_fn = make_train_step(0.1)`) given an outside module raises too; it is reported at its
    call, not at the grads and updates inside it, which work on the transform's own copies.

    Outside state is followed through pools and getters (`pool.acquire(lot).model`, sessions a
    factory parameter builds from `lambda i: Model(...)`, `next()` over `itertools.cycle` of a
    pool), attribute chains of plain objects (`self.bundle.optimizer`), hooks gathered by a
    `*hooks` parameter or registered with `@hooks.register` and handed the loop method's `self`,
    state a base's `__init__` keeps through `super().__init__(...)`, an `nnx.Rngs` a plain
    object keeps given as `rngs=`, and a draw under `key is None` when every call leaves the
    key out.
    """

    CODE = "SCN105"
    BAD = """\
import jax
import jax.numpy as jnp
from flax import nnx

class CountingRNN(nnx.Module):
    def __init__(self, features, rngs):
        self.linear = nnx.Linear(features, features, rngs=rngs)
        self.count = nnx.Variable(jnp.zeros((), jnp.int32))

    def __call__(self, xs):
        def step(carry, x):
            self.count[...] = self.count[...] + 1
            h = jnp.tanh(self.linear(carry) + x)
            return h, h

        return jax.lax.scan(step, jnp.zeros_like(xs[0]), xs)
"""
    GOOD = """\
import jax
import jax.numpy as jnp
from flax import nnx

class CountingRNN(nnx.Module):
    def __init__(self, features, rngs):
        self.linear = nnx.Linear(features, features, rngs=rngs)
        self.count = nnx.Variable(jnp.zeros((), jnp.int32))

    def __call__(self, xs):
        def step(carry, x):
            h = jnp.tanh(self.linear(carry) + x)
            return h, h

        final, hs = jax.lax.scan(step, jnp.zeros_like(xs[0]), xs)
        self.count[...] = self.count[...] + xs.shape[0]
        return final, hs
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        for flax, code in raw_scan_bodies(context.index):
            yield from _reports(context, flax, code)


def _reports(context: FileContext, flax: FlaxFile, code: BodyCode) -> Iterator[Report]:
    """The mutations of one body's code. One a method of an outside plain object makes
    (`cb.on_step(loss)` running `self.counter.steps.value += 1`) is reported in the method,
    unless the body's call of it already is (`state.method_changing_state`); a loop value such a
    method stores on its own object is SCN106's, reported at that call."""
    state = OutsideNnxState(flax, code)
    seen: set[cst.CSTNode] = set()
    found: list[tuple[Report, Scope]] = []
    for target, scope in ((t, s) for whole, s in code.targets for t in unpacked_targets([whole])):
        if state.under_nnx_transform(scope):
            continue
        what = _assigned_state(state, target, scope)
        if what is not None and target not in seen:
            seen.add(target)
            advice = f"Pass the value through the carry and assign it after the loop, or {LIFT_NNX}."
            found.append((Report(
                target,
                f"assigning to `{context.module.code_for_node(target)}` inside a raw "
                f"lax.scan body mutates {what} that lives outside the body: "
                f"{TRACE_CONTEXT_ERROR}. {advice}",
                summary=f"assigning to `{context.module.code_for_node(target)}` inside a raw lax.scan body mutates NNX state made outside the body",
                help=advice,
            ), scope))
        elif (
            what is None
            and target not in seen
            and (not code.in_object_method(scope) or _handed_object(flax, code, target, scope))
            and _loop_value_stored_on_outside_object(flax, code, target, scope)
        ):
            seen.add(target)
            written = context.module.code_for_node(target)
            advice = "Return the value as the scan's output (or in the carry) and store it after the loop."
            found.append((Report(
                target,
                f"assigning to `{written}` inside a raw lax.scan body stores a value of the loop on "
                f"an object made outside the body: {_OBJECT_LEAK} {advice}",
                summary=f"assigning to `{written}` inside a raw lax.scan body leaks a loop value onto an object made outside it",
                help=advice,
            ), scope))
    for call, scope in code.calls:
        if state.under_nnx_transform(scope) or _only_when_left_none(flax, code, call, scope):
            continue
        mutation = _mutating_call(state, call, scope)
        if mutation is None:
            transformed = _transform_or_update_message(state, call, scope)
            mutation = _Mutation(transformed) if transformed is not None else None
        if mutation is None or call in seen or (mutation.leaks and code.in_object_method(scope)):
            continue
        seen.add(call)
        called = short_code(context.module, call.func)
        what = "leaks loop values into a Python container" if mutation.leaks else "mutates NNX state made outside the body"
        summary = f"`{called}(...)` inside a raw lax.scan body {what}"
        found.append((Report(call, mutation.message, summary=summary), scope))
    never_runs = run_flags(flax).within(code).never_runs
    for report, scope in found:
        if not _reported_at_a_call(code, scope, seen) and not never_runs(report.node):
            yield in_loop(code, report)


def _reported_at_a_call(code: BodyCode, scope: Scope, reported: set[cst.CSTNode], depth: int = 0) -> bool:
    """Whether code in `scope` runs in a method of an outside plain object only through calls
    of the body's code that are themselves reported (or run in such a method in turn)."""
    current: Scope | None = scope
    while current is not None and current.node not in code.object_methods:
        current = current.parent
    if current is None or depth > 4:
        return False
    return any(
        call in reported or _reported_at_a_call(code, call_scope, reported, depth + 1)
        for call, call_scope in code.entries.get(current.node, [])
    )


def _transform_or_update_message(state: OutsideNnxState, call: cst.Call, scope: Scope) -> str | None:
    """An outside NNX object handed to an NNX transform applied in the body
    (`nnx.value_and_grad(loss)(model, ...)`, `grad_fn(state.inner, ...)` with `grad_fn =
    nnx.grad(loss)`), or an outside `nnx.Optimizer` updated there (`optimizer.update(...)`,
    `state.optimizer.update(...)`)."""
    code_of = state.flax.index.module.code_for_node
    func, func_scope, given = call.func, scope, [(arg, scope) for arg in call.args]
    partial = _partial_called(state.flax.index, func, scope)
    if partial is not None:  # `input_grad = partial(nnx.grad(energy, argnums=1), model)`
        partial_call, func_scope = partial
        func = partial_call.args[0].value
        given = [(arg, func_scope) for arg in partial_call.args[1:]] + given
    transform = state.nnx_transform(func, func_scope)
    if transform is not None:
        called = f"`{code_of(transform)}`"
        if not isinstance(call.func, cst.Call) or partial is not None:
            called = f"`{code_of(call.func)}` (`{code_of(transform)}(...)`)"
        for arg, arg_scope in given:
            if state.outside_nnx_object(arg.value, arg_scope) is not None:
                return (
                    f"{called} inside a raw lax.scan body is given "
                    f"`{code_of(arg.value)}`, an NNX object made outside the body: NNX raises "
                    "`ValueError: Cannot extract graph node from different trace level` "
                    f"(or `TraceContextError`). {LIFT_NNX.capitalize()}, passing the model "
                    "and optimizer through the loop."
                )
            outside_state = state.merged_with_outside_state(arg.value, arg_scope)
            if outside_state is not None:
                return (
                    f"{called} inside a raw lax.scan body is given `{code_of(arg.value)}`, merged "
                    f"in the body with `{code_of(outside_state)}`, state split outside the body "
                    "whose Variables the merged module holds: NNX raises `ValueError: Cannot "
                    "extract graph node from different trace level`. Carry that state through "
                    f"the loop with the rest, or {LIFT_NNX}."
                )
    func = call.func
    if state.flax.index.qualify(func) in NNX_STATE_UPDATES and call.args:
        updated = call.args[0].value
        if state.outside_nnx_object(updated, scope) is not None:
            return (
                f"`{code_of(func)}({code_of(updated)}, ...)` inside a raw lax.scan body writes "
                f"into `{code_of(updated)}`, an NNX object made outside the body: "
                f"{TRACE_CONTEXT_ERROR}. Carry its state through the loop (`nnx.split` before, "
                f"`nnx.merge` in the body, `nnx.update` after), or {LIFT_NNX}."
            )
    if isinstance(func, cst.Attribute) and func.attr.value == "update":
        updated_kind = state.outside_nnx_object(func.value, scope)
        if updated_kind == OUTSIDE_OPTIMIZER:
            return (
                f"`{code_of(func)}(...)` inside a raw lax.scan body updates an "
                f"`nnx.Optimizer` made outside the body: {TRACE_CONTEXT_ERROR}. "
                f"{LIFT_NNX.capitalize()}, passing the model and optimizer through the loop."
            )
        if updated_kind == OUTSIDE_METRIC:
            return (
                f"`{code_of(func)}(...)` inside a raw lax.scan body updates an "
                f"`nnx.Metric` made outside the body: {TRACE_CONTEXT_ERROR}. Return the "
                "per-step values as the scan's outputs (`ys`) and update the metric after the "
                "loop, or carry the metric's state through it."
            )
    return None


def _partial_called(index: ScanIndex, func: cst.BaseExpression, scope: Scope) -> tuple[cst.Call, Scope] | None:
    """The `functools.partial(f, ...)` a call runs: written at the call, or bound once to the
    name called, with the scope it is written in; else the one partial the object flow says
    the callee holds (`self.quote_fn`, made by a factory)."""
    if isinstance(func, cst.Name):
        found = scope.only_binding(func.value)
        if found is not None and isinstance(found[1], cst.Call):
            func, scope = found[1], found[0]
    if isinstance(func, cst.Call) and index.qualify(func.func) == PARTIAL and func.args and not func.args[0].keyword:
        return func, scope
    if not isinstance(func, (cst.Name, cst.Attribute)):
        return None
    values = flax_file(index).flow.values(func, scope) or []
    if len(values) == 1 and isinstance(values[0][0], cst.Call):
        made, made_scope = values[0]
        if index.qualify(made.func) == PARTIAL and made.args and not made.args[0].keyword:  # type: ignore[union-attr]
            return made, made_scope  # type: ignore[return-value]
    return None


def _assigned_state(state: OutsideNnxState, target: cst.BaseExpression, scope: Scope) -> str | None:
    if not isinstance(target, (cst.Attribute, cst.Subscript)):
        return None
    root = root_name(target)
    if root is None or state.self_built_in_body(root, scope):
        return None
    what = state.outside_object(root, scope)
    if (
        what == "NNX module state"
        and isinstance(target, cst.Attribute)
        and target.value is root
    ):
        return f"the state of `{root.value}` (an NNX module)"
    if what is None and target.value is not root:
        # `self.model.impressions[...] = ...`: a Variable or module a plain object holds
        what = state.outside_nnx_object(target.value, scope)
    return what


def _switched_on_in_some_run(flax: FlaxFile, call: cst.Call, scope: Scope) -> bool:
    """Whether a mode switch a call passes (`deterministic=not train`) is known to be false in
    some run of the file (`sim.rollout(x, train=True)`), so the layer it reaches changes state."""
    for keyword in STATEFUL_NNX.values():
        value = keyword_argument(call, keyword)
        values = run_flags(flax).values(value, scope) if value is not None else None
        if values is not None and False in values:
            return True
    return False


@dataclass(frozen=True)
class _Mutation:
    """What a call in the body does to state outside it: the message, and whether the state is
    a Python container the object keeps (the values leak; nothing is raised in the loop)."""

    message: str
    leaks: bool = False


def _mutating_call(state: OutsideNnxState, call: cst.Call, scope: Scope) -> _Mutation | None:
    """A call in the body that changes outside NNX state, if it does."""
    code_of = state.flax.index.module.code_for_node
    func = call.func
    if (
        isinstance(func, cst.Attribute)
        and func.attr.value == "sow"
        and isinstance(func.value, cst.Name)
        and state.flax.index.resolve_callable(func, scope) is None  # NNX's own `sow`
        and not state.self_built_in_body(func.value, scope)
    ):
        held = state.outside_object(func.value, scope)
        if held is not None and held not in (OUTSIDE_OPTIMIZER, OUTSIDE_METRIC):
            return _Mutation(
                f"`{code_of(func)}(...)` inside a raw lax.scan body stores a variable on "
                f"`{func.value.value}` ({held}), which lives outside the body: {TRACE_CONTEXT_ERROR}. "
                f"Return the values as the scan's per-step output and sow the stacked result after the loop, or {LIFT_NNX}."
            )
    if state.outside_container_updated(call, scope):
        return _Mutation(
            f"`{code_of(call.func)}(...)` inside a raw lax.scan body stores a value of the loop in "
            f"{PYTHON_CONTAINER}, made outside the body: {_CONTAINER_LEAK}",
            leaks=True,
        )
    draws = (
        f"inside a raw lax.scan body draws from an `nnx.Rngs` that lives outside the body: "
        f"{TRACE_CONTEXT_ERROR}. Split the keys outside the loop and pass them as `xs`, or "
        f"{LIFT_NNX}."
    )
    rngs = keyword_argument(call, "rngs")
    if rngs is not None and state.is_outside_rngs(rngs, scope):
        return _Mutation(f"`{code_of(call.func)}(..., rngs={code_of(rngs)})` {draws}")
    # `rngs.noise()`, `rngs["noise"]()`: a stream of the `nnx.Rngs`; `rngs.noise.normal(shape)`:
    # a stream's sampler, which draws from it too.
    stream_owner = call.func.value if isinstance(call.func, (cst.Attribute, cst.Subscript)) else None
    sampled = (
        stream_owner.value
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in RNG_SAMPLERS and isinstance(stream_owner, cst.Attribute)
        else None
    )
    for candidate in (call.func, stream_owner, sampled):
        if candidate is None:
            continue
        if state.is_rngs_attribute(candidate, scope) or (
            isinstance(candidate, cst.Name) and state.is_outside_rngs(candidate, scope)
        ):
            return _Mutation(f"`{code_of(call.func)}()` {draws}")
    if isinstance(call.func, cst.Attribute) and call.func.attr.value in MODE_SWITCHES:
        switched = state.mode_layers(call.func.value, scope)
        if switched is not None:
            return _Mutation(
                f"`{code_of(call.func)}(...)` inside a raw lax.scan body sets the mode of layers "
                f"that live outside the body ({switched}): {TRACE_CONTEXT_ERROR}. Switch the "
                f"mode before the loop, or {LIFT_NNX}."
            )
    if any(is_true(keyword_argument(call, k)) for k in STATEFUL_NNX.values()):
        return None
    # A fresh `nnx.Rngs` passed at the call is what a Dropout draws from instead of its own.
    given = rngs is not None and not _left_none(state.code, rngs, scope)
    held = state.stateful_module(call.func, scope, rngs_passed=given) or state.method_changing_state(
        call.func, scope
    )
    called = f"`{code_of(call.func)}`"
    if held is None:  # `lax.cond(coin, agent.explore, agent.exploit, obs)`: methods run as branches
        for branch in branch_functions(state.flax.index, call, scope):
            held = state.method_changing_state(branch, scope) if isinstance(branch, cst.Attribute) else None
            if held is not None:
                called = f"`{code_of(branch)}` (a branch of `{code_of(call.func)}`)"
                break
    if held is None:
        return None
    if held.mode_switchable and mode_given_by_caller(call) and not _switched_on_in_some_run(state.flax, call, scope):
        return None  # `self.model(occ, deterministic=not train)` with every caller passing `train=False`, or unknown
    if held.mode_switchable and state.mode_layers_switched_off(call, scope):
        return None  # `model(x)` whose `__call__` runs `self.drop(h, deterministic=not train)` with `train=False`
    if held.python_container:
        return _Mutation(
            f"calling {called} inside a raw lax.scan body stores values of the loop in the state "
            f"it holds ({held}), which lives outside the body: {_CONTAINER_LEAK}",
            leaks=True,
        )
    return _Mutation(
        f"calling {called} inside a raw lax.scan body mutates the state it holds "
        f"({held}), which lives outside the body: {TRACE_CONTEXT_ERROR}. {LIFT_NNX.capitalize()}, "
        f"which splits RNG streams and carries state through the loop."
    )


_OBJECT_LEAK = (
    "nothing is raised in the loop, but the stored tracer escapes the trace and raises "
    "`UnexpectedTracerError` where it is used after it."
)


def _loop_value_stored_on_outside_object(flax: FlaxFile, code: BodyCode, target: cst.BaseExpression, scope: Scope) -> bool:
    """`self.last_x0 = x0` in the body or a helper method it runs: a value of the loop assigned
    to an attribute of a plain (not Flax) object made outside the body, the `self` of the
    method the loop runs in, or of a method the body calls on that object. Also `holder.stats =
    stats` or `self.state.batch_stats = ...` on another object, reached from a name the body's
    code does not bind (or such a `self`, or a parameter a helper or a callback's method is
    handed: `_handed_object`), when every object it may hold is known, of a
    same-file plain class that is not a frozen dataclass, made outside the body, and the file
    reads the attribute elsewhere (else the tracer is never used)."""
    if not isinstance(target, cst.Attribute):
        return False
    holder, root = target.value, root_name(target.value)
    if root is None:
        return False
    flags = run_flags(flax)
    assign, value = _assigned_value(flags.parents, target)
    if assign is None or value is None or not code.holds_step_value(value, scope):
        return False
    if _handed_object(flax, code, target, scope) and not code.holds_varying_value(value, scope):
        return False  # `runner.ctx.phase = label`, every call passing "calibrating"
    handed = code.closed_over_argument(root, scope) if holder is root else None
    if handed is not None:  # `refresh(self, x)` handing the runner to a helper's `owner`
        holder = root = handed[0]
        scope = handed[1]
    class_node = flax.self_class(root, scope)
    if class_node is not None:
        if flax.is_linen(class_node) or flax.is_nnx(class_node) or not code.object_outside(root, scope):
            return False
        if holder is root:
            return True
    elif code.binds(root.value, scope) and not _handed_object(flax, code, target, scope):
        return False
    made = flax.instances(holder, scope)
    if not made or any(code.is_inside(made_scope) for _, made_scope in made):
        return False
    classes = {flax.local_class(construction.func, made_scope) for construction, made_scope in made}
    return (
        None not in classes
        and all(flax.is_plain(c) and not frozen_dataclass(flax.index, c) for c in classes)  # type: ignore[arg-type]
        and flags.attribute_read_elsewhere(target.attr.value, assign)
    )


def _handed_object(flax: FlaxFile, code: BodyCode, target: cst.BaseExpression, scope: Scope) -> bool:
    """Whether a target sets an attribute on an object a helper or an outside object's method
    is handed as an argument, not on its own `self` (`runner.ctx.stats = new_vars[...]` in a
    callback's `on_batch(self, runner, new_vars)`): which objects it may be is left to the
    object flow, which sees every call filling the parameter."""
    root = root_name(target.value) if isinstance(target, cst.Attribute) else None
    if root is None:
        return False
    found = scope.lookup(root.value)
    if found is None or found[0] is not scope or len(found[1]) != 1 or not isinstance(found[1][0], cst.Param):
        return False
    function = scope.node
    body = code.loop.body
    if not isinstance(function, cst.FunctionDef) or function not in code.functions or (body is not None and function is body.node):
        return False
    return flax.self_class(root, scope) is None


def _assigned_value(
    parents: dict[cst.CSTNode, cst.CSTNode], target: cst.BaseExpression
) -> tuple[cst.Assign | None, cst.BaseExpression | None]:
    """The assignment a target belongs to and the value it gets: the whole value, or the
    matching element when both sides are tuples of one length (`self.a, self.b = x, y`)."""
    element = parents.get(target)
    if isinstance(element, cst.AssignTarget):
        assign = parents.get(element)
        return (assign, assign.value) if isinstance(assign, cst.Assign) else (None, None)
    if not isinstance(element, cst.Element):
        return None, None
    sequence = parents.get(element)
    assign_target = parents.get(sequence)
    assign = parents.get(assign_target) if isinstance(assign_target, cst.AssignTarget) else None
    if not isinstance(sequence, (cst.Tuple, cst.List)) or not isinstance(assign, cst.Assign):
        return None, None
    value = assign.value
    if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(sequence.elements):
        picked = value.elements[list(sequence.elements).index(element)]
        return assign, None if isinstance(picked, cst.StarredElement) else picked.value
    return assign, value


_CONTAINER_LEAK = (
    "NNX does not track a plain Python container, so no error is raised in the loop, but the "
    "stored tracers escape the trace and raise `UnexpectedTracerError` where they are used "
    "after it. Return the values as the scan's outputs (`ys`) and collect them after the loop."
)


def _only_when_left_none(flax: FlaxFile, code: BodyCode, node: cst.CSTNode, scope: Scope) -> bool:
    """Whether code of a helper the body runs sits under `if key is None:` (or the `None` side
    of a conditional expression) of a parameter every call in the body's code fills with a value
    that is never None (`self.sample_latent(n, key)` from `vae.generate(n, fold_in(k, i))`): no
    step runs it."""
    flags = run_flags(flax)
    for condition, needed in flags.conditions(node):
        tested = none_test(condition)
        if tested is None or tested[1] != needed:
            continue
        branch = flags.parents.get(condition)  # the `if` (or conditional expression) it tests
        rebound = [b for b in scope.bindings.get(tested[0].value, []) if not isinstance(b, cst.Param)]
        if branch is not None and all(flags.encloses(branch, b) for b in rebound) and _never_none(code, tested[0], scope):
            return True
    return False


def _never_none(code: BodyCode, name: cst.Name, scope: Scope, depth: int = 0) -> bool:
    """Whether a parameter of a helper of the body's code is filled with a call's result (or a
    literal other than None) by every call of the helper there, also through the parameters of
    the helpers that pass it on."""
    function = scope.node
    if depth > 3 or not isinstance(function, cst.FunctionDef):
        return False
    # the parameter itself, rebound only where it is None (`if key is None: key = ...`)
    param = next((b for b in scope.bindings.get(name.value, []) if isinstance(b, cst.Param)), None)
    rebound = [b for b in scope.bindings.get(name.value, []) if b is not param]
    entries = code.entries.get(function, [])
    if param is None or not entries or (depth > 0 and rebound):
        return False  # a name passed on must hold what its caller passed
    for call, call_scope in entries:
        value = dict(parameters_passed(function, scope, call, call_scope)).get(param)
        if isinstance(value, cst.Name) and value.value != "None":
            if not _never_none(code, value, call_scope, depth + 1):
                return False
        elif not isinstance(value, (cst.Call, cst.Integer, cst.SimpleString, cst.Tuple, cst.List, cst.BinaryOperation)):
            return False
    return True


def _left_none(code: BodyCode, rngs: cst.BaseExpression, scope: Scope) -> bool:
    """Whether `rngs=key` passes `None` in every run of the body: `key` a parameter defaulting to
    `None` of a helper that no call in the body's code gives it (`scorer.score(residues)` with
    `def score(self, residues, key=None)`); a Dropout then draws from its own streams."""
    found = scope.only_binding(rngs.value) if isinstance(rngs, cst.Name) else None
    if found is None or not isinstance(found[1], cst.Param):
        return False
    param, function = found[1], found[0].node
    if not (isinstance(param.default, cst.Name) and param.default.value == "None") or not isinstance(function, cst.FunctionDef):
        return False
    entries = code.entries.get(function, [])
    return bool(entries) and all(
        param not in dict(parameters_passed(function, found[0], call, call_scope)) for call, call_scope in entries
    )
