"""Counting traces and XLA compilations per jitted function, with the reason for each recompile.

Counting comes from `jax.monitoring` duration events, registered while at least one
`count_compiles()` window is open and unregistered when the last one closes:

- `/jax/core/compile/jaxpr_trace_duration`: one top-level trace (`fun_name` is the bare name);
- `/jax/core/compile/backend_compile_duration`: one compile-cache miss (`fun_name="jit(f)"`). It
  also fires on a persistent-cache hit, so `/jax/compilation_cache/cache_hits` is subtracted.

Their durations are summed per function as its compile time. JAX reports a persistent-cache hit
just before the compile event it belongs to.

In-memory cache hits fire nothing, so calls are counted by the functions themselves: while a
window is open, `jax.jit` (and user-module aliases of it) returns a `CountedFunction`, a thin
proxy around the real jitted function. A call that caused no event costs a counter increment;
after a call that traced, compiled or raised, the proxy reads its events from the hub's log and
describes the cache key JAX used: each argument's pytree structure and containers, leaf shape,
dtype, weak type and committed sharding, pytree metadata, static argument values, whether it was
passed by position or keyword, the transformation it was called under, and the JAX settings in
the jit key (x64, matmul precision, mesh, ...). The reason for a compile is the difference from
the earlier compile it is closest to, for example `params (Params aux_data['a']): 2 -> 3`. JAX's
own `explain_cache_misses` log is not used: it can blame the wrong cause (a shape change reported
as a metadata change).

Wrappers `jax.jit` makes of the same function at the same place are one function in a window: a
new wrapper's first compile is compared with the compiles of the earlier ones, and is SCN904 when
it compiled again for an equal function (equal code and closed-over values) and equal arguments.
Compiles of a counted function outside its calls (an eager `jax.grad`'s backward pass, an
ahead-of-time `.lower().compile()`) are found by name.

Functions jitted before the window opened are still counted by name (`counter.by_name`), without
calls or reasons.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import inspect
import os
import sys
import threading
import types
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import jax
import jax.monitoring
import numpy as np

from scanlint.findings import Finding
from scanlint.runtime.avals import LeafType, is_array, leaf_type, short_repr
from scanlint.runtime.locations import (
    CallerFrame,
    Location,
    caller_location,
    class_location,
    function_location,
    is_internal_file,
    is_library_file,
)
from scanlint.runtime.patching import Rebinding

TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"
LOWER_EVENT = "/jax/core/compile/jaxpr_to_mlir_module_duration"
COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"
CACHE_HIT_EVENT = "/jax/compilation_cache/cache_hits"
_KINDS = {TRACE_EVENT: "traces", LOWER_EVENT: "lowerings", COMPILE_EVENT: "compiles"}

FIRST_CALL = "first call"
OUTSIDE_THE_CALL = "compiled outside a call of it"


def bare_name(fun_name: str) -> str:
    """`jit(f)` -> `f`: trace events use the bare name, lowering and compile events the other."""
    if fun_name.startswith("jit(") and fun_name.endswith(")"):
        return fun_name[4:-1]
    return fun_name


@dataclass
class NameCounts:
    traces: int = 0
    lowerings: int = 0
    compiles: int = 0  # real XLA compiles: compile events minus persistent-cache hits
    cache_hits: int = 0
    seconds: float = 0.0  # tracing, lowering and compiling, as JAX timed them


@dataclass
class MetadataArray:
    """An array found in a pytree node's static metadata (aux_data) of a jitted call's argument."""

    type_name: str
    field: str
    value: str
    argument: str
    type_location: Location | None
    flatten_location: Location | None

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type_name,
            "field": self.field,
            "value": self.value,
            "argument": self.argument,
            "type_location": self.type_location.to_json() if self.type_location else None,
            "flatten_location": self.flatten_location.to_json() if self.flatten_location else None,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MetadataArray:
        return cls(
            data["type"],
            data["field"],
            data["value"],
            data["argument"],
            Location.from_json(data["type_location"]) if data["type_location"] else None,
            Location.from_json(data["flatten_location"]) if data["flatten_location"] else None,
        )


@dataclass
class FunctionCompiles:
    """Per jitted function (every wrapper `jax.jit` made of it at one place): calls, traces,
    compiles, compile time, and one reason per call that traced or compiled. `unexpected` holds the reasons that count as SCN904 (a recompile for arguments of
    the same structure, shapes and dtypes); `errors` the exceptions its calls raised."""

    function: str
    path: str
    line: int
    calls: int = 0
    traces: int = 0
    compiles: int = 0
    reasons: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    metadata_arrays: list[MetadataArray] = field(default_factory=list)
    static_arrays: list[dict[str, Any]] = field(default_factory=list)
    pytree_types: list[dict[str, Any]] = field(default_factory=list)
    call_sites: list[dict[str, Any]] = field(default_factory=list)
    end_line: int | None = None  # the last line of the function's definition
    jit_path: str = ""  # where jax.jit was applied, in the user's code
    jit_line: int = 0
    wrappers: int = 0  # how many wrappers jax.jit made of this function there
    compile_seconds: float = 0.0  # tracing, lowering and compiling, as JAX timed them
    user_code: bool = True  # defined in the user's code, or jitted there

    def to_json(self) -> dict[str, Any]:
        return {
            "function": self.function,
            "path": self.path,
            "line": self.line,
            "end_line": self.end_line,
            "jit_path": self.jit_path,
            "jit_line": self.jit_line,
            "wrappers": self.wrappers,
            "user_code": self.user_code,
            "calls": self.calls,
            "traces": self.traces,
            "compiles": self.compiles,
            "compile_seconds": round(self.compile_seconds, 6),
            "reasons": list(self.reasons),
            "unexpected": list(self.unexpected),
            "errors": list(self.errors),
            "metadata_arrays": [m.to_json() for m in self.metadata_arrays],
            "static_arrays": list(self.static_arrays),
            "pytree_types": list(self.pytree_types),
            "call_sites": list(self.call_sites),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FunctionCompiles:
        values = dict(data)
        values["metadata_arrays"] = [MetadataArray.from_json(m) for m in data["metadata_arrays"]]
        return cls(**values)

    def findings(self) -> list[Finding]:
        """SCN904 when a recompile happened for inputs of the same structure, shapes and dtypes."""
        from scanlint.runtime.join import findings_for_function

        return findings_for_function(self.to_json())


# --- argument signatures and the reasons they differ ------------------------------------------


@dataclass(frozen=True)
class _Entry:
    """One line of an argument signature: a leaf's type (and, for an array committed to a device
    or a sharding, its placement), a node's class, a metadata value or a static argument.
    `is_array` marks metadata or static values that are arrays."""

    kind: str  # "leaf", "node", "meta", "static"
    text: str
    leaf: LeafType | None = None
    is_array: bool = False
    value: Any = None  # a hashable metadata or static value, compared as JAX compares it
    placement: Any = None  # the sharding of a committed array; None for uncommitted data
    placement_text: str = ""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Entry):
            return NotImplemented
        if (self.kind, self.text, self.leaf, self.is_array) != (other.kind, other.text, other.leaf, other.is_array):
            return False
        try:
            return (
                bool(self.value == other.value)
                and type(self.value) is type(other.value)
                and bool(self.placement == other.placement)
            )
        except Exception:
            return False

    __hash__ = None  # type: ignore[assignment]


def _static_entry(kind: str, value: Any) -> _Entry:
    holds = _holds_array(value)
    try:
        hash(value)
        token = value
    except Exception:
        token = None
    return _Entry(kind, short_repr(value), is_array=holds, value=None if holds else token)


def _leaf_entry(value: Any) -> _Entry:
    kind = leaf_type(value)
    placement = _committed_sharding(value)
    if placement is None:
        return _Entry("leaf", str(kind), kind)
    return _Entry("leaf", str(kind), kind, placement=placement, placement_text=_sharding_text(placement))


def _committed_sharding(value: Any) -> Any:
    """The sharding of a jax array committed to devices (JAX keys its cache on it); None for
    uncommitted arrays, host data and tracers, which all go to the default placement."""
    if not isinstance(value, jax.Array):
        return None
    try:
        return value.sharding if value.committed else None
    except Exception:  # a tracer has neither
        return None


def _sharding_text(sharding: Any) -> str:
    devices = getattr(sharding, "_device_assignment", None) or ()
    if isinstance(sharding, jax.sharding.SingleDeviceSharding) and len(devices) == 1:
        return f"{devices[0].platform}:{devices[0].id}"
    if isinstance(sharding, jax.sharding.NamedSharding):
        return f"NamedSharding({_mesh_text(sharding.mesh)}, {sharding.spec!r})"
    return short_repr(sharding, 120)


def _mesh_text(mesh: Any) -> str:
    if isinstance(mesh, tuple):  # the mesh context manager keeps a stack
        mesh = mesh[-1] if mesh else None
    names, sizes = getattr(mesh, "axis_names", None), getattr(mesh, "axis_sizes", None)
    if not names or sizes is None:
        return "none"
    return "mesh " + " ".join(f"{name}={size}" for name, size in zip(names, sizes))


class _ArgumentScan(NamedTuple):
    entries: dict[str, _Entry]  # the signature, path by path
    passing: dict[str, str]  # each top-level argument: passed by "position" or by "keyword"
    metadata_arrays: list[tuple[str, Any, str, Any]]  # (path, node, aux field, value) holding arrays
    node_types: list[type]  # custom pytree node classes met
    tracers: set[str]  # the kinds of tracer among the leaves: the call runs inside a transformation


class _CacheKey(NamedTuple):
    """What JAX keys one compile on, as far as scanlint sees it: the arguments' signature, how each
    was passed, and the JAX settings that are part of the jit cache key."""

    entries: dict[str, _Entry]
    passing: dict[str, str]
    settings: dict[str, Any]
    transformation: str = ""  # "vmap", "jvp", ... when called on tracers of a transformation


def _signature(
    names: list[str], args: tuple[Any, ...], kwargs: dict[str, Any], static: set[int], static_names: set[str]
) -> _ArgumentScan:
    """Describe the arguments the way the jit cache keys them, path by path."""
    scan = _ArgumentScan({}, {}, [], [], set())
    named = [(names[i] if i < len(names) else f"args[{i}]", value, i in static) for i, value in enumerate(args)]
    named += [(name, value, False) for name, value in kwargs.items()]
    for position, (name, value, static_position) in enumerate(named):
        scan.passing[name] = "position" if position < len(args) else "keyword"
        _walk(value, name, scan, "static" if static_position or name in static_names else "traced")
    return scan


def _equinox_signature(args: tuple[Any, ...], kwargs: dict[str, Any], names: list[str]) -> _ArgumentScan:
    """The arguments of the user's function behind `eqx.filter_jit`, rebuilt from the dynamic and
    static parts equinox passes its own jitted wrapper. Equinox treats array leaves as traced and
    every other leaf as static, so they are compared the same way."""
    bound = dict(zip(("dynamic_donate", "dynamic_nodonate", "static"), args)) | kwargs
    dynamic = {**bound["dynamic_donate"], **bound["dynamic_nodonate"]}
    static_fun, static_first, static_rest = bound["static"]

    def combine(leaves: Any, static_part: Any) -> Any:
        static_leaves, treedef = static_part
        return treedef.unflatten([d if s is None else s for d, s in zip(leaves, static_leaves)])

    first = combine(dynamic["first"], static_first)
    rest, keywords = combine(dynamic["rest"], static_rest)
    values = [first, *rest[:-1]]  # equinox appends a None to the positional arguments
    scan = _ArgumentScan({}, {}, [], [], set())
    _walk(combine(dynamic["fun"], static_fun), "function", scan, "filtered")
    for index, value in enumerate(values):
        _walk(value, names[index] if index < len(names) else f"args[{index}]", scan, "filtered")
    for name, value in keywords.items():
        _walk(value, name, scan, "filtered")
    return scan


_CONTAINERS = (tuple, list, dict)
_TRACER_KINDS = {
    "BatchTracer": "vmap",
    "JVPTracer": "jvp (grad)",
    "LinearizeTracer": "linearize (grad)",
    "DynamicJaxprTracer": "an enclosing trace",
}


def transformation_of(scan: _ArgumentScan) -> str:
    return ", ".join(sorted(scan.tracers))


def _walk(value: Any, path: str, scan: _ArgumentScan, mode: str = "traced") -> None:
    """Add `value`'s entries under `path`. Leaves are compared by type ("traced"), by value
    ("static"; a `(leaves, treedef)` pair, how libraries pack static parts, is rebuilt), or by type
    when they are arrays and by value otherwise ("filtered", as equinox splits them)."""
    if mode == "static" and _is_leaves_and_treedef(value):
        try:
            value = value[1].unflatten(value[0])
        except Exception:
            pass
    try:
        children, aux = jax.tree_util.flatten_one_level_with_keys(value)
    except ValueError:
        if mode == "static" or (mode == "filtered" and not isinstance(value, (jax.Array, np.ndarray))):
            scan.entries[path] = _static_entry("static", value)
            return
        scan.entries[path] = _leaf_entry(value)
        if isinstance(value, jax.core.Tracer):
            scan.tracers.add(_TRACER_KINDS.get(type(value).__name__, type(value).__name__))
        return
    node_type = type(value)
    if value is None:
        scan.entries[path] = _Entry("node", "None")
    elif _is_namedtuple(value) or node_type in _CONTAINERS:
        # A tuple and a list of the same leaves are different pytrees to JAX.
        scan.entries[path] = _Entry("node", node_type.__qualname__)
    else:
        scan.entries[path] = _Entry("node", node_type.__qualname__)
        if node_type not in scan.node_types:
            scan.node_types.append(node_type)
        for field_name, field_value in _aux_fields(value, children, aux):
            separator = "" if field_name.startswith(".") else " "
            meta_path = f"{path} ({node_type.__qualname__}{separator}{field_name})"
            scan.entries[meta_path] = entry = _static_entry("meta", field_value)
            if entry.is_array:
                scan.metadata_arrays.append((path, value, field_name, field_value))
    for key, child in children:
        _walk(child, path + _key_text(value, key, child), scan, mode)


def _is_leaves_and_treedef(value: Any) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[1], jax.tree_util.PyTreeDef)
        and isinstance(value[0], (tuple, list))
        and len(value[0]) == value[1].num_leaves
    )


def _key_text(node: Any, key: Any, child: Any) -> str:
    """`.w` rather than `[<flat index 0>]` for nodes registered without keys: find the attribute
    that holds the child."""
    if isinstance(key, jax.tree_util.FlattenedIndexKey):
        for name, attribute in getattr(node, "__dict__", {}).items():
            if attribute is child:
                return f".{name}"
    return jax.tree_util.keystr((key,))


def _is_namedtuple(value: Any) -> bool:
    return isinstance(value, tuple) and hasattr(value, "_fields")


def _aux_fields(node: Any, children: Any, aux: Any) -> list[tuple[str, Any]]:
    """Name the parts of a node's aux_data: dict keys, or the non-child fields of a dataclass."""
    if aux is None or (isinstance(aux, tuple) and len(aux) == 0):
        return []
    if isinstance(aux, dict):
        return [(f"aux_data[{key!r}]", value) for key, value in aux.items()]
    if dataclasses.is_dataclass(node) and isinstance(aux, tuple):
        child_names = {getattr(key, "name", None) for key, _ in children}
        every_field = [f.name for f in dataclasses.fields(node)]
        static_fields = [name for name in every_field if name not in child_names]
        if len(static_fields) == len(aux):
            return [(f".{name}", value) for name, value in zip(static_fields, aux)]
        if len(every_field) == len(aux):  # one slot per field, as equinox keeps them
            return [(f".{name}", value) for name, value in zip(every_field, aux) if name not in child_names]
        present = [value for value in aux if not _is_placeholder(value)]
        if len(static_fields) == len(present):  # equinox marks the slots of child fields
            return [(f".{name}", value) for name, value in zip(static_fields, present)]
    return [("aux_data", aux)]


