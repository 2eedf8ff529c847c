"""SCN103 (rng-drawn-once-per-trace): randomness drawn once per trace inside a raw lax.scan (or fori_loop, while_loop) body: every step gets the same values.

The class docstring says what the rule flags and why; its page is `rules/SCN103.md`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import libcst as cst

from scanlint.analysis.flax_model import (
    KEY_MAKERS,
    KEY_PLUMBING,
    BodyCode,
    CallFinder,
    FlaxFile,
    ModuleRun,
    NameCollector,
    enclosing_class,
    flax_file,
    is_false,
    is_true,
    linen_runs,
    method_name,
    parameters_filled,
    parameters_passed,
    project_calls,
    raw_scan_bodies,
    root_name,
    unpacked_targets,
)
from scanlint.analysis.linen_apply import (
    apply_of_partial,
    bound_module_called,
    branch_taken,
    module_methods_called,
    project_call_summary,
    setup_submodule_class,
)
from scanlint.analysis.nnx_state import (
    DROPOUT,
    MODE_SWITCHES,
    NNX_CLONE,
    NNX_MERGE,
    RNG_SAMPLERS,
    OutsideNnxState,
    training_dropout,
)
from scanlint.analysis.object_flow import BoundMethod
from scanlint.analysis.resolver import (
    ScanIndex,
    Scope,
    argument,
    keyword_argument,
    returns_of,
)
from scanlint.analysis.run_flags import RunFlags, Values, none_test, run_flags
from scanlint.analysis.submodules import (
    called_before_scan,
    first_called_in_body,
    submodule_called,
    submodule_method_called,
    submodule_named,
)
from scanlint.analysis.walk import walk
from scanlint.index.names import PARTIAL
from scanlint.rules.base import FileContext, Report, Rule
from scanlint.rules.flax.reporting import in_loop, short_code


def _deterministic(construction: cst.Call | None, call: cst.Call | None) -> bool:
    """A Dropout made or called with a literal `deterministic=True` draws nothing."""
    return any(
        node is not None and is_true(keyword_argument(node, "deterministic"))
        for node in (construction, call)
    )


def _linen_class_draws(
    flax: FlaxFile, class_node: cst.ClassDef, seen: frozenset[cst.ClassDef] = frozenset()
) -> bool:
    """Whether a same-file Linen class draws randomness when it runs: `self.make_rng`, an
    `nn.Dropout`, or a same-file Linen class that does, anywhere in its methods."""
    if class_node in seen:
        return False
    seen = seen | {class_node}
    finder = CallFinder()
    walk(class_node.body, finder)
    flags = run_flags(flax)
    for call in finder.calls:
        if flags.never_runs(call):
            continue
        if method_name(call) == "make_rng":
            return True
        if flax.is_linen_dropout(call.func) and not _dropout_never_draws(flags, call):
            return True
        if _table_dropout_draws(flax, call, flags.scope_at(call)):
            return True
        if isinstance(call.func, (cst.Name, cst.Call)):  # `Block(...)`, `nn.remat(Block)(...)`, `RematBlock(...)`
            local = flax.lifted_local_class(call.func, flags.scope_at(call))
            if (
                local is not None
                and flax.is_linen(local)
                and _linen_class_draws(flax, local, seen)
            ):
                return True
    return False


def _drawn_in_runs(flax: FlaxFile, flags: RunFlags, runs: list[ModuleRun], code: BodyCode | None = None) -> str | None:
    """What draws randomness in the methods a call runs (see `linen_runs`): a `make_rng` call,
    or an `nn.Dropout` (built inline or in `setup`) whose `deterministic` is known to be false
    in some run, following the flags each call passes down. A `make_rng` key folded with a
    value the loop body's call passes each step (`fold_in(self.make_rng("x"), step)`) differs
    at every step and is not one."""
    code_of = flax.index.module.code_for_node
    for run in runs:
        setup = flax.self_attribute_values(run.class_node, "setup")
        method_scope = flax.index.scope_of[run.method]
        self_name = flax.index.self_name(method_scope)
        calls = CallFinder()
        walk(run.method.body, calls)
        folded = _folded_with_step(flax, code, run, calls.calls) if code is not None else set()
        for call in calls.calls:
            if flags.never_runs(call) or call in folded or flags.never_runs_in_run(call, run.given):
                continue
            if method_name(call) == "make_rng" and isinstance(call.func, cst.Attribute):
                if isinstance(call.func.value, cst.Name) and call.func.value.value == self_name:
                    return f"`{code_of(call.func)}` in `{run.class_node.name.value}`"
            if _setup_list_draws(flax, run, call, setup):
                return f"an `nn.Dropout` in `{run.class_node.name.value}`"
            construction = call.func if isinstance(call.func, cst.Call) else None
            if construction is None and isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name):
                if call.func.value.value == self_name:
                    values = setup.get(call.func.attr.value, [])
                    construction = values[0] if len(values) == 1 and isinstance(values[0], cst.Call) else None
            if (
                construction is None
                or not flax.is_linen_dropout(construction.func)
                or _dropout_given_key(call, lambda key: flags.values_in_run(key, run.given))
            ):
                continue
            switch = keyword_argument(call, "deterministic") or keyword_argument(construction, "deterministic")
            values = flags.values_in_run(switch, run.given) if switch is not None else None
            if values is not None and False in values:
                return f"an `nn.Dropout` in `{run.class_node.name.value}`"
    return None


def _folded_with_step(flax: FlaxFile, code: BodyCode, run: ModuleRun, calls: list[cst.Call]) -> set[cst.Call]:
    """The `make_rng` calls of a run whose key is only used folded with a per-step value:
    `jax.random.fold_in(self.make_rng("x"), step)`, or `key = self.make_rng("x")` read only in
    such folds, with `step` a parameter the loop body's call fills with a value of the step."""
    method_scope = flax.index.scope_of[run.method]

    def per_step(data: cst.BaseExpression) -> bool:
        names = NameCollector()
        walk(data, names)
        passed = [run.given[n] for n in names.names if n in run.given]
        return any(code.mentions_step_value(value, value_scope) for value, value_scope in passed)

    folds = [
        c for c in calls
        if flax.index.qualify(c.func) == "jax.random.fold_in" and len(c.args) == 2 and per_step(c.args[1].value)
    ]
    folded_names = [c.args[0].value.value for c in folds if isinstance(c.args[0].value, cst.Name)]
    found = {c.args[0].value for c in folds if isinstance(c.args[0].value, cst.Call)}
    for call in calls:
        if method_name(call) != "make_rng":
            continue
        name = method_scope.name_bound_to(call)
        if name is not None and folded_names.count(name) == len(flax.index.reads_of(name, method_scope)):
            found.add(call)
    return found  # type: ignore[return-value]


def _setup_list_draws(flax: FlaxFile, run: ModuleRun, call: cst.Call, setup: dict[str, list[cst.BaseExpression]]) -> bool:
    """`for block in self.blocks: x = block(x)` in a run, with `setup` building the list from a
    table of layer makers (`[TABLE[name]() for name in self.names]`) that gives an always-drawing
    Dropout (see `_table_dropout_draws`)."""
    if not isinstance(call.func, cst.Name):
        return False
    method_scope = flax.index.scope_of[run.method]
    iterated = flax.loop_iterates(call.func, method_scope)
    holder = iterated[0] if iterated is not None else None
    if not (
        isinstance(holder, cst.Attribute)
        and isinstance(holder.value, cst.Name)
        and holder.value.value == flax.index.self_name(method_scope)
    ):
        return False
    setup_method = flax.index.method_of(run.class_node, "setup")
    setup_scope = flax.index.scope_of[setup_method] if setup_method is not None else None
    for value in setup.get(holder.attr.value, []):
        elements = [value.elt] if isinstance(value, (cst.ListComp, cst.GeneratorExp)) else []
        if isinstance(value, (cst.List, cst.Tuple)):
            elements = [e.value for e in value.elements]
        if setup_scope is not None and any(isinstance(e, cst.Call) and _table_dropout_draws(flax, e, setup_scope) for e in elements):
            return True
    return False


def _table_dropout_draws(flax: FlaxFile, call: cst.Call, scope: Scope) -> bool:
    """`TABLE[name]()` building an `nn.Dropout` made with `deterministic=False` (a partial or
    lambda entry of a table of layer makers, see `table_constructions`): such a Dropout draws at
    every call, since no call may pass `deterministic` again. Every entry must be one when the
    code takes one of them rather than building each."""
    picked = flax.index.table_constructions(call, scope)
    if picked is None:
        return False
    constructions, every = picked
    drawing = [
        isinstance(made, cst.Call)
        and flax.is_linen_dropout(made.func)
        and is_false(keyword_argument(made, "deterministic"))
        for made, _ in constructions
    ]
    return any(drawing) if every else bool(drawing) and all(drawing)


def _dropout_never_draws(flags: RunFlags, construction: cst.Call) -> bool:
    """A Linen Dropout built in a class's own code that no run lets draw from `make_rng`: every
    call of it is under a branch no run takes, deterministic in every run, or given its key
    (`rng=`)."""
    if is_true(keyword_argument(construction, "deterministic")):
        return True
    uses = flags.instance_calls(construction, flags.scope_at(construction))
    return bool(uses) and all(
        flags.never_runs(call)
        or flags.dropout_always_deterministic(construction, call)
        or _dropout_given_key(call, lambda key, call=call: flags.values(key, flags.scope_at(call)))
        for call, _, _, _ in uses
    )


