"""Abstract JAX values: a pytree structure over array leaves described by dtype and shape.

A value is `UNKNOWN` (the top: the source does not show it), an `Array` (a leaf: dtype with
JAX's weak type, and shape), or a `Node` (a container JAX flattens: tuple, list, dict, None,
NamedTuple, registered dataclass). Every part of an `Array` may itself be unknown. Two values
differ for certain only where both sides are known: that is what the carry rules report.

Dtypes are written as JAX canonicalises them under the table in use ("float32", "~float32" for
a weakly typed float32: what a Python scalar becomes). Promotion and canonicalisation come from
the signature table generated from real JAX (`scanlint.analysis.signatures`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Union

Dim = Union[int, None]  # a dimension's size, None when unknown


class _Unknown:
    _instance: _Unknown | None = None

    def __new__(cls) -> _Unknown:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()


@dataclass(frozen=True)
class Array:
    """An array leaf. `dtype` is canonical and carries no weak mark; `weak` says whether JAX
    holds it weakly typed (None: not known)."""

    dtype: str | None
    weak: bool | None
    shape: tuple[Dim, ...] | None  # None: not even the rank is known

    @property
    def rank(self) -> int | None:
        return None if self.shape is None else len(self.shape)

    @property
    def typed(self) -> str | None:
        """The dtype with its weak mark (`~float32`), as the promotion table writes it."""
        if self.dtype is None or self.weak is None:
            return None
        return f"~{self.dtype}" if self.weak else self.dtype


@dataclass(frozen=True)
class Node:
    """A pytree container. `kind` is "tuple", "list", "dict", "none", "namedtuple" or
    "dataclass"; `type_name` names the class of the last two; `keys` are a dict's keys (sorted,
    as JAX flattens them) or a class's field names."""

    kind: str
    children: tuple[Value, ...] = ()
    keys: tuple[str, ...] = ()
    type_name: str | None = None

    def child(self, key: str) -> Value:
        if key in self.keys:
            return self.children[self.keys.index(key)]
        return UNKNOWN

    def with_child(self, key: str, value: Value) -> Node:
        """This node with `key` set to `value` (a dict gains the key when it lacks it)."""
        if key in self.keys:
            children = list(self.children)
            children[self.keys.index(key)] = value
            return replace(self, children=tuple(children))
        if self.kind != "dict":
            return self
        pairs = sorted([*zip(self.keys, self.children), (key, value)], key=lambda p: p[0])
        return replace(self, keys=tuple(k for k, _ in pairs), children=tuple(v for _, v in pairs))

    def without_child(self, key: str) -> Node:
        if self.kind != "dict" or key not in self.keys:
            return self
        kept = [(k, v) for k, v in zip(self.keys, self.children) if k != key]
        return replace(self, keys=tuple(k for k, _ in kept), children=tuple(v for _, v in kept))


Value = Union[Array, Node, _Unknown]

NONE = Node("none")
UNKNOWN_ARRAY = Array(None, None, None)


def sequence(kind: str, children: Sequence[Value]) -> Node:
    return Node(kind, tuple(children))


def dictionary(pairs: Sequence[tuple[str, Value]]) -> Node:
    ordered = sorted(pairs, key=lambda p: p[0])
    return Node("dict", tuple(v for _, v in ordered), tuple(k for k, _ in ordered))


# ---------------------------------------------------------------------------------------------
# Joining the values of two paths


def join(left: Value, right: Value) -> Value:
    """What is certain about a value that is `left` on one path and `right` on another."""
    if left == right:
        return left
    if isinstance(left, Array) and isinstance(right, Array):
        dtype = left.dtype if left.dtype == right.dtype else None
        weak = left.weak if left.weak == right.weak else None
        return Array(dtype, weak, _join_shapes(left.shape, right.shape))
    if (
        isinstance(left, Node)
        and isinstance(right, Node)
        and (left.kind, left.keys, left.type_name) == (right.kind, right.keys, right.type_name)
        and len(left.children) == len(right.children)
    ):
        return replace(left, children=tuple(join(a, b) for a, b in zip(left.children, right.children)))
    return UNKNOWN


def _join_shapes(left: tuple[Dim, ...] | None, right: tuple[Dim, ...] | None) -> tuple[Dim, ...] | None:
    if left is None or right is None or len(left) != len(right):
        return None
    return tuple(a if a == b else None for a, b in zip(left, right))


def join_all(values: Sequence[Value]) -> Value:
    if not values:
        return UNKNOWN
    result = values[0]
    for value in values[1:]:
        result = join(result, value)
    return result


# ---------------------------------------------------------------------------------------------
# Describing values in messages