def _is_placeholder(value: Any) -> bool:
    """Equinox's `Missing`, which stands in aux_data for a field held among the children."""
    return type(value).__name__ in ("_Missing", "Missing") and "equinox" in type(value).__module__


def _holds_array(value: Any, depth: int = 0) -> bool:
    if is_array(value) and not isinstance(value, np.generic):
        return True
    if depth < 2 and isinstance(value, (tuple, list)):
        return any(_holds_array(v, depth + 1) for v in value)
    if depth < 2 and isinstance(value, dict):
        return any(_holds_array(v, depth + 1) for v in value.values())
    return False


# JAX settings in the jit cache key, by the name users know them by.
_SETTING_LABELS = {
    "jax_enable_x64": "x64 (jax_enable_x64)",
    "jax_default_matmul_precision": "matmul precision (jax_default_matmul_precision)",
    "jax_default_device": "default device (jax_default_device)",
    "jax_numpy_rank_promotion": "rank promotion (jax_numpy_rank_promotion)",
    "jax_numpy_dtype_promotion": "dtype promotion (jax_numpy_dtype_promotion)",
    "jax_disable_jit": "disable_jit (jax_disable_jit)",
}
_MESH_SETTINGS = ("mesh_context_manager", "abstract_mesh_context_manager")
_PUBLIC_SETTINGS = tuple(_SETTING_LABELS)


