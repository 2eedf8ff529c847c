"""Generate ``jax_signatures.json`` from the installed JAX.

    python -m scanlint.analysis.signatures.generate           # rewrite the stored file
    python -m scanlint.analysis.signatures.generate --check   # exit 1 and print the differences

Every field of a function's entry is decided by probing: the function is called under
``jax.eval_shape`` on abstract arguments (``jax.ShapeDtypeStruct``, weak-typed ones with
``weak_type=True``) and a rule is kept only when it agrees with every probe that JAX accepted.
A probe that JAX rejects (a dtype the function does not take, an axis out of range) says nothing
and is skipped; a field with no rule consistent with all accepted probes is written as null.

Each function is listed once in ``FUNCTIONS`` with its probe kind (``Kind``): which positional
arguments are the array operands, how a call is built from them, and which shapes and keyword
variants to try. The x64-off and x64-on tables are each built in a child process with
``JAX_ENABLE_X64`` set, so that neither depends on the configuration of the calling process.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import importlib
import inspect
import itertools
import json
import os
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("jax_signatures.json")

DTYPES = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "bfloat16", "float16", "float32", "float64", "complex64", "complex128",
)  # fmt: skip

SHAPE_RULES = (
    "same", "broadcast", "scalar", "reduce", "matmul", "stack", "concatenate", "creation",
    "new_axis_last",
)  # fmt: skip
DTYPE_KEYWORDS = ("dtype", "new_dtype", "preferred_element_type")

# Shapes of ranks 0-3 whose distinct dimensions broadcast with one another.
RANK_SHAPES: tuple[tuple[int, ...], ...] = ((), (3,), (2, 3), (4, 2, 3))
# Shapes for matrix products: every pair is a valid numpy matmul/dot where ranks allow it.
MATMUL_SHAPES: tuple[tuple[int, ...], ...] = ((), (3,), (3, 3), (2, 3, 3))
SQUARE_SHAPES: tuple[tuple[int, ...], ...] = ((3, 3), (2, 3, 3))
AXIS_VARIANTS: tuple[dict[str, Any], ...] = tuple(
    {**axis, **keep}
    for axis in ({}, {"axis": None}, {"axis": 0}, {"axis": -1}, {"axis": (0, 1)})
    for keep in ({}, {"keepdims": True}, {"keepdims": False})
)
CREATION_SHAPES: tuple[Any, ...] = ((), (3,), (2, 3), (4, 2, 3), 5)


# --- abstract arguments --------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Arr:
    """An array argument: a dtype name (``~`` prefix for weak) and a shape. With ``concrete`` it is
    passed as a value (a NumPy scalar, or a Python scalar when weak) for functions that need one."""

    dtype: str
    shape: tuple[int, ...] = ()
    concrete: bool = False


@dataclasses.dataclass(frozen=True)
class Key:
    """A PRNG key made inside the traced function: ``jax.random.key(0)`` or the raw
    ``jax.random.PRNGKey(0)`` (a uint32[2] array)."""

    raw: bool

    @property
    def name(self) -> str:
        return "uint32" if self.raw else "key<fry>"

    @property
    def shape(self) -> tuple[int, ...]:
        return (2,) if self.raw else ()


KEYS = (Key(raw=False), Key(raw=True))


def _walk(value: Any, leaf: Callable[[Any], Any]) -> Any:
    if isinstance(value, (Arr, Key)):
        return leaf(value)
    if isinstance(value, list):
        return [_walk(v, leaf) for v in value]
    if isinstance(value, dict):
        return {k: _walk(v, leaf) for k, v in value.items()}
    return value


def dtype_string(aval: Any) -> str:
    return ("~" if getattr(aval, "weak_type", False) else "") + str(aval.dtype)


def evaluate(fn: Callable[..., Any], args: Sequence[Any], kwargs: dict[str, Any]) -> Any:
    """The abstract result of ``fn(*args, **kwargs)`` (a ShapeDtypeStruct or a tuple of them), or
    None when JAX rejects the call."""
    import jax
    import numpy as np

    leaves: list[Any] = []

    def collect(a: Any) -> Any:
        if isinstance(a, Arr) and not a.concrete:
            leaves.append(jax.ShapeDtypeStruct(a.shape, a.dtype.lstrip("~"), weak_type=a.dtype.startswith("~")))
        return a

    _walk([list(args), kwargs], collect)

    def traced(*values: Any) -> Any:
        pending = iter(values)

        def fill(a: Any) -> Any:
            if isinstance(a, Key):
                return jax.random.PRNGKey(0) if a.raw else jax.random.key(0)
            if a.concrete:
                if a.dtype.startswith("~"):  # a Python scalar is what JAX types weakly
                    kind = np.dtype(a.dtype[1:]).kind
                    return {"i": 2, "f": 2.0, "c": 2.0 + 0j}[kind]
                return np.asarray(2, dtype=a.dtype)
            return next(pending)

        new_args, new_kwargs = _walk([list(args), kwargs], fill)
        return fn(*new_args, **new_kwargs)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return jax.eval_shape(traced, *leaves)
        except Exception:
            return None


# --- probe kinds ---------------------------------------------------------------------------------

Build = Callable[..., tuple[list[Any], dict[str, Any]]]


@dataclasses.dataclass(frozen=True)
class Kind:
    """How to probe a family of functions.

    ``build(ops, variant)`` returns the call's positional and keyword arguments from the operand
    placeholders (``ops[i]`` goes to position ``operands[i]``) and one keyword variant.
    ``shapes`` lists the shape combinations tried for the shape rule (one shape per operand),
    each with every keyword variant in ``variants``; dtype probes use ``dtype_shapes``.
    """

    operands: tuple[int, ...]
    build: Build
    shapes: tuple[tuple[Any, ...], ...]
    variants: tuple[dict[str, Any], ...] = ({},)
    dtype_shapes: tuple[Any, ...] | None = None
    concrete: bool = False
    keys: bool = False  # the operand is a PRNG key: probed with both key kinds
    arity: int | None = None  # operand placeholders, when not one per position (a sequence)

    @property
    def slots(self) -> int:
        return len(self.operands) if self.arity is None else self.arity


def _positional(ops: list[Any], variant: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
    return list(ops), dict(variant)


def _then(*trailing: Any, **keywords: Any) -> Build:
    """Operands followed by fixed arguments (``one_hot(x, 4)``, ``full_like(x, 0)``)."""
    return lambda ops, variant: ([*ops, *trailing], {**keywords, **variant})


def _sequence(ops: list[Any], variant: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
    return [list(ops)], dict(variant)


def _rank_pairs(shapes: Sequence[tuple[int, ...]]) -> tuple[tuple[Any, ...], ...]:
    return tuple(itertools.product(shapes, repeat=2))


UNARY = Kind((0,), _positional, tuple((s,) for s in RANK_SHAPES))
AXIS_UNARY = dataclasses.replace(UNARY, variants=({}, {"axis": 0}, {"axis": -1}))
REDUCE = dataclasses.replace(UNARY, variants=AXIS_VARIANTS)
SQUARE = Kind((0,), _positional, tuple((s,) for s in SQUARE_SHAPES), dtype_shapes=((3, 3),))
BINARY = Kind((0, 1), _positional, _rank_pairs(RANK_SHAPES))
WHERE = Kind(
    (0, 1, 2),
    _positional,
    tuple(itertools.product(RANK_SHAPES, repeat=3)),
)  # operand 0 (the condition) is fixed to bool below; the listed operands are 1 and 2
MATMUL = Kind((0, 1), _positional, _rank_pairs(MATMUL_SHAPES), dtype_shapes=((3, 3), (3, 3)))
SEQUENCE = Kind((0,), _sequence, tuple((s, s) for s in RANK_SHAPES), arity=2)
ONE_HOT = Kind((0,), _then(4), tuple((s,) for s in RANK_SHAPES))
FULL_LIKE = Kind((0,), _then(0), tuple((s,) for s in RANK_SHAPES))
RESHAPE = Kind(
    (0,),
    lambda ops, v: ([ops[0], v["shape"]], {}),
    (((4, 2, 3),),),
    dtype_shapes=((4, 2, 3),),
    variants=tuple({"shape": s} for s in ((24,), (-1,), (6, 4), (2, -1, 3), (2, 2, 2, 3), 24)),
)
RAVEL = Kind((0,), _positional, tuple((s,) for s in RANK_SHAPES[1:]))
CLIP = Kind((0, 1, 2), _positional, tuple(itertools.product(RANK_SHAPES, repeat=3)))
UNIQUE = Kind((0,), _then(size=3), tuple((s,) for s in RANK_SHAPES[1:]))


def _creation(*before: Any) -> Build:
    """``fn(*before, shape, *operands)`` with the shape from the variant (``zeros(shape)``,
    ``full(shape, fill)``, ``normal(key, shape)``)."""
    return lambda ops, variant: ([*before, variant["shape"], *ops], {})


SHAPE_VARIANTS = tuple({"shape": s} for s in CREATION_SHAPES)
CREATION = Kind((), _creation(), ((),), variants=SHAPE_VARIANTS, dtype_shapes=((),))
FULL = Kind((1,), _creation(), (((),),), variants=SHAPE_VARIANTS, dtype_shapes=((),))
ARANGE = Kind((0,), _positional, (((),),), dtype_shapes=((),), concrete=True)
LINSPACE = Kind((0, 1), _then(5), _rank_pairs(((),)), dtype_shapes=((), ()))
EYE = Kind((), lambda ops, v: ([3], {}), ((),))


def _key_then(*after: Any, **keywords: Any) -> Build:
    return lambda ops, v: ([v["key"], *ops, *after], {**keywords, **{k: x for k, x in v.items() if k != "key"}})


def _with_keys(variants: Sequence[dict[str, Any]]) -> tuple[dict[str, Any], ...]:
    """Variants of a call whose first argument is a PRNG key; the probes try both key kinds."""
    return tuple({**v, "key": KEYS[0]} for v in variants)


RANDOM_SHAPES = tuple({"shape": s} for s in RANK_SHAPES)
RANDOM_PLAIN = Kind((), _key_then(), ((),), variants=_with_keys(RANDOM_SHAPES))
RANDOM_RANGE = Kind((), _key_then(minval=0, maxval=10), ((),), variants=_with_keys(RANDOM_SHAPES))
RANDOM_BOUNDS = Kind((), _key_then(lower=-1.0, upper=1.0), ((),), variants=_with_keys(RANDOM_SHAPES))
RANDOM_P = Kind((), _key_then(p=0.5), ((),), variants=_with_keys(RANDOM_SHAPES))
RANDOM_CATEGORICAL = Kind(
    (1,), _key_then(), tuple((s,) for s in RANK_SHAPES[1:]),
    variants=_with_keys(({}, {"axis": 0}, {"axis": -1})),
)  # fmt: skip
RANDOM_CHOICE = Kind((1,), _key_then(), (((5,),),), variants=_with_keys(RANDOM_SHAPES))
RANDOM_PERMUTATION = Kind((1,), _key_then(), tuple((s,) for s in RANK_SHAPES[1:]), variants=_with_keys(({},)))
KEY_UNARY = Kind((0,), lambda ops, v: ([ops[0], *v.get("after", ())], {}), ((),),
                 variants=({"after": ()}, {"after": (3,)}), keys=True)  # fmt: skip
KEY_FOLD = Kind((0,), _then(7), ((),), keys=True)

EINSUM = Kind(
    (1, 2),
    lambda ops, v: ([v.get("spec", "i,i->i"), *ops], {}),
    ((),),
    dtype_shapes=((3, 3), (3, 3)),
    variants=({"spec": "ij,jk->ik", "shapes": ((3, 3), (3, 3))}, {"spec": "i,i->", "shapes": ((3,), (3,))},
              {"spec": "ij,j->i", "shapes": ((3, 3), (3,))}, {"spec": "bij,bjk->bik", "shapes": ((2, 3, 3), (2, 3, 3))},
              {"spec": "i,j->ij", "shapes": ((3,), (4,))}, {"spec": "ij,ij->j", "shapes": ((2, 3), (2, 3))}),
)  # fmt: skip
DOT_GENERAL = Kind(
    (0, 1),
    lambda ops, v: ([*ops, v.get("dn", (((0,), (0,)), ((), ())))], {}),
    ((),),
    dtype_shapes=((3, 3), (3, 3)),
    variants=({"dn": (((1,), (0,)), ((), ())), "shapes": ((3, 3), (3, 3))},
              {"dn": (((0,), (0,)), ((), ())), "shapes": ((3,), (3,))},
              {"dn": (((2,), (1,)), ((0,), (0,))), "shapes": ((2, 3, 3), (2, 3, 3))},
              {"dn": (((0,), (0,)), ((), ())), "shapes": ((2, 3), (2, 4))},
              {"dn": (((), ()), ((), ())), "shapes": ((3,), (4,))}),
)  # fmt: skip
CONVERT = Kind((0,), lambda ops, v: ([ops[0], v["to"]], {}), tuple((s,) for s in RANK_SHAPES))


# --- the functions -------------------------------------------------------------------------------

def _names(prefix: str, names: str, kind: Kind) -> list[tuple[str, Kind]]:
    return [(f"{prefix}.{n}", kind) for n in names.split()]


FUNCTIONS: list[tuple[str, Kind]] = [
    *_names("jax.numpy", """abs absolute sign sqrt cbrt exp exp2 log log1p log2 log10 expm1 sin cos
        tan tanh sinh cosh arcsin arccos arctan arcsinh arctanh square negative positive reciprocal
        floor ceil round rint trunc real imag conj conjugate angle isnan isfinite isinf
        logical_not bitwise_not invert signbit sinc deg2rad radians fabs""", UNARY),
    *_names("jax.numpy", """add subtract multiply divide true_divide floor_divide power pow mod
        remainder fmod maximum minimum fmax fmin arctan2 hypot copysign logaddexp heaviside
        logical_and logical_or logical_xor bitwise_and bitwise_or bitwise_xor left_shift
        right_shift equal not_equal less less_equal greater greater_equal""", BINARY),
    ("jax.numpy.where", WHERE),
    ("jax.numpy.clip", CLIP),
    *_names("jax.numpy", """sum mean max min amax amin prod std var any all argmax argmin nansum
        nanmean nanmax nanmin median count_nonzero ptp""", REDUCE),
    ("jax.numpy.linalg.norm", REDUCE),
    ("jax.nn.logsumexp", REDUCE),
    ("jax.scipy.special.logsumexp", REDUCE),
    *_names("jax.numpy", "cumsum cumprod sort", AXIS_UNARY),
    *_names("jax.numpy", "matmul dot inner outer vdot tensordot", MATMUL),
    ("jax.numpy.einsum", EINSUM),
    *_names("jax.numpy", "stack concatenate hstack vstack", SEQUENCE),
    ("jax.numpy.reshape", RESHAPE),
    ("jax.numpy.ravel", RAVEL),
    ("jax.numpy.astype", CONVERT),
    *_names("jax.numpy", "zeros ones empty", CREATION),
    ("jax.numpy.full", FULL),
    ("jax.numpy.arange", ARANGE),
    ("jax.numpy.linspace", LINSPACE),
    *_names("jax.numpy", "eye identity", EYE),
    *_names("jax.numpy", "zeros_like ones_like empty_like", UNARY),
    ("jax.numpy.full_like", FULL_LIKE),
    *_names("jax.numpy.linalg", "inv cholesky eigh eigvalsh svd qr slogdet det", SQUARE),
    ("jax.numpy.unique", UNIQUE),
    *_names("jax.numpy.fft", "fft ifft fftn ifftn rfft irfft fftshift ifftshift", UNARY),
    *_names("jax.scipy.special", "expit logit erf erfc gammaln digamma", UNARY),
    *_names("jax.nn", """relu relu6 gelu sigmoid softplus silu swish tanh elu celu selu
        leaky_relu log_sigmoid hard_tanh soft_sign""", UNARY),
    *_names("jax.nn", "softmax log_softmax standardize", AXIS_UNARY),
    ("jax.nn.one_hot", ONE_HOT),
    *_names("jax.random", "normal uniform gumbel exponential laplace", RANDOM_PLAIN),
    ("jax.random.randint", RANDOM_RANGE),
    ("jax.random.truncated_normal", RANDOM_BOUNDS),
    ("jax.random.bernoulli", RANDOM_P),
    ("jax.random.categorical", RANDOM_CATEGORICAL),
    ("jax.random.choice", RANDOM_CHOICE),
    ("jax.random.permutation", RANDOM_PERMUTATION),
    ("jax.random.split", KEY_UNARY),
    ("jax.random.fold_in", KEY_FOLD),
    *_names("jax.lax", "add sub mul div rem pow max min atan2 eq ne lt le gt ge", BINARY),
    ("jax.lax.select", WHERE),
    ("jax.lax.convert_element_type", CONVERT),
    ("jax.lax.dot", MATMUL),
    ("jax.lax.dot_general", DOT_GENERAL),
    *_names("jax.lax", """exp log tanh logistic rsqrt sqrt sin cos abs neg sign floor ceil square
        stop_gradient""", UNARY),
    ("jax.lax.cumsum", AXIS_UNARY),
]

# Operands that are not free dtype slots: the condition of where/select is always bool, and
# convert/astype take their target as a keyword that the probes vary.
FIXED_OPERAND_DTYPES: dict[str, dict[int, str]] = {"jax.numpy.where": {0: "bool"}, "jax.lax.select": {0: "bool"}}
CONVERTS = ("jax.numpy.astype", "jax.lax.convert_element_type")


def exists(qualified: str) -> bool:
    """Whether this JAX has the function (a removed or deprecated one is left out of the table)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            resolve(qualified)
        except (AttributeError, ImportError):
            return False
    return True


