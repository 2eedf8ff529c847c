"""Abstract types of pytree leaves, written the way reports show them (`~float32[3]` is weakly
typed), and the leaf-by-leaf comparison of two pytrees that every runtime check shares."""

from __future__ import annotations

import functools
import types
from dataclasses import dataclass
from typing import Any

import jax
import numpy as np


@dataclass(frozen=True)
class LeafType:
    """What JAX keys a traced value on: shape, dtype and weak type. `dtype` holds a type name in
    angle brackets for leaves that are not arrays at all."""

    shape: tuple[int, ...]
    dtype: str
    weak: bool = False

    def __str__(self) -> str:
        dims = ",".join(str(d) for d in self.shape)
        return f"{'~' if self.weak else ''}{self.dtype}[{dims}]"

    __repr__ = __str__

    def same_as_jax_judges(self, other: LeafType) -> bool:
        """`lax.scan` compares carries ignoring weak types (`core.typematch`)."""
        return self.shape == other.shape and self.dtype == other.dtype


_dtype_names: dict[Any, str] = {}


def _dtype_name(dtype: Any) -> str:
    # numpy computes `dtype.name` in Python on every access; loops call this per leaf per call.
    try:
        return _dtype_names[dtype]
    except KeyError:
        name = _dtype_names[dtype] = getattr(dtype, "name", None) or str(dtype)
        return name
    except TypeError:
        return str(dtype)


def leaf_type(value: Any) -> LeafType:
    try:
        aval = jax.typeof(value)
    except TypeError:
        return LeafType((), f"<{type(value).__name__}>")
    shape = tuple(int(d) if isinstance(d, (int, np.integer)) else d for d in getattr(aval, "shape", ()))
    return LeafType(shape, _dtype_name(getattr(aval, "dtype", None)), bool(getattr(aval, "weak_type", False)))


def spec_leaf_type(spec: Any) -> LeafType:
    """The type of a `jax.ShapeDtypeStruct` (what `eval_shape` returns)."""
    return LeafType(tuple(spec.shape), np.dtype(spec.dtype).name, bool(getattr(spec, "weak_type", False)))


def typed_leaves(tree: Any) -> tuple[list[tuple[str, LeafType]], Any]:
    """(keystr path, type) for every leaf, and the treedef."""
    with_paths, treedef = jax.tree_util.tree_flatten_with_path(tree)
    return [(jax.tree_util.keystr(path), leaf_type(leaf)) for path, leaf in with_paths], treedef


def describe_tree(tree: Any) -> str:
    """`float32[3]` for a single array, `{'h': float32[3], 'c': float32[3]}` for a dict of arrays."""
    leaves, treedef = typed_leaves(tree)
    return describe_typed(leaves, treedef)


def describe_typed(leaves: list[tuple[str, LeafType]], treedef: Any) -> str:
    """Render the pytree with each leaf replaced by its type; fall back to `{path: type}` when the
    tree's own classes do not print their contents."""
    if treedef_is_leaf(treedef):
        return str(leaves[0][1])
    try:
        text = repr(treedef.unflatten([kind for _, kind in leaves]))
        if " object at 0x" not in text and "\n" not in text:
            return text if len(text) <= 300 else text[:297] + "..."
    except Exception:
        pass
    return "{" + ", ".join(f"{path}: {kind}" for path, kind in leaves) + "}"


def treedef_is_leaf(treedef: Any) -> bool:
    return treedef.num_nodes == 1 and treedef.num_leaves == 1


@dataclass(frozen=True)
class LeafChange:
    """One difference between an input and an output pytree, located by its path."""

    path: str
    before: str
    after: str
    kind: str  # "shape", "dtype", "structure" or "weak-type"

    def __str__(self) -> str:
        return f"{self.path}: {self.before} -> {self.after}"


def compare_trees(prefix: str, before: Any, after: Any) -> list[LeafChange]:
    """Every leaf whose type changed between `before` and `after`, as JAX judges a loop carry:
    a weak-type-only change is reported with kind "weak-type" so callers can treat it apart."""
    before_leaves, before_def = typed_leaves(before)
    after_leaves, after_def = typed_leaves(after)
    return compare_typed(prefix, before_leaves, before_def, after_leaves, after_def)