def jit_settings() -> dict[str, Any]:
    """The JAX settings that are part of the jit cache key, by name, as they are now."""
    try:
        from jax._src import config as jax_config  # names and values of the settings in the jit key

        return dict(zip(jax_config.trace_context_names(), jax_config.trace_context()))
    except Exception:
        return {name: getattr(jax.config, name, None) for name in _PUBLIC_SETTINGS}


def _same(a: Any, b: Any) -> bool:
    if a is b:
        return True
    try:
        return bool(a == b) and type(a) is type(b)
    except Exception:
        return False


def _setting_changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    changes = []
    meshes_named = False
    for name in dict.fromkeys([*before, *after]):
        old, new = before.get(name), after.get(name)
        if _same(old, new):
            continue
        if name in _MESH_SETTINGS:
            if not meshes_named and _mesh_text(old) != _mesh_text(new):
                changes.append(f"mesh: {_mesh_text(old)} -> {_mesh_text(new)}")
                meshes_named = True
            continue
        label = _SETTING_LABELS.get(name, name)
        changes.append(f"{label}: {_setting_text(old)} -> {_setting_text(new)}")
    return changes


def _setting_text(value: Any) -> str:
    if isinstance(value, jax.Device):
        return f"{value.platform}:{value.id}"
    if isinstance(value, str):
        return value
    return short_repr(getattr(value, "value", value) if isinstance(value, enum.Enum) else value)


