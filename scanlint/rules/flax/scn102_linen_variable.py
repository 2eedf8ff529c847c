"""SCN102 (linen-variable-in-scan-body): Linen variable (self.param, self.variable, ...) created inside a raw lax.scan (or fori_loop, while_loop) body.

The class docstring says what the rule flags and why; its page is `rules/SCN102.md`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import libcst as cst

from scanlint.analysis.flax_model import (
    HOISTABLE_METHODS,
    LINEN_VARIABLE_METHODS,
    BodyCode,
    CallFinder,
    FlaxFile,
    ModuleRun,
    NameCollector,
    flax_file,
    linen_runs,
    method_name,
    project_calls,
    raw_scan_bodies,
    unpacked_targets,
)
from scanlint.analysis.linen_apply import (
    apply_of_partial,
    bound_module_called,
    branch_taken,
    handed_over,
    module_methods_called,
    project_call_summary,
    setup_submodule_class,
    taken_under_apply,
)
from scanlint.analysis.resolver import Scope, argument, getattr_owner, keyword_argument
from scanlint.analysis.run_flags import RunFlags, entered_method, run_flags
from scanlint.analysis.submodules import (
    Submodule,
    first_called_in_body,
    init_skips_loop,
    lifting_call,
    submodule_called,
    submodule_method_called,
)
from scanlint.analysis.walk import SemanticVisitor, walk
from scanlint.index.names import PARTIAL
from scanlint.rules.base import FileContext, FixProposal, Replacement, Report, Rule
from scanlint.rules.contract import body_used_elsewhere
from scanlint.rules.flax.reporting import in_loop, init_path_note, short_code

_VARIABLE_SUMMARIES = {
    "param": "`self.param` inside a raw lax.scan body creates the parameter while the scan traces the body",
    "variable": "`self.variable` inside a raw lax.scan body creates the variable while the scan traces the body",
    "put_variable": "`self.put_variable` inside a raw lax.scan body stores a tracer of the scan",
    "sow": "`self.sow` inside a raw lax.scan body stores a tracer of the scan",
}


_VARIABLE_ADVICE = {
    "param": (
        "Create it before the loop (`w = self.param(...)`) and let the body close over the array, "
        "or lift the loop with `nn.scan`."
    ),
    "variable": "Create it outside the body and close over it, or lift the loop with `nn.scan`.",
    "put_variable": (
        "Return the value as the scan's output and store it after the loop, or lift the loop "
        "with `nn.scan`."
    ),
    "sow": (
        "Return the value as the scan's per-step output and sow the stacked result after the "
        "loop, or lift the loop with `nn.scan`."
    ),
}


_VARIABLE_MESSAGES = {
    "param": (
        f"{_VARIABLE_SUMMARIES['param']}: `init` succeeds but returns a leaked tracer as the "
        "parameter, and `apply` raises `UnexpectedTracerError` (`jax.jit(model.init)` raises at "
        f"once). {_VARIABLE_ADVICE['param']}"
    ),
    "variable": (
        f"{_VARIABLE_SUMMARIES['variable']}: `init` succeeds but returns a leaked tracer as its "
        "value, and updating it in `apply` raises `ModifyScopeVariableError` (immutable "
        "collection) or `UnexpectedTracerError` (mutable collection). "
        f"{_VARIABLE_ADVICE['variable']}"
    ),
    "put_variable": (
        f"{_VARIABLE_SUMMARIES['put_variable']}: `init` succeeds but returns it leaked, and "
        "`apply` raises `ModifyScopeVariableError` (immutable collection) or returns leaked "
        "tracers that raise `UnexpectedTracerError` when used (mutable collection). "
        f"{_VARIABLE_ADVICE['put_variable']}"
    ),
    "sow": (
        f"{_VARIABLE_SUMMARIES['sow']}: `apply(..., mutable=[...])` succeeds but returns leaked "
        f"tracers that raise `UnexpectedTracerError` when used. {_VARIABLE_ADVICE['sow']}"
    ),
}


class LinenVariableInScanBody(Rule):
    """A Linen variable (`self.param`, `self.variable`, `self.put_variable`, `self.sow`) created or
    stored inside the body of a raw `jax.lax.scan`.

    The value is made while the scan traces its body, so it is a tracer that escapes the trace.
    `init` returns it without error; `apply` raises `UnexpectedTracerError`, or
    `ModifyScopeVariableError` when a variable of an immutable collection is updated; a sown
    value comes back as a leaked tracer (when the collection is collected: a value sown into
    one that every `init`/`apply` of the file leaves immutable is dropped, and not flagged). Updating the `.value` of a variable made outside the
    body (`steps.value += 1`) stores a tracer the same way, and so does an outside `nn.BatchNorm`
    in training mode called in the body (its `batch_stats`), a Linen attention layer built with
    `decode=True` (its `cache`), an `nn.SpectralNorm` called with `update_stats=True` (its
    `batch_stats`, under `init` too), or a same-file submodule whose
    `__call__` updates one of its variables whenever it runs under `apply` (a running mean, a
    `self.sow` into a collection some run collects, or an `nn.BatchNorm` the runs are known to
    train, as the body's call passes the flag; also behind a flag every run of the loop sets,
    `if update:` with the body calling `self(obs, learning=True)`, whose `__call__` passes it
    on). Such a submodule may be built inline in a method `init` ran (`Attention()(h, decode)`,
    reached under `apply` through `self(tok, decode=True)`) or handed to a loop wrapper through
    `functools.partial(dyn, ...)`. A variable `init` already made, rebound and updated under `apply` in a method the body
    runs (`self(obs)` in a rollout only `apply` runs, whose `__call__` counts steps) stores a
    tracer too, as does a setup variable taken to a local (`keys = self.keys`) or handed to the
    factory that made the body (`make_body(n_evals)`). A plain assignment of a value read from outside the body through names,
    attributes and string keys only (`target.value = online.variables["params"]["bias"]`)
    runs no operation, stores the outside value and is not flagged. A submodule's updates are
    followed through the same-file submodules it runs (built inline, in `setup`, bound to a
    name or to a lifted transform of the class, `block = nn.remat(Block)`, or looped over, also
    through `zip(self.layers, hs)`), with the mode flags each call
    passes down (`self.backbone(x, train=True)` reaching a `ResBlock`'s BatchNorm; `decode`
    reaching an attention's cache, written under `if self.has_variable(...)`; `self(tok,
    decode=True)` in a `generate` loop reaching the attention a setup-list block builds inline),
    and through a
    `norm` field given `functools.partial(nn.BatchNorm, use_running_average=not train)`, and
    through modules the constructions pass to a submodule field (`probe: Tally`, or `probes:
    tuple[nn.Module, ...]` walked by a `for`) that update a variable under `apply`. The
    runs that set a flag include calls of `functools.partial(model.apply, ...)` and of
    same-file functions the model is handed to. A `model.apply(...)` with nothing mutable in
    the body (no `mutable=`, `False`, or an empty list or tuple, also one a config field's
    default `()` gives), on a same-file module whose run updates a variable (a `setup` variable, a
    training BatchNorm, a cache), raises `ModifyScopeVariableError` as the loop traces its
    body, and is flagged too, also when called through `functools.partial(model.apply,
    variables, decode=True)` bound there or returned by a factory (also stored by an object's
    `__init__`, `self.step_fn(tok)`, or the apply itself, `self.apply_fn = model.apply`, or
    called in a method of a plain callable or helper object the body calls, `wrapper(v, x)`,
    `self.teacher.targets(x)`, `self.service.backend.score(x)` through the fields of dataclasses
    a builder made, any hook of a list of hooks of several classes, or a
    `jax.tree_util.Partial(model.apply)`; an abstract method of a base class stands for its one
    same-file override, a subclass's `self.model` for what its base's `__init__` stores, and
    `DECODERS[name](...)` for the one class a registry filled by a decorator holds), or
    through a train state's `state.apply_fn(...)` when the file makes its train states with
    `apply_fn=model.apply` of one module class. A mode switch can be an attribute a plain object
    sets once in its `__init__` (`train=self.train_mode`, default True), and a module's update
    can sit in the branch its run takes (`if self.decode:` of a model built with
    `decode=True`, with an `else`). A module bound before the
    loop (`bound = model.bind(variables)`, or a plain object's `self.bound` set in its
    `__init__`) whose method called in the body updates a variable: with nothing mutable Flax
    raises `ModifyScopeVariableError` as the loop traces the body; bound with
    `mutable=[...]`, the bound module keeps a tracer of the scan, and reading its variables after
    the loop raises `UnexpectedTracerError`. The bound module is followed to where it is made:
    a bound method kept as is or through `jax.jit`/`jax.checkpoint`
    (`jax.jit(model.bind(v).__call__)` in a service's dict, `jax.checkpoint(self.bound.__call__)`),
    a property or getter that binds or returns what its object keeps (`adapter.bound`,
    `provider.get_model()`, `registry.get(name).runner`, a lazily cached `self._bound`), a
    module-level builder function's return, a dataclass field, or a parameter a constructor
    fills (`Planner(model.bind(v, mutable=[...]))`); a mutable binding the body's getter makes
    but keeps on its object outlives the body too. An `apply` partial is followed the same way
    (`fwd = self.forward`, a property returning the partial `__init__` keeps; a factory
    returning `jax.checkpoint(step) if remat else step`; `self.step, self.bound =
    make_step(...)` in `__init__`). An outside `nn.BatchNorm` counts only in runs other than
    `init`, which leaves its statistics alone, and a submodule of a lifted class
    (`nn.remat(Block)(...)`) is judged under `apply` when `init` skips the loop. A Linen variable a `functools.partial` binds to a helper the body
    calls (`partial(ema_update, self.ema)`) is followed there. A step function of another project
    file handed the module (`functools.partial(step, self)`, whose `step` calls `module.param`)
    is read there, and reported where the module is handed over. The fix: create the parameter before
    the scan and let the body close over the array. When a `name = self.param(...)` (or `self.variable(...)`)
    statement in the body uses nothing the body binds, the body is used by that scan alone and
    the scan call runs whenever its statement does (not in a branch of `x if c else y`, after
    `and`/`or`, in a lambda or comprehension, nor in an `elif` test), a safe fix hoists it to just
    before the scan call's statement.

    The module and its switches are followed as production code hands them around: registry
    picks by a known key (a literal, a constructor's argument, an enum member, each name of a
    tuple a comprehension goes over), builders bound to a name (`make = BUILDERS[key]`), step
    closures a factory makes and an object caches (`self.stepper(name)(x)`), sessions kept in a
    dict handed to a constructor (`self.sessions[room].bound`), hooks registered with a decorator
    on an object (`@hooks.register`), `**kwargs` handed on to a registry construction, and
    switches read from a config dict literal (`config["train"]`), a config dataclass an object
    keeps, or a class-level attribute (`adapt = True`) of the classes the file builds.
    """

    CODE = "SCN102"
    BAD = """\
import flax.linen as nn
import jax
import jax.numpy as jnp

class ParamRNN(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, xs):
        def step(carry, x):
            w = self.param("w", nn.initializers.lecun_normal(), (self.hidden, self.hidden))
            h = jnp.tanh(carry @ w + x)
            return h, h

        return jax.lax.scan(step, jnp.zeros(self.hidden), xs)
"""
    GOOD = """\
import flax.linen as nn
import jax
import jax.numpy as jnp

class ParamRNN(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, xs):
        w = self.param("w", nn.initializers.lecun_normal(), (self.hidden, self.hidden))

        def step(carry, x):
            h = jnp.tanh(carry @ w + x)
            return h, h

        return jax.lax.scan(step, jnp.zeros(self.hidden), xs)
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        for flax, code in raw_scan_bodies(context.index):
            for call, scope in code.calls:
                method = method_name(call)
                if method not in LINEN_VARIABLE_METHODS:
                    continue
                assert isinstance(call.func, cst.Attribute)
                class_node = flax.linen_self(call.func.value, scope)
                if class_node is None:
                    continue
                if method in HOISTABLE_METHODS and not flax.creates_lazily(class_node):
                    continue  # Flax rejects it outside setup/compact, scan or not
                if method in HOISTABLE_METHODS and (flax.made_by_init(code, scope) or init_skips_loop(flax, code)):
                    continue
                if method == "sow" and _sown_and_dropped(flax, call):
                    continue
                fix = _hoist_fix(context, code, call) if method in HOISTABLE_METHODS else None
                note = init_path_note(flax, code)
                text, summary = _VARIABLE_MESSAGES[method], _VARIABLE_SUMMARIES[method]
                receiver = context.module.code_for_node(call.func.value)
                if receiver != "self":  # `module.param(...)` in a helper handed the module
                    text = text.replace(f"`self.{method}`", f"`{receiver}.{method}`", 1)
                    summary = summary.replace(f"`self.{method}`", f"`{receiver}.{method}`", 1)
                if note:
                    text = text.replace(" inside a raw lax.scan body", f" inside a raw lax.scan body{note}", 1)
                yield in_loop(code, Report(call, text, fix, summary=summary, help=_VARIABLE_ADVICE[method]))
            for call, scope in code.calls:
                report = (
                    _immutable_apply_updates(flax, code, call, scope)
                    or _bound_module_updates(flax, code, call, scope)
                    or _batch_statistics_updated(flax, code, call, scope)
                    or _attention_cache_updated(flax, code, call, scope)
                    or _spectral_statistics_updated(flax, code, call, scope)
                    or _submodule_variable_updated(flax, code, call, scope)
                    or _own_batch_norm_trained(flax, code, call, scope)
                    or _own_decode_cache_updated(flax, code, call, scope)
                )
                if report is not None:
                    yield in_loop(code, report)
            for target, scope in code.targets:
                variable = _outside_variable_updated(flax, code, target, scope)
                if variable is not None and not _stores_outside_read(flax, code, target, scope) \
                        and not run_flags(flax).within(code).never_runs(target):
                    summary = f"updating `{variable}.value` inside a raw lax.scan body stores a tracer of the scan"
                    advice = "Carry the value through the loop and assign it after the scan, or lift the loop with `nn.scan`."
                    yield in_loop(code, Report(
                        target,
                        f"{summary} in a Linen variable made outside the body: `apply` raises "
                        "`ModifyScopeVariableError` when its collection is immutable, and returns "
                        "leaked tracers (`UnexpectedTracerError` when used) when it is mutable. "
                        f"{advice}",
                        summary=summary,
                        help=advice,
                    ))
        flax = flax_file(context.index)
        for project_call in project_calls(flax):
            for value, parameter, method, class_node in module_methods_called(flax, project_call, LINEN_VARIABLE_METHODS):
                if method in HOISTABLE_METHODS and not flax.creates_lazily(class_node):
                    continue
                summary = f"{project_call_summary(project_call, parameter, method)}, inside a raw lax.scan body"
                tail = _VARIABLE_MESSAGES[method][len(_VARIABLE_SUMMARIES[method]) :]
                yield in_loop(project_call.code, Report(
                    value,
                    f"{summary}{init_path_note(flax, project_call.code)}{tail}",
                    summary=summary,
                    help=_VARIABLE_ADVICE[method],
                ))
                break


def _sown_and_dropped(flax: FlaxFile, call: cst.Call) -> bool:
    """`self.sow("intermediates", ...)` in a file whose runs never collect that collection:
    Flax drops the value, so no tracer is kept."""
    collection = argument(call, 0, "col")
    return isinstance(collection, cst.SimpleString) and not flax.may_collect(str(collection.evaluated_value))


def _batch_statistics_updated(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """An outside `nn.BatchNorm` in training mode called in the body after its first call
    (before that, SCN104 reports the call): it stores its new `batch_stats` there."""
    submodule = submodule_called(flax, code, call, scope)
    construction = submodule.construction if submodule is not None else None
    if submodule is None or construction is None or not flax.is_linen_batch_norm(construction.func):
        return None
    flags = run_flags(flax).within(code)
    if flags.never_runs(call):
        return None
    # A BatchNorm leaves its statistics alone while `init` runs: only the other runs count.
    if flags.under_apply().always_switched_on(construction, call, "use_running_average", 0, 1):
        return None
    if first_called_in_body(flax, code, submodule):
        return None
    summary = (
        f"`{submodule.label}` (an `nn.BatchNorm` in training mode) updates its `batch_stats` "
        "inside a raw lax.scan body"
    )
    advice = (
        "Lift the loop with `nn.scan` and `variable_carry='batch_stats'`, or use the running "
        "averages (`use_running_average=True`) inside the loop."
    )
    return Report(
        call,
        f"{summary}: `apply(..., mutable=['batch_stats'])` returns the new statistics as leaked "
        f"tracers of the scan, which raise `UnexpectedTracerError` when used. {advice}",
        summary=summary,
        help=advice,
    )


def _own_runs(
    flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope
) -> tuple[cst.ClassDef, RunFlags, list[ModuleRun]] | None:
    """For `self(x, ...)` or `self.step(x)` in a loop body of a Linen module's method: the
    module's class, the run flags of the body, and the methods that call runs (see
    `linen_runs`); None for any other call, or one no run takes."""
    func = call.func
    receiver = func.value if isinstance(func, cst.Attribute) else func
    class_node = flax.linen_self(receiver, scope) if isinstance(receiver, cst.Name) else None
    if class_node is None:
        return None
    method = func.attr.value if isinstance(func, cst.Attribute) else "__call__"
    if flax.index.method_of(class_node, method) is None:
        return None
    flags = run_flags(flax).within(code)
    if flags.never_runs(call):
        return None
    return class_node, flags, linen_runs(flax, class_node, call, scope, method, taken=branch_taken(flags))


def _own_batch_norm_trained(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """`self(x, train=True)` (or `self.step(x)`) in the body of a loop a Linen module's method
    runs, where the module's own method builds or calls an `nn.BatchNorm` that trains in that
    run (the flags the call passes down): it updates `batch_stats` inside the loop. Submodules
    are judged at their own calls."""
    func = call.func
    own = _own_runs(flax, code, call, scope)
    if own is None:
        return None
    class_node, flags, runs = own
    for run in runs:
        if run.class_node is not class_node:
            continue
        updated = _statistics_updated_in(flax, run.method, flags, run.given)
        if updated is None or "SpectralNorm" in updated:
            continue  # a spectral norm's own submodule calls are reported where they are made
        code_of = flax.index.module.code_for_node
        summary = f"`{code_of(func)}(...)` inside a raw lax.scan body runs an `nn.BatchNorm` in training mode"
        advice = (
            "Use the running averages inside the loop (`use_running_average=True`), or lift the "
            "loop with `nn.scan` and `variable_carry='batch_stats'`."
        )
        return Report(
            call,
            f"`{code_of(func)}(...)` inside a raw lax.scan body runs `{class_node.name.value}.{run.method.name.value}`, "
            f"which updates {updated} in training mode: `apply` raises `ModifyScopeVariableError` when "
            f"`batch_stats` is immutable, and returns leaked tracers (`UnexpectedTracerError` when used) "
            f"when it is mutable. {advice}",
            summary=summary,
            help=advice,
        )
    return None


def _own_decode_cache_updated(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """`self(tok, pos, decode=True)` (or `self.step(tok)`) in the body of a loop a Linen
    module's method runs, where a method that call runs, the module's own or a submodule's
    (`for block in self.blocks: x = block(x, decode)`), builds or calls a Linen attention layer
    whose `decode` is true in that run: it writes its `cache` inside the loop."""
    func = call.func
    own = _own_runs(flax, code, call, scope)
    if own is None:
        return None
    _, flags, runs = own
    for run in runs:
        # a `setup` attribute called in code the body runs is judged at that call
        judged_at_call = run.method in code.functions
        attention = _decoding_attention_in(flax, run.method, flags, run.given, setup_attributes=not judged_at_call)
        if attention is None:
            continue
        code_of = flax.index.module.code_for_node
        summary = f"`{code_of(func)}(...)` inside a raw lax.scan body runs an attention layer that updates its `cache`"
        advice = (
            "Run the decoding loop outside the module over `model.apply(..., mutable=['cache'])`, "
            "carrying the cache through the loop, or lift the loop with `nn.scan` and "
            "`variable_carry='cache'`."
        )
        return Report(
            call,
            f"`{code_of(func)}(...)` inside a raw lax.scan body runs `{run.class_node.name.value}.{run.method.name.value}`, "
            f"whose `{code_of(attention.func)}` decodes (`decode=True` in this run) and writes its `cache`: `apply` "
            "raises `ModifyScopeVariableError` when `cache` is immutable, and with `mutable=['cache']` returns "
            f"the new cache as leaked tracers of the scan (`UnexpectedTracerError` when used). {advice}",
            summary=summary,
            help=advice,
        )
    return None


def _decoding_attention_in(
    flax: FlaxFile,
    method: cst.FunctionDef,
    flags: RunFlags,
    given: dict[str, tuple[cst.BaseExpression, Scope]],
    setup_attributes: bool,
) -> cst.Call | None:
    """A Linen attention layer a method builds and calls, or (with `setup_attributes`) a
    `setup` attribute it calls, whose `decode` is true in every run this call makes
    (`decode=decode` with `decode=True` passed down): its construction."""
    for call, construction in _layers_called(flax, method, setup_attributes):
        if not flax.is_linen_attention(construction.func) or flags.never_runs(call):
            continue
        decode = keyword_argument(construction, "decode")
        if decode is not None and flags.values_in_run(decode, given) == frozenset({True}):
            return construction
    return None


def _spectral_statistics_updated(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """An outside `nn.SpectralNorm` called in the body with `update_stats` true in every run,
    after its first call (before that, SCN104 reports the call): it stores its power-iteration
    vector and sigma in `batch_stats` there, under `init` as well as `apply`."""
    submodule = submodule_called(flax, code, call, scope)
    construction = submodule.construction if submodule is not None else None
    if submodule is None or construction is None or not flax.is_linen_spectral_norm(construction.func):
        return None
    flags = run_flags(flax).within(code)
    keyword_only = len(call.args) + len(construction.args) + 1
    if flags.never_runs(call) or not flags.always_switched_on(construction, call, "update_stats", keyword_only, keyword_only):
        return None
    if first_called_in_body(flax, code, submodule):
        return None
    summary = f"`{submodule.label}` (`nn.SpectralNorm`) updates `batch_stats` inside a raw lax.scan body"
    advice = (
        "Call it with `update_stats=True` once outside the loop and with `update_stats=False` in "
        "the body, or lift the loop with `nn.scan` and `variable_carry='batch_stats'`."
    )
    return Report(
        call,
        f"{summary} (called with `update_stats=True`): it stores tracers of the scan, so `init` returns them leaked and `apply` "
        "raises `UnexpectedTracerError` (or `ModifyScopeVariableError` when `batch_stats` is "
        f"immutable). {advice}",
        summary=summary,
        help=advice,
    )


def _attention_cache_updated(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """An outside Linen attention layer built with `decode=True` in every run, called in the body
    after its first call (before that, SCN104 reports the call): it stores the decoded keys and
    values in its `cache` there."""
    submodule = submodule_called(flax, code, call, scope)
    construction = submodule.construction if submodule is not None else None
    if submodule is None or construction is None or not flax.is_linen_attention(construction.func):
        return None
    flags = run_flags(flax).within(code)
    keyword_only = len(construction.args) + 1  # `decode` is never given by position in practice
    if flags.never_runs(call) or not flags.always_switched_on(construction, None, "decode", keyword_only, 0):
        return None
    if first_called_in_body(flax, code, submodule):
        return None
    summary = f"`{submodule.label}` (attention, `decode=True`) updates its `cache` inside a raw lax.scan body"
    advice = (
        "Run the decoding loop outside the module over `model.apply(..., mutable=['cache'])`, "
        "carrying the cache through the loop, or lift the loop with `nn.scan` and "
        "`variable_carry='cache'`."
    )
    return Report(
        call,
        f"{summary} (a Linen attention layer in decoding mode): `apply` raises "
        "`ModifyScopeVariableError` when `cache` is immutable, and "
        "with `mutable=['cache']` returns the new cache as leaked tracers of the scan, which "
        f"raise `UnexpectedTracerError` when used. {advice}",
        summary=summary,
        help=advice,
    )


def _submodule_variable_updated(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """An outside submodule of a same-file Linen class whose `__call__` updates one of its
    variables (`mean.value = ...`, `self.put_variable(...)`) whenever it runs under `apply`,
    called in the body after its first call (before that, SCN104 reports the call)."""
    submodule = submodule_called(flax, code, call, scope)
    method_name = "__call__"
    if submodule is None:  # `self.predictor.advance(token)`: a method of the submodule
        through_method = submodule_method_called(flax, code, call, scope)
        if through_method is not None:
            submodule, method_name = through_method
    construction = submodule.construction if submodule is not None else None
    if submodule is None and isinstance(call.func, cst.Call) and flax.made_by_init(code, scope):
        # `Attention(...)(h, decode)` in a method `init` ran: under `apply` it binds that submodule.
        construction = call.func
        submodule = Submodule(flax.index.module.code_for_node(construction.func), construction, scope)
    elif submodule is None or construction is None:
        return None
    elif first_called_in_body(flax, code, submodule) and lifting_call(flax, submodule) is None:
        return None  # SCN104's; a lifted one leaks under `init` and still updates under `apply`
    class_node = submodule.made_class(flax)
    method = flax.index.method_of(class_node, method_name) if class_node is not None and flax.is_linen(class_node) else None
    flags = run_flags(flax).within(code)
    if method is None or flags.never_runs(call):
        return None
    made_by = (construction, flags.scope_at(construction))
    updated = None
    for run in linen_runs(flax, class_node, call, scope, method_name, taken=branch_taken(flags)):  # the method, and its submodules'
        updated = _variable_update_in(flax, run.method, flags, run.given, made_by if run.method is method else None)
        if updated is not None:
            break
    if updated is None:
        return None
    summary = f"`{submodule.label}` updates its variables ({updated}) inside a raw lax.scan body"
    advice = "Carry the value through the loop and assign it after the scan, or lift the loop with `nn.scan`."
    return Report(
        handed_over(code, call, scope),
        f"{summary}: it stores a tracer of the scan, so `apply` raises `ModifyScopeVariableError` "
        "when the collection is immutable, and returns leaked tracers (`UnexpectedTracerError` "
        f"when used) when it is mutable. {advice}",
        summary=summary,
        help=advice,
    )


_APPLY_KEYWORDS = frozenset({"method", "mutable", "rngs", "capture_intermediates"})


def _immutable_apply_updates(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """`model.apply(variables, x)` in the body with nothing mutable, on a same-file Linen module
    whose method, or a submodule it runs, updates a variable in that run: Flax raises
    `ModifyScopeVariableError` as the loop traces its body. Also through a name bound to
    `functools.partial(model.apply, variables, ...)`, there or returned by a same-file factory."""
    reported, arguments_scope = call, scope
    call, scope = apply_of_partial(flax, call, scope, code) or (call, scope)
    called_here: dict[cst.CSTNode, Scope] = {}
    if call.args is not reported.args:  # a partial's arguments are read where it is made, the call's where it is
        called_here = {arg.value: arguments_scope for arg in reported.args}
        arguments_scope = scope
    if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == "apply") or not call.args:
        return None
    if not flax.makes_nothing_mutable(keyword_argument(call, "mutable"), scope):
        return None
    if any(arg.star and not code.empty_keywords(arg, arguments_scope) for arg in call.args):
        return None
    call = call.with_changes(args=[arg for arg in call.args if not arg.star])
    class_node = flax.linen_instance_class(call.func.value, scope)
    method = entered_method(call)
    if class_node is None or method is None:
        return None
    arguments = [a for a in call.args[1:] if a.keyword is None or a.keyword.value not in _APPLY_KEYWORDS]
    flags = run_flags(flax).within(code)
    if flags.never_runs(reported):
        return None
    taken = branch_taken(flags, immutable=True)
    instance = (call.func.value, scope)  # `decode_model` in `decode_model.apply(...)`
    for run in linen_runs(
        flax, class_node, call.with_changes(args=arguments), arguments_scope, method, taken=taken, instance=instance,
        argument_scopes=called_here,
    ):
        updated = _update_under_apply(flax, run.method, flags, run.given, immutable=True)
        if updated is not None:
            code_of = flax.index.module.code_for_node
            summary = f"`{short_code(flax.index.module, reported.func)}(...)` inside a raw lax.scan body updates variables, none mutable"
            advice = (
                "Pass `mutable=[...]` and carry the returned collections through the loop, or run "
                "the module so that it updates nothing (`use_running_average=True`, no cache)."
            )
            return Report(
                reported,
                f"`{code_of(reported.func)}(...)` inside a raw lax.scan body runs "
                f"`{class_node.name.value}.{method}`, which updates {updated} (in "
                f"`{run.class_node.name.value}`), but `apply` makes no collection mutable: Flax "
                f"raises `ModifyScopeVariableError` as soon as the loop traces its body. {advice}",
                summary=summary,
                help=advice,
            )
    return None


def _kept_on_object(flax: FlaxFile, bind: cst.Call) -> bool:
    """Whether a `model.bind(...)` is stored on an object (`self._bound = model.bind(...)` in a
    getter the body runs, or `self._sessions[line] = model.bind(...)` in a pool's): the bound
    module outlives the body that made it."""
    statement = run_flags(flax).parents.get(bind)
    return isinstance(statement, cst.Assign) and any(
        isinstance(t.target, cst.Attribute) or isinstance(t.target, cst.Subscript) and isinstance(t.target.value, cst.Attribute)
        for t in statement.targets
    )


def _bound_module_updates(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """`bound.round(h)` in the body with `bound = model.bind(variables)` (a name, or an
    attribute a plain object's `__init__` sets), on a same-file Linen module whose method, or a
    submodule it runs, updates a variable in that run. With nothing mutable Flax raises
    `ModifyScopeVariableError` as the loop traces its body; with `mutable=[...]` the bound
    module keeps a tracer of the loop, which fails when it is used after the loop, unless the
    body binds it itself."""
    func = call.func
    bound = bound_module_called(flax, call, scope)
    if bound is None:
        return None
    bind, bind_scope, method = bound
    immutable = flax.makes_nothing_mutable(keyword_argument(bind, "mutable"), bind_scope)
    if not immutable and code.is_inside(bind_scope) and not _kept_on_object(flax, bind):
        return None  # bound in the body: its variables are the body's own values
    assert isinstance(bind.func, cst.Attribute)
    class_node = flax.linen_instance_class(bind.func.value, bind_scope)
    flags = run_flags(flax).within(code)
    instance: tuple[cst.BaseExpression, Scope] | None = (bind.func.value, bind_scope)
    if class_node is not None and flax.index.method_of(class_node, method) is None:
        # `bound.dynamics(z, a)`: a submodule the bound module's `setup` makes, run as `__call__`
        class_node, method, instance = setup_submodule_class(flax, class_node, method), "__call__", None
    if class_node is None or flax.index.method_of(class_node, method) is None or flags.never_runs(call):
        return None
    taken = branch_taken(flags, immutable=immutable)
    for run in linen_runs(flax, class_node, call, scope, method, taken=taken, instance=instance):
        updated = _update_under_apply(flax, run.method, flags, run.given, immutable=immutable)
        if updated is None:
            continue
        code_of = flax.index.module.code_for_node
        ran = (
            f"`{code_of(func)}(...)` inside a raw lax.scan body runs `{class_node.name.value}.{method}` "
            f"on a module bound by `{code_of(bind.func)}(...)`, which updates {updated} (in "
            f"`{run.class_node.name.value}`)"
        )
        if immutable:
            summary = f"`{short_code(flax.index.module, func)}(...)` inside a raw lax.scan body updates variables of a bound module, none mutable"
            advice = (
                "Bind with `mutable=[...]` and carry the updated collections through the loop, or "
                "run the module so that it updates nothing (`use_running_average=True`, no cache)."
            )
            text = (
                f"{ran}, but the binding makes no collection mutable: Flax raises "
                f"`ModifyScopeVariableError` as soon as the loop traces its body. {advice}"
            )
        else:
            summary = f"`{short_code(flax.index.module, func)}(...)` inside a raw lax.scan body stores a tracer of the scan in a bound module's variables"
            advice = (
                "Carry the collections through the loop with `model.apply(..., mutable=[...])` and "
                "bind the result after it, or run the module so that it updates nothing inside the loop."
            )
            text = (
                f"{ran}: the bound module keeps a tracer of the scan, so reading those variables "
                f"after the loop (`unbind()`, a later call) raises `UnexpectedTracerError`. {advice}"
            )
        return Report(call, text, summary=summary, help=advice)
    return None


def _variable_update_in(
    flax: FlaxFile,
    method: cst.FunctionDef,
    flags: RunFlags,
    given: dict[str, tuple[cst.BaseExpression, Scope]] | None = None,
    made_by: tuple[cst.Call, Scope] | None = None,
    immutable: bool = False,
) -> str | None:
    """The code of a variable update a Linen method makes whenever it runs under `apply` (a
    `.value` assignment to a variable it binds or `setup` made, `self.put_variable`, or
    `self.sow` into a collection some run collects): not in a branch, a loop or a nested
    function, except a branch taken under `apply` (`if self.decode:` of a model built with
    `decode=True`, `if not self.is_initializing():`, `if
    self.is_mutable_collection(...)`, the decode cache's `if self.has_variable(...)`, true once
    `init` made the variable) or one every run takes (`if update_stats:` with every call passing
    True). Under an `apply` that makes nothing mutable (`immutable`), no collection is mutable
    and `sow` stores nothing."""
    self_name = flax.index.self_name(flax.index.scope_of[method])
    method_scope = flax.index.scope_of[method]
    class_node = method_scope.enclosing_class()
    setup = flax.self_attribute_values(class_node, "setup") if class_node is not None else {}
    code_of = flax.index.module.code_for_node

    def under_apply(test: cst.BaseExpression) -> bool:
        return taken_under_apply(flags, test, given or {}, immutable)

    def is_variable(holder: cst.BaseExpression) -> bool:
        if isinstance(holder, cst.Call):  # `self.variable("diagnostics", "sq", ...).value = ...`
            return method_name(holder) == "variable" and isinstance(holder.func, cst.Attribute) and (
                isinstance(holder.func.value, cst.Name) and holder.func.value.value == self_name
            )
        if isinstance(holder, cst.Name):
            found = method_scope.only_binding(holder.value)
            if found is not None and isinstance(found[1], cst.Param) and holder.value in (given or {}):
                # `self._merge(count, mean, x)`: a parameter filled with the caller's variable
                passed, passed_scope = (given or {})[holder.value]
                if isinstance(passed, cst.Name):
                    found = passed_scope.only_binding(passed.value)
            return found is not None and isinstance(found[1], cst.Call) and method_name(found[1]) == "variable"
        if isinstance(holder, cst.Attribute) and isinstance(holder.value, cst.Name) and holder.value.value == self_name:
            values = setup.get(holder.attr.value, [])  # `self.counts = self.variable(...)` in `setup`
            return bool(values) and all(isinstance(v, cst.Call) and method_name(v) == "variable" for v in values)
        return False

    def branch_run(statement: cst.If) -> Sequence[cst.BaseStatement]:
        """The statements of an `if` every run under `apply` takes: its body, or its `else`
        (`elif`) when the test is false in this run (`if self.decode:` of a model built with
        `decode=False`); none when that is not known."""
        if under_apply(statement.test):
            return statement.body.body  # type: ignore[return-value]
        if statement.orelse is not None and flags.values_in_run(statement.test, given or {}) == frozenset({False}):
            orelse = statement.orelse
            return [orelse] if isinstance(orelse, cst.If) else orelse.body.body  # type: ignore[return-value]
        return []

    def search(statements: Sequence[cst.BaseStatement]) -> str | None:
        for statement in statements:
            if isinstance(statement, cst.If):
                found = search(branch_run(statement))
                if found is not None:
                    return found
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                targets = (
                    [t.target for t in small.targets] if isinstance(small, cst.Assign)
                    else [small.target] if isinstance(small, cst.AugAssign) else []
                )
                for target in unpacked_targets(targets):  # `self.carry.value, out = ...` too
                    if isinstance(target, cst.Attribute) and target.attr.value == "value" and is_variable(target.value):
                        if not flags.never_runs(target):
                            return f"`{code_of(target)}`"
                call = small.value if isinstance(small, cst.Expr) else None
                if (
                    isinstance(call, cst.Call)
                    and method_name(call) in ("put_variable", "sow")
                    and isinstance(call.func, cst.Attribute)
                    and isinstance(call.func.value, cst.Name)
                    and call.func.value.value == self_name
                    and not (method_name(call) == "sow" and (immutable or _sown_and_dropped(flax, call)))
                ):
                    return f"`{code_of(call.func)}`"
        return None

    if not isinstance(method.body, cst.IndentedBlock):
        return None
    return search(method.body.body) or _statistics_updated_in(flax, method, flags, given or {}, made_by)


def _update_under_apply(
    flax: FlaxFile,
    method: cst.FunctionDef,
    flags: RunFlags,
    given: dict[str, tuple[cst.BaseExpression, Scope]],
    immutable: bool,
) -> str | None:
    """What a method run by `model.apply(...)` or a bound module updates (see
    `_variable_update_in`), or the `cache` an attention layer it runs writes when `decode` is
    true in that run (`nn.SelfAttention(..., decode=self.decode)` of a `TinyDecoder(decode=True)`)."""
    updated = _variable_update_in(flax, method, flags, given, immutable=immutable)
    if updated is not None:
        return updated
    attention = _decoding_attention_in(flax, method, flags, given, setup_attributes=True)
    if attention is None:
        return None
    return f"`cache`, by `{flax.index.module.code_for_node(attention.func)}` (`decode=True`)"


def _layers_called(
    flax: FlaxFile, method: cst.FunctionDef, setup_attributes: bool
) -> Iterator[tuple[cst.Call, cst.Call]]:
    """The layers a Linen method calls, each call with its construction: built and called
    there (`nn.BatchNorm()(x)`), or (with `setup_attributes`) a `setup` attribute called
    (`self.norm(x)`) whose one value is a construction."""
    method_scope = flax.index.scope_of[method]
    class_node = method_scope.enclosing_class()
    setup = flax.self_attribute_values(class_node, "setup") if class_node is not None else {}
    calls = CallFinder()
    walk(method.body, calls)
    for call in calls.calls:
        func = call.func
        construction = func if isinstance(func, cst.Call) else None
        if construction is None and setup_attributes and isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            if flax.linen_self(func.value, method_scope) is not None:
                values = setup.get(func.attr.value, [])
                construction = values[0] if len(values) == 1 and isinstance(values[0], cst.Call) else None
        if construction is not None:
            yield call, construction


def _statistics_updated_in(
    flax: FlaxFile,
    method: cst.FunctionDef,
    flags: RunFlags,
    given: dict[str, tuple[cst.BaseExpression, Scope]],
    made_by: tuple[cst.Call, Scope] | None = None,
) -> str | None:
    """An `nn.BatchNorm` a Linen method runs (built and called there, or a `setup` attribute it
    calls) whose `use_running_average` is not true in every run, or an `nn.SpectralNorm` called
    with `update_stats` true in some run: it updates `batch_stats`. A
    switch that reads a parameter of the method takes what the call running it passes
    (`given`, see `ModuleRun`: `block(z, x, False)` with `not train`)."""
    method_scope = flax.index.scope_of[method]
    flags = flags.under_apply()  # a BatchNorm updates nothing while `init` runs
    for call, construction in _layers_called(flax, method, setup_attributes=True):
        if flags.never_runs(call):
            continue
        if flax.is_linen_spectral_norm(construction.func):  # `nn.SpectralNorm(layer)(x, update_stats=True)`
            update = keyword_argument(call, "update_stats")
            updates = flags.values_in_run(update, given) if update is not None else None
            if updates is not None and any(updates):
                return f"`batch_stats`, by `{flax.index.module.code_for_node(construction.func)}`"
            continue
        switch = keyword_argument(call, "use_running_average") or keyword_argument(construction, "use_running_average")
        if flax.is_linen_batch_norm(construction.func):
            presets: list[tuple[cst.BaseExpression | None, Scope]] = [(None, method_scope)]
        else:  # `self.norm()(y)`, a field given `partial(nn.BatchNorm, use_running_average=...)`
            presets = _batch_norm_field(flax, flags, construction.func, method_scope, made_by) or []
        if presets and all(_trains_in_some_run(flags, switch, given, *preset) for preset in presets):
            held = "" if flax.is_linen_batch_norm(construction.func) else ", an `nn.BatchNorm`"
            return f"`batch_stats`, by `{flax.index.module.code_for_node(construction.func)}`{held}"
    return None


def _trains_in_some_run(
    flags: RunFlags,
    switch: cst.BaseExpression | None,
    given: dict[str, tuple[cst.BaseExpression, Scope]],
    preset: cst.BaseExpression | None,
    preset_scope: Scope,
) -> bool:
    """Whether a BatchNorm's `use_running_average` is known to be false in some run: the switch
    its call or construction passes, a parameter read as the call running the method passes it
    (`given`: `block(z, x, False)` with `not train`), else the one a `partial` presets. Unlike a
    BatchNorm the body calls itself, one inside a submodule counts only when that is known."""
    if switch is not None:
        values = flags.values_in_run(switch, given)
    elif preset is not None:
        values = flags.values(preset, preset_scope)
    else:
        return False
    return values is not None and not all(values)


def _batch_norm_field(
    flax: FlaxFile, flags: RunFlags, func: cst.BaseExpression, scope: Scope, made_by: tuple[cst.Call, Scope] | None
) -> list[tuple[cst.BaseExpression | None, Scope]] | None:
    """For `self.norm` of a Linen self whose field holds `nn.BatchNorm` or a
    `functools.partial(nn.BatchNorm, ...)` in every run shown (or in the one construction
    `made_by`): the `use_running_average` each holds (None when not preset), with its scope."""
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
        return None
    class_node = flax.linen_self(func.value, scope)
    if class_node is None:
        return None
    if made_by is not None and flax.local_class(made_by[0].func, flax.index.module_scope) is not class_node:
        made_by = None
    arguments = flags.field_arguments(class_node, func.attr.value, made_by)
    if not arguments:
        return None
    found: list[tuple[cst.BaseExpression | None, Scope]] = []
    for value, value_scope in arguments:
        if isinstance(value, cst.Name):
            binding = value_scope.only_binding(value.value)
            if binding is None or not isinstance(binding[1], cst.BaseExpression):
                return None
            value_scope, value = binding[0], binding[1]
        if isinstance(value, cst.Call) and flax.index.qualify(value.func) == PARTIAL and value.args:
            if not flax.is_linen_batch_norm(value.args[0].value) or any(a.star for a in value.args):
                return None
            found.append((keyword_argument(value, "use_running_average"), value_scope))
        elif flax.is_linen_batch_norm(value):
            found.append((None, value_scope))
        else:
            return None
    return found


def _outside_variable_updated(flax: FlaxFile, code: BodyCode, target: cst.BaseExpression, scope: Scope) -> str | None:
    """`steps.value = ...` (or `+=`) in the body, on a variable made outside it by
    `self.variable(...)`: a name bound to one, or `self.<attr>` assigned one in `setup`."""
    if not (isinstance(target, cst.Attribute) and target.attr.value == "value"):
        return None
    holder = target.value
    bound = code.bound_argument(holder, scope)
    if bound is not None and isinstance(bound[0], (cst.Name, cst.Attribute)) and bound[0] is not holder:
        # `make_body(n_evals)` whose body updates `counter.value`; `partial(ema_update, self.ema)`
        holder, scope = bound
    if isinstance(holder, cst.Name):
        aliased = scope.only_binding(holder.value)  # `keys = self.keys`, a variable `setup` made
        if aliased is not None and isinstance(aliased[1], cst.Attribute) and isinstance(aliased[1].value, cst.Name):
            holder, scope = aliased[1], aliased[0]
        elif aliased is not None and isinstance(aliased[1], cst.Call):
            looked_up = _setup_variables_looked_up(flax, aliased[1], aliased[0])
            if looked_up is not None:  # `counter = getattr(self, f"count_{what}")`
                return looked_up
    if isinstance(holder, cst.Name) and code.binds(holder.value, scope):
        # `steps = self.variable(...)` in a method the body runs that `init` already ran
        # (`self(obs)` in a rollout only `apply` runs): it binds the variable `init` made.
        found = scope.only_binding(holder.value)
        if found is None or not isinstance(found[1], cst.Call) or method_name(found[1]) != "variable":
            return None
        binding_scope, value = found
        if not isinstance(value.func, cst.Attribute) or flax.linen_self(value.func.value, binding_scope) is None:
            return None
        flags = run_flags(flax).within(code)
        if not flax.made_by_init(code, binding_scope) or flags.never_runs(target) or flags.only_while_initializing(target):
            return None
        return holder.value
    if isinstance(holder, cst.Name) and not code.binds(holder.value, scope):
        found = scope.only_binding(holder.value)
        if found is None or not isinstance(found[1], cst.Call):
            return None
        binding_scope, value = found
        if method_name(value) == "variable" and isinstance(value.func, cst.Attribute):
            if flax.linen_self(value.func.value, binding_scope) is not None:
                return holder.value
        return None
    if isinstance(holder, cst.Attribute) and isinstance(holder.value, cst.Name):
        class_node = flax.linen_self(holder.value, scope)
        if class_node is None:
            return None
        values = flax.setup_values(class_node, holder.attr.value)
        if values and all(isinstance(v, cst.Call) and method_name(v) == "variable" for v in values):
            return f"{holder.value.value}.{holder.attr.value}"
    return None


def _setup_variables_looked_up(flax: FlaxFile, call: cst.Call, scope: Scope) -> str | None:
    """`self.<prefix>*` for `getattr(self, f"<prefix>{name}")` (or a string) in a method of a
    Linen module, when every attribute `setup` makes whose name fits is a `self.variable(...)`
    (and one does): whichever it looks up is a variable."""
    owner = getattr_owner(call, scope)
    class_node = flax.linen_self(owner, scope) if owner is not None else None
    if owner is None or class_node is None:
        return None
    name = call.args[1].value
    if isinstance(name, cst.SimpleString):
        prefix, suffix = name.evaluated_value, ""
        exact = True
    elif isinstance(name, cst.FormattedString) and name.parts:
        first, last = name.parts[0], name.parts[-1]
        prefix = first.value if isinstance(first, cst.FormattedStringText) else ""
        suffix = last.value if isinstance(last, cst.FormattedStringText) and len(name.parts) > 1 else ""
        exact = False
    else:
        return None
    setup = flax.index.method_of(class_node, "setup")
    attributes = list(flax.self_attribute_values(class_node, "setup")) if setup is not None else []
    fitting = [
        a for a in attributes
        if (a == prefix if exact else a.startswith(prefix) and a.endswith(suffix) and len(a) > len(prefix) + len(suffix))
    ]
    if not fitting or not all(
        (values := flax.setup_values(class_node, a)) and all(isinstance(v, cst.Call) and method_name(v) == "variable" for v in values)
        for a in fitting
    ):
        return None
    return f"{owner.value}.{prefix}*" if not exact else f"{owner.value}.{prefix}"


_COMPUTED_ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag", "at"})  # array attributes that run an operation


def _stores_outside_read(flax: FlaxFile, code: BodyCode, target: cst.BaseExpression, scope: Scope) -> bool:
    """`bias.value = online.variables["params"]["bias"]`: a plain assignment of a value read
    from outside the body through names, attributes and string keys only. No operation runs, so
    nothing is staged into the scan and the variable receives the outside value, not a tracer."""
    assign = run_flags(flax).parents.get(target)
    assign = run_flags(flax).parents.get(assign) if isinstance(assign, cst.AssignTarget) else None
    if not isinstance(assign, cst.Assign):
        return False
    value = assign.value
    while isinstance(value, (cst.Attribute, cst.Subscript)):
        if isinstance(value, cst.Attribute) and value.attr.value in _COMPUTED_ARRAY_ATTRIBUTES:
            return False
        if isinstance(value, cst.Subscript):
            keys = [element.slice for element in value.slice]
            if not all(isinstance(k, cst.Index) and isinstance(k.value, cst.SimpleString) for k in keys):
                return False
        value = value.value
    return isinstance(value, cst.Name) and not code.binds(value.value, scope)


def _hoist_fix(context: FileContext, code: BodyCode, call: cst.Call) -> FixProposal | None:
    """Move `name = self.param(...)` from the body to just before the scan call's statement."""
    index = context.index
    loop = code.loop
    body = loop.body
    assert body is not None
    function = body.node
    if not isinstance(function, cst.FunctionDef) or body.scope.parent is not loop.scope:
        return None  # the body must be a def that can close over a name of the scan's function
    if not isinstance(loop.scope.node, cst.FunctionDef):
        return None
    if (
        sum(1 for other in index.loops if other.body is not None and other.body.node is function)
        != 1
    ):
        return None
    if body_used_elsewhere(index, [loop]):
        return None  # a Python call of the body would no longer find the name it assigned
    statement = _top_level_assignment(function, call)
    if statement is None:
        return None
    assign = statement.body[0]
    assert isinstance(assign, cst.Assign)
    target = assign.targets[0].target
    assert isinstance(target, cst.Name)
    name = target.value
    if len(body.scope.bindings.get(name, [])) != 1:
        return None  # rebound in the body: hoisting would make it a local again
    if code.mentions_step_value(call, body.scope):
        return None
    if _mentioned_outside(loop.scope.node, function, name):
        return None  # the scan's function already uses this name
    found = _statement_holding(context.module, loop.call)
    if found is None:
        return None
    scan_statement, indent = found
    # A call over several lines is generated with its continuation lines indented relative to its
    # statement: they get the new statement's indentation in front.
    first, *rest = context.module.code_for_node(call).split("\n")
    call_code = "\n".join([first, *(indent + line if line.strip() else line for line in rest)])
    comment = statement.trailing_whitespace.comment
    removed = (Replacement(statement, ""), *((Replacement(comment, ""),) if comment is not None else ()))
    hoisted = f"{name} = {call_code}{'  ' + comment.value if comment is not None else ''}\n{indent}"
    return FixProposal(
        f"create `{name}` before the scan and let the body close over it",
        True,
        (Replacement(scan_statement, hoisted, before=True), *removed),
    )


def _top_level_assignment(
    function: cst.FunctionDef, call: cst.Call
) -> cst.SimpleStatementLine | None:
    """The `name = <call>` statement line directly in the function's block, if that is the call's."""
    if not isinstance(function.body, cst.IndentedBlock):
        return None
    for statement in function.body.body:
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            continue
        assign = statement.body[0]
        if (
            isinstance(assign, cst.Assign)
            and assign.value is call
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
        ):
            return statement
    return None


def _mentioned_outside(function: cst.FunctionDef, body: cst.CSTNode, name: str) -> bool:
    finder = _NamesOutside(body)
    walk(function.body, finder)
    return name in finder.names


class _NamesOutside(NameCollector):
    def __init__(self, skipped: cst.CSTNode) -> None:
        super().__init__()
        self.skipped = skipped

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is not self.skipped


def _statement_holding(module: cst.Module, call: cst.Call) -> tuple[cst.BaseStatement, str] | None:
    """The innermost statement that contains `call`, with the indentation it is written at; None
    when the statement does not always evaluate the call (a branch of `x if c else y`, an operand
    after `and`/`or`, a lambda or comprehension) or is an `elif`, where nothing can go before it."""
    finder = _StatementFinder(call, module.default_indent)
    walk(module, finder)
    return finder.found


# Expressions whose parts may run not at all, or more than once, when their statement runs.
_CONDITIONAL_EXPRESSIONS = (cst.IfExp, cst.BooleanOperation, cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


class _StatementFinder(SemanticVisitor):
    def __init__(self, call: cst.Call, default_indent: str) -> None:
        self.call = call
        self.default_indent = default_indent
        self.statements: list[cst.BaseStatement] = []
        self.indents: list[str] = []
        self.path: list[cst.CSTNode] = []
        self.found: tuple[cst.BaseStatement, str] | None = None
        self.done = False

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self.done:
            return False
        if node is self.call:
            self.done = True
            if self.statements and self._always_evaluated(self.statements[-1]):
                self.found = (self.statements[-1], "".join(self.indents))
            return False
        if isinstance(node, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
            self.statements.append(node)
        if isinstance(node, cst.IndentedBlock):
            self.indents.append(node.indent if node.indent is not None else self.default_indent)
        self.path.append(node)
        return True

    def _always_evaluated(self, statement: cst.BaseStatement) -> bool:
        at = self.path.index(statement)
        if at > 0 and isinstance(statement, cst.If) and isinstance(self.path[at - 1], cst.If):
            return False  # an `elif`
        return not any(isinstance(node, _CONDITIONAL_EXPRESSIONS) for node in self.path[at + 1 :])

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if self.path and self.path[-1] is original_node:
            self.path.pop()
        if self.statements and self.statements[-1] is original_node:
            self.statements.pop()
        if isinstance(original_node, cst.IndentedBlock) and self.indents:
            self.indents.pop()