def compare_typed(
    prefix: str,
    before_leaves: list[tuple[str, LeafType]],
    before_def: Any,
    after_leaves: list[tuple[str, LeafType]],
    after_def: Any,
) -> list[LeafChange]:
    changes: list[LeafChange] = []
    if not _same_treedef(before_def, after_def):
        before_map, after_map = dict(before_leaves), dict(after_leaves)
        missing = [path for path in before_map if path not in after_map]
        added = [path for path in after_map if path not in before_map]
        nested = not treedef_is_leaf(before_def) and not treedef_is_leaf(after_def)
        if nested and (missing or added) and len(missing) + len(added) <= 3:
            changes.extend(LeafChange(prefix + p, str(before_map[p]), "missing", "structure") for p in missing)
            changes.extend(LeafChange(prefix + p, "missing", str(after_map[p]), "structure") for p in added)
        else:
            whole_before = describe_typed(before_leaves, before_def)
            whole_after = describe_typed(after_leaves, after_def)
            if whole_before == whole_after:
                whole_before, whole_after = _short_treedef(before_def), _short_treedef(after_def)
            changes.append(LeafChange(prefix, whole_before, whole_after, "structure"))
        return changes
    for (path, old), (_, new) in zip(before_leaves, after_leaves):
        if old.shape != new.shape:
            changes.append(LeafChange(prefix + path, str(old), str(new), "shape"))
        elif old.dtype != new.dtype:
            changes.append(LeafChange(prefix + path, str(old), str(new), "dtype"))
        elif old.weak != new.weak:
            changes.append(LeafChange(prefix + path, str(old), str(new), "weak-type"))
    return changes


def _same_treedef(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:  # aux_data holding arrays cannot be compared
        return False


def _short_treedef(treedef: Any) -> str:
    text = str(treedef)
    text = text.removeprefix("PyTreeDef(").removesuffix(")")
    return text if len(text) <= 80 else text[:77] + "..."


def is_array(value: Any) -> bool:
    return isinstance(value, (np.ndarray, np.generic, jax.Array))


def function_name(value: Any) -> str | None:
    """`tanh` for a function (jitted or not), `partial(step, ...)` for a partial; None for
    anything else. Reprs of functions show memory addresses, which say nothing to compare."""
    if isinstance(value, functools.partial):
        inner = function_name(value.func)
        return f"partial({inner}, ...)" if inner else None
    if isinstance(value, (types.FunctionType, types.BuiltinFunctionType, types.MethodType)):
        return str(getattr(value, "__qualname__", None) or value.__name__)
    if isinstance(value, (jax.custom_jvp, jax.custom_vjp)):
        return function_name(value.fun)
    wrapped = getattr(value, "__wrapped__", None)
    if wrapped is not None and hasattr(value, "lower") and not isinstance(value, type):  # a jitted function
        return function_name(wrapped)
    return None


def short_repr(value: Any, limit: int = 60) -> str:
    if is_array(value):
        if isinstance(value, (np.ndarray, np.generic)):
            dims = ",".join(str(d) for d in np.shape(value))
            text = f"np array {np.asarray(value).dtype.name}[{dims}]"
        else:
            text = f"jax array {leaf_type(value)}"
        try:
            if np.size(value) <= 6 and np.ndim(value) <= 1:
                text += " " + np.array2string(np.asarray(value), separator=", ")
        except Exception:  # a tracer has no values
            pass
        return text
    function = function_name(value)
    if function is not None:
        return function
    try:
        text = repr(value)
        if " object at 0x" in text and hasattr(value, "__dict__"):
            # The default repr shows an address, not what makes two instances differ.
            fields = ", ".join(f"{k}={short_repr(v, 20)}" for k, v in vars(value).items())
            text = f"{type(value).__name__}({fields})"
    except Exception:
        text = f"<{type(value).__name__}>"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