def describe(value: Value) -> str:
    """`int32[]`, `float32[3,?]`, `(int32[], float32[4])`, `{'h': float32[8]}`, `State(...)`,
    as JAX writes types in its errors (weak types are not marked: JAX compares without them)."""
    if isinstance(value, Array):
        dtype = "?" if value.dtype is None else value.dtype
        if value.shape is None:
            return f"{dtype}[...]"
        dims = ",".join("?" if d is None else str(d) for d in value.shape)
        return f"{dtype}[{dims}]"
    if isinstance(value, Node):
        inner = [describe(c) for c in value.children]
        if value.kind == "none":
            return "None"
        if value.kind == "tuple":
            return f"({inner[0]},)" if len(inner) == 1 else f"({', '.join(inner)})"
        if value.kind == "list":
            return f"[{', '.join(inner)}]"
        if value.kind == "dict":
            return "{" + ", ".join(f"{k!r}: {v}" for k, v in zip(value.keys, inner)) + "}"
        fields = ", ".join(f"{k}={v}" for k, v in zip(value.keys, inner))
        return f"{value.type_name}({fields})"
    return "?"


# ---------------------------------------------------------------------------------------------
# How two carries differ


STRUCTURE = "structure"
SHAPE = "shape"
DTYPE = "dtype"


@dataclass(frozen=True)
class Difference:
    kind: str  # STRUCTURE, SHAPE or DTYPE
    path: str  # where in the carry, as JAX's keystr writes it: "", "[0]", "['h']", ".count"
    entering: Value
    leaving: Value


def differences(entering: Value, leaving: Value, path: str = "") -> list[Difference]:
    """The certain differences between a carry's input and output, in JAX's order of checks:
    structure first (JAX stops there), then shape and dtype per leaf (weak types ignored)."""
    structural = _structure_differences(entering, leaving, path)
    if structural:
        return structural
    return _leaf_differences(entering, leaving, path)


def _structure_differences(entering: Value, leaving: Value, path: str) -> list[Difference]:
    if not isinstance(entering, (Array, Node)) or not isinstance(leaving, (Array, Node)):
        return []  # unknown, or not data (a function held in a container)
    if isinstance(entering, Array) and isinstance(leaving, Array):
        return []
    if isinstance(entering, Node) and isinstance(leaving, Node):
        same_type = (entering.kind, entering.type_name) == (leaving.kind, leaving.type_name)
        if not same_type or entering.keys != leaving.keys or len(entering.children) != len(leaving.children):
            return [Difference(STRUCTURE, path, entering, leaving)]
        found: list[Difference] = []
        for index, (a, b) in enumerate(zip(entering.children, leaving.children)):
            found += _structure_differences(a, b, path + path_step(entering, index))
        return found
    return [Difference(STRUCTURE, path, entering, leaving)]


def _leaf_differences(entering: Value, leaving: Value, path: str) -> list[Difference]:
    if isinstance(entering, Node) and isinstance(leaving, Node):
        found: list[Difference] = []
        for index, (a, b) in enumerate(zip(entering.children, leaving.children)):
            found += _leaf_differences(a, b, path + path_step(entering, index))
        return found
    if not (isinstance(entering, Array) and isinstance(leaving, Array)):
        return []
    if shapes_differ(entering.shape, leaving.shape):
        return [Difference(SHAPE, path, entering, leaving)]
    if entering.dtype is not None and leaving.dtype is not None and entering.dtype != leaving.dtype:
        return [Difference(DTYPE, path, entering, leaving)]
    return []


def shapes_differ(left: tuple[Dim, ...] | None, right: tuple[Dim, ...] | None) -> bool:
    if left is None or right is None:
        return False
    if len(left) != len(right):
        return True
    return any(a is not None and b is not None and a != b for a, b in zip(left, right))


def path_step(node: Node, index: int) -> str:
    if node.kind == "dict":
        return f"[{node.keys[index]!r}]"
    if node.kind in ("namedtuple", "dataclass"):
        return f".{node.keys[index]}"
    return f"[{index}]"


def leaves_with_paths(value: Value, path: str = "") -> list[tuple[str, Value]]:
    """Every non-container position of a value (arrays and unknowns) with its path."""
    if isinstance(value, Node):
        found: list[tuple[str, Value]] = []
        for index, child in enumerate(value.children):
            found += leaves_with_paths(child, path + path_step(value, index))
        return found
    return [(path, value)]


def map_leaves(value: Value, function) -> Value:  # noqa: ANN001 - a Value -> Value callable
    if isinstance(value, Node):
        return replace(value, children=tuple(map_leaves(c, function) for c in value.children))
    return function(value)


def same_structure(left: Value, right: Value) -> bool:
    return isinstance(left, Node) and isinstance(right, Node) and not _structure_differences(left, right, "")