def _differences(before: _CacheKey, after: _CacheKey) -> tuple[list[str], bool]:
    """The changes from one cache key to the next, and whether every change keeps the same
    structure, shapes and dtypes (only weak types or array-valued metadata/static values moved):
    the recompiles a user does not expect."""
    changes: list[str] = []
    surprising = True
    if before.transformation != after.transformation:
        # A transformation compiles its own version of the function: the argument types inside
        # it are the per-example ones, so they explain nothing on their own.
        old, new = before.transformation or "no transformation", after.transformation or "no transformation"
        changes.append(f"called under {new}, before under {old}")
        surprising = False
    for name in dict.fromkeys([*before.passing, *after.passing]):
        old_way, new_way = before.passing.get(name), after.passing.get(name)
        if old_way and new_way and old_way != new_way:
            changes.append(f"{name}: passed by {old_way} -> by {new_way}")
            surprising = False
    for path in list(dict.fromkeys([*before.entries, *after.entries])):
        old, new = before.entries.get(path), after.entries.get(path)
        if old == new:
            continue
        if old is None or new is None:
            present = new if old is None else old
            assert present is not None
            label = "static argument " if present.kind == "static" else ""
            value = f" ({present.text})" if present.kind in ("static", "meta") else ""
            changes.append(f"{label}{path}: {'added' if old is None else 'removed'}{value}")
            surprising = False
            continue
        if old.kind == "leaf" and new.kind == "leaf" and old.leaf and new.leaf:
            if old.leaf != new.leaf:
                changes.append(f"{path}: {old.text} -> {new.text}")
                if (old.leaf.shape, old.leaf.dtype) != (new.leaf.shape, new.leaf.dtype):
                    surprising = False
            if not _same(old.placement, new.placement):
                changes.append(f"{path}: placement {_placement_words(old)} -> {_placement_words(new)}")
                surprising = False
        elif old.kind in ("meta", "static") and old.kind == new.kind:
            label = "static argument " if old.kind == "static" else ""
            inner = []
            if (old.text == new.text or old.text.endswith("...")) and not (old.is_array or new.is_array):
                inner = _inner_differences(old.value, new.value)
            if inner:
                changes.extend(f"{label}{path}{where}: {before} -> {after}" for where, before, after in inner)
            elif old.text == new.text and not (old.is_array or new.is_array):
                unequal = " (an equal-looking object that compares unequal: its class compares by identity)"
                changes.append(f"{label}{path}: {old.text} -> {new.text}{unequal}")
            else:
                changes.append(f"{label}{path}: {old.text} -> {new.text}")
            if not (old.is_array or new.is_array):
                surprising = False
        else:
            changes.append(f"{path}: {old.text} -> {new.text}")
            surprising = False
    settings = _setting_changes(before.settings, after.settings)
    if settings:
        changes.extend(settings)
        surprising = False
    return changes, surprising and bool(changes)


def _inner_differences(old: Any, new: Any, path: str = "", depth: int = 0) -> list[tuple[str, str, str]]:
    """Where two static values whose texts look alike differ inside: by index, key, dataclass field
    or attribute (a `(name, value)` pair counts as a field), at most three places."""
    if _same(old, new) or depth > 8:
        return []
    if type(old) is not type(new):
        return [(path, short_repr(old), short_repr(new))]
    found: list[tuple[str, str, str]] = []
    if isinstance(old, (tuple, list)) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new)):
            named = isinstance(a, tuple) and len(a) == 2 and isinstance(a[0], str)
            if named and isinstance(b, tuple) and len(b) == 2 and a[0] == b[0]:
                found += _inner_differences(a[1], b[1], f"{path}.{a[0]}", depth + 1)
            else:
                found += _inner_differences(a, b, f"{path}[{index}]", depth + 1)
    elif isinstance(old, dict) and old.keys() == new.keys():
        for key in old:
            found += _inner_differences(old[key], new[key], f"{path}[{key!r}]", depth + 1)
    elif dataclasses.is_dataclass(old) and not isinstance(old, type):
        for item in dataclasses.fields(old):
            found += _inner_differences(getattr(old, item.name, None), getattr(new, item.name, None), f"{path}.{item.name}", depth + 1)
    elif hasattr(old, "__dict__") and not callable(old) and vars(old).keys() == vars(new).keys():
        for key in vars(old):
            found += _inner_differences(vars(old)[key], vars(new)[key], f"{path}.{key}", depth + 1)
    else:
        return [(path, short_repr(old), short_repr(new))]
    return found[:3]


def _placement_words(entry: _Entry) -> str:
    return f"committed to {entry.placement_text}" if entry.placement is not None else "uncommitted"


def _closest(earlier: list[_CacheKey], key: _CacheKey) -> tuple[list[str], bool]:
    """The differences from the earlier compile `key` is closest to (the latest among equals):
    JAX keeps every earlier compile, so a new one is explained by the entry it just missed."""
    best: tuple[list[str], bool] | None = None
    for candidate in reversed(earlier):
        found = _differences(candidate, key)
        if best is None or len(found[0]) < len(best[0]):
            best = found
        if not found[0]:
            break
    assert best is not None
    return best


# --- the hub: listeners, open windows, the event log -----------------------------------------


class _Event(NamedTuple):
    serial: int
    thread: int
    kind: str  # "traces", "lowerings", "compiles" or "cache_hits"
    name: str
    seconds: float


class _Hub:
    """The listeners, the open windows, and a log of recent events that a counted call reads
    after it returns (only when the serial number moved during the call: a cache hit reads
    nothing)."""

    LOG_SIZE = 20000

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.windows: tuple[CompileCounter, ...] = ()  # replaced, never mutated
        self.serial = 0
        self.log: deque[_Event] = deque(maxlen=self.LOG_SIZE)
        self.pending_hits: dict[int, int] = {}  # persistent-cache hits awaiting their compile event, by thread
        # The latest counted function made of each name, for compiles outside its calls.
        self.created: weakref.WeakValueDictionary[str, CountedFunction] = weakref.WeakValueDictionary()

    def on_duration(self, event: str, duration: float, **kwargs: Any) -> None:
        kind = _KINDS.get(event)
        if kind is not None:
            self._log(kind, bare_name(str(kwargs.get("fun_name", ""))), duration)

    def on_event(self, event: str, **kwargs: Any) -> None:
        if event == CACHE_HIT_EVENT:
            self._log("cache_hits", "", 0.0)

    def _log(self, kind: str, name: str, seconds: float) -> None:
        try:
            with self.lock:
                thread = threading.get_ident()
                if kind == "cache_hits":
                    # JAX reports a persistent-cache hit before the compile event it belongs to.
                    self.pending_hits[thread] = self.pending_hits.get(thread, 0) + 1
                    return
                self.serial += 1
                self.log.append(_Event(self.serial, thread, kind, name, seconds))
                hits = self.pending_hits.pop(thread, 0) if kind == "compiles" else 0
                for _ in range(hits):
                    self.serial += 1
                    self.log.append(_Event(self.serial, thread, "cache_hits", name, 0.0))
                windows = self.windows
            # A compile of a counted function outside its call: JAX compiling the backward pass
            # of an eager jax.grad (named like the function), or a transform of it.
            owner: str | None = name
            if owner not in self.created:
                owner = derived_from(owner)
            if owner is not None and (owner not in self.created or _inside_call_of(owner)):
                owner = None
            why = _why_outside_a_call() if owner is not None and kind == "compiles" else ""
            for window in windows:
                window._count(kind, name or "<unknown>", seconds, owner, why)
                for _ in range(hits):
                    window._count("cache_hits", name or "<unknown>", 0.0, owner)
        except Exception:  # counting must never break the program being observed
            pass

    def events_since(self, serial: int) -> list[_Event]:
        thread = threading.get_ident()
        with self.lock:
            return [e for e in self.log if e.serial > serial and e.thread == thread]

    def open(self, window: CompileCounter) -> None:
        with self.lock:
            self.windows = (*self.windows, window)
            if len(self.windows) == 1:
                jax.monitoring.register_event_duration_secs_listener(self.on_duration)
                jax.monitoring.register_event_listener(self.on_event)
                _JIT_REBINDING.acquire()

    def close(self, window: CompileCounter) -> None:
        with self.lock:
            self.windows = tuple(w for w in self.windows if w is not window)
            window._freeze()
            if not self.windows:
                _JIT_REBINDING.release()
                jax.monitoring.unregister_event_duration_listener(self.on_duration)
                jax.monitoring.unregister_event_listener(self.on_event)
                self.log.clear()


