"""What the source shows about a value's dtype and rank, judged as JAX would (x64 off).

Only evidence that can be read off the code counts: literals, array constructors with literal
shapes and dtypes, `.astype(...)`, and names bound once to such expressions. Everything else is
"unknown" (None), and rules built on it stay silent.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.resolver import ScanIndex, Scope, argument, keyword_argument

DTYPE_NAMES = {
    "bool_": "bool",
    "bool": "bool",
    "int8": "int8",
    "int16": "int16",
    "int32": "int32",
    "int64": "int32",  # canonicalised to 32 bits while x64 is off
    "uint8": "uint8",
    "uint16": "uint16",
    "uint32": "uint32",
    "uint64": "uint32",
    "float16": "float16",
    "bfloat16": "bfloat16",
    "float32": "float32",
    "float64": "float32",
    "complex64": "complex64",
    "complex128": "complex64",
}
_PYTHON_TYPES = {"int": "int32", "float": "float32", "bool": "bool", "complex": "complex64"}
_NUMPY_MODULES = ("jax.numpy", "numpy")
# Creation functions with the position of their dtype argument and their default dtype.
_FILLED = {"zeros": 1, "ones": 1, "empty": 1}
_ARANGE_LIKE = ("arange",)


@dataclass(frozen=True)
class ArrayFacts:
    dtype: str | None  # canonical dtype name, None when unknown
    weak: bool  # a weakly typed value (Python scalar, jnp.array(0)): JAX promotes it freely
    rank: int | None  # number of dimensions, None when unknown

    @property
    def is_integer(self) -> bool:
        return self.dtype is not None and self.dtype.startswith(("int", "uint"))

    @property
    def is_float(self) -> bool:
        return self.dtype is not None and ("float" in self.dtype)


def dtype_of(index: ScanIndex, node: cst.BaseExpression) -> str | None:
    """The dtype a dtype expression names: `jnp.int32`, `np.float32`, `"int32"`, `float`."""
    if isinstance(node, cst.SimpleString):
        return DTYPE_NAMES.get(node.evaluated_value if isinstance(node.evaluated_value, str) else "")
    if isinstance(node, cst.Name) and node.value in _PYTHON_TYPES:
        if index.imports.get(node.value) is None:
            return _PYTHON_TYPES[node.value]
    qualified = index.qualify(node)
    if qualified is None:
        return None
    module, _, attr = qualified.rpartition(".")
    if module in _NUMPY_MODULES or module == "jax.dtypes" or module == "ml_dtypes":
        return DTYPE_NAMES.get(attr)
    return None


def facts(
    index: ScanIndex, node: cst.BaseExpression, scope: Scope, depth: int = 0
) -> ArrayFacts | None:
    """What the code shows about the array an expression evaluates to."""
    if depth > 6:
        return None
    if isinstance(node, cst.Integer):
        return ArrayFacts("int32", weak=True, rank=0)
    if isinstance(node, cst.Float):
        return ArrayFacts("float32", weak=True, rank=0)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.expression, (cst.Integer, cst.Float)):
        return facts(index, node.expression, scope, depth + 1)
    if isinstance(node, cst.Name):
        value = index.value_of(node.value, scope)
        return facts(index, value, scope, depth + 1) if value is not None else None
    if not isinstance(node, cst.Call):
        return None
    if isinstance(node.func, cst.Attribute) and node.func.attr.value == "astype" and node.args:
        dtype = dtype_of(index, node.args[0].value)
        inner = facts(index, node.func.value, scope, depth + 1)
        return ArrayFacts(dtype, weak=False, rank=inner.rank if inner else None)
    qualified = index.qualify(node.func)
    if qualified is None:
        return None
    module, _, function = qualified.rpartition(".")
    if module == "jax.random":
        return _random_facts(index, function, node)
    if module != "jax.numpy":
        return None
    if function in DTYPE_NAMES:
        value = node.args[0].value if node.args else None
        rank = 0 if isinstance(value, (cst.Integer, cst.Float, cst.UnaryOperation)) else None
        return ArrayFacts(DTYPE_NAMES[function], weak=False, rank=rank)
    if function in _FILLED:
        dtype_arg = argument(node, _FILLED[function], "dtype")
        dtype = dtype_of(index, dtype_arg) if dtype_arg is not None else "float32"
        shape = argument(node, 0, "shape")
        return ArrayFacts(dtype, weak=False, rank=_rank_of_shape(shape))
    if function == "full":
        shape = argument(node, 0, "shape")
        dtype_arg = argument(node, 2, "dtype")
        rank = _rank_of_shape(shape)
        if dtype_arg is not None:
            return ArrayFacts(dtype_of(index, dtype_arg), weak=False, rank=rank)
        fill = argument(node, 1, "fill_value")
        fill_facts = facts(index, fill, scope, depth + 1) if fill is not None else None
        if fill_facts is None:
            return ArrayFacts(None, weak=False, rank=rank)
        return ArrayFacts(fill_facts.dtype, weak=fill_facts.weak, rank=rank)
    if function in ("array", "asarray"):
        dtype_arg = argument(node, 1, "dtype")
        value = argument(node, 0, "object") or argument(node, 0, "a")
        if dtype_arg is not None:
            inner = facts(index, value, scope, depth + 1) if value is not None else None
            return ArrayFacts(dtype_of(index, dtype_arg), weak=False, rank=inner.rank if inner else None)
        if isinstance(value, (cst.Integer, cst.Float)):
            return facts(index, value, scope, depth + 1)
        if isinstance(value, (cst.List, cst.Tuple)):
            elements = [e.value for e in value.elements]
            if elements and all(isinstance(e, cst.Integer) for e in elements):
                return ArrayFacts("int32", weak=False, rank=1)
            if elements and all(isinstance(e, (cst.Integer, cst.Float)) for e in elements):
                return ArrayFacts("float32", weak=False, rank=1)
        return None
    if function in _ARANGE_LIKE:
        dtype_arg = keyword_argument(node, "dtype")
        if dtype_arg is not None:
            return ArrayFacts(dtype_of(index, dtype_arg), weak=False, rank=1)
        values = [a.value for a in node.args if a.keyword is None]
        if any(isinstance(v, cst.Float) for v in values):
            return ArrayFacts("float32", weak=False, rank=1)
        if values and all(isinstance(v, (cst.Integer, cst.Name, cst.Attribute)) for v in values):
            # `jnp.arange(n)` with integer literals or names: int32, as `n` is a count in practice.
            return ArrayFacts("int32", weak=False, rank=1)
        return ArrayFacts(None, weak=False, rank=1)
    if function == "linspace":
        return ArrayFacts("float32", weak=False, rank=1)
    if function in ("zeros_like", "ones_like", "empty_like", "full_like"):
        source = node.args[0].value if node.args else None
        inner = facts(index, source, scope, depth + 1) if source is not None else None
        dtype_arg = keyword_argument(node, "dtype")
        if dtype_arg is not None:
            return ArrayFacts(dtype_of(index, dtype_arg), weak=False, rank=inner.rank if inner else None)
        return inner
    return None


def _random_facts(index: ScanIndex, function: str, node: cst.Call) -> ArrayFacts | None:
    if function in ("normal", "uniform", "truncated_normal", "gumbel", "laplace", "logistic"):
        dtype_arg = argument(node, 2, "dtype")
        dtype = dtype_of(index, dtype_arg) if dtype_arg is not None else "float32"
        return ArrayFacts(dtype, weak=False, rank=_rank_of_shape(argument(node, 1, "shape")))
    return None


def _rank_of_shape(shape: cst.BaseExpression | None) -> int | None:
    if shape is None:
        return 0
    if isinstance(shape, cst.Integer):
        return 1
    if isinstance(shape, (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in shape.elements):
            return None
        return len(shape.elements)
    if isinstance(shape, (cst.Name, cst.Attribute, cst.BinaryOperation)):
        # `jnp.zeros(n)` with an int name is the common case, but a name may hold a tuple.
        return None
    return None
