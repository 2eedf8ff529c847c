"""Observing every raw `lax.scan`, `lax.fori_loop` and `lax.while_loop` call while user code runs.

`observe_scans()` replaces the three functions (also where user modules imported them by name)
with versions that wrap the body in an observer and then call the real JAX function. The observer
sees the body's input and output while JAX traces it, so inside `jit`, `vmap`, `grad` or a Flax
`apply` alike, and it records:

- the call site and the body's source span (partials, bound methods and decorators unwrapped);
- the carry's input and output types, leaf by leaf, judged as JAX judges them (weak types are
  ignored by `lax.scan`, weakly typed inits are promoted), with each changed leaf named by path;
- whether a scan body returned a `(carry, out)` pair;
- an exception raised by the body or by JAX's own check (it still propagates unchanged);
- Flax parameters created and RNG keys drawn while the body was being traced (a key drawn there
  is drawn once for all steps).

Why not `jax.eval_shape(body, ...)` before the call: that traces the user's body a second time,
and a second trace is not free of effects in Flax (it advances `make_rng` counters and the
auto-naming of submodules), so the program would no longer behave as it does unobserved. Wrapping
the body costs nothing extra: the real scan traces it once, as it always does. For checking a body
on its own, without running the program, use `check_carry_invariant`, which does use `eval_shape`.

The body wrapper is cached per body object, so an eager scan called in a Python loop keeps hitting
JAX's trace and compile caches exactly as it would without observation.
"""

from __future__ import annotations

import functools
import inspect
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import jax

from scanlint.findings import Finding
from scanlint.runtime import flax_hooks
from scanlint.runtime.avals import (
    LeafChange,
    LeafType,
    compare_typed,
    describe_typed,
    leaf_type,
    treedef_is_leaf,
    typed_leaves,
)
from scanlint.runtime.locations import (
    Location,
    caller_frame,
    function_location,
    is_library_file,
)
from scanlint.runtime.patching import Rebinding

_ORIGINALS = {
    "scan": jax.lax.scan,
    "fori_loop": jax.lax.fori_loop,
    "while_loop": jax.lax.while_loop,
}