_hub = _Hub()


def _inside_call_of(name: str) -> bool:
    """Whether this thread is inside a call of a counted function named `name` (which then reads
    the event itself). Only run for events, never for a call."""
    call_code = CountedFunction.__call__.__code__
    frame: types.FrameType | None = sys._getframe(2)
    while frame is not None:
        if frame.f_code is call_code and getattr(frame.f_locals.get("self"), "name", None) == name:
            return True
        frame = frame.f_back
    return False


def _why_outside_a_call() -> str:
    """What compiled a counted function outside its calls: an ahead-of-time `.lower().compile()`,
    or a transformation JAX compiles on its own (the backward pass of an eager `jax.grad`)."""
    frame: types.FrameType | None = sys._getframe(2)
    while frame is not None:
        code = frame.f_code
        if code.co_name == "compile" and code.co_filename.endswith(("stages.py",)):
            return "ahead of time (.lower(...).compile())"
        frame = frame.f_back
    return "a transformation of it JAX compiles separately (the backward pass of an eager jax.grad or jax.vjp)"


def derived_from(name: str | None) -> str | None:
    """`f` for the names JAX gives the transforms of `f` it compiles (`transpose(jvp(f))`,
    `vmap(f)`); None for any other name."""
    if not name or not name.endswith(")") or "(" not in name:
        return None
    inner = name
    while inner.endswith(")") and "(" in inner:
        head, _, rest = inner.partition("(")
        if not head.isidentifier():
            return None
        inner = rest[:-1]
    return inner


class _JitCall:
    """One call of a `CountedFunction` that traced, compiled or raised: the events it caused and
    what its arguments were (the reason is worked out per window)."""

    def __init__(self, function: CountedFunction, events: list[_Event], error: BaseException | None) -> None:
        self.function = function
        mine = [e for e in events if e.name == function.name]
        self.traces = sum(1 for e in mine if e.kind == "traces")
        self.compiles = sum(1 for e in mine if e.kind == "compiles") - sum(1 for e in mine if e.kind == "cache_hits")
        self.compile_seconds = sum(e.seconds for e in mine)
        self.error = error
        self.key: _CacheKey | None = None
        self.own_reason: str | None = None  # against this wrapper's own earlier compiles
        self.own_surprising = False
        self.metadata_arrays: list[MetadataArray] = []
        self.static_arrays: list[dict[str, Any]] = []
        self.call_site: dict[str, Any] | None = None
        self.pytree_types: list[dict[str, Any]] = []

    def explain(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        """Describe the arguments of a call that traced, compiled or raised, and compare them with
        the wrapper's own earlier compiles."""
        fn = self.function
        scan = None
        if fn._equinox_names is not None:
            try:
                scan = _equinox_signature(args, kwargs, fn._equinox_names)
            except Exception:  # another equinox version: describe its wrapper's own arguments
                scan = None
        if scan is None:
            scan = _signature(fn._arg_names, args, kwargs, fn._static_argnums, fn._static_argnames)
        entries = scan.entries
        self.call_site = caller_location(1).to_json()
        self.pytree_types = [_type_info(t) for t in scan.node_types]
        for path, node, field_name, field_value in scan.metadata_arrays:
            self.metadata_arrays.append(_metadata_array(path, node, field_name, field_value))
        if self.error is not None:
            for path, entry in entries.items():
                if entry.kind == "static" and entry.is_array:
                    self.static_arrays.append({"argument": path, "value": entry.text, "call_site": self.call_site})
        if not self.compiles and (self.error is not None or not self.traces):
            return  # nothing was compiled: a trace that failed gives no reason, only its error
        self.key = _CacheKey(entries, scan.passing, jit_settings(), transformation_of(scan))
        earlier = fn._compiled
        if earlier:
            changes, self.own_surprising = _closest(earlier, self.key)
            self.own_reason = "; ".join(changes) if changes else _unchanged_reason(fn)
        if self.error is None:
            earlier.append(self.key)
            del earlier[:-MAX_KEYS_KEPT]


MAX_KEYS_KEPT = 64
CACHE_DROPPED = (
    "the same arguments and settings as an earlier compile, whose cached code was dropped "
    "(jax.clear_caches() or clear_cache())"
)


def _unchanged_reason(fn: CountedFunction) -> str:
    """Why a function compiled again for a cache key equal to an earlier one's."""
    try:
        dropped = fn._jitted._cache_size() <= 1
    except Exception:
        dropped = False
    if dropped:
        return CACHE_DROPPED
    return "no difference scanlint can see from an earlier compile (arguments, their placement, JAX settings)"


def _metadata_array(path: str, node: Any, field_name: str, value: Any) -> MetadataArray:
    node_type = type(node)
    return MetadataArray(
        type_name=f"{node_type.__module__}.{node_type.__qualname__}",
        field=field_name,
        value=short_repr(value),
        argument=path,
        type_location=class_location(node_type),
        flatten_location=_flatten_location(node_type),
    )


@functools.lru_cache(maxsize=512)
def _flatten_location(node_type: type) -> Location | None:
    """Where the user's flatten function for `node_type` is (None for library-made ones)."""
    try:
        from jax._src import (
            tree_util as _tree_util,  # only to locate the flatten function
        )

        entry = _tree_util._registry.get(node_type)
        if entry is not None and inspect.isfunction(entry.to_iter):
            flatten = function_location(entry.to_iter)
            return None if is_library_file(flatten.path) else flatten
    except Exception:
        pass
    return None


def _type_info(node_type: type) -> dict[str, Any]:
    """A custom pytree class met in a traced call, located for the static/runtime join."""
    where = class_location(node_type)
    flatten = _flatten_location(node_type)
    return {
        "type": f"{node_type.__module__}.{node_type.__qualname__}",
        "type_location": where.to_json() if where else None,
        "flatten_location": flatten.to_json() if flatten else None,
    }


# --- the proxy returned by jax.jit while counting -----------------------------------------------


class _CallCount:
    """A wrapper's number of calls, in a cell of its own: windows read it after the wrapper is
    gone (a wrapper re-created in a loop must be free to be collected)."""

    __slots__ = ("calls",)

    def __init__(self) -> None:
        self.calls = 0


class CountedFunction:
    """A jitted function that reports its calls to open `count_compiles()` windows. Everything
    else (`lower`, `trace`, `eval_shape`, `clear_cache`, ...) is the real jitted function's.

    A call that neither traced, compiled nor raised costs a counter increment and two reads: the
    events of a call are read from the hub's log only when its serial number moved."""

    def __init__(
        self, jitted: Any, fun: Callable[..., Any], options: dict[str, Any], applied: tuple[Location, bool, Any]
    ) -> None:
        # First, so that attributes copied from `fun` (a function wrapped by jax.grad copies those
        # of a counted function it wraps) cannot overwrite this wrapper's own.
        try:
            functools.update_wrapper(self, fun)
        except (AttributeError, TypeError):
            pass
        self._jitted = jitted
        self._fun = fun
        self.name = _jax_fun_name(fun)
        self._jit_site, applied_by_user, user_function = applied
        self._location, names, self._equinox_names = _as_the_user_wrote_it(fun, user_function)
        self._user_code = applied_by_user or not is_library_file(self._location.path)
        where, site = self._location, self._jit_site
        self._group = (where.path, where.line, where.name, site.path, site.line, site.column)
        self._identity: Any = None  # what the wrapped function is, closed-over values included
        self._count = _CallCount()
        self._windows_seen: tuple[CompileCounter, ...] = ()
        self._compiled: list[_CacheKey] = []  # the keys of this wrapper's earlier compiles
        self._arg_names, self._static_argnums, self._static_argnames = _static_spec(fun, options)
        if names is not None:
            self._arg_names = names
        _hub.created[self.name] = self

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        hub = _hub
        if not hub.windows:
            return self._jitted(*args, **kwargs)
        serial = hub.serial
        try:
            result = self._jitted(*args, **kwargs)
        except BaseException as error:
            self._count.calls += 1
            self._report(serial, args, kwargs, error)
            raise
        self._count.calls += 1
        if hub.serial != serial or self._windows_seen is not hub.windows:
            self._report(serial, args, kwargs, None)
        return result

    def _report(self, serial: int, args: tuple[Any, ...], kwargs: dict[str, Any], error: BaseException | None) -> None:
        """The slow path: a call that caused events or raised, or the first call in a window."""
        try:
            hub = _hub
            windows = hub.windows
            events = hub.events_since(serial) if hub.serial != serial else []
            call = _JitCall(self, events, error)
            if call.traces or call.compiles or error is not None:
                call.explain(args, kwargs)
            for window in windows:
                window._record(call)
            self._windows_seen = windows
        except Exception:  # observation must never break the program
            pass

    def _identity_now(self) -> Any:
        if self._identity is None:
            self._identity = _function_identity(self._fun)
        return self._identity

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        # As `jax.jit`'s own functions do: a bound method whose attributes are the function's.
        if instance is None:
            return self
        return types.MethodType(self, instance)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._jitted, name)

    def __repr__(self) -> str:
        return f"<counted {self._jitted!r}>"


