"""SCN1xx: Flax state created or used inside the body of a raw `jax.lax.scan`.

A raw `lax.scan` traces its body once, at a deeper trace level than the code around it. Flax
state does not survive that:

* Linen creates parameters and variables lazily, the first time a module runs. Created inside the
  body, they are tracers of the scan trace: `init` returns them without error and `apply` raises
  `UnexpectedTracerError`, far from the cause.
* A random key drawn while the body is traced is drawn once: every step gets the same values.
* NNX objects remember the trace level they were created at and refuse to be mutated from the
  body's (`TraceContextError`).

The bodies of a raw `lax.fori_loop` and `lax.while_loop` are traced once too and fail the same
ways: every SCN1xx rule checks them, words its message for that loop (`nn.while_loop`,
`nnx.fori_loop`) and offers no fix there (fixes are proven on scans).

The lifted transforms (`nn.scan`, `nnx.scan`) handle all of this and are never flagged; neither is
state allocated outside the body and closed over as plain arrays.

The facts these rules share live in the shared analyses: which classes are Linen modules and
what a scan body contains in `scanlint.analysis.flax_model`, which outside NNX objects a body
reads and what state they hold in `scanlint.analysis.nnx_state`, and in which mode a module runs
in `scanlint.analysis.run_flags`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import libcst as cst

from scanlint.analysis.flax_model import (
    HOISTABLE_METHODS,
    LIFT_NNX,
    LIFTED_MODULE_TRANSFORMS,
    LINEN_VARIABLE_METHODS,
    KEY_MAKERS,
    KEY_PLUMBING,
    TRACE_CONTEXT_ERROR,
    BodyCode,
    BranchTaken,
    CallFinder,
    FlaxFile,
    LinenRun,
    NameCollector,
    ProjectCall,
    body_loop_over,
    branch_functions,
    branch_operands,
    enclosing_class,
    flax_file,
    is_true,
    linen_runs,
    literal_element,
    method_name,
    parameters_passed,
    project_calls,
    raw_scan_bodies,
    root_name,
)
from scanlint.analysis.nnx_state import (
    DROPOUT,
    MODE_SWITCHES,
    NNX_CLONE,
    NNX_MERGE,
    NNX_STATE_UPDATES,
    PYTHON_CONTAINER,
    STATEFUL_NNX,
    OutsideNnxState,
    mode_given_by_caller,
)
from scanlint.analysis.resolver import (
    ScanIndex,
    Scope,
    argument,
    dotted,
    keyword_argument,
    returns_of,
)
from scanlint.analysis.run_flags import RunFlags, run_flags
from scanlint.analysis.walk import walk
from scanlint.index.names import PARTIAL
from scanlint.rules.base import FileContext, FixProposal, Replacement, Report, Rule
from scanlint.rules.contract import body_used_elsewhere

# jax.random functions that take a key first but draw nothing from it.


# ---------------------------------------------------------------------------------------------
# SCN101


class LinenModuleInScanBody(Rule):
    """A Linen module constructed inside the body of a raw `jax.lax.scan`.

    Flags the construction of any `flax.linen` module class (`nn.Dense(...)`, `nn.LSTMCell(...)`,
    `flax.linen.Conv(...)`) or of a same-file `nn.Module` subclass, also through a lifted transform
    of it (`nn.remat(Block)(...)`), inside a scan body that runs in a Linen module. Linen creates a submodule's parameters the first time it runs, and here that is
    while the scan traces its body: `init` succeeds but returns leaked tracers as the parameters,
    and `apply` raises `UnexpectedTracerError` (`jax.jit(model.init)` raises at once). There is no
    automatic fix: lift the loop with `nn.scan`, or create the parameters outside the body and
    close over the arrays. `nn.Dropout` has no parameters and is SCN103's business.

    Not flagged: a construction in another compact method of the module that `init` runs outside
    every loop, reached from the body of a method only `apply` runs (a `rollout` whose body calls
    `self(obs)`): `init` made that layer, and under `apply` constructing it again binds it.
    """

    CODE = "SCN101"
    BAD = """\
import flax.linen as nn
import jax
import jax.numpy as jnp

class DenseRNN(nn.Module):
    features: int

    @nn.compact
    def __call__(self, xs):
        def step(carry, x):
            h = jnp.tanh(nn.Dense(self.features)(carry) + x)
            return h, h

        return jax.lax.scan(step, jnp.zeros(self.features), xs)
"""
    GOOD = """\
import flax.linen as nn
import jax.numpy as jnp

class DenseRNN(nn.Module):
    features: int

    @nn.compact
    def __call__(self, xs):
        def step(cell, carry, x):
            h = jnp.tanh(cell(carry) + x)
            return h, h

        scan = nn.scan(step, variable_broadcast="params", split_rngs={"params": False})
        return scan(nn.Dense(self.features), jnp.zeros(self.features), xs)
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        for flax, code in raw_scan_bodies(context.index):
            enclosing = enclosing_class(code.loop)
            in_linen_module = flax.is_linen(enclosing)
            if enclosing is not None and in_linen_module and not flax.creates_lazily(enclosing):
                continue
            if _init_skips_loop(flax, code):
                continue
            called_at_once = {
                call.func for call, _ in code.calls if isinstance(call.func, cst.Call)
            }
            for call, scope in code.calls:
                name = flax.linen_module_class(call.func, scope)
                if name is None or flax.is_linen_dropout(call.func) or flax.made_by_init(code, scope):
                    continue
                if not in_linen_module and call not in called_at_once:
                    continue  # an unbound module outside any Linen module, e.g. for `.apply`
                summary = f"Linen module `{name}` constructed inside a raw lax.scan body"
                advice = (
                    "Lift the loop with `nn.scan`, or "
                    "build the module outside the body and call it there once before the loop, "
                    "so its parameters exist when the body runs."
                )
                yield _in_loop(code, Report(
                    call,
                    f"{summary}{_init_path_note(flax, code)}: its parameters "
                    "are created while the scan traces the body, so `init` succeeds but returns "
                    "leaked tracers as parameters and `apply` raises `UnexpectedTracerError` "
                    f"(`jax.jit(model.init)` raises at once). {advice}",
                    summary=summary,
                    help=advice,
                ))


def _init_skips_loop(flax: FlaxFile, code: BodyCode) -> bool:
    """Whether `init` never runs the loop: it follows `if module.is_initializing(): return ...`
    (a helper that runs the step once in Python while the module initializes) or sits in the
    `else` of that test. What the body makes, `init` made outside any trace, or not at all."""
    flags = run_flags(flax)
    calls = [code.loop.call] + ([code.wrapped_call] if code.wrapped_call is not None else [])
    return any(flags.never_while_initializing(call) for call in calls)


def _in_loop(code: BodyCode, report: Report) -> Report:
    """A report worded for the loop the body belongs to. The pitfalls are the same in the body
    of a `fori_loop` or `while_loop` (each traces its body once); the words say which loop it
    is and which lifted loop replaces it, and no fix is offered there (fixes are proven on scans)."""
    kind = code.loop.kind
    if kind == "scan":
        return report
    lifted = {"fori_loop": ("`nn.scan`", "`nnx.fori_loop`"), "while_loop": ("`nn.while_loop`", "`nnx.while_loop`")}[kind]

    def reworded(text: str | None) -> str | None:
        if text is None:
            return None
        for scan_words, loop_words in (
            ("raw lax.scan body", f"raw lax.{kind} body"),
            ("while the scan traces", "while the loop traces"),
            ("as soon as the scan traces", "as soon as the loop traces"),
            ("tracers of the scan", "tracers of the loop"),
            ("tracer of the scan", "tracer of the loop"),
            ("`nn.scan`", lifted[0]),
            ("`nnx.scan`", lifted[1]),
            ("the scan's per-step output and sow the stacked result", "part of the loop value and sow it"),
            ("the scan's outputs (`ys`)", "part of the loop value"),
            ("the scan's output", "part of the loop value"),
            ("after the scan", "after the loop"),
            ("outside the scan before the loop", "before the loop"),
            ("outside the scan", "outside the loop"),
        ):
            text = text.replace(scan_words, loop_words)
        # Per-step keys: `xs` is the scan's; a fori_loop picks them by its index, a while_loop
        # carries a key and splits it.
        per_step = r"pass (the )?per-step keys as `xs` \(`(jax\.random\.split\([^`]*\))`\)"
        if kind == "fori_loop":
            return re.sub(per_step, r"pick per-step keys by the loop index (`\2[i]`)", text)
        text = re.sub(per_step + ", or carry the key and split it each step", "or carry the key in the loop value and split it each step", text)
        return re.sub(r"Split the key (outside the loop )?and " + per_step, "Draw a key before the loop, carry it in the loop value and split it each step", text)

    return Report(report.node, reworded(report.message) or "", None, reworded(report.summary), reworded(report.help))