def resolve(qualified: str) -> Callable[..., Any]:
    module, _, name = qualified.rpartition(".")
    return getattr(importlib.import_module(module), name)


# --- the table of one x64 setting ----------------------------------------------------------------


class Table:
    def __init__(self) -> None:
        import jax
        import jax.numpy as jnp

        self.x64 = bool(jax.config.jax_enable_x64)
        self.canonical = {d: str(jax.eval_shape(lambda x: x, jax.ShapeDtypeStruct((), d)).dtype) for d in DTYPES}
        self.python_scalars = {
            type(v).__name__: dtype_string(jax.eval_shape(lambda x: x, v)) for v in (True, 1, 1.0, 1j)
        }
        strong = sorted(set(self.canonical.values()), key=DTYPES.index)
        weak = sorted((s for s in self.python_scalars.values() if s.startswith("~")), key=lambda s: DTYPES.index(s[1:]))
        self.dtypes: list[str] = strong + weak
        self.promotion = {a: {b: self._result_type(a, b) for b in self.dtypes} for a in self.dtypes}
        self.float_default = str(jnp.zeros(()).dtype)
        self.int_default = str(jnp.arange(1).dtype)

    @staticmethod
    def _result_type(a: str, b: str) -> str:
        import jax
        from jax._src import dtypes  # private: the public jnp.result_type drops the weak flag

        found: list[Any] = []

        def probe(x: Any, y: Any) -> Any:
            found.append(dtypes.result_type(x, y, return_weak_type_flag=True))
            return x

        jax.eval_shape(probe, *(jax.ShapeDtypeStruct((), d.lstrip("~"), weak_type=d.startswith("~")) for d in (a, b)))
        dtype, weak = found[0]
        return ("~" if weak else "") + str(dtype)

    def promote(self, names: Sequence[str]) -> str:
        result = names[0]
        for name in names[1:]:
            result = self.promotion[result][name]
        return result

    def as_json(self) -> dict[str, Any]:
        return {
            "canonical": self.canonical,
            "python_scalars": self.python_scalars,
            "promotion": self.promotion,
            "float_default": self.float_default,
            "int_default": self.int_default,
            "functions": {name: self.function(name, kind) for name, kind in FUNCTIONS if exists(name)},
        }

    # --- one function ---

    def _operands(self, name: str, kind: Kind, dtypes: Sequence[str], shapes: Sequence[Any]) -> list[Any]:
        fixed = FIXED_OPERAND_DTYPES.get(name, {})
        free = iter(dtypes)
        return [Arr(fixed[i] if i in fixed else next(free), tuple(shapes[i]), kind.concrete) for i in range(kind.slots)]

    def _combos(self, name: str, kind: Kind) -> list[tuple[str, ...]]:
        """Dtypes of the free operands: each dtype for one, every pair for two, and for three
        (a, b, b): the later operands share a dtype."""
        free = kind.slots - len(FIXED_OPERAND_DTYPES.get(name, {}))
        if free == 0:
            return [()]
        if free == 1:
            return [(d,) for d in self.dtypes]
        return [(a, *[b] * (free - 1)) for a, b in itertools.product(self.dtypes, repeat=2)]

    def _dtype_probes(self, name: str, kind: Kind) -> Iterator[tuple[list[Any], dict[str, Any], str]]:
        """(args, kwargs, promoted dtype of the free operands) over every dtype combination, with
        the first keyword variant (and both key kinds where a key is an argument)."""
        variant = {k: v for k, v in kind.variants[0].items() if k != "shapes"}
        shapes = kind.dtype_shapes or kind.variants[0].get("shapes") or ((3,),) * kind.slots
        targets = [{"to": t} for t in self.dtypes if not t.startswith("~")] \
            if name in CONVERTS else [{}]  # fmt: skip
        if kind.keys:
            for key in KEYS:
                args, kwargs = kind.build([key], variant)
                yield args, kwargs, key.name
            return
        for key in KEYS if "key" in variant else (None,):
            for combo in self._combos(name, kind):
                ops = self._operands(name, kind, combo, shapes)
                for target in targets:
                    v = {**variant, **target, **({"key": key} if key else {})}
                    args, kwargs = kind.build(ops, v)
                    yield args, kwargs, self.promote(combo) if combo else ""

    def _shape_probes(self, name: str, kind: Kind, dtype: str) -> Iterator[tuple[list[Any], dict[str, Any]]]:
        """(args, kwargs) over every shape combination and keyword variant, operands of ``dtype``."""
        fixed = FIXED_OPERAND_DTYPES.get(name, {})
        free = [dtype] * (kind.slots - len(fixed))
        for variant in kind.variants:
            variant = dict(variant)
            shape_sets = [variant.pop("shapes")] if "shapes" in variant else kind.shapes
            if name in CONVERTS:
                variant.update(to="float32")
            for key in KEYS if "key" in variant else (None,):
                if key is not None:
                    variant["key"] = key
                if kind.keys:
                    for k in KEYS:
                        yield kind.build([k], variant)
                    continue
                for shapes in shape_sets:
                    yield kind.build(self._operands(name, kind, free, shapes), variant)

    def function(self, name: str, kind: Kind) -> dict[str, Any]:
        fn = resolve(name)
        try:
            parameters = list(inspect.signature(fn).parameters.values())
        except (TypeError, ValueError):
            parameters = []

        def keyword_position(keyword: str) -> int | None:
            for i, p in enumerate(parameters):
                if p.name == keyword and p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
                    return i
            return None

        # a positional-only operand (jnp.sin's x) has no keyword: None
        operand_keywords = [
            parameters[p].name
            if p < len(parameters) and parameters[p].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
            else None
            for p in kind.operands
        ]

        outputs: list[Any] = []

        # dtype: promoted operand dtype -> result dtype, when one result per promoted dtype
        dtype_map: dict[str, str] | None = {}
        base_probes: list[tuple[list[Any], dict[str, Any]]] = []
        accepted: set[str] = set()
        for args, kwargs, promoted in self._dtype_probes(name, kind):
            out = evaluate(fn, args, kwargs)
            if out is None:
                continue
            outputs.append(out)
            accepted.add(promoted)
            if promoted in ("float32", "int32", "", "key<fry>", "uint32") or promoted.startswith("~"):
                base_probes.append((args, kwargs))
            if dtype_map is None or not hasattr(out, "dtype"):
                dtype_map = None
                continue
            result = dtype_string(out)
            if dtype_map.setdefault(promoted, result) != result:
                dtype_map = None
        if not dtype_map:
            dtype_map = None

        # dtype keyword: every target dtype given through it comes out as that dtype, strong
        dtype_keyword = None
        present = {p.name for p in parameters}
        for keyword in DTYPE_KEYWORDS:
            if keyword not in present:
                continue
            agreed, disagreed = 0, 0
            for args, kwargs in base_probes[:4]:
                for target in DTYPES:
                    out = evaluate(fn, args, {**kwargs, keyword: target})
                    if out is None:
                        continue
                    if hasattr(out, "dtype") and dtype_string(out) == self.canonical[target]:
                        agreed += 1
                    else:
                        disagreed += 1
            if agreed >= 2 and not disagreed:
                dtype_keyword = keyword
            break

        # shape: the first rule that predicts every accepted probe
        axis_position = keyword_position("axis")
        shape_position = keyword_position("shape")
        listed = [p for i, p in enumerate(kind.operands) if i not in FIXED_OPERAND_DTYPES.get(name, {})]
        consistent = dict.fromkeys(SHAPE_RULES, True)
        answered = 0
        # operands of a dtype the function takes (bitwise functions take no float)
        dtype = next((d for d in ("float32", "int32", "bool") if d in accepted), "float32")
        for args, kwargs in self._shape_probes(name, kind, dtype):
            out = evaluate(fn, args, kwargs)
            if out is None:
                continue
            outputs.append(out)
            answered += 1
            for rule in SHAPE_RULES:
                if consistent[rule]:
                    consistent[rule] = hasattr(out, "shape") and predicts(
                        rule, out.shape, args, kwargs, [args[p] for p in listed], axis_position, shape_position)
        shape = next((r for r in SHAPE_RULES if consistent[r]), None) if answered >= 2 else None

        if not outputs:
            returns = None
        elif all(isinstance(o, (tuple, list)) for o in outputs):
            returns = "tuple"
        elif all(hasattr(o, "shape") for o in outputs):
            returns = "array"
        else:
            returns = None
        if returns != "array":  # the dtype and shape rules describe a single array
            dtype_map, shape, dtype_keyword = None, None, None

        return {
            "operands": listed,
            "operand_keywords": [k for p, k in zip(kind.operands, operand_keywords) if p in listed],
            "dtype": dict(sorted(dtype_map.items())) if dtype_map else None,
            "dtype_keyword": dtype_keyword,
            "shape": shape,
            "axis_position": axis_position if shape == "reduce" else None,
            "shape_position": shape_position if shape == "creation" else None,
            "returns": returns,
        }