# --- what a function is: two wrappers of equal functions compile the same program ---------------


class _Same:
    """Equal only to a token of the very same object, while it lives (no strong reference)."""

    __slots__ = ("ref",)

    def __init__(self, value: Any) -> None:
        try:
            self.ref: Any = weakref.ref(value)
        except TypeError:
            self.ref = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Same) or self.ref is None or other.ref is None:
            return False
        mine = self.ref()
        return mine is not None and mine is other.ref()

    __hash__ = None  # type: ignore[assignment]


def _function_identity(fn: Any, depth: int = 0) -> Any:
    """A token equal for two functions that compile to the same program: the same code with equal
    closed-over values, partial arguments and defaults, or the same method of the same object.
    Anything scanlint cannot compare is a token equal to nothing."""
    if depth > 3:
        return _Same(None)
    if isinstance(fn, functools.partial):
        keywords = tuple(sorted((k, _value_token(v, depth + 1)) for k, v in fn.keywords.items()))
        return ("partial", _function_identity(fn.func, depth + 1), tuple(_value_token(a, depth + 1) for a in fn.args), keywords)
    if isinstance(fn, types.MethodType):
        return ("method", _function_identity(fn.__func__, depth + 1), _value_token(fn.__self__, depth + 1))
    if isinstance(fn, types.FunctionType):
        cells = []
        for cell in fn.__closure__ or ():
            try:
                cells.append(_value_token(cell.cell_contents, depth + 1))
            except ValueError:  # an empty cell
                cells.append(None)
        defaults = tuple(_value_token(d, depth + 1) for d in fn.__defaults__ or ())
        return ("function", fn.__code__, tuple(cells), defaults)
    return _Same(fn)


def _value_token(value: Any, depth: int) -> Any:
    """Equal tokens for values a traced function reads the same: equal scalars and strings, equal
    functions, and the very same object only when it cannot change (a jax array, a module, a
    class, a frozen dataclass, a Flax module). A mutable object may have changed between two
    wrappers (and the new wrapper may be made to see the change): it is equal to nothing."""
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes)):
        return (type(value), value)
    if isinstance(value, (types.FunctionType, functools.partial, types.MethodType)):
        return _function_identity(value, depth)
    if depth <= 3 and type(value) in (tuple, list):
        return (type(value), tuple(_value_token(item, depth + 1) for item in value))
    if _cannot_change(value):
        return _Same(value)
    return _Same(None)


def _cannot_change(value: Any) -> bool:
    if isinstance(value, (jax.Array, types.ModuleType, type, types.BuiltinFunctionType)):
        return True
    params = getattr(type(value), "__dataclass_params__", None)
    if params is not None and params.frozen:
        return True
    equinox = sys.modules.get("equinox")
    if equinox is not None and isinstance(value, equinox.Module):
        return True
    return _is_linen_module(value)


def _jax_fun_name(fun: Any) -> str:
    name = getattr(fun, "__name__", None)
    if name is not None:
        return str(name)
    if isinstance(fun, functools.partial):
        return _jax_fun_name(fun.func)
    return "<unnamed function>"