# ---------------------------------------------------------------------------------------------
# SCN102

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
    name, or looped over, also through `zip(self.layers, hs)`), with the mode flags each call
    passes down (`self.backbone(x, train=True)` reaching a `ResBlock`'s BatchNorm; `decode`
    reaching an attention's cache, written under `if self.has_variable(...)`), and through a
    `norm` field given `functools.partial(nn.BatchNorm, use_running_average=not train)`. The
    runs that set a flag include calls of `functools.partial(model.apply, ...)` and of
    same-file functions the model is handed to. A `model.apply(...)` with nothing mutable in
    the body, on a same-file module whose run updates a variable (a `setup` variable, a
    training BatchNorm, a cache), raises `ModifyScopeVariableError` as the loop traces its
    body, and is flagged too, also when called through `functools.partial(model.apply,
    variables, decode=True)` bound there or returned by a factory. A module bound before the
    loop (`bound = model.bind(variables)`, or a plain object's `self.bound` set in its
    `__init__`) whose method called in the body updates a variable: with nothing mutable Flax
    raises `ModifyScopeVariableError` as the loop traces the body; bound with
    `mutable=[...]`, the bound module keeps a tracer of the scan, and reading its variables after
    the loop raises `UnexpectedTracerError`. A Linen variable a `functools.partial` binds to a helper the body
    calls (`partial(ema_update, self.ema)`) is followed there. A step function of another project
    file handed the module (`functools.partial(step, self)`, whose `step` calls `module.param`)
    is read there, and reported where the module is handed over. The fix: create the parameter before
    the scan and let the body close over the array. When a `name = self.param(...)` (or `self.variable(...)`)
    statement in the body uses nothing the body binds, the body is used by that scan alone and
    the scan call runs whenever its statement does (not in a branch of `x if c else y`, after
    `and`/`or`, in a lambda or comprehension, nor in an `elif` test), a safe fix hoists it to just
    before the scan call's statement.
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
                if method in HOISTABLE_METHODS and (flax.made_by_init(code, scope) or _init_skips_loop(flax, code)):
                    continue
                if method == "sow" and _sown_and_dropped(flax, call):
                    continue
                fix = _hoist_fix(context, code, call) if method in HOISTABLE_METHODS else None
                note = _init_path_note(flax, code)
                text, summary = _VARIABLE_MESSAGES[method], _VARIABLE_SUMMARIES[method]
                receiver = context.module.code_for_node(call.func.value)
                if receiver != "self":  # `module.param(...)` in a helper handed the module
                    text = text.replace(f"`self.{method}`", f"`{receiver}.{method}`", 1)
                    summary = summary.replace(f"`self.{method}`", f"`{receiver}.{method}`", 1)
                if note:
                    text = text.replace(" inside a raw lax.scan body", f" inside a raw lax.scan body{note}", 1)
                yield _in_loop(code, Report(call, text, fix, summary=summary, help=_VARIABLE_ADVICE[method]))
            for call, scope in code.calls:
                report = (
                    _immutable_apply_updates(flax, code, call, scope)
                    or _bound_module_updates(flax, code, call, scope)
                    or _batch_statistics_updated(flax, code, call, scope)
                    or _attention_cache_updated(flax, code, call, scope)
                    or _spectral_statistics_updated(flax, code, call, scope)
                    or _submodule_variable_updated(flax, code, call, scope)
                    or _own_batch_norm_trained(flax, code, call, scope)
                )
                if report is not None:
                    yield _in_loop(code, report)
            for target, scope in code.targets:
                variable = _outside_variable_updated(flax, code, target, scope)
                if variable is not None and not _stores_outside_read(flax, code, target, scope):
                    summary = f"updating `{variable}.value` inside a raw lax.scan body stores a tracer of the scan"
                    advice = "Carry the value through the loop and assign it after the scan, or lift the loop with `nn.scan`."
                    yield _in_loop(code, Report(
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
            for value, parameter, method, class_node in _module_methods_called(flax, project_call, LINEN_VARIABLE_METHODS):
                if method in HOISTABLE_METHODS and not flax.creates_lazily(class_node):
                    continue
                summary = f"{_project_call_summary(project_call, parameter, method)}, inside a raw lax.scan body"
                tail = _VARIABLE_MESSAGES[method][len(_VARIABLE_SUMMARIES[method]) :]
                yield _in_loop(project_call.code, Report(
                    value,
                    f"{summary}{_init_path_note(flax, project_call.code)}{tail}",
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
    submodule = _submodule_called(flax, code, call, scope)
    construction = submodule.construction if submodule is not None else None
    if submodule is None or construction is None or not flax.is_linen_batch_norm(construction.func):
        return None
    flags = run_flags(flax).within(code)
    if flags.never_runs(call) or flags.always_switched_on(construction, call, "use_running_average", 0, 1):
        return None
    if _first_called_in_body(flax, code, submodule):
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


def _own_batch_norm_trained(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """`self(x, train=True)` (or `self.step(x)`) in the body of a loop a Linen module's method
    runs, where the module's own method builds or calls an `nn.BatchNorm` that trains in that
    run (the flags the call passes down): it updates `batch_stats` inside the loop. Submodules
    are judged at their own calls."""
    func = call.func
    receiver = func.value if isinstance(func, cst.Attribute) else func
    if not isinstance(receiver, cst.Name):
        return None
    class_node = flax.linen_self(receiver, scope)
    if class_node is None:
        return None
    method = func.attr.value if isinstance(func, cst.Attribute) else "__call__"
    if flax.index.method_of(class_node, method) is None:
        return None
    flags = run_flags(flax).within(code)
    if flags.never_runs(call):
        return None
    for run in linen_runs(flax, class_node, call, scope, method, taken=_branch_taken(flags)):
        if run.class_node is not class_node:
            continue
        updated = _training_batch_norm_in(flax, run.method, flags, run.given)
        if updated is None:
            continue
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


def _spectral_statistics_updated(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """An outside `nn.SpectralNorm` called in the body with `update_stats` true in every run,
    after its first call (before that, SCN104 reports the call): it stores its power-iteration
    vector and sigma in `batch_stats` there, under `init` as well as `apply`."""
    submodule = _submodule_called(flax, code, call, scope)
    construction = submodule.construction if submodule is not None else None
    if submodule is None or construction is None or not flax.is_linen_spectral_norm(construction.func):
        return None
    flags = run_flags(flax).within(code)
    keyword_only = len(call.args) + len(construction.args) + 1
    if flags.never_runs(call) or not flags.always_switched_on(construction, call, "update_stats", keyword_only, keyword_only):
        return None
    if _first_called_in_body(flax, code, submodule):
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
    submodule = _submodule_called(flax, code, call, scope)
    construction = submodule.construction if submodule is not None else None
    if submodule is None or construction is None or not flax.is_linen_attention(construction.func):
        return None
    flags = run_flags(flax).within(code)
    keyword_only = len(construction.args) + 1  # `decode` is never given by position in practice
    if flags.never_runs(call) or not flags.always_switched_on(construction, None, "decode", keyword_only, 0):
        return None
    if _first_called_in_body(flax, code, submodule):
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
    submodule = _submodule_called(flax, code, call, scope)
    method_name = "__call__"
    if submodule is None:  # `self.predictor.advance(token)`: a method of the submodule
        submodule = _submodule_method_called(flax, code, call, scope)
        method_name = call.func.attr.value if submodule is not None else method_name  # type: ignore[attr-defined]
    construction = submodule.construction if submodule is not None else None
    if submodule is None and isinstance(call.func, cst.Call) and flax.made_by_init(code, scope):
        # `Attention(...)(h, decode)` in a method `init` ran: under `apply` it binds that submodule.
        construction = call.func
        submodule = Submodule(flax.index.module.code_for_node(construction.func), construction)
    elif submodule is None or construction is None or _first_called_in_body(flax, code, submodule):
        return None
    class_node = flax.local_class(construction.func, flax.index.module_scope)
    method = flax.index.method_of(class_node, method_name) if class_node is not None and flax.is_linen(class_node) else None
    flags = run_flags(flax).within(code)
    if method is None or flags.never_runs(call):
        return None
    made_by = (construction, flags.scope_at(construction))
    updated = None
    for run in linen_runs(flax, class_node, call, scope, method_name, taken=_branch_taken(flags)):  # the method, and its submodules'
        updated = _variable_update_in(flax, run.method, flags, run.given, made_by if run.method is method else None)
        if updated is not None:
            break
    if updated is None:
        return None
    summary = f"`{submodule.label}` updates its variables ({updated}) inside a raw lax.scan body"
    advice = "Carry the value through the loop and assign it after the scan, or lift the loop with `nn.scan`."
    return Report(
        _handed_over(code, call, scope),
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
    reported = call
    call, scope = _apply_of_partial(flax, call, scope, code) or (call, scope)
    if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == "apply") or not call.args:
        return None
    mutable = keyword_argument(call, "mutable")
    if mutable is not None and not (isinstance(mutable, cst.Name) and mutable.value == "False"):
        return None
    if any(arg.star for arg in call.args):
        return None
    class_node = flax.linen_instance_class(call.func.value, scope)
    entered = keyword_argument(call, "method")
    method = "__call__" if entered is None else entered.attr.value if isinstance(entered, cst.Attribute) else None
    if class_node is None or method is None:
        return None
    arguments = [a for a in call.args[1:] if a.keyword is None or a.keyword.value not in _APPLY_KEYWORDS]
    flags = run_flags(flax).within(code)
    if flags.never_runs(reported):
        return None
    taken = _branch_taken(flags, immutable=True)
    instance = (call.func.value, scope)  # `decode_model` in `decode_model.apply(...)`
    for run in linen_runs(flax, class_node, call.with_changes(args=arguments), scope, method, taken=taken, instance=instance):
        updated = _variable_update_in(flax, run.method, flags, run.given, immutable=True)
        if updated is not None:
            code_of = flax.index.module.code_for_node
            summary = f"`{_short_code(flax.index.module, reported.func)}(...)` inside a raw lax.scan body updates variables, none mutable"
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


def _bound_module_updates(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """`bound.round(h)` in the body with `bound = model.bind(variables)` (a name, or an
    attribute a plain object's `__init__` sets), on a same-file Linen module whose method, or a
    submodule it runs, updates a variable in that run. With nothing mutable Flax raises
    `ModifyScopeVariableError` as the loop traces its body; with `mutable=[...]` the bound
    module keeps a tracer of the loop, which fails when it is used after the loop."""
    func = call.func
    bound = _bound_module_called(flax, call, scope)
    if bound is None:
        return None
    bind, bind_scope, method = bound
    mutable = keyword_argument(bind, "mutable")
    immutable = mutable is None or (isinstance(mutable, cst.Name) and mutable.value == "False")
    assert isinstance(bind.func, cst.Attribute)
    class_node = flax.linen_instance_class(bind.func.value, bind_scope)
    flags = run_flags(flax).within(code)
    if class_node is None or flax.index.method_of(class_node, method) is None or flags.never_runs(call):
        return None
    for run in linen_runs(flax, class_node, call, scope, method, taken=_branch_taken(flags, immutable=immutable)):
        updated = _variable_update_in(flax, run.method, flags, run.given, immutable=immutable)
        if updated is None:
            continue
        code_of = flax.index.module.code_for_node
        ran = (
            f"`{code_of(func)}(...)` inside a raw lax.scan body runs `{class_node.name.value}.{method}` "
            f"on a module bound by `{code_of(bind.func)}(...)`, which updates {updated} (in "
            f"`{run.class_node.name.value}`)"
        )
        if immutable:
            summary = f"`{_short_code(flax.index.module, func)}(...)` inside a raw lax.scan body updates variables of a bound module, none mutable"
            advice = (
                "Bind with `mutable=[...]` and carry the updated collections through the loop, or "
                "run the module so that it updates nothing (`use_running_average=True`, no cache)."
            )
            text = (
                f"{ran}, but the binding makes no collection mutable: Flax raises "
                f"`ModifyScopeVariableError` as soon as the loop traces its body. {advice}"
            )
        else:
            summary = f"`{_short_code(flax.index.module, func)}(...)` inside a raw lax.scan body stores a tracer of the scan in a bound module's variables"
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


def _bound_module_called(flax: FlaxFile, call: cst.Call, scope: Scope) -> tuple[cst.Call, Scope, str] | None:
    """For `bound.round(h)` or `self.bound(x)`: the `model.bind(...)` call that made the module
    called, its scope, and the method the call runs."""
    func = call.func
    holder, method = (func.value, func.attr.value) if isinstance(func, cst.Attribute) else (func, "__call__")
    bound = _bind_call(flax, holder, scope)
    if bound is None and isinstance(func, cst.Attribute):  # `self.bound(x)`: the bound module called
        holder, method = func, "__call__"
        bound = _bind_call(flax, holder, scope)
    return (*bound, method) if bound is not None else None


def _bind_call(flax: FlaxFile, holder: cst.BaseExpression, scope: Scope, depth: int = 0) -> tuple[cst.Call, Scope] | None:
    """The `model.bind(...)` call a name or a plain object's attribute holds, with its scope;
    also through a parameter of a module-level function (or a plain `__init__`) that the one
    call of it in the file fills with such a name (`rollout(policy, obs0)`)."""
    values: list[tuple[cst.BaseExpression, Scope]] = []
    if isinstance(holder, cst.Name):
        found = scope.only_binding(holder.value)
        if found is not None and isinstance(found[1], cst.Call):
            values = [(found[1], found[0])]
        elif found is not None and isinstance(found[1], cst.Param) and depth < 3:
            passed = flax.parameter_arguments(found[1], found[0]) or []
            return _bind_call(flax, *passed[0], depth + 1) if len(passed) == 1 else None
    elif isinstance(holder, cst.Attribute) and isinstance(holder.value, cst.Name):
        owner = scope.lookup(holder.value.value)  # `self` read in a lambda or nested function
        class_node = flax.self_class(holder.value, owner[0]) if owner is not None else None
        init = flax.index.method_of(class_node, "__init__") if class_node is not None else None
        if class_node is not None and init is not None and not (flax.is_linen(class_node) or flax.is_nnx(class_node)):
            init_scope = flax.index.scope_of[init]
            values = [(v, init_scope) for v in flax.self_attribute_values(class_node, "__init__").get(holder.attr.value, [])]
    if len(values) != 1:
        return None
    value, value_scope = values[0]
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "bind":
        return value, value_scope
    return None


def _apply_of_partial(
    flax: FlaxFile, call: cst.Call, scope: Scope, code: BodyCode | None = None
) -> tuple[cst.Call, Scope] | None:
    """For `logits_fn(tok)` with `logits_fn = functools.partial(model.apply, variables, ...)`, or
    a same-file factory's call that returns one: the `apply` call it makes, written as one call
    (the partial's arguments, then the call's), with the partial's scope. A parameter of a loop
    wrapper (`step_fn(x, t)` in `run_loop(step_fn, ...)`) stands for what the call site passes."""
    name, name_scope = (code.bound_argument(call.func, scope) if code is not None else None) or (call.func, scope)
    if isinstance(name, cst.Call):
        found: tuple[Scope, object] | None = (name_scope, name)
    elif isinstance(name, cst.Name):
        found = name_scope.only_binding(name.value)
    else:
        return None
    if found is None or not isinstance(found[1], cst.Call):
        return None
    partial, partial_scope = found[1], found[0]
    made = flax.index.factory_of(partial, partial_scope)
    if made is not None and flax.index.qualify(partial.func) != PARTIAL:
        returns = [r.value for r in returns_of(made[1])]
        if len(returns) != 1 or not isinstance(returns[0], cst.Call):
            return None
        partial, partial_scope = returns[0], flax.index.scope_of[made[1]]
    if flax.index.qualify(partial.func) != PARTIAL or not partial.args or partial.args[0].keyword is not None:
        return None
    applied = partial.args[0].value
    if not (isinstance(applied, cst.Attribute) and applied.attr.value == "apply"):
        return None
    if any(arg.star for arg in (*partial.args, *call.args)):
        return None
    given = [*partial.args[1:], *call.args]  # `partial(f, a, k=v)(b)` runs `f(a, b, k=v)`
    args = [a for a in given if a.keyword is None] + [a for a in given if a.keyword is not None]
    return cst.Call(func=applied, args=[a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in args]), partial_scope


def _handed_over(code: BodyCode, call: cst.Call, scope: Scope) -> cst.CSTNode:
    """Where a report on a call in the body goes: for a loop a module-level wrapper runs, a
    call of what the wrapper was given is reported at the argument this file hands over
    (`odeint(self.field, ...)`); any other call, at itself."""
    handed = code.bound_argument(call.func, scope) if code.wrapper is not None else None
    return handed[0] if handed is not None else call


def _unpacked_targets(targets: Sequence[cst.BaseExpression]) -> list[cst.BaseExpression]:
    """Assignment targets with tuple and list targets taken apart (`a.value, b = ...`)."""
    found: list[cst.BaseExpression] = []
    for target in targets:
        if isinstance(target, (cst.Tuple, cst.List)):
            found += _unpacked_targets([e.value for e in target.elements])
        elif isinstance(target, cst.StarredElement):
            found += _unpacked_targets([target.value])
        else:
            found.append(target)
    return found


def _taken_under_apply(
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
        return _taken_under_apply(flags, test.left, given, immutable) and _taken_under_apply(flags, test.right, given, immutable)
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


def _branch_taken(flags: RunFlags, immutable: bool = False) -> BranchTaken:
    return lambda test, given: _taken_under_apply(flags, test, given, immutable)


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
    function, except a branch taken under `apply` (`if not self.is_initializing():`, `if
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
        return _taken_under_apply(flags, test, given or {}, immutable)

    def is_variable(holder: cst.BaseExpression) -> bool:
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

    def search(statements: Sequence[cst.BaseStatement]) -> str | None:
        for statement in statements:
            if isinstance(statement, cst.If) and statement.orelse is None and under_apply(statement.test):
                found = search(statement.body.body)  # type: ignore[arg-type]
                if found is not None:
                    return found
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                targets = (
                    [t.target for t in small.targets] if isinstance(small, cst.Assign)
                    else [small.target] if isinstance(small, cst.AugAssign) else []
                )
                for target in _unpacked_targets(targets):  # `self.carry.value, out = ...` too
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
    return search(method.body.body) or _training_batch_norm_in(flax, method, flags, given or {}, made_by)


def _training_batch_norm_in(
    flax: FlaxFile,
    method: cst.FunctionDef,
    flags: RunFlags,
    given: dict[str, tuple[cst.BaseExpression, Scope]],
    made_by: tuple[cst.Call, Scope] | None = None,
) -> str | None:
    """An `nn.BatchNorm` a Linen method runs (built and called there, or a `setup` attribute it
    calls) whose `use_running_average` is not true in every run: it updates `batch_stats`. A
    switch that reads a parameter of the method takes what the call running it passes
    (`given`, see `LinenRun`: `block(z, x, False)` with `not train`)."""
    method_scope = flax.index.scope_of[method]
    class_node = method_scope.enclosing_class()
    setup = flax.self_attribute_values(class_node, "setup") if class_node is not None else {}
    calls = CallFinder()
    walk(method.body, calls)
    for call in calls.calls:
        construction = call.func if isinstance(call.func, cst.Call) else None
        func = call.func
        if construction is None and isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            if flax.linen_self(func.value, method_scope) is not None:
                values = setup.get(func.attr.value, [])
                construction = values[0] if len(values) == 1 and isinstance(values[0], cst.Call) else None
        if construction is None or flags.never_runs(call):
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


def _module_methods_called(
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


def _project_call_summary(project_call: ProjectCall, parameter: str, method: str) -> str:
    function = project_call.function
    return f"`{function.name}` (in `{function.file}`) runs `{parameter}.{method}(...)` on the module passed here"


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
        values = flax.self_attribute_values(class_node, "setup").get(holder.attr.value, [])
        if values and all(isinstance(v, cst.Call) and method_name(v) == "variable" for v in values):
            return f"{holder.value.value}.{holder.attr.value}"
    return None


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


def _submodules_through_self_call(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> list[str]:
    """`self(...)` in the body of a method `init` runs: the setup submodules `__call__` calls
    that the scanning method has not called before the scan."""
    if not isinstance(call.func, cst.Name):
        return []
    class_node = flax.linen_self(call.func, scope)
    holder = code.loop.scope.enclosing_method()
    if class_node is None or holder is None or holder[0].name.value == "__call__":
        return []
    if flax.init_path(class_node, holder[0].name.value) is None:
        return []  # only `apply` runs it: `init` went through `__call__` and built them
    call_method = flax.index.method_of(class_node, "__call__")
    if call_method is None or flax.index.method_of(class_node, "setup") is None:
        return []
    setup_scope = flax.index.scope_of[flax.index.method_of(class_node, "setup")]  # type: ignore[index]
    submodules = {
        attr
        for attr, values in flax.self_attribute_values(class_node, "setup").items()
        if values and all(isinstance(v, cst.Call) and flax.linen_module_class(v.func, setup_scope) for v in values)
    }
    self_name = flax.index.self_name(flax.index.scope_of[call_method])
    if self_name is None:
        return []
    first: list[str] = []
    for attr in sorted(submodules):
        finder = _AttributeCallIn(self_name, attr)
        walk(call_method.body, finder)
        label = f"{flax.index.self_name(code.loop.scope)}.{attr}"
        if finder.found and not _called_before_scan(flax, code, Submodule(label, None)):
            first.append(label)
    return first


class _AttributeCallIn(cst.CSTVisitor):
    def __init__(self, self_name: str, attr: str) -> None:
        self.self_name = self_name
        self.attr = attr
        self.found = False

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func.value if isinstance(node.func, cst.Subscript) else node.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            if func.value.value == self.self_name and func.attr.value == self.attr:
                self.found = True


def _init_path_note(flax: FlaxFile, code: BodyCode, always: bool = False) -> str:
    """` (init runs `__call__` -> `encode` -> this scan)` when `init` reaches the scan through
    more than `__call__` itself (or at all, with `always`); empty otherwise."""
    holder = code.loop.scope.enclosing_method()
    wrapper = f" (the scan in `{code.wrapper}`, which {_caller_name(code.loop.scope)} calls)" if code.wrapper else ""
    if holder is None:
        return wrapper
    path = flax.init_path(holder[1], holder[0].name.value)
    if not path or (path == ["__call__"] and not always):
        return wrapper
    scan = f"`{code.wrapper}` -> its scan" if code.wrapper else "this scan"
    return f" (`init` runs {' -> '.join(f'`{m}`' for m in path)} -> {scan})"


def _caller_name(scope: Scope) -> str:
    """How a message names the function a call sits in: `NeuralODE.__call__`, `train`."""
    method = scope.enclosing_method()
    if method is not None:
        return f"`{method[1].name.value}.{method[0].name.value}`"
    node = scope.node
    return f"`{node.name.value}`" if isinstance(node, cst.FunctionDef) else "the module's top level"


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


class _StatementFinder(cst.CSTVisitor):
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


# ---------------------------------------------------------------------------------------------
# Linen submodules used inside a body (SCN103 and SCN104 share this)


@dataclass(frozen=True)
class Submodule:
    """A Linen submodule built outside the body: `self.<attr>` from setup, or a local name."""

    label: str  # how the code spells it: "self.cell", "cell"
    construction: cst.Call | None  # the constructor call, when a single one is seen


def _submodule_called(
    flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope
) -> Submodule | None:
    """The outside-built Linen submodule a call in the body runs, if any."""
    return _submodule_named(flax, code, call.func, scope)


def _submodule_method_called(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Submodule | None:
    """`self.decoder.refine(z)` in the body: an outside-built submodule of a same-file Linen
    class, run through a method its class defines (which builds its parameters as `__call__`
    would)."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, (cst.Attribute, cst.Name))):
        return None
    submodule = _submodule_named(flax, code, func.value, scope)
    construction = submodule.construction if submodule is not None else None
    if construction is None:
        return None
    class_node = flax.local_class(construction.func, flax.index.module_scope)
    if class_node is None or not flax.is_linen(class_node) or func.attr.value.startswith("__"):
        return None
    return submodule if flax.index.method_of(class_node, func.attr.value) is not None else None


def _submodule_passed(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Submodule | None:
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
                submodule = _submodule_named(flax, code, arg.value, scope)
                if submodule is not None:
                    return submodule
    return None


def _submodule_named(flax: FlaxFile, code: BodyCode, func: cst.BaseExpression, scope: Scope) -> Submodule | None:
    """The outside-built Linen submodule an expression in the body names, if any, also through
    a parameter that a `functools.partial` or a factory fills (`partial(step, cell)`)."""
    bound = code.bound_argument(func, scope)
    if bound is not None and bound[0] is not func:
        return _submodule_named(flax, code, *bound)
    if isinstance(func, cst.Call) and flax.index.qualify(func.func) == PARTIAL and func.args:
        return _submodule_named(flax, code, func.args[0].value, scope)  # `partial(dyn, train=True)`
    if isinstance(func, cst.Name) and not code.binds(func.value, scope):
        value = flax.index.value_of(func.value, scope)
        if isinstance(value, cst.Call) and flax.index.qualify(value.func) == PARTIAL and value.args:
            found = scope.lookup(func.value)
            return _submodule_named(flax, code, value.args[0].value, found[0]) if found is not None else None
    if isinstance(func, cst.Name) and code.binds(func.value, scope):
        iterated = body_loop_over(code, func, scope)  # `for layer in self.layers: h = layer(h)`
        if isinstance(iterated, (cst.Attribute, cst.Subscript)):
            return _submodule_named(flax, code, iterated, scope)
        captured = _captured_loop_element(flax, func, scope)  # `lambda z, l=l: l(z) for l in ...`
        if captured is not None:
            return _submodule_named(flax, code, *captured)
        return None
    if isinstance(func, cst.Subscript):
        element = _container_element(func, scope)
        if element is not None:  # `parts["dec"](z)` with `parts = {"dec": self.decoder, ...}`
            return _submodule_named(flax, code, *element)
        func = func.value  # `self.layers[i](x)`
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        class_node = flax.linen_self(func.value, scope)
        setup = flax.index.method_of(class_node, "setup") if class_node is not None else None
        if class_node is not None and flax.submodule_field(class_node, func.attr.value):
            owner = flax.index.self_name(code.loop.scope) or func.value.value
            return Submodule(f"{owner}.{func.attr.value}", None)
        if class_node is None or setup is None:
            return None
        values = flax.self_attribute_values(class_node, "setup").get(func.attr.value, [])
        constructions = [c for v in values for c in _constructions(v)]
        setup_scope = flax.index.scope_of[setup]
        if not constructions:
            return None
        if not all(flax.linen_module_class(c.func, setup_scope) for c in constructions):
            return None
        only = constructions[0] if len(constructions) == 1 else None
        # Spelled with the scanning method's `self`, also when the body reaches the module through
        # another name (`functools.partial(step, self)`, `nn.cond(..., self, ...)`).
        owner = flax.index.self_name(code.loop.scope) or func.value.value
        return Submodule(f"{owner}.{func.attr.value}", only)
    if isinstance(func, cst.Name) and not code.binds(func.value, scope):
        found = scope.only_binding(func.value)
        if found is not None and isinstance(found[1], (cst.List, cst.ListComp)):
            made = _constructions(found[1])  # `experts = [nn.Dense(8) for _ in range(3)]`
            owner = found[0].enclosing_method()
            if made and owner is not None and flax.is_linen(owner[1]) and all(
                flax.linen_module_class(c.func, found[0]) is not None for c in made
            ):
                return Submodule(func.value, made[0] if len(made) == 1 else None)
            return None
        if found is None or not isinstance(found[1], cst.Call):
            return None
        binding_scope, value = found
        method = binding_scope.enclosing_method()
        if method is None or not flax.is_linen(method[1]):
            return None
        if flax.linen_module_class(value.func, binding_scope) is None:
            return None
        return Submodule(func.value, value)
    return None


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


def _same_submodule(node: cst.BaseExpression, label: str) -> bool:
    if isinstance(node, cst.Subscript):
        node = node.value
    return dotted(node) == label


def _called_before_scan(flax: FlaxFile, code: BodyCode, submodule: Submodule) -> bool:
    """Whether the method holding the scan calls the submodule before the scan call ends,
    outside every raw loop body (also through another name for `self`, as in the branches of
    `nn.cond(..., self, ...)`)."""
    loop = code.loop
    method = loop.scope.enclosing_method()
    root = method[0] if method is not None else loop.scope.node
    bodies = {other.body.node for other in flax.index.loops if other.body is not None} | code.functions
    owner = method[1] if method is not None else None
    finder = _EarlierCall(flax, submodule.label, owner, loop.call, bodies, code.functions)
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


class _EarlierCall(cst.CSTVisitor):
    def __init__(
        self,
        flax: FlaxFile,
        label: str,
        owner: cst.ClassDef | None,
        scan_call: cst.Call,
        bodies: set[cst.CSTNode],
        body_code: set[cst.CSTNode],
    ) -> None:
        self.flax = flax
        self.body_code = body_code  # the functions the loop's body runs: calling one runs the submodule
        self.label = label
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
        if isinstance(call.func, cst.Name):
            scope = flax.index.module_scope
            local = flax.local_class(call.func, scope)
            if (
                local is not None
                and flax.is_linen(local)
                and _linen_class_draws(flax, local, seen)
            ):
                return True
    return False


def _drawn_in_runs(flax: FlaxFile, flags: RunFlags, runs: list[LinenRun], code: BodyCode | None = None) -> str | None:
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
            if flags.never_runs(call) or call in folded:
                continue
            if method_name(call) == "make_rng" and isinstance(call.func, cst.Attribute):
                if isinstance(call.func.value, cst.Name) and call.func.value.value == self_name:
                    return f"`{code_of(call.func)}` in `{run.class_node.name.value}`"
            construction = call.func if isinstance(call.func, cst.Call) else None
            if construction is None and isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name):
                if call.func.value.value == self_name:
                    values = setup.get(call.func.attr.value, [])
                    construction = values[0] if len(values) == 1 and isinstance(values[0], cst.Call) else None
            if construction is None or not flax.is_linen_dropout(construction.func) or _dropout_given_key(call):
                continue
            switch = keyword_argument(call, "deterministic") or keyword_argument(construction, "deterministic")
            values = flags.values_in_run(switch, run.given) if switch is not None else None
            if values is not None and False in values:
                return f"an `nn.Dropout` in `{run.class_node.name.value}`"
    return None


def _folded_with_step(flax: FlaxFile, code: BodyCode, run: LinenRun, calls: list[cst.Call]) -> set[cst.Call]:
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


def _dropout_never_draws(flags: RunFlags, construction: cst.Call) -> bool:
    """A Linen Dropout built in a class's own code that no run lets draw from `make_rng`: every
    call of it is under a branch no run takes, deterministic in every run, or given its key
    (`rng=`)."""
    if is_true(keyword_argument(construction, "deterministic")):
        return True
    uses = flags.instance_calls(construction, flags.scope_at(construction))
    return bool(uses) and all(
        flags.never_runs(call) or flags.dropout_always_deterministic(construction, call) or _dropout_given_key(call)
        for call, _, _, _ in uses
    )


def _dropout_given_key(call: cst.Call) -> bool:
    """`dropout(x, rng=key)` (or the key third, after `deterministic`): a Linen Dropout that
    uses the key it is given, not `make_rng`."""
    return argument(call, 2, "rng") is not None


# ---------------------------------------------------------------------------------------------
# SCN103


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
    body, and an RNG key closed over from outside (or fixed with `functools.partial`) that is
    passed to a `jax.random` function without being folded with the step (`fold_in(key, t)`) or
    split and indexed by the step (`split(key, n)[t]`). A submodule's `make_rng`
    (`diffusion.make_rng(...)` in a factory-made step given `self.diffusion`) draws once too. In
    NNX: a fresh `nnx.Rngs` built in the body (or a helper it calls, or a method of an outside
    module it calls, `emulator.step(u)` running `nnx.Rngs(forcing=self.seed)`) from values no
    step changes (`nnx.Rngs(0)`, a closed-over key, a `seed=0` default) and drawn from, a closed-over key given
    to a layer as `rngs=` (`model(x, rngs=key)`; a same-seeded `nnx.Rngs` handed positionally to
    a call counts too, `rbm.sample_h(v, rngs)`), and `nnx.clone` of an outside module holding
    RNG streams, called in the body (the clone starts from the same counts each step), or
    `nnx.merge(..., copy=True)` of its state split outside and closed over. Also: a key made
    before the loop that the body hands to a helper or a same-file module that samples from it
    unchanged (`self.select(q, key)`, `self.gumbel(logits, key)`), `model.apply(...,
    rngs={"dropout": key})` with keys no step changes on a module that draws (or a module bound
    with such keys, `bound = model.bind(variables, rngs={...})`, whose called method draws),
    NNX randomness from a key a module stores (`self.drop(h, rngs=self.mc_key)`, a key held in
    an `nnx.Variable`, an `nnx.Rngs` stream's `.key.value`) in a method the body runs, and a submodule
    several levels down that draws (`self(x, deterministic=False)`, `self.prior.draw()`), in a
    method only `apply` runs, with the flags each call passes down. Nothing fails: every step
    gets the same noise or the same dropout mask, a silently wrong result. A key carried through
    the loop or given as `xs`, `nnx.Rngs(key)` from such a key, and a `make_rng` key folded with
    a step value (`fold_in(self.make_rng("noise"), t)`, also in a helper given the step) are fine.

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
                )
                if report is not None:
                    yield _in_loop(code, report)
        flax = flax_file(context.index)
        for project_call in project_calls(flax):
            for value, parameter, method, _ in _module_methods_called(flax, project_call, ("make_rng",)):
                summary = f"{_project_call_summary(project_call, parameter, method)}, inside a raw lax.scan body"
                advice = _MAKE_RNG_ADVICE
                yield _in_loop(project_call.code, Report(
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
                _submodule_named(flax, code, receiver, scope) is not None  # `diffusion.make_rng(...)`
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
        submodule = _submodule_called(flax, code, call, scope)
        entered = "__call__"
        if submodule is None:  # `self.prior.draw()`: a method of the submodule's own class
            submodule = _submodule_method_called(flax, code, call, scope)
            entered = call.func.attr.value if isinstance(call.func, cst.Attribute) else entered
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
        local = flax.local_class(construction.func, flax.index.module_scope)
        if local is None or _first_called_in_body(flax, code, submodule):
            return None  # SCN104 says more
        if _called_before_scan(flax, code, submodule):
            drawn = _linen_class_draws(flax, local)
        else:  # run only under `apply`: what this call runs, with the flags it passes down
            drawn = _drawn_in_runs(flax, flags, linen_runs(flax, local, call, scope, entered, taken=_branch_taken(flags)), code) is not None
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
        self, index: ScanIndex, code: BodyCode, call: cst.Call, scope: Scope
    ) -> Report | None:
        qualified = index.qualify(call.func)
        if qualified is None or not qualified.startswith("jax.random."):
            return None
        function = qualified[len("jax.random.") :]
        if function in KEY_PLUMBING and function not in ("split", "fold_in"):
            return None
        key = _key_argument(call)
        if not isinstance(key, cst.Name):
            return None
        key_scope = scope
        if code.binds(key.value, scope):
            # `select(obs, key)` in the body, whose helper draws from its `key` parameter
            handed = code.closed_over_argument(key, scope)
            if handed is None:
                return None
            key, key_scope = handed
        if key_scope.lookup(key.value) is None:
            return None  # not a variable this file shows (a typo or a star import)
        if function == "fold_in":
            data = call.args[1].value if len(call.args) > 1 else keyword_argument(call, "data")
            if data is None or code.mentions_step_value(data, scope):
                return None
        if function == "split" and code.indexed_by_step(call, scope):
            return None
        advice = (
            f"Fold the step in "
            f"(`jax.random.fold_in({key.value}, t)`), pass per-step keys as `xs` "
            f"(`jax.random.split({key.value}, n)`), or carry the key and split it each step."
        )
        return Report(
            key,
            f"RNG key `{key.value}` is closed over by the raw lax.scan body and used without "
            f"being split or folded with the step: {_SAME_VALUES}. {advice}",
            summary=f"RNG key `{key.value}` closed over by the raw lax.scan body is never split or folded with the step",
            help=advice,
        )


def _apply_with_fixed_keys(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> Report | None:
    """`model.apply(variables, x, rngs={"dropout": key})` in the body with keys that are the same
    at every step (closed over, not split or folded with the step), on a same-file Linen module
    that draws randomness: each step draws the same values. Also through a name bound to
    `functools.partial(model.apply, variables, method=...)` (the keys given at the call, or
    fixed by the partial)."""
    reported, module_scope = call, scope
    if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == "apply"):
        made = _apply_of_partial(flax, call, scope, code)
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
    bound = _bound_module_called(flax, call, scope)
    if bound is None:
        return None
    bind, bind_scope, method = bound
    if not _fixed_keys(code, bind, bind_scope):
        return None
    assert isinstance(bind.func, cst.Attribute)
    class_node = flax.linen_instance_class(bind.func.value, bind_scope)
    flags = run_flags(flax).within(code)
    if class_node is None or flax.index.method_of(class_node, method) is None or flags.never_runs(call):
        return None
    runs = linen_runs(flax, class_node, call, scope, method, taken=_branch_taken(flags))
    drawn = _drawn_in_runs(flax, flags, runs, code)
    if drawn is None:
        return None
    code_of = flax.index.module.code_for_node
    summary = f"`{_short_code(flax.index.module, call.func)}(...)` inside a raw lax.scan body draws from the same bound RNG keys at every step"
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
    if function is None or function in code.functions or not isinstance(function, cst.FunctionDef):
        return None
    for param, value in parameters_passed(function, index.scope_of[function], call, scope):
        if not isinstance(value, cst.Name) or code.binds(value.value, scope) or scope.lookup(value.value) is None:
            continue
        draws = CallFinder()
        walk(function.body, draws)
        for draw in draws.calls:
            qualified = index.qualify(draw.func) or ""
            if not qualified.startswith("jax.random.") or qualified[len("jax.random.") :] in KEY_PLUMBING:
                continue
            key = _key_argument(draw)
            if isinstance(key, cst.Name) and key.value == param.name.value:
                found = index.scope_of[function].only_binding(key.value)
                if found is not None and found[1] is param:
                    advice = (
                        f"Fold the step in (`jax.random.fold_in({value.value}, t)`), pass per-step keys "
                        f"as `xs`, or carry the key and split it each step."
                    )
                    summary = f"RNG key `{value.value}` closed over by the raw lax.scan body is drawn from unchanged each step"
                    return Report(
                        value,
                        f"RNG key `{value.value}` is closed over by the raw lax.scan body and handed to "
                        f"`{index.module.code_for_node(call.func)}`, which draws from it without splitting "
                        f"it or folding in the step: {_SAME_VALUES}. {advice}",
                        summary=summary,
                        help=advice,
                    )
    return None


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
        if self.flax.is_nnx_rngs_class(call.func) and self._drawn(call, scope):
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
        if key is not None and self.flax.nnx_module_class(call.func, scope) is None and self._jax_key(*key):
            rngs = key[0]
            summary = f"RNG key `{rngs.value}` closed over by the raw lax.scan body is given as `rngs=` at every step"
            return Report(
                rngs,
                f"{summary}: the layers draw from the same key each step, so {_SAME_VALUES}. {advice}",
                summary=summary,
                help=advice,
            )
        copied = self.index.qualify(call.func) in NNX_CLONE | NNX_MERGE
        if copied and call.args and self._clone_called(call, scope):
            state = OutsideNnxState(self.flax, self.code)
            sources = (
                state.outside_values(call.args[0].value, scope)
                if self.index.qualify(call.func) in NNX_CLONE
                else state.copied_merge_values(call, scope)
            )
            random = [
                h
                for value, value_scope in sources
                for h in state.holdings(value, value_scope, frozenset())
                if h == DROPOUT
            ]
            if random:
                summary = f"`{code_of(call.func)}(...)` inside a raw lax.scan body restarts the same RNG streams every step"
                return Report(
                    call,
                    f"`{code_of(call)}` inside a raw lax.scan body copies the RNG streams of a module made "
                    f"outside it ({random[0]}) at the same counts every step: {_SAME_VALUES}. {advice}",
                    summary=summary,
                    help=advice,
                )
        return None

    def _drawn(self, rngs_call: cst.Call, scope: Scope) -> bool:
        """Whether the body draws from an `nnx.Rngs(...)` it builds: a stream of it called
        (`nnx.Rngs(0).noise()`, `rngs.sample()`, `rngs()`), or it handed to a call that is not a
        layer's construction (`drop(x, rngs=rngs)`, `rbm.sample_h(v, rngs)`)."""
        bound = scope.name_bound_to(rngs_call)
        made = {rngs_call}
        function = scope.node
        if function in self.code.functions and any(r.value is rngs_call for r in returns_of(function)):
            # `make_rngs(cfg)` returning `nnx.Rngs(dropout=cfg.seed)`: its calls stand for it.
            made |= {call for call, _ in self.code.entries.get(function, [])}
        for call, call_scope in self.code.calls:
            func = call.func
            owner = func.value if isinstance(func, (cst.Attribute, cst.Subscript)) else func
            if owner in made or (isinstance(owner, cst.Name) and owner.value == bound and call_scope is scope):
                return True
            for arg in call.args:  # `drop(x, rngs=rngs)`, `rbm.sample_h(v, rngs)`
                given = arg.value
                if (given in made or (isinstance(given, cst.Name) and given.value == bound and call_scope is scope)) and (
                    self.flax.nnx_module_class(call.func, call_scope) is None
                ):
                    return True
        return False

    def _closed_over(self, name: cst.Name, scope: Scope) -> tuple[cst.Name, Scope] | None:
        """A name the body reads from outside, with its scope; for a helper's parameter, the
        closed-over name every call of the helper in the body passes (`noisy_forward(model, x,
        key)`)."""
        if not self.code.binds(name.value, scope):
            return name, scope
        return self.code.closed_over_argument(name, scope)

    def _jax_key(self, name: cst.Name, scope: Scope) -> bool:
        """Whether a name is a JAX key: bound to a `jax.random` key maker (or an element of one),
        or to a draw from an `nnx.Rngs` stream (`key = rngs.dropout()`), or a parameter named or
        annotated as a key."""
        found = scope.only_binding(name.value)
        if found is None:
            return False
        binding = found[1]
        if isinstance(binding, cst.Subscript):
            binding = binding.value
        if isinstance(binding, cst.Call) and not binding.args and isinstance(binding.func, cst.Attribute):
            stream_of = binding.func.value  # `rngs.dropout()`
            if isinstance(stream_of, cst.Name) and self.state.rngs_name(stream_of, found[0]):
                return True
        if isinstance(binding, cst.Call):
            qualified = self.index.qualify(binding.func) or ""
            return qualified.startswith("jax.random.") and qualified.rsplit(".", 1)[1] in KEY_MAKERS
        if isinstance(binding, cst.Param):
            annotation = binding.annotation.annotation if binding.annotation else None
            if annotation is not None:
                return (self.index.qualify(annotation) or "") in ("jax.Array", "jax.random.PRNGKey", "jax.typing.ArrayLike")
            return _KEY_PARAMETER.fullmatch(binding.name.value) is not None
        return False

    def _clone_called(self, clone: cst.Call, scope: Scope) -> bool:
        """Whether the body runs the clone: `nnx.clone(m)(x)`, or `c = nnx.clone(m)` then `c(x)`
        or `c.method(x)`."""
        if clone in self.code.applied:
            return True
        bound = scope.name_bound_to(clone)
        for call, call_scope in self.code.calls:
            func = call.func.value if isinstance(call.func, cst.Attribute) else call.func
            if isinstance(func, cst.Name) and func.value == bound and call_scope is scope:
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
    """`drop(x, rng=key)` with a key made from the step's own values (`xs`, the step index)."""
    rng = keyword_argument(call, "rng") if call is not None else None
    return rng is not None and code.mentions_step_value(rng, scope)


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


# ---------------------------------------------------------------------------------------------
# SCN104


class LinenSubmoduleFirstCalledInScanBody(Rule):
    """A Linen submodule whose first call happens inside the body of a raw `jax.lax.scan`.

    Flags a call in the body of a submodule built outside it (an attribute assigned in `setup`, or
    a module constructed earlier in the same compact method) when the method holding the scan has
    not called it before the scan. Linen creates a submodule's parameters on its first call, here
    while the scan traces the body: `init` succeeds but returns leaked tracers, and `apply` raises
    `UnexpectedTracerError`. Calling it once outside the scan first (for instance on the first
    element, to build the initial carry) creates the parameters outside the trace and makes the
    later calls in the body safe, so that case is not flagged. Neither is a method that `init`
    never runs (not `__call__`, not reached from it through `self.method(...)`, not given to
    `init(..., method=...)` in the file): under `apply` a submodule some method `init` runs
    calls has its parameters already, the sampling and generation idiom, and one no such
    method calls has none to leak. A method of the submodule's own class (`self.decoder.refine(z)`)
    counts as a call of it, in the body and on the way `init` goes. Submodules reach the
    body also through `functools.partial` (`partial(step, cell)`, `partial(step, module=self)`,
    `partial(Class.method, self)`), factories (`make_step(self.cell)`, `self.make_step()`),
    the branch functions `nn.cond`, `lax.cond` or `lax.switch` run in the body (also a branch
    list bound to a name), a `for layer in self.layers`
    loop in the body (a `for` loop over them before the scan is an earlier call), module-level
    loop wrappers that call what they are given in their loop body, or pass it to a helper that
    calls it (`odeint(self.field, y0, ts)`, `integrate = make_euler(n)` for a wrapper a factory
    returns; a call of it in the wrapper outside its loop is an earlier call), and functions of other
    project files that call what they are handed; those are reported where the submodule is
    handed over; so are submodules picked by a literal key from a local dict or list of them
    (`parts["dec"](z)`), and those a branch lambda captures from a comprehension
    (`lax.switch(i, [lambda z, l=l: l(z) for l in self.layers], h)`). A submodule made by
    a lifted transform (`nn.checkpoint(Block)()`, `nn.remat`, `nn.jit`, `nn.vmap`) writes its
    variables back after every call, so calling it in a body that `init` runs leaks them even
    after an earlier call: it is flagged unless the scan runs only under `apply`. A same-file
    submodule that surely creates no variable (only JAX operations, or only an `nn.Dropout`)
    has nothing to leak and is not flagged.
    """

    CODE = "SCN104"
    BAD = """\
import flax.linen as nn
import jax
import jax.numpy as jnp

class CellRNN(nn.Module):
    hidden: int

    def setup(self):
        self.cell = nn.Dense(self.hidden)

    def __call__(self, xs):
        def step(carry, x):
            h = jnp.tanh(self.cell(carry) + x)
            return h, h

        return jax.lax.scan(step, jnp.zeros(self.hidden), xs)
"""
    GOOD = """\
import flax.linen as nn
import jax
import jax.numpy as jnp

class CellRNN(nn.Module):
    hidden: int

    def setup(self):
        self.cell = nn.Dense(self.hidden)

    def __call__(self, xs):
        first = jnp.tanh(self.cell(xs[0]))

        def step(carry, x):
            h = jnp.tanh(self.cell(carry) + x)
            return h, h

        return jax.lax.scan(step, first, xs[1:])
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        for flax, code in raw_scan_bodies(context.index):
            if _init_skips_loop(flax, code):
                continue
            reported: set[str] = set()  # submodules named by a report on `self(...)`
            for call, scope in code.calls:
                through_call = _submodules_through_self_call(flax, code, call, scope)
                reported.update(through_call)
                if through_call:
                    advice = (
                        "Run `init` through `__call__` (the default) so every submodule exists before "
                        "the loop, or lift the loop with `nn.scan`."
                    )
                    yield _in_loop(code, Report(
                        call,
                        f"`{context.module.code_for_node(call.func)}(...)` inside a raw lax.scan body "
                        f"runs `__call__`, which calls {', '.join(f'`{s}`' for s in through_call)} "
                        f"for the first time{_init_path_note(flax, code, always=True)}: their "
                        "parameters are created while the scan traces the body, so `init` succeeds "
                        f"but returns leaked tracers and `apply` raises `UnexpectedTracerError`. {advice}",
                        summary=_first_calls_summary(context.module.code_for_node(call.func), through_call),
                        help=advice,
                    ))
                    continue
                submodule = (
                    _submodule_called(flax, code, call, scope)
                    or _submodule_passed(flax, code, call, scope)
                    or _submodule_method_called(flax, code, call, scope)
                )
                if submodule is not None and submodule.label not in reported and _first_called_in_body(flax, code, submodule):
                    node = _handed_over(code, call, scope)
                    if node is not call:  # called in the wrapper: reported where this file hands it over
                        reported.add(submodule.label)
                        by = f" (by `{code.wrapper}`)"
                        yield _in_loop(code, _first_call_report(flax, code, submodule, node, by))
                        continue
                    yield _in_loop(code, _first_call_report(flax, code, submodule, call))
        flax = flax_file(context.index)
        for project_call in project_calls(flax):
            function = project_call.function
            for parameter, value in project_call.filled:
                handed: list[cst.BaseExpression] = []
                if parameter in function.called:
                    handed.append(value)
                if flax.linen_self(value, project_call.scope) is not None:
                    handed += [cst.Attribute(value, cst.Name(a)) for a in function.attributes_called.get(parameter, [])]
                for node in handed:
                    submodule = _submodule_named(flax, project_call.code, node, project_call.scope)
                    if submodule is not None and _first_called_in_body(flax, project_call.code, submodule):
                        by = f" (by `{function.name}`, in `{function.file}`)"
                        yield _in_loop(project_call.code, _first_call_report(flax, project_call.code, submodule, value, by))
                        break


def _first_called_in_body(flax: FlaxFile, code: BodyCode, submodule: Submodule) -> bool:
    """Whether the body's call of an outside submodule is the first call `init` makes of it."""
    construction = submodule.construction
    if construction is not None and flax.is_linen_dropout(construction.func):
        return False  # no parameters to create; SCN103 covers its mask
    local = flax.local_class(construction.func, flax.index.module_scope) if construction is not None else None
    if local is not None and flax.linen_class_without_variables(local):
        return False  # nothing to create, so nothing leaks
    holder = code.loop.scope.enclosing_method()
    path = flax.init_path(holder[1], holder[0].name.value) if holder is not None else None
    if _lifted(flax, submodule):
        return not (holder is not None and path is None)  # under `apply` only, it works
    if _called_before_scan(flax, code, submodule):
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


def _first_call_report(
    flax: FlaxFile, code: BodyCode, submodule: Submodule, node: cst.CSTNode, by: str = ""
) -> Report:
    where = _init_path_note(flax, code)
    if _lifted(flax, submodule):
        transform = flax.index.module.code_for_node(submodule.construction.func.func)  # type: ignore[union-attr]
        summary = (
            f"Linen submodule `{submodule.label}` (a `{transform}` module) is called inside a raw "
            f"lax.scan body that `init` runs{by}"
        )
        advice = "Lift the loop with `nn.scan`, or call the submodule outside the loop only."
        return Report(
            node,
            f"{summary}{where}: a lifted module writes its variables back after each call, so "
            "even after an earlier call `init` returns its parameters as leaked tracers and "
            f"`apply` raises `UnexpectedTracerError`. {advice}",
            summary=summary,
            help=advice,
        )
    summary = f"Linen submodule `{submodule.label}` is first called inside a raw lax.scan body{by}"
    advice = (
        "Call it once outside the scan before the loop (for "
        "instance to build the initial carry) so its parameters exist, or lift the "
        "loop with `nn.scan`."
    )
    return Report(
        node,
        f"{summary}{where}: its parameters are created while the scan traces the body, so "
        "`init` succeeds but returns leaked tracers and `apply` raises "
        f"`UnexpectedTracerError`. {advice}",
        summary=summary,
        help=advice,
    )


def _lifted(flax: FlaxFile, submodule: Submodule) -> bool:
    """A submodule made by a lifted transform of a class (`nn.checkpoint(Block)(...)`)."""
    construction = submodule.construction
    return (
        construction is not None
        and isinstance(construction.func, cst.Call)
        and flax.index.qualify(construction.func.func) in LIFTED_MODULE_TRANSFORMS
    )


def _first_calls_summary(called: str, submodules: list[str]) -> str:
    more = f" and {len(submodules) - 1} more" if len(submodules) > 1 else ""
    return f"`{called}(...)` inside a raw lax.scan body makes the first call of `{submodules[0]}`{more}"


# ---------------------------------------------------------------------------------------------
# SCN105


class NnxStateMutatedInScanBody(Rule):
    """NNX state that lives outside the body of a raw `jax.lax.scan`, mutated inside it.

    NNX objects remember the trace they were created in and refuse to be changed from another.
    Flags, inside the body: assigning to an attribute of an `nnx.Module`'s `self` or of an outside
    NNX module (`self.count = ...`, `model.calls = ...`), updating an outside `nnx.Variable`, or
    one of a class deriving from it (`self.count[...] = ...`, `var.value = ...`), passing an outside `nnx.Rngs` to a call
    (`nnx.Linear(..., rngs=self.rngs)`) or drawing from it (`self.rngs.noise()`), calling an
    outside module that holds `nnx.Dropout` streams, a training-mode `nnx.BatchNorm` or RNG
    streams, handing an outside NNX object to an NNX transform (`nnx.value_and_grad(loss)(model)`,
    `nnx.grad(loss)(self.inner)`, `grad_fn(model)` with `grad_fn = nnx.grad(loss)`), and updating
    an outside `nnx.Optimizer` (`optimizer.update(...)`, `self.optimizer.update(...)`), writing
    into an outside module with `nnx.update(target, ...)`, switching the mode of an outside module
    that holds a Dropout or BatchNorm (`model.eval()`, `model.train()`, `model.set_attributes(...)`),
    and calling a function decorated with an NNX transform (`@nnx.jit`) with an outside module,
    even one it only reads. A module `nnx.merge`d in the body from state split outside and
    closed over (not carried) holds the outside Variables, and counts as outside. What a
    module holds is found through what it is built from: the layers of an `nnx.Sequential`, an
    `nnx.List`, an `nnx.Dict` or a list, the attributes or variables a same-file NNX class's
    `__call__` assigns on `self` or stores with `self.sow` (`self.calls[...] += 1`; other methods
    too when the body calls them on an outside object: `agent.act(obs)` drawing from the
    `nnx.Rngs` the agent stores), what its
    `__init__` stores on `self`
    (with the layers a construction passes it, `Block(drop=nnx.Dropout(0.1, rngs=rngs))`), and
    the elements a `for` loop in the body calls (`for layer in self.layers: h = layer(h)`,
    `for i, layer in enumerate(layers)`), and what a same-file factory returns (`model =
    make_model()`; a layer it switches by one of its parameters counts only when the call
    visibly leaves it on). The module may reach the body as a parameter: one that
    `functools.partial` fills, one of a helper the body calls, or one of the module-level
    function that runs the scan, followed to what every call of it in the file passes. The
    body may be the module itself (`lax.scan(self.cell, h0, xs)` runs the cell's `__call__`) or
    a method of one (`lax.scan(self.cell.step, ...)`, or `step = decoder.decode_step` taken
    before the loop), and a module-level name a script sets later (`model = None`, then `global
    model; model = MLP(...)`) stands for what it is set to. Outside modules are also found as
    attributes of a plain class's `self` (a `Trainer(model)` or an agent holding a target
    network), as modules other objects hold (`agent.policy.act(obs)`), as elements a literal key
    picks from an outside dict, list or tuple (`models["teacher"]`, or unpacked: `student,
    teacher = models`), as a submodule taken to a local (`field = self.field`), and through
    methods of outside modules that call their own training-mode layers (`model.forward(x)`
    running `self.bn`) or a state-changing method of a module they hold
    (`self.attn.decode_one(h)`), also bound before the loop (`inc = partial(sde.increment)`).
    A module switched to training (`model.train()`, `self.model.train()`) just before the loop
    in the function that runs it holds training-mode layers there, whatever else the file
    switches; methods of an outside model that loop over an `nnx.List` of blocks
    (`for block in self.blocks: x = block.decode(x)`) change what those blocks change; and
    `nnx.clone(model)` is a module of the same kind.
    An outside object that appends loop values to a Python list, dict or set its `__init__`
    made (`self.records.append(h)` in a probe several modules down, or `model.history.append(h)`
    in the body) raises nothing in the loop, but the stored tracers raise
    `UnexpectedTracerError` where they are used after it; the message says so. The same holds
    for a loop value assigned to an attribute of a plain object made outside the body (a
    sampler's helper method run by the body storing `self.last_x0 = x0`).
    An `nnx.MultiHeadAttention` built with `decode=True` writes its KV cache when called, and an
    `nnx.Rngs` a plain class stores on `self` (`self.rngs.action()`) is outside state too. So
    are modules called in a comprehension in the body (`[m(obs) for m in members]`), methods of
    outside objects run as `cond`/`switch` branches (`lax.cond(p, agent.explore, agent.exploit,
    obs)`), and methods of a plain class's object that update the optimizer or hand the model to
    an NNX transform (`self.trainer.train_step(x, y)`).
    The scan raises `TraceContextError: Cannot mutate ... from a different trace level` (a
    transform: `ValueError: Cannot extract graph node from different trace level`) when it
    traces the body. Reading an outside stateless module (an `nnx.Linear` called in the body), a
    fresh `nnx.Param` that never leaves the body, a model built or rebuilt inside the body with
    `nnx.merge`, an `nnx.Dropout` without streams of its own given a fresh `nnx.Rngs` at the
    call (directly or through an `nnx.Sequential`), and layers switched off with a literal
    `deterministic=True` or `use_running_average=True` are fine and not flagged; neither is a
    Dropout or BatchNorm in a file that switches modes with `.eval()` or `set_attributes`, where
    it is not known which mode runs, nor one whose call passes its mode as a flag
    (`self.model(x, deterministic=not train)`) unless some call this file shows turns it on
    (`sim.rollout(x, train=True)`). An `@nnx.jit` function (also one an object stores in
    `__init__`, `self._step = step`) given an outside module raises too.
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
            state = OutsideNnxState(flax, code)
            seen: set[cst.CSTNode] = set()
            for target, scope in code.targets:
                what = _assigned_state(state, target, scope)
                if what is not None and target not in seen:
                    seen.add(target)
                    advice = f"Pass the value through the carry and assign it after the loop, or {LIFT_NNX}."
                    yield _in_loop(code, Report(
                        target,
                        f"assigning to `{context.module.code_for_node(target)}` inside a raw "
                        f"lax.scan body mutates {what} that lives outside the body: "
                        f"{TRACE_CONTEXT_ERROR}. {advice}",
                        summary=f"assigning to `{context.module.code_for_node(target)}` inside a raw lax.scan body mutates NNX state made outside the body",
                        help=advice,
                    ))
                elif what is None and target not in seen and _loop_value_stored_on_outside_object(flax, code, target, scope):
                    seen.add(target)
                    written = context.module.code_for_node(target)
                    advice = "Return the value as the scan's output (or in the carry) and store it after the loop."
                    yield _in_loop(code, Report(
                        target,
                        f"assigning to `{written}` inside a raw lax.scan body stores a value of the loop on "
                        f"an object made outside the body: {_OBJECT_LEAK} {advice}",
                        summary=f"assigning to `{written}` inside a raw lax.scan body leaks a loop value onto an object made outside it",
                        help=advice,
                    ))
            for call, scope in code.calls:
                mutation = _mutating_call(state, call, scope)
                if mutation is None:
                    transformed = _transform_or_update_message(state, call, scope)
                    mutation = _Mutation(transformed) if transformed is not None else None
                if mutation is not None and call not in seen:
                    seen.add(call)
                    called = _short_code(context.module, call.func)
                    what = (
                        "leaks loop values into a Python container"
                        if mutation.leaks
                        else "mutates NNX state made outside the body"
                    )
                    summary = f"`{called}(...)` inside a raw lax.scan body {what}"
                    yield _in_loop(code, Report(call, mutation.message, summary=summary))


def _short_code(module: cst.Module, node: cst.CSTNode, limit: int = 32) -> str:
    """A callee's code for a one-line summary: `nnx.vmap(...)` for a long or multi-line call."""
    text = module.code_for_node(node)
    if len(text) <= limit and "\n" not in text:
        return text
    if isinstance(node, cst.Call):
        return f"{_short_code(module, node.func, limit)}(...)"
    return text.splitlines()[0][:limit] + "..."


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
        if state.outside_nnx_object(func.value, scope) == "an `nnx.Optimizer`":
            return (
                f"`{code_of(func)}(...)` inside a raw lax.scan body updates an "
                f"`nnx.Optimizer` made outside the body: {TRACE_CONTEXT_ERROR}. "
                f"{LIFT_NNX.capitalize()}, passing the model and optimizer through the loop."
            )
    return None


def _partial_called(index: ScanIndex, func: cst.BaseExpression, scope: Scope) -> tuple[cst.Call, Scope] | None:
    """The `functools.partial(f, ...)` a call runs: written at the call, or bound once to the
    name called, with the scope it is written in."""
    if isinstance(func, cst.Name):
        found = scope.only_binding(func.value)
        if found is None or not isinstance(found[1], cst.Call):
            return None
        func, scope = found[1], found[0]
    if isinstance(func, cst.Call) and index.qualify(func.func) == PARTIAL and func.args and not func.args[0].keyword:
        return func, scope
    return None


def _assigned_state(state: OutsideNnxState, target: cst.BaseExpression, scope: Scope) -> str | None:
    if not isinstance(target, (cst.Attribute, cst.Subscript)):
        return None
    root = root_name(target)
    if root is None:
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
    # `rngs.noise()`, `rngs["noise"]()`: a stream of the `nnx.Rngs`.
    stream_owner = call.func.value if isinstance(call.func, (cst.Attribute, cst.Subscript)) else None
    for candidate in (call.func, stream_owner):
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
    held = state.stateful_module(call.func, scope, rngs_passed=rngs is not None) or state.method_changing_state(
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
    method the loop runs in, or of a method the body calls on that object."""
    if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)):
        return False
    class_node = flax.self_class(target.value, scope)
    if class_node is None or flax.is_linen(class_node) or flax.is_nnx(class_node):
        return False
    if not code.object_outside(target.value, scope):
        return False
    assign = run_flags(flax).parents.get(run_flags(flax).parents.get(target))
    return isinstance(assign, cst.Assign) and code.mentions_step_value(assign.value, scope)


_CONTAINER_LEAK = (
    "NNX does not track a plain Python container, so no error is raised in the loop, but the "
    "stored tracers escape the trace and raise `UnexpectedTracerError` where they are used "
    "after it. Return the values as the scan's outputs (`ys`) and collect them after the loop."
)