@dataclass
class LoopRecord:
    """One loop call site with one body and one input type, and what was seen there.

    `ok` is True when JAX accepted the body, False when the body raised, returned no pair, or
    changed its carry's type, and None when the body was not traced while observed (a cache hit).
    `changes` are the carry differences JAX rejects; `promoted` the weakly typed leaves JAX
    silently promoted to the body's dtype; `weak_to_strong` the weakly typed init leaves that come
    back strongly typed (the recompile trap of a caller that loops over its own output).
    """

    primitive: str
    call_site: Location
    body: Location
    library: bool
    carry_in: str
    xs: str | None
    carry_out: str | None = None
    ok: bool | None = None
    error: str | None = None
    error_type: str | None = None
    returns_pair: bool | None = None
    changes: list[LeafChange] = field(default_factory=list)
    promoted: list[LeafChange] = field(default_factory=list)
    weak_to_strong: list[LeafChange] = field(default_factory=list)
    flax_params_created: list[str] = field(default_factory=list)
    flax_rngs_drawn: list[str] = field(default_factory=list)
    flax_rng_draws: list[dict[str, Any]] = field(default_factory=list)  # each draw's name and user site
    calls: int = 0
    traces: int = 0

    @property
    def key(self) -> tuple[Any, ...]:
        site, body = self.call_site, self.body
        return (self.primitive, site.path, site.line, site.column, body.path, body.line, body.name,
                self.carry_in, self.xs)  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {
            "primitive": self.primitive,
            "call_site": self.call_site.to_json(),
            "body": self.body.to_json(),
            "library": self.library,
            "carry_in": self.carry_in,
            "xs": self.xs,
            "carry_out": self.carry_out,
            "ok": self.ok,
            "error": self.error,
            "error_type": self.error_type,
            "returns_pair": self.returns_pair,
            "changes": [_change_json(c) for c in self.changes],
            "promoted": [_change_json(c) for c in self.promoted],
            "weak_to_strong": [_change_json(c) for c in self.weak_to_strong],
            "flax_params_created": list(self.flax_params_created),
            "flax_rngs_drawn": list(self.flax_rngs_drawn),
            "flax_rng_draws": list(self.flax_rng_draws),
            "calls": self.calls,
            "traces": self.traces,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LoopRecord:
        values = dict(data)
        values.setdefault("flax_rng_draws", [])
        values["call_site"] = Location.from_json(data["call_site"])
        values["body"] = Location.from_json(data["body"])
        for name in ("changes", "promoted", "weak_to_strong"):
            values[name] = [LeafChange(**c) for c in data[name]]
        return cls(**values)

    def merge(self, other: LoopRecord) -> None:
        """Fold a later call with the same key into this record: keep what was learnt first
        unless the later call traced the body and this one did not."""
        calls, traces = self.calls + other.calls, self.traces + other.traces
        created = list(dict.fromkeys(self.flax_params_created + other.flax_params_created))
        drawn = list(dict.fromkeys(self.flax_rngs_drawn + other.flax_rngs_drawn))
        draws = _unique(self.flax_rng_draws + other.flax_rng_draws)
        if (self.ok is None and other.ok is not None) or (other.ok is False and self.ok is not False):
            self.__dict__.update(other.__dict__)
        self.calls, self.traces = calls, traces
        self.flax_params_created, self.flax_rngs_drawn, self.flax_rng_draws = created, drawn, draws

    def findings(self) -> list[Finding]:
        """Runtime-only findings for this call site (SCN901-903). Library call sites give none."""
        from scanlint.runtime.join import findings_for_loop

        return findings_for_loop(self.to_json())


def _unique(items: list[Any]) -> list[Any]:
    """The items in order, each once (for unhashable items such as dicts)."""
    kept: list[Any] = []
    for item in items:
        if item not in kept:
            kept.append(item)
    return kept


def _change_json(change: LeafChange) -> dict[str, str]:
    return {"path": change.path, "before": change.before, "after": change.after, "kind": change.kind}


@dataclass
class _Pass:
    """One trace of the body by JAX (scan traces twice when it promotes a weakly typed init)."""

    carry_in: tuple[list[tuple[str, LeafType]], Any]
    output_text: str | None = None  # what the body returned, described, when it was not a pair
    carry_out: tuple[list[tuple[str, LeafType]], Any] | None = None
    returns_pair: bool | None = None
    error: BaseException | None = None


class _LoopCall:
    """Everything learnt during one Python-level call of an observed loop function."""

    def __init__(self, primitive: str, body: Callable[..., Any], init: Any, xs: Any) -> None:
        self.primitive = primitive
        self.body = body
        self.frame = caller_frame(1)
        self.init_value = init
        self.xs_value = xs
        self.passes: list[_Pass] = []
        # Under disable_jit the body runs once per step and JAX checks no carry type.
        self.eager = bool(jax.config.jax_disable_jit)
        self.error: BaseException | None = None
        self.flax_params_created: list[str] = []
        self.flax_rngs_drawn: list[str] = []
        self.flax_rng_draws: list[dict[str, Any]] = []

    def fast_key(self) -> tuple[Any, ...] | None:
        """A cheap identity for "the same call site, body and input types": a later call with the
        same key that did not trace only adds to the earlier record's call count."""
        try:
            init_leaves, init_def = jax.tree_util.tree_flatten(self.init_value)
            xs_leaves, xs_def = jax.tree_util.tree_flatten(self.xs_value)
            key = (
                self.primitive,
                self.frame.key if self.frame else None,
                self.body,
                init_def,
                tuple(map(leaf_type, init_leaves)),
                xs_def,
                tuple(map(leaf_type, xs_leaves)),
            )
            hash(key)
        except Exception:  # unhashable bodies or metadata
            return None
        return key

    def record(self) -> LoopRecord:
        call_site = self.frame.location() if self.frame else Location("<unknown>", 1)
        self.init = typed_leaves(self.init_value)
        self.carry_name = _carry_name(self.body, 1 if self.primitive == "fori_loop" else 0, "carry")
        record = LoopRecord(
            primitive=self.primitive,
            call_site=call_site,
            body=function_location(self.body),
            library=is_library_file(call_site.path),
            carry_in=describe_typed(*self.init),
            xs=describe_typed(*typed_leaves(self.xs_value)) if self.primitive == "scan" else None,
            flax_params_created=list(dict.fromkeys(self.flax_params_created)),
            flax_rngs_drawn=list(dict.fromkeys(self.flax_rngs_drawn)),
            flax_rng_draws=_unique(self.flax_rng_draws),
            calls=1,
            traces=len(self.passes),
        )
        if self.passes:
            self._judge(record)
        if self.error is not None:
            record.ok = False
            record.error_type = type(self.error).__name__
            record.error = _first_lines(self.error)
        return record

    def _judge(self, record: LoopRecord) -> None:
        if self.eager:
            self._judge_every_step(record)
            return
        last = self.passes[-1]
        prefix = self.carry_name
        if self._failed(record, last):
            return
        assert last.carry_out is not None
        record.carry_out = describe_typed(*last.carry_out)
        changes = compare_typed(prefix, *last.carry_in, *last.carry_out)
        record.changes = [c for c in changes if c.kind != "weak-type"]
        record.ok = not record.changes
        first = self.passes[0]
        if len(self.passes) > 1 and first.carry_out is not None:
            in_leaves = dict(first.carry_in[0])
            record.promoted = [
                c for c in compare_typed(prefix, *first.carry_in, *first.carry_out)
                if c.kind == "dtype" and in_leaves.get(c.path[len(prefix):], LeafType((), "")).weak
            ]  # fmt: skip
        init_leaves, init_def = self.init
        final_leaves, final_def = last.carry_out
        if len(init_leaves) == len(final_leaves):
            record.weak_to_strong = [
                c for c in compare_typed(prefix, init_leaves, init_def, final_leaves, final_def)
                if c.kind in ("weak-type", "dtype") and dict(init_leaves)[c.path[len(prefix):]].weak
                and not dict(final_leaves)[c.path[len(prefix):]].weak
            ]  # fmt: skip


    def _failed(self, record: LoopRecord, body_pass: _Pass) -> bool:
        """Record a pass that raised, or a scan body pass that returned no pair; True if so."""
        if body_pass.error is not None:
            record.ok = False
            record.error_type = type(body_pass.error).__name__
            record.error = _first_lines(body_pass.error)
            return True
        if self.primitive == "scan":
            record.returns_pair = body_pass.returns_pair
            if not body_pass.returns_pair:
                record.ok = False
                record.carry_out = body_pass.output_text
                return True
        return False

    def _judge_every_step(self, record: LoopRecord) -> None:
        """Judge eager passes (one per step) as JAX judges a traced loop: each step's carry must
        keep the init's type, except that weakly typed init leaves take the dtype the first step
        gives them (JAX promotes them under jit too)."""
        prefix = self.carry_name
        init_leaves, init_def = self.init
        reference = self.init
        for number, step in enumerate(self.passes):
            if self._failed(record, step):
                return
            assert step.carry_out is not None
            changes = [c for c in compare_typed(prefix, *reference, *step.carry_out) if c.kind != "weak-type"]
            if number == 0:
                weak = {path for path, kind in init_leaves if kind.weak}
                record.promoted = [c for c in changes if c.kind == "dtype" and c.path[len(prefix):] in weak]
                changes = [c for c in changes if c not in record.promoted]
                reference = step.carry_out
            record.carry_out = describe_typed(*step.carry_out)
            if changes:
                record.changes = changes
                record.ok = False
                return
        record.ok = True
        final_leaves, final_def = self.passes[-1].carry_out or self.init
        if len(init_leaves) == len(final_leaves):
            record.weak_to_strong = [
                c for c in compare_typed(prefix, init_leaves, init_def, final_leaves, final_def)
                if c.kind in ("weak-type", "dtype") and dict(init_leaves)[c.path[len(prefix):]].weak
                and not dict(final_leaves)[c.path[len(prefix):]].weak
            ]  # fmt: skip


def _first_lines(error: BaseException, limit: int = 600) -> str:
    text = f"{type(error).__name__}: {error}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- sessions ---------------------------------------------------------------------------------

_sessions: list[ScanObservation] = []
_sessions_lock = threading.RLock()
_local = threading.local()


def _calls() -> list[_LoopCall]:
    stack = getattr(_local, "calls", None)
    if stack is None:
        stack = _local.calls = []
    return stack


def _tracing_bodies() -> list[_LoopCall]:
    stack = getattr(_local, "bodies", None)
    if stack is None:
        stack = _local.bodies = []
    return stack


def current_body_call() -> _LoopCall | None:
    """The loop whose body is being traced on this thread right now, if any."""
    stack = _tracing_bodies()
    return stack[-1] if stack else None


class ScanObservation:
    """What `observe_scans()` yields: the loop calls seen so far, merged by call site, body and
    input type. Read `records` (every loop), `scans` (lax.scan only) or `findings()`."""

    def __init__(self) -> None:
        self._records: dict[tuple[Any, ...], LoopRecord] = {}
        self._by_fast_key: dict[tuple[Any, ...], LoopRecord] = {}
        self._lock = threading.RLock()

    def _add(self, record: LoopRecord, fast_key: tuple[Any, ...] | None) -> None:
        with self._lock:
            existing = self._records.get(record.key)
            if existing is None:
                self._records[record.key] = existing = record
            else:
                existing.merge(record)
            if fast_key is not None and existing.ok is not None:
                self._by_fast_key[fast_key] = existing

    def _count_repeat(self, fast_key: tuple[Any, ...]) -> bool:
        """Count a call that did not trace and matches a known record; False if none matches."""
        with self._lock:
            record = self._by_fast_key.get(fast_key)
            if record is None:
                return False
            record.calls += 1
            return True

    @property
    def records(self) -> list[LoopRecord]:
        with self._lock:
            return list(self._records.values())

    @property
    def scans(self) -> list[LoopRecord]:
        return [r for r in self.records if r.primitive == "scan"]

    def findings(self) -> list[Finding]:
        found: list[Finding] = []
        for record in self.records:
            found.extend(f for f in record.findings() if f not in found)
        return sorted(found)


@contextmanager
def observe_scans() -> Iterator[ScanObservation]:
    """Observe every raw `lax.scan`, `lax.fori_loop` and `lax.while_loop` call in the block.

    Example::

        with observe_scans() as seen:
            model.apply(variables, xs)
        for scan in seen.scans:
            print(scan.call_site, scan.carry_in, "->", scan.carry_out, scan.ok)

    Only calls that trace their body inside the block are seen: a jitted function traced before
    the block reuses its compiled code and does not call `lax.scan` again (call
    `jax.clear_caches()` first to see it). The program's behaviour is unchanged: the real JAX
    function runs and its exceptions propagate after being recorded.
    """
    session = ScanObservation()
    with _sessions_lock:
        _sessions.append(session)
        if len(_sessions) == 1:
            _install()
    try:
        yield session
    finally:
        with _sessions_lock:
            _sessions.remove(session)
            if not _sessions:
                _uninstall()


def _publish(call: _LoopCall) -> None:
    with _sessions_lock:
        sessions = list(_sessions)
    try:
        fast_key = call.fast_key()
        if fast_key is not None and not call.passes and call.error is None:
            sessions = [session for session in sessions if not session._count_repeat(fast_key)]
            if not sessions:
                return
        record = call.record()
    except Exception:  # observation must never break the user's program
        return
    for session in sessions:
        session._add(LoopRecord.from_json(record.to_json()) if len(sessions) > 1 else record, fast_key)


# --- the replacements -------------------------------------------------------------------------

_wrapper_cache: dict[Any, Callable[..., Any]] = {}
_WRAPPER_CACHE_LIMIT = 1024


def _observed_body(primitive: str, body: Callable[..., Any]) -> Callable[..., Any]:
    """A stand-in for `body` that reports each trace to the innermost observed loop call. Cached
    per body so JAX's caches, keyed on the function object, keep hitting."""
    try:
        cached = _wrapper_cache.get((primitive, body))
    except TypeError:  # an unhashable callable: no caching
        cached = None
    if cached is not None:
        return cached

    def observed(*args: Any) -> Any:
        stack = _calls()
        call = stack[-1] if stack else None
        if call is None or call.body is not body:
            return body(*args)
        carry = args[0] if primitive in ("scan", "while_loop") else args[1]
        step = _Pass(typed_leaves(carry))
        call.passes.append(step)
        bodies = _tracing_bodies()
        bodies.append(call)
        try:
            output = body(*args)
        except BaseException as error:
            step.error = error
            raise
        finally:
            bodies.pop()
        try:
            _note_output(primitive, step, output)
        except Exception:
            pass
        return output

    try:
        functools.update_wrapper(observed, body)
    except (AttributeError, TypeError):
        pass
    observed.__wrapped__ = body  # type: ignore[attr-defined]
    try:
        if len(_wrapper_cache) >= _WRAPPER_CACHE_LIMIT:
            _wrapper_cache.clear()
        _wrapper_cache[(primitive, body)] = observed
    except TypeError:
        pass
    return observed


def _note_output(primitive: str, step: _Pass, output: Any) -> None:
    # Only types are kept: under disable_jit there is one pass per step, and keeping each
    # pass's arrays would hold the whole loop's intermediate values alive.
    if primitive != "scan":
        step.carry_out = typed_leaves(output)
        return
    treedef = jax.tree_util.tree_structure(output)
    # JAX unpacks the output's top-level node and requires exactly two children.
    step.returns_pair = not treedef_is_leaf(treedef) and len(treedef.children()) == 2 and _is_sequence(output)
    if step.returns_pair:
        step.carry_out = typed_leaves(output[0])
    else:
        step.output_text = describe_typed(*typed_leaves(output))


def _is_sequence(value: Any) -> bool:
    return isinstance(value, (tuple, list))


def _carry_name(body: Callable[..., Any], position: int, default: str) -> str:
    """The body's name for its carry parameter, as JAX's own error messages use it."""
    try:
        return list(inspect.signature(body).parameters)[position]
    except (TypeError, ValueError, IndexError):
        return default


def _observed_call(primitive: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """Call the real loop function with the body wrapped, recording what happens."""
    original = _ORIGINALS[primitive]
    signature, body_name, init_name, xs_name = _PARAMETERS[primitive]
    body_position = list(signature.parameters).index(body_name)
    if len(args) > body_position + 1 and not kwargs:
        # The common case, all positional: skip the cost of binding the signature.
        body, init = args[body_position], args[body_position + 1]
        xs = args[body_position + 2] if xs_name and len(args) > body_position + 2 else None
        call_args = (*args[:body_position], _observed_body(primitive, body), *args[body_position + 1 :])
        call_kwargs: dict[str, Any] = {}
    else:
        bound = signature.bind(*args, **kwargs)
        body, init = bound.arguments[body_name], bound.arguments.get(init_name)
        xs = bound.arguments.get(xs_name) if xs_name else None
        bound.arguments[body_name] = _observed_body(primitive, body)
        call_args, call_kwargs = bound.args, bound.kwargs
    call = _LoopCall(primitive, body, init, xs)
    flax_hooks.ensure_installed()
    stack = _calls()
    stack.append(call)
    try:
        return original(*call_args, **call_kwargs)
    except BaseException as error:
        if not call.passes or call.passes[-1].error is None:
            call.error = error
        raise
    finally:
        stack.pop()
        _publish(call)


_PARAMETERS = {
    "scan": (inspect.signature(_ORIGINALS["scan"]), "f", "init", "xs"),
    "fori_loop": (inspect.signature(_ORIGINALS["fori_loop"]), "body_fun", "init_val", None),
    "while_loop": (inspect.signature(_ORIGINALS["while_loop"]), "body_fun", "init_val", None),
}


def scan(*args: Any, **kwargs: Any) -> Any:
    """`jax.lax.scan`, observed while an `observe_scans()` block is open."""
    if not _sessions:
        return _ORIGINALS["scan"](*args, **kwargs)
    return _observed_call("scan", args, kwargs)


def fori_loop(*args: Any, **kwargs: Any) -> Any:
    """`jax.lax.fori_loop`, observed while an `observe_scans()` block is open."""
    if not _sessions:
        return _ORIGINALS["fori_loop"](*args, **kwargs)
    return _observed_call("fori_loop", args, kwargs)


def while_loop(*args: Any, **kwargs: Any) -> Any:
    """`jax.lax.while_loop`, observed while an `observe_scans()` block is open."""
    if not _sessions:
        return _ORIGINALS["while_loop"](*args, **kwargs)
    return _observed_call("while_loop", args, kwargs)


_REBINDINGS = [
    Rebinding(jax.lax, "scan", scan),
    Rebinding(jax.lax, "fori_loop", fori_loop),
    Rebinding(jax.lax, "while_loop", while_loop),
]


def _install() -> None:
    for rebinding in _REBINDINGS:
        rebinding.acquire()
    flax_hooks.ensure_installed()


def _uninstall() -> None:
    flax_hooks.uninstall()
    for rebinding in _REBINDINGS:
        rebinding.release()
    _wrapper_cache.clear()