def _static_spec(fun: Any, options: dict[str, Any]) -> tuple[list[str], set[int], set[str]]:
    """Parameter names, and the static positions and names as `jax.jit` resolves them."""
    nums = options.get("static_argnums")
    names = options.get("static_argnames")
    static = {nums} if isinstance(nums, int) else set(nums or ())
    static_names = {names} if isinstance(names, str) else set(names or ())
    try:
        parameters = list(inspect.signature(fun).parameters.values())
    except (TypeError, ValueError):
        return [], static, static_names
    positional = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    static = {i + len(positional) if i < 0 else i for i in static}
    static_names |= {positional[i] for i in static if 0 <= i < len(positional)}
    static |= {positional.index(n) for n in static_names if n in positional}
    return positional, static, static_names


def _where_jit_was_applied() -> tuple[Location, bool, Any]:
    """The user's line that applied `jax.jit` (through any library wrapper such as
    `eqx.filter_jit`), whether the user's own code called `jax.jit` directly, and the user's
    function a library wrapper holds in its frames (None when there is none)."""
    frame = sys._getframe(2)
    while frame is not None and is_internal_file(frame.f_code.co_filename):
        frame = frame.f_back
    direct_is_user = frame is not None and not is_library_file(frame.f_code.co_filename)
    user_function = None
    while frame is not None and is_library_file(frame.f_code.co_filename):
        if user_function is None:
            user_function = _user_function_in(frame)
        frame = frame.f_back
    if frame is None:
        return Location("<unknown>", 1), direct_is_user, user_function
    found = CallerFrame(frame.f_code, frame.f_lasti, frame.f_lineno or 1)
    return found.location(), direct_is_user, user_function


_FUNCTION_LOCALS = ("fun", "fn", "f", "func", "function")


def _user_function_in(frame: types.FrameType) -> Any:
    """A function of the user's that a library's jit wrapper was given (`eqx.filter_jit(fun)`)."""
    for name in _FUNCTION_LOCALS:
        candidate = frame.f_locals.get(name)
        if candidate is not None and callable(candidate) and not isinstance(candidate, type):
            if not is_library_file(function_location(candidate).path):
                return candidate
    return None


def _as_the_user_wrote_it(fun: Any, user_function: Any) -> tuple[Location, list[str] | None, list[str] | None]:
    """Where the function the user jitted is defined, the names of its arguments when they differ
    from `fun`'s own, and for `eqx.filter_jit` the parameter names of the user's function.

    - `jax.jit(model.apply)` of a Flax module: the module's `__call__`, whose parameters name the
      arguments after `variables`;
    - `eqx.filter_jit(fn)`: equinox jits a wrapper of its own, passing `fn` and the arguments split
      into dynamic and static parts, from which they are rebuilt;
    - any other library wrapper that holds the user's function in its frames: that function."""
    location = function_location(fun)
    if not is_library_file(location.path):
        return location, None, None
    module = getattr(fun, "__self__", None)
    if isinstance(fun, types.MethodType) and fun.__name__ in ("apply", "init", "init_with_output") and _is_linen_module(module):
        call = type(module).__call__
        called = [p.name for p in inspect.signature(call).parameters.values()][1:]
        first = next(iter(inspect.signature(fun).parameters), "variables")
        where = function_location(call)
        where = dataclasses.replace(where, name=f"{type(module).__qualname__}.{fun.__name__}")
        return where, [first, *called], None
    if user_function is None:
        return location, None, None
    where = function_location(user_function)
    equinox_names = None
    code = getattr(fun, "__code__", None)
    if code is not None and code.co_name == "fun_wrapped" and "equinox" in code.co_filename:
        try:
            equinox_names = list(inspect.signature(user_function).parameters)
        except (TypeError, ValueError):
            equinox_names = []
    return where, None, equinox_names


def _is_linen_module(value: Any) -> bool:
    linen = sys.modules.get("flax.linen")
    return linen is not None and isinstance(value, linen.Module)


_ORIGINAL_JIT = jax.jit


def jit(*args: Any, **options: Any) -> Any:
    """`jax.jit` while a `count_compiles()` window is open: the same, wrapped for counting."""
    try:
        applied = _where_jit_was_applied()
    except Exception:
        applied = (Location("<unknown>", 1), True, None)
    if not args:
        decorator = _ORIGINAL_JIT(**options)
        return lambda fun: _counted(decorator(fun), fun, options, applied)
    return _counted(_ORIGINAL_JIT(*args, **options), args[0], options, applied)


functools.update_wrapper(jit, _ORIGINAL_JIT)  # the same name, signature and documentation


def _counted(jitted: Any, fun: Any, options: dict[str, Any], applied: tuple[Location, bool, Any]) -> Any:
    try:
        return CountedFunction(jitted, fun, options, applied)
    except Exception:  # what cannot be counted is returned as JAX made it
        return jitted


_JIT_REBINDING = Rebinding(jax, "jit", jit)


# --- the window -----------------------------------------------------------------------------------


class _Group:
    """One jitted function as the user sees it: every wrapper `jax.jit` made of the same function
    at the same place, in one window (a wrapper re-created in a loop lands here each time)."""

    def __init__(self, stats: FunctionCompiles) -> None:
        self.stats = stats
        self.counts: list[tuple[_CallCount, int]] = []  # each wrapper's call cell, and its calls before
        self.compiled: list[tuple[_CacheKey, Any, int]] = []  # (key, function identity, wrapper number)

    def calls(self) -> int:
        return sum(cell.calls - before for cell, before in self.counts)


