"""Counting traces and XLA compilations per jitted function, with the reason for each recompile.

Counting comes from `jax.monitoring` duration events, registered while at least one
`count_compiles()` window is open and unregistered when the last one closes:

- `/jax/core/compile/jaxpr_trace_duration`: one top-level trace (`fun_name` is the bare name);
- `/jax/core/compile/backend_compile_duration`: one compile-cache miss (`fun_name="jit(f)"`). It
  also fires on a persistent-cache hit, so `/jax/compilation_cache/cache_hits` is subtracted.

In-memory cache hits fire nothing, so calls are counted by the functions themselves: while a
window is open, `jax.jit` (and user-module aliases of it) returns a `CountedFunction`, a thin
proxy around the real jitted function. On a call that traced, compiled or raised, the proxy
compares the arguments with those of the function's previous compile (pytree structure, each
leaf's shape, dtype and weak type, pytree metadata, static arguments) and records the reason in
words, for example `params (Params aux_data['a']): 2 -> 3`. JAX's own `explain_cache_misses`
log is not used: it can blame the wrong cause (a shape change reported as a metadata change).

Functions jitted before the window opened are still counted by name (`counter.by_name`), without
calls or reasons.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import inspect
import threading
import types
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
    Location,
    caller_location,
    class_location,
    function_location,
    is_library_file,
)
from scanlint.runtime.patching import Rebinding

TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"
LOWER_EVENT = "/jax/core/compile/jaxpr_to_mlir_module_duration"
COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"
CACHE_HIT_EVENT = "/jax/compilation_cache/cache_hits"
_KINDS = {TRACE_EVENT: "traces", LOWER_EVENT: "lowerings", COMPILE_EVENT: "compiles"}

FIRST_CALL = "first call"


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
    """Per jitted function: calls, traces, compiles, and one reason per call that traced or
    compiled. `unexpected` holds the reasons that count as SCN904 (a recompile for arguments of
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

    def to_json(self) -> dict[str, Any]:
        return {
            "function": self.function,
            "path": self.path,
            "line": self.line,
            "calls": self.calls,
            "traces": self.traces,
            "compiles": self.compiles,
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


class _CacheKey(NamedTuple):
    """What JAX keys one compile on, as far as scanlint sees it: the arguments' signature, how each
    was passed, and the JAX settings that are part of the jit cache key."""

    entries: dict[str, _Entry]
    passing: dict[str, str]
    settings: dict[str, Any]


def _signature(
    names: list[str], args: tuple[Any, ...], kwargs: dict[str, Any], static: set[int], static_names: set[str]
) -> _ArgumentScan:
    """Describe the arguments the way the jit cache keys them, path by path."""
    scan = _ArgumentScan({}, {}, [], [])
    for index, value in enumerate(args):
        name = names[index] if index < len(names) else f"args[{index}]"
        scan.passing[name] = "position"
        if index in static or name in static_names:
            scan.entries[name] = _static_entry("static", value)
        else:
            _walk(value, name, scan)
    for name, value in kwargs.items():
        scan.passing[name] = "keyword"
        if name in static_names:
            scan.entries[name] = _static_entry("static", value)
        else:
            _walk(value, name, scan)
    return scan


_CONTAINERS = (tuple, list, dict)


def _walk(value: Any, path: str, scan: _ArgumentScan) -> None:
    try:
        children, aux = jax.tree_util.flatten_one_level_with_keys(value)
    except ValueError:
        scan.entries[path] = _leaf_entry(value)
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
            meta_path = f"{path} ({node_type.__qualname__} {field_name})"
            scan.entries[meta_path] = entry = _static_entry("meta", field_value)
            if entry.is_array:
                scan.metadata_arrays.append((path, value, field_name, field_value))
    for key, child in children:
        _walk(child, path + _key_text(value, key, child), scan)


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
        static_fields = [f.name for f in dataclasses.fields(node) if f.name not in child_names]
        if len(static_fields) == len(aux):
            return [(f".{name}", value) for name, value in zip(static_fields, aux)]
    return [("aux_data", aux)]


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
            changes.append(f"{path}: {'added' if old is None else 'removed'}")
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


# --- the hub: listeners, open windows, active calls -------------------------------------------


class _Hub:
    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.windows: list[CompileCounter] = []
        self.local = threading.local()

    def active(self) -> list[_JitCall]:
        stack = getattr(self.local, "calls", None)
        if stack is None:
            stack = self.local.calls = []
        return stack

    def on_duration(self, event: str, duration: float, **kwargs: Any) -> None:
        kind = _KINDS.get(event)
        if kind is not None:
            self._dispatch(kind, bare_name(str(kwargs.get("fun_name", ""))))

    def on_event(self, event: str, **kwargs: Any) -> None:
        if event == CACHE_HIT_EVENT:
            self._dispatch("cache_hits", None)

    def _dispatch(self, kind: str, name: str | None) -> None:
        stack = self.active()
        call = stack[-1] if stack else None
        if call is not None and (name is None or name == call.function.name):
            setattr(call, kind, getattr(call, kind) + 1)
            name = call.function.name
        for window in list(self.windows):
            window._count(kind, name or "<unknown>")

    def open(self, window: CompileCounter) -> None:
        with self.lock:
            self.windows.append(window)
            if len(self.windows) == 1:
                jax.monitoring.register_event_duration_secs_listener(self.on_duration)
                jax.monitoring.register_event_listener(self.on_event)
                _JIT_REBINDING.acquire()

    def close(self, window: CompileCounter) -> None:
        with self.lock:
            self.windows.remove(window)
            if not self.windows:
                _JIT_REBINDING.release()
                jax.monitoring.unregister_event_duration_listener(self.on_duration)
                jax.monitoring.unregister_event_listener(self.on_event)


_hub = _Hub()


class _JitCall:
    """One call of a `CountedFunction`: the events it caused, and why it traced."""

    def __init__(self, function: CountedFunction) -> None:
        self.function = function
        self.traces = 0
        self.lowerings = 0
        self.compiles = 0
        self.cache_hits = 0
        self.error: BaseException | None = None
        self.reason: str | None = None
        self.surprising = False
        self.metadata_arrays: list[MetadataArray] = []
        self.static_arrays: list[dict[str, Any]] = []
        self.call_site: dict[str, Any] | None = None
        self.pytree_types: list[dict[str, Any]] = []

    def explain(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        """Work out the reason, only for calls that traced, compiled or raised (cheap calls stay
        cheap: a cache hit computes nothing)."""
        fn = self.function
        if not (self.traces or self.compiles or self.error is not None):
            return
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
        if not (self.traces or self.compiles):
            return
        key = _CacheKey(entries, scan.passing, jit_settings())
        earlier = fn._compiled
        if not earlier:
            self.reason = FIRST_CALL
        else:
            changes, self.surprising = _closest(earlier, key)
            self.reason = "; ".join(changes) if changes else _unchanged_reason(fn)
        if self.error is None:
            earlier.append(key)
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


class CountedFunction:
    """A jitted function that reports its calls to open `count_compiles()` windows. Everything
    else (`lower`, `trace`, `eval_shape`, `clear_cache`, ...) is the real jitted function's."""

    def __init__(self, jitted: Any, fun: Callable[..., Any], options: dict[str, Any]) -> None:
        self._jitted = jitted
        self._fun = fun
        self.name = _jax_fun_name(fun)
        self._location = function_location(fun)
        self._compiled: list[_CacheKey] = []  # the keys of this wrapper's earlier compiles
        self._arg_names, self._static_argnums, self._static_argnames = _static_spec(fun, options)
        try:
            functools.update_wrapper(self, fun)
        except (AttributeError, TypeError):
            pass

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not _hub.windows:
            return self._jitted(*args, **kwargs)
        call = _JitCall(self)
        stack = _hub.active()
        stack.append(call)
        try:
            return self._jitted(*args, **kwargs)
        except BaseException as error:
            call.error = error
            raise
        finally:
            stack.pop()
            try:
                call.explain(args, kwargs)
            except Exception:
                pass
            for window in list(_hub.windows):
                window._record(call)

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        # As `jax.jit`'s own functions do: a bound method whose attributes are the function's.
        if instance is None:
            return self
        return types.MethodType(self, instance)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._jitted, name)

    def __repr__(self) -> str:
        return f"<counted {self._jitted!r}>"


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


_ORIGINAL_JIT = jax.jit


def jit(*args: Any, **options: Any) -> Any:
    """`jax.jit` while a `count_compiles()` window is open: the same, wrapped for counting."""
    if not args:
        decorator = _ORIGINAL_JIT(**options)
        return lambda fun: CountedFunction(decorator(fun), fun, options)
    return CountedFunction(_ORIGINAL_JIT(*args, **options), args[0], options)


_JIT_REBINDING = Rebinding(jax, "jit", jit)


# --- the window -----------------------------------------------------------------------------------


class CompileCounter:
    """What `count_compiles()` yields. Look functions up by the jitted object or by name."""

    def __init__(self) -> None:
        self.by_name: dict[str, NameCounts] = {}
        self._functions: dict[int, tuple[CountedFunction, FunctionCompiles]] = {}
        self._lock = threading.RLock()

    def _count(self, kind: str, name: str) -> None:
        with self._lock:
            counts = self.by_name.setdefault(name, NameCounts())
            if kind == "cache_hits":
                counts.cache_hits += 1
                counts.compiles -= 1
            else:
                setattr(counts, kind, getattr(counts, kind) + 1)

    def _record(self, call: _JitCall) -> None:
        function = call.function
        with self._lock:
            entry = self._functions.get(id(function))
            if entry is None:
                where = function._location
                stats = FunctionCompiles(where.name or function.name, where.path, where.line)
                self._functions[id(function)] = (function, stats)
            else:
                stats = entry[1]
            stats.calls += 1
            stats.traces += call.traces
            stats.compiles += call.compiles - call.cache_hits
            if call.reason is not None:
                stats.reasons.append(call.reason)
                if call.surprising:
                    stats.unexpected.append(call.reason)
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

    @property
    def functions(self) -> list[FunctionCompiles]:
        """Every function jitted inside a counting window and called in this one."""
        with self._lock:
            return [stats for _, stats in self._functions.values()]

    def function(self, fn: Any) -> FunctionCompiles | None:
        with self._lock:
            entry = self._functions.get(id(fn))
            return entry[1] if entry else None

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
    under their primitive's name).
    """
    window = CompileCounter()
    _hub.open(window)
    try:
        yield window
    finally:
        _hub.close(window)