# --- shape rules ---------------------------------------------------------------------------------


def _shape_of(value: Any) -> tuple[int, ...] | None:
    return tuple(value.shape) if isinstance(value, (Arr, Key)) else None


def predicts(rule: str, result: tuple[int, ...], args: list[Any], kwargs: dict[str, Any], operands: list[Any],
             axis_position: int | None, shape_position: int | None) -> bool:  # fmt: skip
    """Whether ``rule`` gives the shape JAX gave (the rank, for the rules that only fix a rank)."""
    import numpy as np

    result = tuple(result)
    shapes = [_shape_of(o) for o in operands]
    arrays = all(s is not None for s in shapes) and bool(shapes)
    if rule == "same":
        return arrays and result == shapes[0]
    if rule == "broadcast":
        if not arrays:
            return False
        try:
            return result == tuple(np.broadcast_shapes(*shapes))
        except ValueError:
            return False
    if rule == "scalar":
        return result == ()
    if rule == "reduce":
        if not arrays:
            return False
        shape = shapes[0]
        if "axis" in kwargs:
            axis = kwargs["axis"]
        elif axis_position is not None and len(args) > axis_position:
            axis = args[axis_position]
        else:
            axis = None
        keep = bool(kwargs.get("keepdims", False))
        axes = range(len(shape)) if axis is None else (axis if isinstance(axis, tuple) else (axis,))
        try:
            axes = {a % len(shape) for a in axes} if shape else set(axes)
        except ZeroDivisionError:
            return False
        if any(a >= max(len(shape), 1) for a in axes) and shape:
            return False
        expected = tuple((1 if keep else None) if i in axes else d for i, d in enumerate(shape))
        return result == tuple(d for d in expected if d is not None)
    if rule == "matmul":
        if len(shapes) != 2 or not arrays or not all(shapes):
            return False
        try:
            return result == np.matmul(np.empty(shapes[0]), np.empty(shapes[1])).shape
        except ValueError:
            return False
    if rule in ("stack", "concatenate"):
        sequence = args[0] if args else None
        if not isinstance(sequence, list) or not sequence or not all(isinstance(a, Arr) for a in sequence):
            return False
        return len(result) == len(sequence[0].shape) + (rule == "stack")
    if rule == "creation":
        if "shape" in kwargs:
            shape = kwargs["shape"]
        elif shape_position is not None and len(args) > shape_position:
            shape = args[shape_position]
        else:
            return False
        return isinstance(shape, (int, tuple)) and len(result) == (1 if isinstance(shape, int) else len(shape))
    if rule == "new_axis_last":
        return arrays and len(shapes) == 1 and result[:-1] == shapes[0]
    raise ValueError(rule)