class CompileCounter:
    """What `count_compiles()` yields. Look functions up by the jitted object or by name."""

    def __init__(self) -> None:
        self.by_name: dict[str, NameCounts] = {}
        self._groups: dict[tuple[Any, ...], _Group] = {}
        self._by_bare_name: dict[str, _Group] = {}  # the latest group of each name JAX uses
        self._wrappers: weakref.WeakKeyDictionary[CountedFunction, int] = weakref.WeakKeyDictionary()
        self._lock = threading.RLock()
        self._frozen = False

    def _count(self, kind: str, name: str, seconds: float, owner: str | None = None, why: str = "") -> None:
        with self._lock:
            if self._frozen:
                return
            counts = self.by_name.setdefault(name, NameCounts())
            if kind == "cache_hits":
                counts.cache_hits += 1
                counts.compiles -= 1
            else:
                setattr(counts, kind, getattr(counts, kind) + 1)
                counts.seconds += seconds
            group = self._outside_group(owner) if owner is not None else None
            if group is not None:
                group.stats.compile_seconds += seconds
                if kind == "cache_hits":  # the compile just counted came from the persistent cache
                    group.stats.compiles -= 1
                    if group.stats.reasons and group.stats.reasons[-1].startswith(OUTSIDE_THE_CALL):
                        group.stats.reasons.pop()
                elif kind == "traces":
                    group.stats.traces += 1
                elif kind == "compiles":
                    group.stats.compiles += 1
                    group.stats.reasons.append(f"{OUTSIDE_THE_CALL} as {name}: {why}")

    def _outside_group(self, name: str) -> _Group | None:
        """The group of the function named `name` that compiled outside its calls: the one this
        window last saw called, or else the latest one made of that name."""
        group = self._by_bare_name.get(name)
        if group is None:
            function = _hub.created.get(name)
            group = self._group_of(function) if function is not None else None
        return group

    def _group_of(self, function: CountedFunction) -> _Group:
        group = self._groups.get(function._group)
        if group is None:
            where, site = function._location, function._jit_site
            stats = FunctionCompiles(
                where.name or function.name, where.path, where.line, end_line=where.end_line,
                jit_path=site.path, jit_line=site.line, user_code=function._user_code,
            )  # fmt: skip
            group = self._groups[function._group] = _Group(stats)
        self._by_bare_name[function.name] = group
        return group

    def _record(self, call: _JitCall) -> None:
        function = call.function
        with self._lock:
            if self._frozen:
                return
            group = self._group_of(function)
            stats = group.stats
            number = self._wrappers.get(function)
            if number is None:
                number = self._wrappers[function] = stats.wrappers = stats.wrappers + 1
                group.counts.append((function._count, function._count.calls - 1))
            stats.traces += call.traces
            stats.compiles += call.compiles
            stats.compile_seconds += call.compile_seconds
            if call.key is not None:
                reason, surprising = self._reason(group, call, number)
                stats.reasons.append(reason)
                if surprising:
                    stats.unexpected.append(reason)
                if call.error is None:
                    group.compiled.append((call.key, function._identity_now(), number))
                    del group.compiled[:-MAX_KEYS_KEPT]
            if call.error is not None:
                stats.errors.append(f"{type(call.error).__name__}: {str(call.error)[:300]}")
            for item in call.metadata_arrays:
                if all((m.type_name, m.field) != (item.type_name, item.field) for m in stats.metadata_arrays):
                    stats.metadata_arrays.append(item)
            stats.static_arrays.extend(call.static_arrays)
            for info in call.pytree_types:
                if info not in stats.pytree_types:
                    stats.pytree_types.append(info)
            if call.call_site is not None and call.call_site not in stats.call_sites and len(stats.call_sites) < 20:
                stats.call_sites.append(call.call_site)

    @staticmethod
    def _reason(group: _Group, call: _JitCall, number: int) -> tuple[str, bool]:
        """The reason for one compile: against the wrapper's own earlier compiles when it has
        some; for a new wrapper, against the compiles of the group's earlier wrappers."""
        if call.own_reason is not None:
            return call.own_reason, call.own_surprising
        others = [(key, identity) for key, identity, wrapper in group.compiled if wrapper != number]
        assert call.key is not None
        if not others:
            return FIRST_CALL, False
        site = f"{_display_path(group.stats.jit_path)}:{group.stats.jit_line}"
        anew = f"jax.jit applied anew at {site} (wrapper {number}); JAX keeps compiled code per wrapper"
        # (findings_for_function counts the reasons that differ only in the wrapper number as one)
        identity = call.function._identity_now()
        same_function = [key for key, other in others if _same(other, identity)]
        if not same_function:
            changes, _ = _closest([key for key, _ in others], call.key)
            return "; ".join([f"{anew}, and this one wraps a function with other closed-over values", *changes]), False
        changes, surprising = _closest(same_function, call.key)
        if not changes:
            return f"{anew}: compiled again for the same function and arguments; jit it once, outside the loop", True
        return "; ".join([anew, *changes]), surprising

    def _freeze(self) -> None:
        """At the window's end: fix the call counts, and stop counting."""
        with self._lock:
            for group in self._groups.values():
                group.stats.calls = group.calls()
                group.counts = []
            self._frozen = True

    @property
    def functions(self) -> list[FunctionCompiles]:
        """Every function jitted inside a counting window and called in this one, its wrappers
        grouped by where the function is defined and where `jax.jit` was applied."""
        with self._lock:
            if not self._frozen:
                for group in self._groups.values():
                    group.stats.calls = group.calls()
            return [group.stats for group in self._groups.values()]

    def function(self, fn: Any) -> FunctionCompiles | None:
        group_key = getattr(fn, "_group", None) if isinstance(fn, CountedFunction) else None
        with self._lock:
            group = self._groups.get(group_key) if group_key is not None else None
            if group is None:
                return None
            if not self._frozen:
                group.stats.calls = group.calls()
            return group.stats

    def _name_counts(self, fn: Any) -> NameCounts:
        name = bare_name(fn) if isinstance(fn, str) else _jax_fun_name(fn)
        return self.by_name.get(name, NameCounts())

    def calls(self, fn: Any) -> int | None:
        stats = self.function(fn)
        return stats.calls if stats else None

    def traces(self, fn: Any) -> int:
        stats = None if isinstance(fn, str) else self.function(fn)
        return stats.traces if stats else self._name_counts(fn).traces

    def compiles(self, fn: Any) -> int:
        """XLA compiles of `fn` (a function jitted while counting, a jitted function, or a name)."""
        stats = None if isinstance(fn, str) else self.function(fn)
        return stats.compiles if stats else self._name_counts(fn).compiles

    def reasons(self, fn: Any) -> list[str]:
        stats = self.function(fn)
        return list(stats.reasons) if stats else []

    @property
    def total_compiles(self) -> int:
        with self._lock:
            return sum(c.compiles for c in self.by_name.values())

    @property
    def total_traces(self) -> int:
        with self._lock:
            return sum(c.traces for c in self.by_name.values())

    def findings(self) -> list[Finding]:
        return sorted(f for stats in self.functions for f in stats.findings())


def _display_path(path: str) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative


@contextmanager
def count_compiles() -> Iterator[CompileCounter]:
    """Count traces and XLA compilations in the block, per jitted function.

    Example::

        with count_compiles() as counts:
            step = jax.jit(train_step)
            for batch in batches:
                state = step(state, batch)
        stats = counts.function(step)
        print(stats.calls, stats.traces, stats.compiles, stats.reasons)

    Functions passed through `jax.jit` inside the block (or inside any open window) get calls and
    reasons; others are counted by name in `counts.by_name` (eager operations appear there too,
    under their primitive's name). Wrappers `jax.jit` makes of the same function at the same place
    (a `jax.jit(lambda ...)` in a loop) are one function here, with `wrappers` telling how many.
    """
    window = CompileCounter()
    _hub.open(window)
    try:
        yield window
    finally:
        _hub.close(window)