def _partial_of_make_rng(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> cst.Call | None:
    """For `next_key()` in the body's code: the `functools.partial(self.make_rng, "droppath")`
    of a Linen module that `next_key` is bound to, made outside the body and handed in (a
    parameter of the factory that made the body, or a name of the function around it)."""
    if not isinstance(call.func, cst.Name):
        return None
    found = scope.lookup(call.func.value)
    if found is None or len(found[1]) != 1:
        return None
    binding_scope, (binding,) = found
    if isinstance(binding, cst.Param) and binding in code.bound_arguments:
        value, value_scope = code.bound_arguments[binding]
    elif isinstance(binding, cst.Call):
        value, value_scope = binding, binding_scope
    else:
        return None
    if not (isinstance(value, cst.Call) and flax.index.qualify(value.func) == PARTIAL and value.args) or code.is_inside(value_scope):
        return None
    target = value.args[0].value
    if not (isinstance(target, cst.Attribute) and target.attr.value == "make_rng"):
        return None
    return value if flax.linen_self(target.value, value_scope) is not None else None


def _draws_from(index: ScanIndex, method: cst.FunctionDef, name: str, samplers: bool = True) -> bool:
    """Whether a method hands its parameter `name` as it is to a draw: `rngs=name` (a Dropout
    or a submodule's call) or, with `samplers`, the key of a `jax.random` sampler."""
    finder = CallFinder()
    walk(method.body, finder)
    for call in finder.calls:
        given = keyword_argument(call, "rngs")
        if isinstance(given, cst.Name) and given.value == name:
            return True
        qualified = index.qualify(call.func) or ""
        if samplers and qualified.startswith("jax.random.") and qualified[len("jax.random.") :] not in KEY_PLUMBING:
            key = _key_argument(call)
            if isinstance(key, cst.Name) and key.value == name:
                return True
    return False


def _dropout_given_key(call: cst.Call, passed: Callable[[cst.BaseExpression], Values] | None = None) -> bool:
    """`dropout(x, rng=key)` (or the key third, after `deterministic`): a Linen Dropout that
    uses the key it is given, not `make_rng`. A parameter that every run `passed` knows of
    leaves at `None` (`rng=rng`, with `rng=None` the default and no call passing one) gives no
    key."""
    key = argument(call, 2, "rng")
    if key is None:
        return False
    return not (isinstance(key, cst.Name) and passed is not None and passed(key) == frozenset({None}))


_SAME_VALUES = "every step gets the same random values, with no error"


_MAKE_RNG_ADVICE = (
    "Split the key outside the loop and pass the per-step keys as `xs` "
    "(`jax.random.split(self.make_rng(...), n)`), or lift the loop with `nn.scan` and `split_rngs`."
)


class RngDrawnOncePerTrace(Rule):
    """Randomness drawn once per trace inside the body of a raw `jax.lax.scan`.

    The body is traced once, so a key drawn while tracing it is drawn once, not once per step.
    Flags `self.make_rng(...)` in a Linen module (also as `module.make_rng(...)` in a step function
    of another project file handed the module), `nn.Dropout` constructed or called in the body
    (unless it is `deterministic=True`), a Linen submodule that draws randomness called in the
    body (a Dropout called `rng=rng`, with `rng=None` the default and no run passing one, draws
    `make_rng`), and an RNG key closed over from outside (or fixed with `functools.partial`, or stored
    on an object made outside the body, `jax.random.normal(self.key, ...)`, also read out of an
    NNX Variable or an `nnx.Rngs` stream's key, `gen.seed[...]`, `rngs.noise.key.value`, or
    handed out by a getter of the object, `sampler.current_key()`) that is
    passed to a `jax.random` function without being folded with the step (`fold_in(key, t)`) or
    split and indexed by the step (`split(key, n)[t]`); the method may be reached through a
    callable `__init__` or `setup` stores (`self.noise_fn = functools.partial(self._noise,
    shape)`). A submodule's `make_rng`
    (`diffusion.make_rng(...)` in a factory-made step given `self.diffusion`) draws once too. In
    NNX: a fresh `nnx.Rngs` built in the body (or a helper it calls, or a method of an outside
    module it calls, `emulator.step(u)` running `nnx.Rngs(forcing=self.seed)`) from values no
    step changes (`nnx.Rngs(0)`, a closed-over key, a `seed=0` default; also one a helper builds
    when the body leaves its `rngs=None` parameter out) and drawn from, a closed-over key given
    to a layer as `rngs=` (`model(x, rngs=key)`; a same-seeded `nnx.Rngs` handed positionally to
    a call counts too, `rbm.sample_h(v, rngs)`), and `nnx.clone` of an outside module holding
    RNG streams, called in the body (the clone starts from the same counts each step), or
    `nnx.merge(..., copy=True)` of its state split outside and closed over, or carried and
    given back unchanged (whether the copy holds a Dropout, runs a method that draws from its
    own `nnx.Rngs`, `pi.act(obs)` with `self.rngs.action()`, or draws from them directly);
    `nnx.clone` of an outside `nnx.Rngs` drawn from; `nnx.reseed` of a module the body builds
    (a merge, a clone, also in a helper) with seeds no step changes. Also: a key made
    before the loop that the body hands to a helper or a same-file module that samples from it
    unchanged (`self.select(q, key)`, `self.gumbel(logits, key)`, or an NNX module whose method
    hands it to the Dropout it stores, `self.drop(h, rngs=key)`, in a file that never switches
    modes), a key drawn once from an object's own streams before the loop (`key =
    model.rngs.dropout()`) and given as `rngs=`, `model.apply(...,
    rngs={"dropout": key})` with keys no step changes on a module that draws (also through a
    block it builds under a lifted transform, `RematBlock = nn.remat(Block)` or inline; a model
    unpacked from a builder's tuple, `model, params = build(cfg)`, or built by a same-file
    function, `create("mlp")` returning `MODELS[name](**kw)` from a registry; also a
    `functools.partial` of it a factory returns and an object stores, `self.generate_fn(n)`, or
    the closure a factory a registry holds returns, `SAMPLERS["dropout"](model, variables, 7)`; or a module bound
    with such keys, `bound = model.bind(variables, rngs={...})`, also one the `__init__` of an
    outside plain object binds, `runner.agent`, whose called method draws),
    NNX randomness from a key a module stores (`self.drop(h, rngs=self.mc_key)`, a key held in
    an `nnx.Variable`, an `nnx.Rngs` stream's `.key.value`) in a method the body runs (also of a
    module a builder returns in a tuple, `net, jitter = build(0)`), and a submodule
    several levels down that draws (`self(x, deterministic=False)`, `self.prior.draw()`), in a
    method only `apply` runs, with the flags each call passes down. Also a key an outside
    object keeps given as `rngs=` (`rngs=session.noise_key`), fixed by a `functools.partial`
    made outside the body (`partial(model, rngs=jax.random.key(seed))`, or any parameter the
    partial's function hands to a draw, `partial(model.appetite, key=pen_key)`), handed to an outside
    NNX module whose method gives it to a draw (`self.model(x, self.sampler.key)`), or drawn
    as is by a plain helper's method the body runs (`self.jitter.sample()` with `self.key =
    rngs.jitter()`); a Linen Dropout given `rng=rng`, a helper's parameter the body's call
    leaves at its `None` default; and a sampler a registry pick builds (`cls = SAMPLERS[kind]`).
    A `make_rng` in a branch one run never takes (`key = self.make_rng(...) if key is None
    else key`, the run passing `jax.random.fold_in(key, i)`) is not drawn there. A key carried
    through the loop that every step gives back unchanged (`return key, y`, or `key, h = carry`
    then `return (key, h), y`) is the same at every step too, when the body draws from it, hands
    it to a helper or module that does, or gives it as `rngs=`. Nothing fails: every step
    gets the same noise or the same dropout mask, a silently wrong result. A key carried through
    the loop and split each step, or given as `xs`, `nnx.Rngs(key)` from such a key, and a
    `make_rng` key folded with a step value (`fold_in(self.make_rng("noise"), t)`, also in a
    helper given the step) are fine.

    Randomness behind a mode flag that no run of this file sets is not flagged: a draw only
    under an `if` (or conditional expression, or after `if flag: return`) whose flag never takes
    the drawing value, and a Dropout whose `deterministic` (the call's value when it gives one,
    else the construction's, as Linen merges them) is True in every run. A run's flag values
    come from the field default and every construction of the module in the file, or from the
    parameter default and every call reaching the method (`model.apply(v, x, train=False)`,
    `self.cell(x, deterministic=True)`). For the code a loop body runs, they narrow to that loop:
    a method the body calls takes the arguments of the body's calls (`self(x, train=False)` in a
    rollout, whatever training passes elsewhere), and a field of the loop's module the values of
    the instances that run the loop's method (the eval instance that runs `rollout`, not the
    training one given to `init`). When some run draws, or the file does not show every
    run (no construction in the file, a flag forwarded from an unknown caller, `model.apply`
    handed to a trainer), the draw is flagged. `jnp.where(flag, a, b)` is not a branch: both
    sides run.

    A key an object hands out from a method that returns what it keeps (`policy.key_for(step)`
    returning `self._key`) is the same at every step; so is one drawn once from an `nnx.Rngs`
    a constructor parameter is given. A clone (`nnx.clone(model)`) called with `rngs=` a key
    that differs by step draws fresh masks and is not flagged; a `make_rng` in a mixin's helper
    method (`class Model(NoiseMixin, nn.Module)`) is the module's own draw.
    """

    CODE = "SCN103"
    BAD = """\
import flax.linen as nn
import jax
import jax.numpy as jnp

class NoisyWalk(nn.Module):
    size: int

    @nn.compact
    def __call__(self, steps):
        def step(carry, t):
            noise = jax.random.normal(self.make_rng("noise"), carry.shape)
            return carry + noise, noise

        return jax.lax.scan(step, jnp.zeros(self.size), jnp.arange(steps))
"""
    GOOD = """\
import flax.linen as nn
import jax
import jax.numpy as jnp

class NoisyWalk(nn.Module):
    size: int

    @nn.compact
    def __call__(self, steps):
        keys = jax.random.split(self.make_rng("noise"), steps)

        def step(carry, key):
            noise = jax.random.normal(key, carry.shape)
            return carry + noise, noise

        return jax.lax.scan(step, jnp.zeros(self.size), keys)
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        for flax, code in raw_scan_bodies(context.index):
            fixed = _FixedNnxRandomness(flax, code) if flax.uses_nnx else None
            for call, scope in code.calls:
                report = (
                    self._linen_draw(flax, code, call, scope)
                    or _apply_with_fixed_keys(flax, code, call, scope)
                    or _bound_module_draws(flax, code, call, scope)
                    or self._closed_key(context.index, code, call, scope)
                    or _closed_key_handed_to_module(context.index, code, call, scope)
                    or (fixed.report(call, scope) if fixed is not None else None)
                    or self._closed_key(context.index, code, call, scope, stored_reads=True)
                )
                if report is not None:
                    yield in_loop(code, report)
        flax = flax_file(context.index)
        for project_call in project_calls(flax):
            for value, parameter, method, _ in module_methods_called(flax, project_call, ("make_rng",)):
                summary = f"{project_call_summary(project_call, parameter, method)}, inside a raw lax.scan body"
                advice = _MAKE_RNG_ADVICE
                yield in_loop(project_call.code, Report(
                    value,
                    f"{summary}: it draws one key while the scan traces the body, not one per step: "
                    f"{_SAME_VALUES}. {advice}",
                    summary=summary,
                    help=advice,
                ))
                break

    def _linen_draw(
        self, flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope
    ) -> Report | None:
        flags = run_flags(flax).within(code)
        if method_name(call) == "make_rng":
            assert isinstance(call.func, cst.Attribute)
            receiver = call.func.value
            linen_module = flax.linen_self(receiver, scope) is not None or (
                submodule_named(flax, code, receiver, scope) is not None  # `diffusion.make_rng(...)`
            )
            if linen_module and not flags.never_runs(call) and not code.key_varies_by_step(flax.index, call, scope):
                called = f"`{flax.index.module.code_for_node(call.func)}`"
                summary = f"{called} inside a raw lax.scan body draws one key for all steps"
                advice = _MAKE_RNG_ADVICE
                return Report(
                    call,
                    f"{called} inside a raw lax.scan body draws one key while the scan "
                    f"traces the body, not one per step: {_SAME_VALUES}. {advice}",
                    summary=summary,
                    help=advice,
                )
            return None
        partial = _partial_of_make_rng(flax, code, call, scope)
        if partial is not None and not flags.never_runs(call) and not code.key_varies_by_step(flax.index, call, scope):
            called = f"`{flax.index.module.code_for_node(call.func)}`"
            made = f"`{flax.index.module.code_for_node(partial)}`"
            summary = f"{called} inside a raw lax.scan body draws one key for all steps"
            return Report(
                call,
                f"{called} ({made}) inside a raw lax.scan body draws one key while the scan "
                f"traces the body, not one per step: {_SAME_VALUES}. {_MAKE_RNG_ADVICE}",
                summary=summary,
                help=_MAKE_RNG_ADVICE,
            )
        if flax.is_linen_dropout(call.func):
            applied = code.applied.get(call)
            if (
                _deterministic(call, applied)
                or _per_step_rng(code, applied, scope)
                or flags.never_runs(call)
                or flags.dropout_always_deterministic(call, applied)
            ):
                return None
            in_linen = flax.is_linen(enclosing_class(code.loop))
            if not in_linen:
                return None
            return Report(call, _dropout_message("`nn.Dropout`"), summary=_dropout_summary("`nn.Dropout`"), help=_DROPOUT_ADVICE)
        submodule = submodule_called(flax, code, call, scope)
        entered = "__call__"
        if submodule is None:  # `self.prior.draw()`: a method of the submodule's own class
            through_method = submodule_method_called(flax, code, call, scope)
            if through_method is not None:
                submodule, entered = through_method
        if submodule is None or submodule.construction is None or flags.never_runs(call):
            return None
        construction = submodule.construction
        if flax.is_linen_dropout(construction.func) and entered == "__call__":
            if (
                _deterministic(construction, call)
                or _per_step_rng(code, call, scope)
                or flags.dropout_always_deterministic(construction, call)
            ):
                return None
            what = f"`{submodule.label}` (an `nn.Dropout`)"
            return Report(call, _dropout_message(what), summary=_dropout_summary(what), help=_DROPOUT_ADVICE)
        local = submodule.made_class(flax)
        if local is None or first_called_in_body(flax, code, submodule):
            return None  # SCN104 says more
        if called_before_scan(flax, code, submodule) and entered == "__call__":
            drawn = _linen_class_draws(flax, local)
        else:  # run only under `apply`: what this call runs, with the flags it passes down
            drawn = _drawn_in_runs(flax, flags, linen_runs(flax, local, call, scope, entered, taken=branch_taken(flags)), code) is not None
        if drawn:
            summary = (
                f"`{submodule.label}` draws randomness (`make_rng` or `nn.Dropout`) and is "
                f"called inside a raw lax.scan body"
            )
            advice = "Lift the loop with `nn.scan` and `split_rngs`."
            return Report(
                call,
                f"{summary}: its key is drawn once, while the scan traces "
                f"the body, so {_SAME_VALUES}. {advice}",
                summary=summary,
                help=advice,
            )
        return None

    def _closed_key(
        self, index: ScanIndex, code: BodyCode, call: cst.Call, scope: Scope, stored_reads: bool = False
    ) -> Report | None:
        """A `jax.random` draw in the body from a key no step changes: closed over, fixed by a
        partial, or stored on an outside object; with `stored_reads`, only a key read out of
        what an outside object stores (see `_stored_key_read`), which is tried last: the NNX
        analysis says more of a key an NNX module stores."""
        qualified = index.qualify(call.func)
        if qualified is None or not qualified.startswith("jax.random."):
            return None
        function = qualified[len("jax.random.") :]
        if function in KEY_PLUMBING and function not in ("split", "fold_in"):
            return None
        key = _key_argument(call)
        shown = key  # where the report points
        by_partial = carried = False
        stored = _stored_key_read(flax_file(index), code, key, scope) if key is not None and stored_reads else None
        if stored_reads and (stored is None or function in ("split", "fold_in")):
            return None  # a split of a stored key is judged at the draws from its parts
        if stored is not None:  # `gen.seed[...]`, `key = rngs.noise.key.value`, `sampler.current_key()`
            key, key_scope = stored
            if not _stored_outside(index, code, key, key_scope) or _rekeyed(index, code, call):
                return None
        elif isinstance(key, cst.Attribute):
            if not _stored_outside(index, code, key, scope) or _rekeyed(index, code, call):
                return None
        elif isinstance(key, cst.Name):
            key_scope = scope
            if code.binds(key.value, scope):
                # `select(obs, key)` in the body, whose helper draws from its `key` parameter
                handed = code.closed_over_argument(key, scope) or _handed_stored_key(index, code, key, scope)
                if handed is None:
                    handed = code.unchanged_carry_part(key, scope)  # `return key, y`: the same key every step
                    carried = handed is not None
                if handed is None:
                    # `partial(sample_burn, model, key=rngs.burner())` made outside the body
                    fixed = code.bound_argument(key, scope)
                    if fixed is None or code.is_inside(fixed[1]) or not OutsideNnxState(flax_file(index), code).is_key_value(*fixed):
                        return None
                    if _passed_at_a_call(code, key, scope):
                        return None  # `self.exploration(shape, key=fold_in(...))` replaces it
                    handed, by_partial = (key, scope), True
                key, key_scope = handed
            if isinstance(key, cst.Name) and key_scope.lookup(key.value) is None:
                return None  # not a variable this file shows (a typo or a star import)
        else:
            return None
        if function == "fold_in":
            data = call.args[1].value if len(call.args) > 1 else keyword_argument(call, "data")
            if data is None or code.mentions_step_value(data, scope):
                return None
        if function == "split" and code.indexed_by_step(call, scope):
            return None
        written = index.module.code_for_node(key)
        advice = (
            f"Fold the step in "
            f"(`jax.random.fold_in({written}, t)`), pass per-step keys as `xs` "
            f"(`jax.random.split({written}, n)`), or carry the key and split it each step."
        )
        if carried:
            advice = (
                f"Split it each step and carry the new key (`{written}, sub = jax.random.split({written})`, "
                f"draw from `sub`), or fold the step in (`jax.random.fold_in({written}, t)`)."
            )
        if carried:
            where, short = "is carried through the raw lax.scan body unchanged", "carried unchanged through"
        elif by_partial:
            where, short = "is fixed by a `functools.partial` made outside the raw lax.scan body", "fixed by a partial made outside"
        elif isinstance(key, cst.Name):
            where, short = "is closed over by the raw lax.scan body", "closed over by"
        else:
            where, short = "is stored on an object made outside the raw lax.scan body", "stored outside"
        return Report(
            shown if stored is not None else key,  # type: ignore[arg-type]
            f"RNG key `{written}` {where} and used without being split or folded with the step: "
            f"{_SAME_VALUES}. {advice}",
            summary=f"RNG key `{written}` {short} the raw lax.scan body is never split or folded with the step",
            help=advice,
        )


def _stored_key_read(
    flax: FlaxFile, code: BodyCode, key: cst.BaseExpression, scope: Scope, depth: int = 0
) -> tuple[cst.Attribute, Scope] | None:
    """The stored attribute a key argument reads the value of, with the scope it is read in:
    `gen.seed[...]`, `gen.seed.value` or `gen.seed.get_value()` (an NNX Variable holding a key,
    or an `nnx.Rngs` stream's `key`), written in the call, bound once in the body's code to a
    name the call passes (`key = gen.seed[...]`), or returned by a method of an outside object
    the call runs (`self.sampler.current_key()`). None for anything else."""
    if isinstance(key, cst.Name) and code.binds(key.value, scope):
        found = scope.only_binding(key.value)
        if found is None or found[0] is not scope or not isinstance(found[1], cst.BaseExpression):
            return None
        key = found[1]
    if isinstance(key, cst.Subscript) and isinstance(key.value, cst.Attribute):
        return key.value, scope
    if isinstance(key, cst.Attribute) and key.attr.value == "value" and isinstance(key.value, cst.Attribute):
        return key.value, scope
    if not isinstance(key, cst.Call) or key.args or not isinstance(key.func, cst.Attribute):
        return None
    if key.func.attr.value == "get_value" and isinstance(key.func.value, cst.Attribute):
        return key.func.value, scope
    returned = flax.method_returns(key, scope) if depth == 0 else None
    if not returned or len(returned) != 1:
        return None
    value, method_scope = returned[0]
    if isinstance(value, cst.Attribute) and value.attr.value != "value":
        return value, method_scope  # `return self.key`
    return _stored_key_read(flax, code, value, method_scope, depth + 1)


def _passed_at_a_call(code: BodyCode, name: cst.Name, scope: Scope) -> bool:
    """Whether some call in the body's code of the function whose parameter `name` is passes
    that parameter itself (over what a `functools.partial` fixed)."""
    found = scope.only_binding(name.value)
    function = scope.node
    if found is None or not isinstance(found[1], cst.Param):
        return False
    return any(
        found[1] in dict(parameters_passed(function, scope, call, call_scope))
        for call, call_scope in code.entries.get(function, [])
    )


def _handed_stored_key(
    index: ScanIndex, code: BodyCode, name: cst.Name, scope: Scope
) -> tuple[cst.Attribute, Scope] | None:
    """For a parameter of a helper the body calls, the key an outside object stores that every
    call of the helper in the body's code passes for it (`agent.act(obs, agent.key)`, see
    `_stored_outside`), with the scope of the call."""
    found = scope.only_binding(name.value)
    function = scope.node
    if found is None or not isinstance(found[1], cst.Param) or found[0] is not scope:
        return None
    passed: list[tuple[cst.Attribute, Scope]] = []
    for call, call_scope in code.entries.get(function, []):
        value = dict(parameters_passed(function, scope, call, call_scope)).get(found[1])
        if not isinstance(value, cst.Attribute) or not _stored_outside(index, code, value, call_scope):
            return None
        passed.append((value, call_scope))
    written = {index.module.code_for_node(value) for value, _ in passed}
    return passed[0] if len(written) == 1 else None


def _rekeyed(index: ScanIndex, code: BodyCode, call: cst.Call) -> bool:
    """Whether a `jax.random` call makes the key of another one:
    `fold_in(fold_in(self.base_key, trial), step)` is judged by the outer call."""
    parents = run_flags(flax_file(index)).parents
    parent = parents.get(call)
    outer = parents.get(parent) if isinstance(parent, cst.Arg) else None
    return isinstance(outer, cst.Call) and (index.qualify(outer.func) or "").startswith("jax.random.")


def _stored_outside(index: ScanIndex, code: BodyCode, key: cst.Attribute, scope: Scope) -> bool:
    """`self.key` (or `self.cfg.key`) read in the body's code, where `self` is an object made
    outside the body (closed over, or the object a method the body calls runs on) and the
    body's code sets no `<object>.key`: the same key at every step."""
    holder = key.value
    while isinstance(holder, cst.Attribute):  # `self.cfg.key`: what `self` holds
        holder = holder.value
    if not isinstance(holder, cst.Name) or index.qualify(key) is not None or scope.lookup(holder.value) is None:
        return False
    if code.binds(holder.value, scope) and not (
        holder.value == index.self_name(scope) and code.object_outside(holder, scope)
    ):
        return False  # a value of the step (`cfg.key` of the carry), or unknown
    return not any(
        _stores_into(target, key.attr.value) for whole, _ in code.targets for target in unpacked_targets([whole])
    )  # `self.key, sub = jax.random.split(self.key)` in the body is SCN105/SCN106's


def _stores_into(target: cst.BaseExpression, attribute: str) -> bool:
    """Whether an assignment target sets `<x>.<attribute>` or the value it holds
    (`gen.seed[...] = k`, `gen.seed.value = k`)."""
    if isinstance(target, cst.Subscript) or (isinstance(target, cst.Attribute) and target.attr.value == "value"):
        target = target.value
    return isinstance(target, cst.Attribute) and target.attr.value == attribute


def _apply_with_fixed_keys(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """`model.apply(variables, x, rngs={"dropout": key})` in the body with keys that are the same
    at every step (closed over, not split or folded with the step), on a same-file Linen module
    that draws randomness: each step draws the same values. Also through a name bound to
    `functools.partial(model.apply, variables, method=...)` (the keys given at the call, or
    fixed by the partial), also one a factory returns and an object's `__init__` stores."""
    reported, module_scope = call, scope
    if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == "apply"):
        made = apply_of_partial(flax, call, scope, code)
        if made is None:
            return None
        call, module_scope = made
        if keyword_argument(reported, "rngs") is None:
            scope = module_scope  # the keys the partial fixes, read where it is made
    if not _fixed_keys(code, call, scope):
        return None
    assert isinstance(call.func, cst.Attribute)
    class_node = flax.linen_instance_class(call.func.value, module_scope)
    if class_node is None or not _linen_class_draws(flax, class_node):
        return None
    code_of = flax.index.module.code_for_node
    summary = f"`{code_of(reported.func)}(...)` inside a raw lax.scan body is given the same RNG keys at every step"
    advice = "Fold the step into the keys (`jax.random.fold_in(key, t)`) or pass per-step keys as `xs`."
    return Report(
        keyword_argument(call, "rngs"),
        f"{summary}: `{class_node.name.value}` draws from them, so {_SAME_VALUES}. {advice}",
        summary=summary,
        help=advice,
    )


def _fixed_keys(code: BodyCode, call: cst.Call, scope: Scope) -> bool:
    """Whether `call` (an `apply` or a `bind`) is given `rngs=` whose keys are the same at every
    step of the loop."""
    rngs = keyword_argument(call, "rngs")
    if rngs is None:
        return False
    if isinstance(rngs, cst.Dict):
        keys = [e.value for e in rngs.elements if isinstance(e, cst.DictElement)]
        if len(keys) != len(rngs.elements):
            return False
    else:
        keys = [rngs]
    return bool(keys) and all(code.step_constant(key, scope) for key in keys)


def _bound_module_draws(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """`bound.sample(x)` in the body with `bound = model.bind(variables, rngs={...})` (a name, or
    an attribute a plain object's `__init__` sets) given keys no step changes, on a same-file
    Linen module whose run draws randomness (`make_rng`, a Dropout in training mode): the
    binding's key is drawn from once, while the scan traces the body."""
    bound = bound_module_called(flax, call, scope)
    if bound is None:
        return None
    bind, bind_scope, method = bound
    if not _fixed_keys(code, bind, bind_scope):
        return None
    assert isinstance(bind.func, cst.Attribute)
    class_node = flax.linen_instance_class(bind.func.value, bind_scope)
    flags = run_flags(flax).within(code)
    if class_node is not None and flax.index.method_of(class_node, method) is None:
        # `bound.drop_path(h)`: a submodule the bound module's `setup` makes, run as `__call__`
        class_node, method = setup_submodule_class(flax, class_node, method), "__call__"
    if class_node is None or flax.index.method_of(class_node, method) is None or flags.never_runs(call):
        return None
    runs = linen_runs(flax, class_node, call, scope, method, taken=branch_taken(flags))
    drawn = _drawn_in_runs(flax, flags, runs, code)
    if drawn is None:
        return None
    code_of = flax.index.module.code_for_node
    summary = f"`{short_code(flax.index.module, call.func)}(...)` inside a raw lax.scan body draws from the same bound RNG keys at every step"
    advice = "Bind inside the body with keys folded with the step (`jax.random.fold_in(key, t)`), or lift the loop with `nn.scan` and `split_rngs`."
    return Report(
        call,
        f"`{code_of(call.func)}(...)` inside a raw lax.scan body runs `{class_node.name.value}.{method}` "
        f"on a module bound by `{code_of(bind.func)}(..., rngs=...)`, which draws randomness "
        f"({drawn}): the key is drawn once, while the scan traces the body, so {_SAME_VALUES}. {advice}",
        summary=summary,
        help=advice,
    )


def _closed_key_handed_to_module(index: ScanIndex, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """`self.gumbel(logits, key)` in the body, with `key` made before the loop: a call of a
    same-file module's `__call__` (or method), outside the body's own code, that draws from that
    parameter directly (`jax.random.uniform(key, ...)`); also a method of an object a
    module-level function is handed (`agent.sample_action(obs, key)` in `make_rollout(agent)`)."""
    callee = index.resolve_callable(call.func, scope, objects=True)
    function = callee.node if callee is not None else None
    if function is None and isinstance(call.func, cst.Attribute):
        class_node = flax_file(index).instance_class(call.func.value, scope)
        function = index.method_of(class_node, call.func.attr.value) if class_node is not None else None
    bound_module = False
    if function is None:  # `net(x, dropout_rng=key)` with `net = model.bind(variables)`
        function = _bound_module_method(index, call, scope)
        bound_module = function is not None
    if function is None or function in code.functions or not isinstance(function, cst.FunctionDef):
        return None
    passed_parameters = (
        parameters_filled(function, call.args, bound_method=True)
        if bound_module
        else parameters_passed(function, index.scope_of[function], call, scope)
    )
    for param, value in passed_parameters:
        if not isinstance(value, cst.Name) or scope.lookup(value.value) is None:
            continue
        carried = code.binds(value.value, scope) and code.unchanged_carry_part(value, scope) is not None
        if code.binds(value.value, scope) and not carried:
            continue
        how = "carried unchanged through" if carried else "closed over by"
        draws = CallFinder()
        walk(function.body, draws)
        for draw in draws.calls:
            qualified = index.qualify(draw.func) or ""
            if training_dropout(flax_file(index), function, draw):
                if carried and not _carries_jax_key(index, code, value, scope):
                    continue  # a carried `nnx.Rngs` advances its count at every draw
                key = keyword_argument(draw, "rngs")  # `self.drop(h, rngs=key)`: the Dropout draws from it
            elif isinstance(draw.func, cst.Call) and flax_file(index).is_linen_dropout(draw.func.func):
                if is_true(keyword_argument(draw.func, "deterministic")) or is_true(keyword_argument(draw, "deterministic")):
                    continue
                key = keyword_argument(draw, "rng")  # `nn.Dropout(rate)(h, rng=dropout_rng)`
            elif not qualified.startswith("jax.random.") or qualified[len("jax.random.") :] in KEY_PLUMBING:
                continue
            else:
                key = _key_argument(draw)
            if isinstance(key, cst.Name) and key.value == param.name.value:
                found = index.scope_of[function].only_binding(key.value)
                if found is not None and found[1] is param:
                    advice = (
                        f"Fold the step in (`jax.random.fold_in({value.value}, t)`), pass per-step keys "
                        f"as `xs`, or carry the key and split it each step."
                    )
                    summary = f"RNG key `{value.value}` {how} the raw lax.scan body is drawn from unchanged each step"
                    return Report(
                        value,
                        f"RNG key `{value.value}` is {how} the raw lax.scan body and handed to "
                        f"`{index.module.code_for_node(call.func)}`, which draws from it without splitting "
                        f"it or folding in the step: {_SAME_VALUES}. {advice}",
                        summary=summary,
                        help=advice,
                    )
    return None


def _bound_module_method(index: ScanIndex, call: cst.Call, scope: Scope) -> cst.FunctionDef | None:
    """The method of a same-file Linen class that a call of a bound module runs (`net(x)` with
    `net = model.bind(variables)` runs `__call__`)."""
    bound = bound_module_called(flax_file(index), call, scope)
    if bound is None or not isinstance(bound[0].func, cst.Attribute):
        return None
    bind, bind_scope, method = bound
    class_node = flax_file(index).instance_class(bind.func.value, bind_scope)
    owner = index.defining_class(class_node, method) if class_node is not None else None
    return index.method_of(owner, method) if owner is not None else None


def _carries_jax_key(index: ScanIndex, code: BodyCode, name: cst.Name, scope: Scope) -> bool:
    """Whether a part of the carry no step changes starts as a JAX key (`jax.random.key(0)`),
    not an `nnx.Rngs`, whose streams count their draws, so the object the body gives back has
    moved on."""
    part = code.unchanged_carry_part(name, scope)
    initial = code.carried_initial(*part) if part is not None else None
    return initial is not None and OutsideNnxState(flax_file(index), code).is_key_value(*initial)


_KEY_PARAMETER = re.compile(r"(?:\w+_)?(?:key|prng_key)|key_\w+")


class _FixedNnxRandomness:
    """NNX randomness that is the same at every step of a raw loop body, with no error: a
    fresh `nnx.Rngs` built in the body from values no step changes (`nnx.Rngs(0)`, a closed-over
    key, a helper's `seed=0` default) and drawn from, a closed-over JAX key handed to a layer as
    `rngs=` (`model(x, rngs=key)`), and `nnx.clone` of an outside module with RNG streams, or
    `nnx.merge(..., copy=True)` of its state split outside and closed over, called (the copy
    starts from the same stream counts each step)."""

    def __init__(self, flax: FlaxFile, code: BodyCode) -> None:
        self.flax = flax
        self.code = code
        self.index = flax.index
        self.state = OutsideNnxState(flax, code)

    def report(self, call: cst.Call, scope: Scope) -> Report | None:
        code_of = self.index.module.code_for_node
        advice = (
            "Build the streams from a per-step key (`nnx.Rngs(key)` with `key` from `xs`, or "
            "`jax.random.fold_in(key, t)`), or lift the loop with `nnx.scan`, which splits the streams."
        )
        fixed = self.state.fixed_rngs_run(call.func, scope) if self.index.qualify(call.func) is None else None
        if fixed is not None:
            method, source = fixed
            if isinstance(source, cst.Call) and self.flax.is_nnx_rngs_class(source.func):
                summary = f"`{code_of(call.func)}(...)` inside a raw lax.scan body draws from streams seeded the same at every call"
                drawn = f"builds `{code_of(source)}` from values no step changes and draws from it"
                remedy = advice
            else:
                summary = f"`{code_of(call.func)}(...)` inside a raw lax.scan body draws from a stored key no step changes"
                drawn = f"draws from `{code_of(source)}`, a key the module stores and no step changes"
                remedy = _STORED_KEY_ADVICE
            return Report(
                call,
                f"`{code_of(call.func)}(...)` inside a raw lax.scan body runs `{method}`, which {drawn}: "
                f"{_SAME_VALUES}. {remedy}",
                summary=summary,
                help=remedy,
            )
        stored = self.state.stored_key_drawn(call, scope)
        if stored is not None:
            summary = f"`{code_of(stored)}` inside a raw lax.scan body is a stored key no step changes"
            return Report(
                stored,
                f"{summary}: the module draws from the same key at every step, so {_SAME_VALUES}. {_STORED_KEY_ADVICE}",
                summary=summary,
                help=_STORED_KEY_ADVICE,
            )
        rngs_partial = self._rngs_partial(call, scope)
        if (self.flax.is_nnx_rngs_class(call.func) or rngs_partial is not None) and self._drawn(call, scope):
            # `self.rngs_factory()` with `self.rngs_factory = partial(nnx.Rngs, dropout=seed)`:
            # the seeds the partial fixes, made outside the body, are the same at every step
            if all(self.code.step_constant(arg.value, scope) for arg in call.args):
                summary = f"`{code_of(call.func)}(...)` inside a raw lax.scan body is seeded the same at every step"
                return Report(
                    call,
                    f"`{code_of(call)}` inside a raw lax.scan body is seeded the same at every step "
                    f"and drawn from: {_SAME_VALUES}. {advice}",
                    summary=summary,
                    help=advice,
                )
            return None
        rngs = keyword_argument(call, "rngs")
        key = self._closed_over(rngs, scope) if isinstance(rngs, cst.Name) else None
        carried = key is None and isinstance(rngs, cst.Name) and self.code.unchanged_carry_part(rngs, scope) is not None
        if carried:
            key = self.code.unchanged_carry_part(rngs, scope)  # type: ignore[arg-type]
        # A carried `nnx.Rngs` counts its draws, so only a carried JAX key stays the same.
        is_key = key is not None and self._jax_key(*key)
        if carried and not is_key:
            is_key = _carries_jax_key(self.index, self.code, rngs, scope)  # type: ignore[arg-type]
        if key is not None and self.flax.nnx_module_class(call.func, scope) is None and is_key:
            rngs = key[0]
            how = "carried unchanged through" if carried else "closed over by"
            summary = f"RNG key `{rngs.value}` {how} the raw lax.scan body is given as `rngs=` at every step"
            return Report(
                rngs,
                f"{summary}: the layers draw from the same key each step, so {_SAME_VALUES}. {advice}",
                summary=summary,
                help=advice,
            )
        kept = self.state.kept_key(rngs, scope) if rngs is not None and self.flax.nnx_module_class(call.func, scope) is None else None
        if kept is not None:
            summary = f"RNG key `{code_of(kept)}`, kept by an object made outside the raw lax.scan body, is given as `rngs=` at every step"
            return Report(
                call,
                f"{summary}: the layers draw from the same key each step, so {_SAME_VALUES}. {advice}",
                summary=summary,
                help=advice,
            )
        handed = self._module_given_fixed_key(call, scope)
        if handed is not None:
            key, method = handed
            summary = f"RNG key `{code_of(key)}`, made outside the raw lax.scan body, is given to `{method}` at every step"
            return Report(
                key,
                f"{summary}, which draws from it: {_SAME_VALUES}. {advice}",
                summary=summary,
                help=advice,
            )
        fixed = self._partial_fixed_key(call, scope) if rngs is None else None
        if fixed is not None:
            key, parameter = fixed
            summary = f"`{code_of(call.func)}(...)` inside a raw lax.scan body runs a `functools.partial` that fixes `{parameter}=` to one key"
            return Report(
                call,
                f"{summary} (`{code_of(key)}`), made outside the body: the layers draw from the same key "
                f"each step, so {_SAME_VALUES}. {advice}",
                summary=summary,
                help=advice,
            )
        reseeded = self._reseeded_to_constant(call, scope)
        if reseeded is not None:
            summary = f"`{code_of(call)}` inside a raw lax.scan body reseeds the streams to the same seed every step"
            return Report(
                call,
                f"{summary}, and the module draws from them ({reseeded}): {_SAME_VALUES}. {advice}",
                summary=summary,
                help=advice,
            )
        copied = self.index.qualify(call.func) in NNX_CLONE | NNX_MERGE
        copy: tuple[cst.Call, Scope] | None = None
        if copied and call.args and self._clone_called(call, scope) and not self._reseeded_by_step(call, scope):
            copy = (call, scope)
        elif not copied:
            copy = self._copy_kept_by_construction(call, scope)
        if copy is not None:
            state = OutsideNnxState(self.flax, self.code)
            clone, clone_scope = copy
            sources = (
                state.outside_values(clone.args[0].value, clone_scope)
                if self.index.qualify(clone.func) in NNX_CLONE
                else state.copied_merge_values(clone, clone_scope)
            )
            random = [
                str(h)
                for value, value_scope in sources
                for h in state.holdings(value, value_scope, frozenset())
                if h == DROPOUT
            ] + self._copy_methods_drawing(state, clone, clone_scope, sources)
            if sources and all(isinstance(value, cst.Call) and self.flax.is_nnx_rngs_class(value.func) for value, _ in sources):
                random.append("an `nnx.Rngs`")  # `rngs = nnx.clone(self.rngs)`, then `rngs.noise()`
            if random:
                copied_by = "copies " if clone is call else f"builds an object whose `__init__` copies (`{code_of(clone)}`) "
                summary = f"`{code_of(call.func)}(...)` inside a raw lax.scan body restarts the same RNG streams every step"
                return Report(
                    call,
                    f"`{code_of(call)}` inside a raw lax.scan body {copied_by}the RNG streams of an object made "
                    f"outside it ({random[0]}) at the same counts every step: {_SAME_VALUES}. {advice}",
                    summary=summary,
                    help=advice,
                )
        return None

    def _rngs_partial(self, call: cst.Call, scope: Scope) -> cst.Call | None:
        """The `functools.partial(nnx.Rngs, ...)` made outside the body that a call runs."""
        found = self._called_partial(call, scope)
        if found is None or not found[0].args or not self.flax.is_nnx_rngs_class(found[0].args[0].value):
            return None
        return found[0]

    def _reseeded_to_constant(self, call: cst.Call, scope: Scope) -> str | None:
        """`nnx.reseed(model, dropout=seed)` in the body's code with every seed the same at every
        step, on a module of a same-file class that draws from its streams: what it draws with."""
        if self.index.qualify(call.func) != "flax.nnx.reseed" or not call.args or call.args[0].keyword is not None:
            return None
        seeds = [arg.value for arg in call.args[1:]]
        if not seeds or any(arg.star or arg.keyword is None for arg in call.args[1:]):
            return None
        if not all(self.code.step_constant(seed, scope) for seed in seeds):
            return None
        target = call.args[0].value
        copied = self.index.value_of(target.value, scope) if isinstance(target, cst.Name) else None
        if isinstance(copied, cst.Call) and self._is_copy(copied) and self._clone_called(copied, scope):
            return None  # a copy the body runs: reported where it is made, reseeded or not
        for value, value_scope in self._module_values(target, scope):
            drawn = [str(h) for h in self.state.holdings(value, value_scope, frozenset()) if h == DROPOUT]
            class_node = self.flax.instance_class(value, value_scope)
            stream = self.state.rngs_drawn_by(class_node, "__call__") if class_node is not None else None
            if drawn or stream is not None:
                return drawn[0] if drawn else f"`{stream}`"
        return None

    def _copy_kept_by_construction(self, call: cst.Call, scope: Scope) -> tuple[cst.Call, Scope] | None:
        """A construction in the body of a same-file plain class whose `__init__` keeps a copy
        of a module (`self.model = nnx.clone(model)`) that a method the body runs calls
        (`session.predict(x)` running `self.model(x)`): the copy, made anew every step."""
        class_node = self.index.class_named(call.func, scope)
        init = self.index.method_of(class_node, "__init__") if class_node is not None else None
        if class_node is None or init is None or not self.flax.is_plain(class_node):
            return None
        for attribute, values in self.flax.self_attribute_values(class_node, "__init__").items():
            for value in values:
                if (
                    isinstance(value, cst.Call)
                    and self._is_copy(value)
                    and value.args
                    and self._kept_copy_called(class_node, attribute)
                    and not _kept_copy_changed(class_node, attribute)
                ):
                    return value, self.index.scope_of[init]
        return None

    def _kept_copy_called(self, class_node: cst.ClassDef, attribute: str) -> bool:
        """Whether the body's code calls `self.<attribute>` (or a method of it) in a method of
        the class."""
        for call, call_scope in self.code.calls:
            func = call.func.value if isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Attribute) else call.func
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value == attribute
                and isinstance(func.value, cst.Name)
                and self.flax.self_class(func.value, call_scope) is class_node
            ):
                return True
        return False

    def _is_copy(self, call: cst.Call) -> bool:
        qualified = self.index.qualify(call.func)
        return qualified in NNX_CLONE or (qualified in NNX_MERGE and is_true(keyword_argument(call, "copy")))

    def _module_values(self, node: cst.BaseExpression, scope: Scope, depth: int = 0) -> list[tuple[cst.BaseExpression, Scope]]:
        """What a module the body builds (`nnx.merge(graphdef, state)`, `nnx.clone(model)`) was
        built from, also through the parameter of a helper the body calls
        (`seed_everything(sampler, seed)`); for a merge, the module split into its graphdef."""
        if not isinstance(node, cst.Name) or depth > 3:
            return []
        found = scope.only_binding(node.value)
        if found is None:
            return []
        binding_scope, binding = found
        function = binding_scope.node
        if isinstance(binding, cst.Param) and function in self.code.entries:
            values = []
            for call, call_scope in self.code.entries[function]:
                passed = dict(parameters_passed(function, binding_scope, call, call_scope)).get(binding)
                if passed is not None:
                    values += self._module_values(passed, call_scope, depth + 1)
            return values
        if not (isinstance(binding, cst.Call) and self.code.is_inside(binding_scope)):
            return []  # reseeding an outside module is a mutation of outside state (SCN105)
        if self.index.qualify(binding.func) in NNX_CLONE and binding.args:
            return self.state.outside_values(binding.args[0].value, binding_scope)
        return self.state.merged_module_values(binding, binding_scope)

    def _module_given_fixed_key(self, call: cst.Call, scope: Scope) -> tuple[cst.BaseExpression, str] | None:
        """`self.model(x, self.sampler.key)` on an outside module of a same-file NNX class whose
        method hands that parameter to a draw (`self.drop(h, rngs=key)`,
        `jax.random.normal(key, ...)`), with the argument a JAX key made outside the body: a
        key an outside object keeps, or a closed-over one. The key and the method."""
        func = call.func
        holder, name = (func, "__call__") if not isinstance(func, cst.Attribute) else (func.value, func.attr.value)
        class_node = self.state.module_class(holder, scope)
        if class_node is None and isinstance(func, cst.Attribute):
            holder, name = func, "__call__"  # `self.model(...)`: the module itself
            class_node = self.state.module_class(holder, scope)
        classes = [class_node] if class_node is not None else self._every_member_class(holder, scope)
        if not classes or self.state.modes_may_switch(holder, scope):
            return None  # `eval()` stops a Dropout
        for each in classes:
            owner = self.index.defining_class(each, name)
            method = self.index.method_of(owner, name) if owner is not None else None
            if method is None or method in self.code.functions:
                continue  # a method the body's code runs is judged at its own draws
            method_scope = self.index.scope_of[method]
            for param, value in parameters_passed(method, method_scope, call, scope):
                fixed = self.state.kept_key(value, scope)
                if fixed is None and isinstance(value, cst.Name) and not self.code.binds(value.value, scope) and self._jax_key(value, scope):
                    fixed = value
                if fixed is None and self.code.step_constant(value, scope) and self.state.is_key_value(value, scope):
                    fixed = value  # `key = self.strategy.key_for(i)` handing out the key its object keeps
                if fixed is not None and _draws_from(self.index, method, param.name.value):
                    return value, f"{each.name.value}.{name}"
        return None

    def _every_member_class(self, holder: cst.BaseExpression, scope: Scope) -> list[cst.ClassDef]:
        """For the variable of a `for` or comprehension over a container of NNX modules (`m` in
        `[m(x, key=k) for m in self.members]`): the same-file NNX class of each element. The
        loop calls every element, so a draw in any of them runs."""
        if not isinstance(holder, cst.Name) or self.flax.loop_iterates(holder, scope) is None:
            return []
        classes = [
            each
            for construction, made_scope in self.flax.instances(holder, scope) or []
            for each in self.flax.constructed_classes(construction, made_scope)
        ]
        if not classes or not all(each is not None and self.flax.is_nnx(each) for each in classes):
            return []
        return list(dict.fromkeys(classes))  # type: ignore[arg-type]

    def _partial_fixed_key(self, call: cst.Call, scope: Scope) -> tuple[cst.BaseExpression, str] | None:
        """For `self._sample(x)` with `self._sample = functools.partial(model, rngs=key)` (or a
        name bound to such a partial outside the body): the key it fixes, when that is a JAX
        key made outside the body (`jax.random.key(seed)`, a closed-over key, or one key drawn
        from an outside `nnx.Rngs` stream, `rngs.noise()`). Besides `rngs=`, any argument the
        partial fixes for a parameter its function hands to a draw
        (`partial(model.sample, key=pen_key)` with `sample` calling `self.drop(h, rngs=key)`).
        The key and the parameter it is fixed for."""
        found = self._called_partial(call, scope)
        if found is None:
            return None
        partial, partial_scope = found
        fixed = keyword_argument(partial, "rngs")
        if isinstance(fixed, cst.Call):
            qualified = self.index.qualify(fixed.func) or ""
            made = qualified.startswith("jax.random.") and qualified.rsplit(".", 1)[1] in KEY_MAKERS
            # `rngs=rngs.flicker()`: one key drawn from an `nnx.Rngs` stream when the partial is made
            drawn = (
                isinstance(fixed.func, cst.Attribute)
                and fixed.func.attr.value not in ("fork", "split")  # those give `nnx.Rngs`, not a key
                and not fixed.args
                and self.state.is_outside_rngs(fixed.func.value, partial_scope)
            )
            return (fixed, "rngs") if made or drawn else None
        if isinstance(fixed, cst.Name) and self._jax_key(fixed, partial_scope):
            return fixed, "rngs"
        return self._fixed_key_drawn(partial, partial_scope)

    def _called_partial(self, call: cst.Call, scope: Scope) -> tuple[cst.Call, Scope] | None:
        """The `functools.partial(...)` made outside the body that a call of the body runs."""
        func, func_scope = call.func, scope
        if isinstance(func, cst.Attribute):
            func, func_scope = self.index.stored_callable(func, scope) or (func, scope)
        elif isinstance(func, cst.Name) and not self.code.binds(func.value, scope):
            found = scope.only_binding(func.value)
            if found is not None and isinstance(found[1], cst.BaseExpression):
                func, func_scope = found[1], found[0]
            else:  # `for name, sampler in self.samplers.items()` around the body
                values = self.flax.flow.values(func, scope) or []
                func, func_scope = values[0] if len(values) == 1 else (func, scope)
        if not (isinstance(func, cst.Call) and self.index.qualify(func.func) == PARTIAL):
            # `self.sampler` stored from what a factory returned (`make_sampler(model, rngs)`)
            values = self.flax.flow.values(call.func, scope) or []
            func, func_scope = values[0] if len(values) == 1 else (func, func_scope)
        if not (isinstance(func, cst.Call) and self.index.qualify(func.func) == PARTIAL) or self.code.is_inside(func_scope):
            return None
        return func, func_scope

    def _fixed_key_drawn(self, partial: cst.Call, scope: Scope) -> tuple[cst.BaseExpression, str] | None:
        """A JAX key made outside the body that a partial fixes for a parameter of its function
        (one same-file function or method) that the function hands to a draw."""
        if not partial.args or partial.args[0].keyword is not None or partial.args[0].star:
            return None
        targets = self.flax.flow.origins(partial.args[0].value, scope)
        functions = {target.function if isinstance(target, BoundMethod) else target for target in targets}
        function = functions.pop() if len(functions) == 1 else None
        if not isinstance(function, cst.FunctionDef):
            return None
        # A function the body's code runs has its `jax.random` draws judged where they are made.
        samplers = function not in self.code.functions
        bound = all(isinstance(target, BoundMethod) for target in targets)
        for param, value in parameters_filled(function, partial.args[1:], bound_method=bound):
            key = (isinstance(value, cst.Name) and self._jax_key(value, scope)) or self._made_key(value, scope)
            if key and _draws_from(self.index, function, param.name.value, samplers):
                return value, param.name.value
        return None

    def _drawn(self, rngs_call: cst.Call, scope: Scope) -> bool:
        """Whether the body draws from an `nnx.Rngs(...)` it builds: a stream of it called
        (`nnx.Rngs(0).noise()`, `rngs.sample()`, `rngs()`) or sampled (`rngs.noise.normal(shape)`), or it handed to a call that is not a
        layer's construction (`drop(x, rngs=rngs)`, `rbm.sample_h(v, rngs)`)."""
        bound = scope.name_bound_to(rngs_call) or self._default_filled(rngs_call, scope)
        made = {rngs_call}
        names = {(bound, scope)} if bound is not None else set()  # the names holding it, by scope
        function = scope.node
        if function in self.code.functions and any(r.value is rngs_call for r in returns_of(function)):
            # `make_rngs(cfg)` returning `nnx.Rngs(dropout=cfg.seed)`: its calls stand for it,
            # and so do the names they are bound to (`rngs = self.augmenter.make_rngs()`).
            for call, call_scope in self.code.entries.get(function, []):
                made.add(call)
                name = call_scope.name_bound_to(call)
                if name is not None:
                    names.add((name, call_scope))

        def holds(node: cst.BaseExpression, node_scope: Scope) -> bool:
            return node in made or (isinstance(node, cst.Name) and (node.value, node_scope) in names)

        growing = True
        while growing:  # until no helper parameter is added to the names holding it
            growing = False
            for call, call_scope in self.code.calls:
                func = call.func
                owner = func.value if isinstance(func, (cst.Attribute, cst.Subscript)) else func
                if isinstance(func, cst.Attribute) and func.attr.value in RNG_SAMPLERS and isinstance(owner, cst.Attribute):
                    owner = owner.value  # `rngs.noise.normal(shape)`: a stream's sampler draws from it
                if holds(owner, call_scope):
                    return True
                for arg in call.args:  # `drop(x, rngs=rngs)`, `rbm.sample_h(v, rngs)`
                    if not holds(arg.value, call_scope):
                        continue
                    kind = self.flax.nnx_module_class(call.func, call_scope)
                    if kind is not None:
                        if self._built_module_drawn(call, call_scope, kind):
                            return True
                        continue
                    handed = self._handed_to_helpers(call, call_scope, arg.value)
                    if handed is None:
                        return True
                    if not handed <= names:
                        names |= handed
                        growing = True
        return False

    def _handed_to_helpers(
        self, call: cst.Call, scope: Scope, given: cst.BaseExpression
    ) -> set[tuple[str, Scope]] | None:
        """For `build_head(width, nnx.Rngs(seed))` running same-file helpers of the body's code:
        the parameter each helper binds `given` to, with the helper's scope, when every read of
        it there is an argument of a call or the owner of one (which `_drawn` then judges, such as
        `nnx.Linear(width, 1, rngs=rngs)`, which keeps no stream). None when the call runs no
        known helper, or a helper keeps, returns or stores what it is given."""
        helpers = [function for function, entries in self.code.entries.items() if any(c is call for c, _ in entries)]
        if not helpers:
            return None
        handed: set[tuple[str, Scope]] = set()
        for function in helpers:
            function_scope = self.index.scope_of.get(function)
            if function_scope is None:
                return None
            parameter = next((p for p, value in parameters_passed(function, function_scope, call, scope) if value is given), None)
            if parameter is None or parameter.star:
                return None
            accounted = set()
            for inner, inner_scope in self.code.calls:
                if inner_scope is function_scope:
                    inner_func = inner.func
                    accounted.add(inner_func.value if isinstance(inner_func, (cst.Attribute, cst.Subscript)) else inner_func)
                    accounted.update(arg.value for arg in inner.args)
            if not all(read in accounted for read in self.index.reads_of(parameter.name.value, function_scope)):
                return None
            handed.add((parameter.name.value, function_scope))
        return handed

    def _built_module_drawn(self, construction: cst.Call, scope: Scope, kind: object) -> bool:
        """For an `nnx.Rngs` handed to the construction of a same-file NNX class, or of an
        `nnx.Dropout` not made deterministic, that the body builds: whether the body calls the
        module built (`Noise(..., rngs)(x)`, or a factory returning it called at once,
        `make_noise(cfg)()`) and its `__call__` draws from the streams it keeps."""
        if kind == "Dropout":
            deterministic = keyword_argument(construction, "deterministic")
            if deterministic is not None and not is_false(deterministic):
                return False
            run = self.code.applied.get(construction)
            if run is not None and is_true(keyword_argument(run, "deterministic")):
                return False
        elif not isinstance(kind, cst.ClassDef) or self.state.rngs_drawn_by(kind, "__call__") is None:
            return False
        if construction in self.code.applied:
            return True
        function = scope.node
        if function in self.code.functions and any(r.value is construction for r in returns_of(function)):
            return any(
                call in self.code.applied or self._result_called(call, call_scope)
                for call, call_scope in self.code.entries.get(function, [])
            )
        return False

    def _result_called(self, call: cst.Call, scope: Scope) -> bool:
        """`jitter = build()`, then `jitter(marks)`: a name the body's code binds once to the
        call's result, called there."""
        name = scope.name_bound_to(call)
        return name is not None and self.code.is_inside(scope) and any(True for _ in self.index.calls_of(name, scope))

    def _default_filled(self, rngs_call: cst.Call, scope: Scope) -> str | None:
        """The parameter a helper the body calls fills with `rngs_call` when it is left out
        (`if rngs is None: rngs = nnx.Rngs(noise=0)`, or `rngs = rngs if rngs is not None else
        nnx.Rngs(noise=0)`), when no call of the helper in the body's code passes it."""
        function = scope.node
        if not isinstance(function, cst.FunctionDef) or function not in self.code.entries:
            return None
        for name, values in scope.bindings.items():
            if len(values) != 2 or not isinstance(values[0], cst.Param):
                continue
            chosen = values[1]
            tested = none_test(chosen.test) if isinstance(chosen, cst.IfExp) else None
            if isinstance(chosen, cst.IfExp) and tested is not None and tested[0].value == name:
                when_none, otherwise = (chosen.body, chosen.orelse) if tested[1] else (chosen.orelse, chosen.body)
                if when_none is rngs_call and isinstance(otherwise, cst.Name) and otherwise.value == name:
                    chosen = rngs_call
            if chosen is not rngs_call:
                continue
            parameter = values[0]
            if not (isinstance(parameter.default, cst.Name) and parameter.default.value == "None"):
                return None
            for call, call_scope in self.code.entries[function]:
                if parameter in dict(parameters_passed(function, scope, call, call_scope)):
                    return None
            return name
        return None

    def _closed_over(self, name: cst.Name, scope: Scope) -> tuple[cst.Name, Scope] | None:
        """A name the body reads from outside, with its scope; for a helper's parameter, the
        closed-over name every call of the helper in the body passes (`noisy_forward(model, x,
        key)`)."""
        if not self.code.binds(name.value, scope):
            return name, scope
        return self.code.closed_over_argument(name, scope)

    def _jax_key(self, name: cst.Name, scope: Scope) -> bool:
        """Whether a name is a JAX key: bound to a `jax.random` key maker (or an element of one),
        or to a draw from an `nnx.Rngs` stream (`key = rngs.dropout()`, also of one an object
        stores, `key = self.rngs.dropout()`), or to a call the object flow says gives such a
        key (`key = self.sampler.next_key()`); or a parameter named or annotated as a key."""
        found = scope.only_binding(name.value)
        if found is None:
            return False
        binding = found[1]
        if isinstance(binding, cst.Param):
            annotation = binding.annotation.annotation if binding.annotation else None
            if annotation is not None:
                return (self.index.qualify(annotation) or "") in ("jax.Array", "jax.random.PRNGKey", "jax.typing.ArrayLike")
            return _KEY_PARAMETER.fullmatch(binding.name.value) is not None
        if not isinstance(binding, cst.BaseExpression):
            return False
        if self._made_key(binding, found[0]):
            return True
        values = self.flax.flow.values(binding, found[0]) if isinstance(binding, cst.Call) else None
        return bool(values) and all(value is not binding and self._made_key(value, value_scope) for value, value_scope in values or [])

    def _made_key(self, value: cst.CSTNode, scope: Scope) -> bool:
        """A `jax.random` key maker's call (or an element of its result), or a draw from an
        `nnx.Rngs` stream."""
        if isinstance(value, cst.Subscript):
            value = value.value
        if isinstance(value, cst.Call) and not value.args and isinstance(value.func, cst.Attribute):
            stream_of = value.func.value  # `rngs.dropout()`, `self.rngs.dropout()`
            if isinstance(stream_of, cst.Name) and self.state.rngs_name(stream_of, scope):
                return True
            if self.state.is_rngs_attribute(stream_of, scope):
                return True
        if isinstance(value, cst.Call):
            qualified = self.index.qualify(value.func) or ""
            return qualified.startswith("jax.random.") and qualified.rsplit(".", 1)[1] in KEY_MAKERS
        return False

    def _copy_methods_drawing(
        self, state: OutsideNnxState, copy: cst.Call, scope: Scope, sources: list[tuple[cst.BaseExpression, Scope]]
    ) -> list[str]:
        """For `pi = nnx.merge(graphdef, state, copy=True)` then `pi.act(obs)` in the body: the
        draws from the copied module's own `nnx.Rngs` that the methods the body calls on it make
        (`self.rngs.action()`), or the modules it holds make (`pi.head.sample(h)`), when every
        source is an object of one same-file NNX class."""
        classes = {self.flax.instance_class(value, value_scope) for value, value_scope in sources}
        class_node = classes.pop() if len(classes) == 1 else None
        bound = scope.name_bound_to(copy)
        if class_node is None or not self.flax.is_nnx(class_node) or bound is None:
            return []
        draws = []
        for call, call_scope in self.code.calls:
            func = call.func
            receiver, method = (func.value, func.attr.value) if isinstance(func, cst.Attribute) else (func, "__call__")
            if (  # `pi.rngs.action()`: a stream of the `nnx.Rngs` the copy keeps
                isinstance(receiver, cst.Attribute)
                and isinstance(receiver.value, cst.Name)
                and receiver.value.value == bound
                and call_scope is scope
                and not call.args
                and state.holds_rngs(class_node, receiver.attr.value)
            ):
                draws.append(f"`{self.index.module.code_for_node(call)}`")
            elif isinstance(receiver, cst.Name) and receiver.value == bound and call_scope is scope:
                drawn = state.rngs_drawn_by(class_node, method)
                held = state.held_module_class(class_node, method) if drawn is None else None
                drawn = state.rngs_drawn_by(held, "__call__") if held is not None else drawn  # `c.jitter(h)`
                if drawn is not None:
                    draws.append(f"`{drawn}` in its `{method}`")
            elif isinstance(receiver, cst.Attribute) and isinstance(receiver.value, cst.Name) and receiver.value.value == bound and call_scope is scope:
                held = state.held_module_class(class_node, receiver.attr.value)  # `c.head.sample(h)`
                drawn = state.rngs_drawn_by(held, method) if held is not None else None
                if drawn is not None:
                    draws.append(f"`{drawn}` in its `{receiver.attr.value}.{method}`")
        return draws

    def _reseeded_by_step(self, clone: cst.Call, scope: Scope) -> bool:
        """`nnx.reseed(c, dropout=key)` on the copy with a key that differs by step: its streams
        restart from that key, not from the copied counts."""
        bound = scope.name_bound_to(clone)
        return bound is not None and any(
            self.index.qualify(call.func) == "flax.nnx.reseed"
            and call_scope is scope
            and call.args
            and isinstance(call.args[0].value, cst.Name)
            and call.args[0].value.value == bound
            and any(arg.keyword is not None and not self.code.step_constant(arg.value, scope) for arg in call.args[1:])
            for call, call_scope in self.code.calls
        )

    def _clone_called(self, clone: cst.Call, scope: Scope) -> bool:
        """Whether the body runs the clone drawing from its own streams: `nnx.clone(m)(x)`, or
        `c = nnx.clone(m)` then `c(x)`, `c.method(x)` or `c.rngs.noise()`, also where a helper
        returning the clone is called (`session = self.pool.checkout()`); not when every call
        of it passes `rngs=` a key that differs by step (`c(x, rngs=key)`, the key from `xs`)."""
        made = [(clone, scope)]
        function = scope.node
        if function in self.code.functions and any(r.value is clone for r in returns_of(function)):
            made += self.code.entries.get(function, [])  # `session = self.pool.checkout()` returning it
        for copy, copy_scope in made:
            if copy in self.code.applied:
                return True
            bound = copy_scope.name_bound_to(copy)
            calls = [
                call
                for call, call_scope in self.code.calls
                if call_scope is copy_scope and isinstance(func := root_name(call.func), cst.Name) and func.value == bound
            ]
            if any(not self._given_step_key(call, copy_scope) for call in calls):
                return True
            if bound is not None and self._handed_and_called(bound, copy_scope):
                return True
        return False

    def _handed_and_called(self, name: str, scope: Scope) -> bool:
        """`self.predictor.logits(model, x)` in the body with `model` the clone: a helper of the
        body's code whose parameter it fills calls that parameter (`return model(x)`)."""
        for call, call_scope in self.code.calls:
            if call_scope is not scope or not any(isinstance(a.value, cst.Name) and a.value.value == name for a in call.args):
                continue
            resolved = self.index.resolve_callable(call.func, scope, objects=True)
            helper = resolved.node if resolved is not None else None
            if helper is None and isinstance(call.func, cst.Attribute):  # `self.predictor.logits`
                class_node = self.flax.instance_class(call.func.value, scope)
                helper = self.index.method_of(class_node, call.func.attr.value) if class_node is not None else None
            if helper is None or helper not in self.code.functions or not isinstance(helper, cst.FunctionDef):
                continue
            helper_scope = self.index.scope_of[helper]
            for param, value in parameters_passed(helper, helper_scope, call, scope):
                if not (isinstance(value, cst.Name) and value.value == name):
                    continue
                if any(
                    inner_scope is helper_scope
                    and isinstance(func := root_name(inner.func), cst.Name)
                    and func.value == param.name.value
                    and not self._given_step_key(inner, helper_scope)
                    for inner, inner_scope in self.code.calls
                ):
                    return True
        return False

    def _given_step_key(self, call: cst.Call, scope: Scope) -> bool:
        rngs = keyword_argument(call, "rngs")
        return rngs is not None and self.code.mentions_step_value(rngs, scope) and not self.code.step_constant(rngs, scope)


def _kept_copy_changed(class_node: cst.ClassDef, attribute: str) -> bool:
    """Whether the class's code may change the copy it keeps in `self.<attribute>` other than by
    running it: hands it to a call (`nnx.reseed(self.model, dropout=seed)`, `nnx.update`) or
    switches its modes (`self.model.eval()`)."""

    def is_kept(node: cst.BaseExpression) -> bool:
        return isinstance(node, cst.Attribute) and node.attr.value == attribute and isinstance(node.value, cst.Name)

    finder = CallFinder()
    walk(class_node, finder)
    for call in finder.calls:
        if any(is_kept(arg.value) for arg in call.args):
            return True
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in MODE_SWITCHES and is_kept(call.func.value):
            return True
    return False


_STORED_KEY_ADVICE = (
    "Fold the step into the key (`jax.random.fold_in(key, t)`), pass per-step keys as `xs`, or "
    "draw from an `nnx.Rngs` stream (`self.rngs.noise()`) under `nnx.scan`."
)


def _key_argument(call: cst.Call) -> cst.BaseExpression | None:
    keyword = keyword_argument(call, "key")
    if keyword is not None:
        return keyword
    first = call.args[0] if call.args else None
    return first.value if first is not None and first.keyword is None and not first.star else None


def _per_step_rng(code: BodyCode, call: cst.Call | None, scope: Scope) -> bool:
    """`drop(x, rng=key)` with a key made from the step's own values (`xs`, the step index);
    not a helper's `rng` parameter that every call of it in the body leaves at its `None`
    default or fills with the same value at every step."""
    rng = keyword_argument(call, "rng") if call is not None else None
    return rng is not None and code.mentions_step_value(rng, scope) and not code.step_constant(rng, scope)


_DROPOUT_ADVICE = (
    "Lift the loop with `nn.scan` and `split_rngs={'dropout': True}`, or make the masks from "
    "per-step keys passed as `xs`."
)


def _dropout_summary(what: str) -> str:
    return f"{what} inside a raw lax.scan body uses one dropout mask for all steps"


def _dropout_message(what: str) -> str:
    return (
        f"{what} inside a raw lax.scan body draws its key once, while the scan traces the body: "
        f"every step uses the same dropout mask, with no error. {_DROPOUT_ADVICE}"
    )