# --- the whole file ------------------------------------------------------------------------------


X64_SETTINGS = {"x64_off": "0", "x64_on": "1"}


def start_table_child(name: str) -> subprocess.Popen[str]:
    """A child process whose JAX has the x64 setting ``name`` (the setting is read once, when
    JAX starts) and which writes that table as JSON."""
    # Many probes are calls JAX rejects; filtering each rejection's traceback costs half the run.
    env = dict(os.environ, JAX_ENABLE_X64=X64_SETTINGS[name], JAX_PLATFORMS="cpu", JAX_TRACEBACK_FILTERING="off")
    return subprocess.Popen(
        [sys.executable, "-m", "scanlint.analysis.signatures.generate", "--table"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def table_of(name: str, child: subprocess.Popen[str]) -> dict[str, Any]:
    out, err = child.communicate()
    if child.returncode != 0:
        raise RuntimeError(f"generating the {name} table failed:\n{err}")
    return json.loads(out)


def tables_in_children() -> dict[str, Any]:
    """Both tables, built at the same time in two child processes."""
    children = {name: start_table_child(name) for name in X64_SETTINGS}
    return {name: table_of(name, child) for name, child in children.items()}


def generate() -> dict[str, Any]:
    import jax

    return {"jax_version": jax.__version__, "tables": tables_in_children()}


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=True) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the stored file; exit 1 when they differ")
    parser.add_argument("--table", action="store_true", help=argparse.SUPPRESS)  # one table, for the parent
    options = parser.parse_args(argv)
    if options.table:
        sys.stdout.write(dumps(Table().as_json()))
        return 0
    text = dumps(generate())
    if options.check:
        stored = DATA_FILE.read_text() if DATA_FILE.exists() else ""
        if stored == text:
            return 0
        sys.stdout.writelines(difflib.unified_diff(
            stored.splitlines(keepends=True), text.splitlines(keepends=True), "stored", "installed jax", n=2))  # fmt: skip
        return 1
    DATA_FILE.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
