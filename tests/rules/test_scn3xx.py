"""SCN3xx: arrays in static pytree metadata, on code written the ways real JAX code is written."""

from __future__ import annotations

import pytest
from helpers import Case, lint, positions

SEED_PARAMS = """
import jax
import jax.numpy as jnp
from jax import lax


class Params:
    def __init__(self, w: jax.Array, a: int):
        self.w = w
        self.a = a

    def one_step(self, carry, x):
        new = jnp.tanh(self.w * carry + x) * self.a
        return new, new.sum()


def flatten(params):
    return (params.w,), {"a": params.a}


def unflatten(aux, children):
    (w,) = children
    return Params(w, aux["a"])


jax.tree_util.register_pytree_node(Params, flatten, unflatten)
"""

AUX_DATA = [
    Case("seed Params: array child, int in aux_data", SEED_PARAMS, []),
    Case(
        "seed Params with the array moved into aux_data",
        SEED_PARAMS.replace('return (params.w,), {"a": params.a}', 'return (), {"a": params.a, "w": params.w}'),
        ["18:37 SCN301"],
    ),
    Case(
        "tuple aux_data, array built in __init__",
        """
        import jax
        import jax.numpy as jnp

        class Normalizer:
            def __init__(self, data, eps):
                self.mean = jnp.mean(data, axis=0)
                self.eps = eps

        def flatten(n):
            return (), (n.mean, n.eps)

        def unflatten(aux, children):
            obj = object.__new__(Normalizer)
            obj.mean, obj.eps = aux
            return obj

        jax.tree_util.register_pytree_node(Normalizer, flatten, unflatten)
        """,
        ["11:17 SCN301"],
    ),
    Case(
        "register_pytree_node_class decorator, aux_data in a helper variable",
        """
        import jax
        import numpy as np
        from jax.tree_util import register_pytree_node_class

        @register_pytree_node_class
        class Masked:
            def __init__(self, values, mask: np.ndarray, name: str):
                self.values = values
                self.mask = mask
                self.name = name

            def tree_flatten(self):
                children = (self.values,)
                aux_data = (self.mask, self.name)
                return children, aux_data

            @classmethod
            def tree_unflatten(cls, aux_data, children):
                return cls(children[0], *aux_data)
        """,
        ["15:21 SCN301"],
    ),
    Case(
        "register_pytree_node_class called on the class, jaxtyping annotation",
        """
        import jax
        from jaxtyping import Array, Float

        class Basis:
            def __init__(self, coeffs, grid: Float[Array, "n"]):
                self.coeffs = coeffs
                self.grid = grid

            def tree_flatten(self):
                return (self.coeffs,), self.grid

            @classmethod
            def tree_unflatten(cls, grid, children):
                return cls(children[0], grid)

        jax.tree_util.register_pytree_node_class(Basis)
        """,
        ["11:32 SCN301"],
    ),
    Case(
        "conditional aux_data: only the array branch is flagged",
        """
        import jax
        import jax.numpy as jnp

        class Layer:
            def __init__(self, w, masked: bool):
                self.w = w
                self.masked = masked
                self.mask = jnp.tril(jnp.ones((4, 4)))

        jax.tree_util.register_pytree_node(
            Layer,
            lambda layer: ((layer.w,), layer.mask if layer.masked else None),
            lambda aux, children: Layer(children[0], aux is not None),
        )
        """,
        ["13:32 SCN301"],
    ),
    Case(
        "frozen parameters moved into aux_data: a child on the other path",
        """
        import jax

        class Linear:
            def __init__(self, w, b, trainable):
                self.w, self.b = w, b
                self.trainable = trainable

        def flatten(layer):
            if layer.trainable:
                return (layer.w, layer.b), (True,)
            return (), (False, layer.w, layer.b)

        def unflatten(aux, children):
            ...

        jax.tree_util.register_pytree_node(Linear, flatten, unflatten)
        """,
        ["12:24 SCN301", "12:33 SCN301"],
    ),
    Case(
        "register_pytree_with_keys, PRNG key in a dict(...) aux_data, import jax.tree_util as jtu",
        """
        import jax
        import jax.tree_util as jtu

        class Dropout:
            def __init__(self, rate: float, seed: int):
                self.rate = rate
                self.key = jax.random.PRNGKey(seed)
                self.scale = jax.numpy.ones(())

        def flatten_with_keys(d):
            return ((jtu.GetAttrKey("scale"), d.scale),), dict(rate=d.rate, key=d.key)

        def unflatten(aux, children):
            ...

        jtu.register_pytree_with_keys(Dropout, flatten_with_keys, unflatten)
        """,
        ["12:73 SCN301"],
    ),
    Case(
        "from jax.tree_util import register_pytree_node as reg, staticmethod flatten, class annotation",
        """
        import dataclasses
        import jax
        from jax.tree_util import register_pytree_node as reg

        @dataclasses.dataclass
        class Table:
            rows: jax.Array
            lookup: jax.Array
            size: int

            @staticmethod
            def flatten(t):
                return (t.rows,), (t.size, t.lookup)

            @staticmethod
            def unflatten(aux, children):
                return Table(children[0], aux[1], aux[0])

        reg(Table, Table.flatten, Table.unflatten)
        """,
        ["14:36 SCN301"],
    ),
    Case(
        "a constructor written straight into aux_data",
        """
        import jax
        import jax.numpy as jnp

        class Scaled:
            def __init__(self, x, scale):
                self.x = x
                self.scale = scale

        jax.tree_util.register_pytree_node(
            Scaled,
            lambda s: ((s.x,), {"scale": jnp.float32(s.scale)}),
            lambda aux, children: Scaled(children[0], float(aux["scale"])),
        )
        """,
        ["12:34 SCN301"],
    ),
    Case(
        "frozen dataclass setting an array in __post_init__, Optional and string annotations",
        """
        import dataclasses
        from typing import Optional

        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_pytree_node_class
        @dataclasses.dataclass(frozen=True)
        class Embedding:
            table: jax.Array
            padding: Optional[jax.Array] = None
            norms: "jax.Array | None" = None

            def __post_init__(self):
                object.__setattr__(self, "cached", jnp.linalg.norm(self.table, axis=-1))

            def tree_flatten(self):
                return (self.table,), (self.padding, self.norms, self.cached)

            @classmethod
            def tree_unflatten(cls, aux, children):
                ...
        """,
        ["19:32 SCN301", "19:46 SCN301", "19:58 SCN301"],
    ),
    Case(
        "register_pytree_with_keys_class: both flatten methods",
        """
        import jax
        import numpy as np

        @jax.tree_util.register_pytree_with_keys_class
        class Grid:
            def __init__(self, values):
                self.values = values
                self.coords = np.linspace(0.0, 1.0, 16)

            def tree_flatten_with_keys(self):
                return ((jax.tree_util.GetAttrKey("values"), self.values),), self.coords

            def tree_flatten(self):
                return (self.values,), self.coords

            @classmethod
            def tree_unflatten(cls, coords, children):
                ...
        """,
        ["12:70 SCN301", "15:32 SCN301"],
    ),
    Case(
        "attribute set to None or an array in __init__",
        """
        import jax
        import jax.numpy as jnp

        class Model:
            def __init__(self, w, bias=None):
                self.w = w
                if bias is None:
                    self.bias = None
                else:
                    self.bias = jnp.asarray(bias)

        jax.tree_util.register_pytree_node(Model, lambda m: ((m.w,), m.bias), lambda aux, ch: Model(ch[0], aux))
        """,
        ["13:62 SCN301"],
    ),
    Case(
        "attributes set by tuple unpacking in __init__",
        """
        import jax
        import numpy as np

        class Scaled:
            def __init__(self, x, scale: np.ndarray, name: str):
                self.x, self.scale, self.name = x, scale, name

        jax.tree_util.register_pytree_node(
            Scaled,
            lambda s: ((s.x,), (s.name, s.scale)),
            lambda aux, children: Scaled(children[0], aux[1], aux[0]),
        )
        """,
        ["11:33 SCN301"],
    ),
]

AUX_DATA_CLEAN = [
    Case(
        "hashable aux_data of every kind",
        """
        import enum
        import jax
        import jax.numpy as jnp
        import numpy as np

        class Mode(enum.Enum):
            TRAIN = 1

        class Block:
            def __init__(self, w: jax.Array, depth: int, rate: float, name: str, mode: Mode):
                self.w = w
                self.depth = depth
                self.rate = rate
                self.name = name
                self.mode = mode
                self.activation = jax.nn.relu
                self.dtype = jnp.float32
                self.scale = np.float32(rate)
                self.total = int(jnp.sum(w))
                self.kernel_size = (3, 3)

            def tree_flatten(self):
                aux = (
                    self.depth, self.rate, self.name, self.mode, self.activation, self.dtype,
                    self.scale, self.total, self.kernel_size, self.w.shape, self.w.dtype,
                    tuple(self.w.tolist()), True, None,
                )
                return (self.w,), aux

        jax.tree_util.register_pytree_node_class(Block)
        """,
    ),
    Case(
        "no evidence: unannotated parameter, ArrayLike, Union with int, opaque reassignment",
        """
        import jax
        from typing import Union
        from jax.typing import ArrayLike

        class Thing:
            def __init__(self, w, a, b: ArrayLike, c: Union[int, jax.Array], d):
                self.w = w
                self.a = a
                self.b = b
                self.c = c
                self.d, self.e = d

        def flatten(t):
            return (t.w,), (t.a, t.b, t.c, t.d, t.e)

        jax.tree_util.register_pytree_node(Thing, flatten, lambda aux, ch: None)
        """,
    ),
    Case(
        "an array assigned on one path, an unknown value on another",
        """
        import jax
        import jax.numpy as jnp

        class Thing:
            def __init__(self, w, mask=None):
                self.w = w
                if mask is None:
                    self.mask = jnp.ones(3)
                else:
                    self.mask = mask

        jax.tree_util.register_pytree_node(Thing, lambda t: ((t.w,), t.mask), lambda aux, ch: None)
        """,
    ),
    Case(
        "NumPy reductions give hashable scalars; a flatten nobody registers is not checked",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        class Stats:
            def __init__(self, x: np.ndarray):
                self.x = x
                self.peak = np.max(np.ones(3))

        def flatten(s):
            return (s.x,), (s.peak,)

        def flatten_unused(s):
            return (), (s.x, jnp.ones(3))

        jax.tree_util.register_pytree_node(Stats, flatten, lambda aux, ch: None)
        """,
    ),
    Case(
        "field names read to build the children are not children themselves",
        """
        import jax

        @jax.tree_util.register_pytree_node_class
        class Record:
            def __init__(self, names, values):
                self.names = tuple(names)
                for name, value in zip(names, values):
                    setattr(self, name, value)

            def tree_flatten(self):
                children = tuple(getattr(self, name) for name in self.names)
                return children, self.names

            @classmethod
            def tree_unflatten(cls, names, children):
                return cls(names, children)
        """,
    ),
    Case(
        "a flatten that branches on the attribute itself (JAX's NDIndexer)",
        """
        import jax

        @jax.tree_util.register_pytree_node_class
        class NDIndexer:
            def __init__(self, indices, shape, int_indexer_shape):
                self.indices = indices
                self.shape = shape
                self.int_indexer_shape = int_indexer_shape

            def tree_flatten(self):
                flat_idx, idx_tree = jax.tree_util.tree_flatten(self.indices)
                if not all(isinstance(i, int) for i in self.int_indexer_shape):
                    return (*flat_idx, self.int_indexer_shape), (idx_tree, self.shape)
                else:
                    return flat_idx, (idx_tree, self.shape, self.int_indexer_shape)

            @classmethod
            def tree_unflatten(cls, data, flat_idx):
                ...
        """,
    ),
    Case(
        "the instance parameter rebound inside the flatten function",
        """
        import jax

        class Wrapper:
            def __init__(self, inner: jax.Array):
                self.inner = inner

        def flatten(w):
            w = w.config
            return (), (w.inner,)

        jax.tree_util.register_pytree_node(Wrapper, flatten, lambda aux, ch: None)
        """,
    ),
]

STATIC_FIELDS = [
    Case(
        "flax.struct.dataclass, pytree_node=False on a jax.Array field",
        """
        import jax
        from flax import struct

        @struct.dataclass
        class Embedder:
            scale: jax.Array
            table: jax.Array = struct.field(pytree_node=False)
        """,
        ["8:5 SCN302"],
    ),
    Case(
        "flax.struct.PyTreeNode subclass, jnp.ndarray and np.ndarray annotations",
        """
        import flax.struct
        import jax.numpy as jnp
        import numpy as np

        class Stats(flax.struct.PyTreeNode):
            count: int = flax.struct.field(pytree_node=False)
            mean: jnp.ndarray = flax.struct.field(pytree_node=False)
            var: np.ndarray = flax.struct.field(pytree_node=False)
        """,
        ["8:5 SCN302", "9:5 SCN302"],
    ),
    Case(
        "from flax.struct import field, PyTreeNode; positional pytree_node=False; array default",
        """
        from typing import Any

        import jax.numpy as jnp
        from flax.struct import PyTreeNode, field

        class Config(PyTreeNode):
            mask: Any = field(False)
            weights: Any = field(pytree_node=False, default=jnp.zeros(8))
            offsets: Any = field(pytree_node=False, default_factory=lambda: jnp.arange(4))
        """,
        ["9:5 SCN302", "10:5 SCN302"],
    ),
    Case(
        "flax dataclass filling a static field in __post_init__",
        """
        from typing import Any

        import jax
        import jax.numpy as jnp
        from flax import struct

        @struct.dataclass
        class Codebook:
            vectors: jax.Array
            norms: Any = struct.field(pytree_node=False, default=None)

            def __post_init__(self):
                object.__setattr__(self, "norms", jnp.linalg.norm(self.vectors, axis=-1))
        """,
        ["11:5 SCN302"],
    ),
    Case(
        "equinox: field(static=True), static_field(), array assigned in __init__",
        """
        from typing import Any

        import equinox as eqx
        import jax
        import jax.numpy as jnp
        from jaxtyping import Array, Float

        class Model(eqx.Module):
            weight: jax.Array
            lookup: jax.Array = eqx.field(static=True)
            basis: Float[Array, "n d"] = eqx.static_field()
            table: Any = eqx.field(static=True)

            def __init__(self, key):
                self.weight = jax.random.normal(key, (3, 3))
                self.lookup = jnp.arange(3)
                self.basis = jnp.eye(3)
                self.table = jnp.ones((3, 2))
        """,
        ["11:5 SCN302", "12:5 SCN302", "13:5 SCN302"],
    ),
    Case(
        "register_dataclass(meta_fields=...) call: the name in meta_fields is reported",
        """
        import dataclasses
        import jax
        import numpy as np

        @dataclasses.dataclass
        class Batch:
            x: jax.Array
            mask: np.ndarray
            size: int

        jax.tree_util.register_dataclass(Batch, data_fields=["x"], meta_fields=["mask", "size"])
        """,
        ["12:73 SCN302"],
    ),
    Case(
        "register_dataclass through functools.partial as a decorator, positional fields",
        """
        import dataclasses
        import functools
        import jax

        META = ("padding", "n")

        @functools.partial(jax.tree_util.register_dataclass, data_fields=("x",), meta_fields=META)
        @dataclasses.dataclass
        class Padded:
            x: jax.Array
            padding: jax.Array
            n: int
        """,
        ["6:9 SCN302"],
    ),
    Case(
        "bare register_dataclass decorator with metadata static=True",
        """
        import dataclasses
        import jax
        from jax.tree_util import register_dataclass

        @register_dataclass
        @dataclasses.dataclass
        class State:
            params: jax.Array
            step: int = dataclasses.field(metadata=dict(static=True))
            schedule: jax.Array = dataclasses.field(metadata={"static": True})
        """,
        ["11:5 SCN302"],
    ),
]

STATIC_FIELDS_CLEAN = [
    Case(
        "hashable static fields, array data fields",
        """
        from typing import Any, Callable

        import jax
        import jax.numpy as jnp
        from flax import struct

        class TrainState(struct.PyTreeNode):
            step: int
            params: Any
            apply_fn: Callable = struct.field(pytree_node=False)
            tx: Any = struct.field(pytree_node=False)
            shape: tuple[int, ...] = struct.field(pytree_node=False)
            dtype: Any = struct.field(pytree_node=False, default=jnp.float32)
            table: jax.Array = struct.field(pytree_node=True)
            bias: jax.Array = struct.field(default=None)
        """,
    ),
    Case(
        "equinox fields that are not static",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        class Linear(eqx.Module):
            weight: jax.Array = eqx.field(converter=jnp.asarray)
            bias: jax.Array = eqx.field(static=False)
            features: int = eqx.field(static=True)
        """,
    ),
    Case(
        "metadata static=True without register_dataclass; meta_fields holding ints",
        """
        import dataclasses
        import jax

        @dataclasses.dataclass
        class Plain:
            table: jax.Array = dataclasses.field(metadata={"static": True})

        @dataclasses.dataclass
        class Batch:
            x: jax.Array
            n: int

        jax.tree_util.register_dataclass(Batch, data_fields=["x"], meta_fields=["n"])
        """,
    ),
    Case(
        "static field with no evidence of an array",
        """
        from typing import Any

        from flax import struct
        from jax.typing import ArrayLike

        @struct.dataclass
        class Config:
            anything: Any = struct.field(pytree_node=False)
            value: ArrayLike = struct.field(pytree_node=False)
        """,
    ),
]

STATIC_ARGUMENTS = [
    Case(
        "jax.jit(f, static_argnums=1) called with an array",
        """
        import jax
        import jax.numpy as jnp

        def rollout(x, decay):
            return x * decay

        rollout_jit = jax.jit(rollout, static_argnums=1)

        def run():
            x = jnp.ones(3)
            return rollout_jit(x, jnp.ones(3))
        """,
        ["12:27 SCN303"],
    ),
    Case(
        "partial(jax.jit, static_argnames=...): by keyword and by position",
        """
        from functools import partial

        import jax
        import numpy as np

        @partial(jax.jit, static_argnames="indices")
        def gather(x, indices):
            return x[indices]

        def run(x):
            a = gather(x, indices=np.arange(3))
            idx = np.array([0, 2])
            b = gather(x, idx)
            return a, b
        """,
        ["12:27 SCN303", "14:19 SCN303"],
    ),
    Case(
        "static parameters annotated as arrays",
        """
        import functools

        import jax
        import numpy as np

        @functools.partial(jax.jit, static_argnums=(1, 2))
        def apply(x, table: jax.Array, mask: "np.ndarray | None", n: int):
            return x

        @jax.jit(static_argnames=["weights"])
        def mix(x, *, weights: np.ndarray):
            return x
        """,
        ["8:21 SCN303", "8:38 SCN303", "12:24 SCN303"],
    ),
    Case(
        "from jax import jit; keyword 0-d array, a PRNG key, an annotated enclosing parameter",
        """
        import jax
        import jax.numpy as jnp
        from jax import jit

        def step(x, decay, key):
            return x * decay

        step_fast = jit(step, static_argnames=("decay", "key"))

        def run(x, decay: jax.Array):
            key = jax.random.key(0)
            step_fast(x, decay=jnp.float32(0.9), key=key)
            step_fast(x, decay, key)
        """,
        # One finding per call, at its first array argument; its message names the others.
        ["13:24 SCN303", "14:18 SCN303"],
    ),
    Case(
        "an array inside a tuple argument; negative static_argnums; jit called on the spot",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        def f(x, config):
            return x

        g = jax.jit(f, static_argnums=-1)
        g(1.0, (3, jnp.zeros(2)))
        jax.jit(f, static_argnums=(1,))(1.0, np.ones(2))
        """,
        ["10:9 SCN303", "11:38 SCN303"]  # the tuple argument, once,
    ),
]

STATIC_ARGUMENTS_CLEAN = [
    Case(
        "hashable static arguments; arrays in traced positions",
        """
        import enum
        import functools

        import jax
        import jax.numpy as jnp
        import numpy as np

        class Mode(enum.Enum):
            FAST = 1

        @functools.partial(jax.jit, static_argnums=(1, 2, 3, 4, 5, 6))
        def f(x, n, shape, dtype, fn, mode, scale):
            return x

        def run(x: jax.Array):
            f(x, 3, x.shape, jnp.float32, jnp.tanh, Mode.FAST, np.float32(0.5))
            f(x, x.shape[0], (2, 3), "float32", len, Mode.FAST, int(jnp.sum(x)))
            f(jnp.ones(3), 3, (2,), None, None, None, 1.0)
        """,
    ),
    Case(
        "a different function with the same name; *args; static parameter annotated int",
        """
        import jax
        import jax.numpy as jnp

        def step(x, n: int):
            return x

        step_jit = jax.jit(step, static_argnums=1)

        def other():
            def step_jit(x, n):
                return x
            return step_jit(1.0, jnp.ones(3))

        def run(args):
            return step_jit(*args, jnp.ones(3))
        """,
    ),
    Case(
        "jit under another decorator; a method whose self is static",
        """
        import functools

        import jax
        import jax.numpy as jnp

        def logged(fn):
            return fn

        @logged
        @functools.partial(jax.jit, static_argnums=1)
        def f(x, n):
            return x

        class Model:
            @functools.partial(jax.jit, static_argnums=0)
            def __call__(self, x):
                return x

        f(1.0, jnp.ones(3))
        Model()(jnp.ones(3))
        """,
    ),
]


# Evidence where the objects are made: the constructor calls, factories and helpers of the file.
CONSTRUCTION_EVIDENCE = [
    Case(
        "bare aux_data; the call site builds the mask with jnp.array",
        """
        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_pytree_node_class
        class Particles:
            def __init__(self, positions, mask):
                self.positions = positions
                self.mask = mask

            def tree_flatten(self):
                return (self.positions,), self.mask

            @classmethod
            def tree_unflatten(cls, mask, children):
                return cls(children[0], mask)

        def main():
            particles = Particles(jnp.zeros((4, 3)), jnp.array([True, False, True, True]))
            return jax.jit(lambda p: p.positions.sum())(particles)
        """,
        ["12:35 SCN301"],
    ),
    Case(
        "a factory passes an argsort result by keyword; the flatten is a module function",
        """
        import jax
        import jax.numpy as jnp
        from jax import tree_util

        class Sorted:
            def __init__(self, values, order=None):
                self.values = values
                self.order = order

        def make_sorted(values):
            return Sorted(values, order=jnp.argsort(values))

        tree_util.register_pytree_node(
            Sorted,
            lambda s: ((s.values,), (s.order,)),
            lambda aux, children: Sorted(children[0], *aux),
        )
        """,
        ["16:30 SCN301"],
    ),
    Case(
        "a classmethod builds it with np.asarray through cls(...)",
        """
        import jax
        import numpy as np
        import jax.tree_util as jtu

        @jtu.register_pytree_with_keys_class
        class Graph:
            def __init__(self, nodes, senders):
                self.nodes = nodes
                self.senders = senders

            @classmethod
            def from_edges(cls, nodes, edges):
                return cls(nodes, np.asarray([e[0] for e in edges]))

            def tree_flatten_with_keys(self):
                return ((jtu.GetAttrKey("nodes"), self.nodes),), {"senders": self.senders}

            def tree_flatten(self):
                return (self.nodes,), {"senders": self.senders}

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(children[0], aux["senders"])
        """,
        ["17:70 SCN301", "20:43 SCN301"],
    ),
    Case(
        "an array built by a helper of the file, passed to a struct dataclass's static field",
        """
        from typing import Any

        import jax.numpy as jnp
        from flax import struct

        def causal_mask(n):
            return jnp.tril(jnp.ones((n, n), dtype=bool))

        @struct.dataclass
        class Attention:
            weights: Any
            mask: Any = struct.field(pytree_node=False)

        def build(n):
            return Attention(weights=jnp.ones((n, n)), mask=causal_mask(n))
        """,
        ["13:5 SCN302"],
    ),
    Case(
        "a dataclass field set positionally at the construction",
        """
        import dataclasses
        import jax
        import jax.numpy as jnp

        @dataclasses.dataclass
        class Window:
            values: jax.Array
            offsets: tuple = dataclasses.field(metadata={"static": True})

        jax.tree_util.register_dataclass(Window)

        window = Window(jnp.ones(8), jnp.arange(8))
        """,
        ["9:5 SCN302"],
    ),
]

CONSTRUCTION_EVIDENCE_CLEAN = [
    Case(
        "every construction passes a hashable summary",
        """
        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_pytree_node_class
        class Particles:
            def __init__(self, positions, shape):
                self.positions = positions
                self.shape = shape

            def tree_flatten(self):
                return (self.positions,), self.shape

            @classmethod
            def tree_unflatten(cls, shape, children):
                return cls(children[0], shape)

        def main(mask):
            positions = jnp.zeros((4, 3))
            return Particles(positions, positions.shape), Particles(positions, tuple(mask.tolist()))
        """,
    ),
    Case(
        "__init__ converts the array it is given",
        """
        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_pytree_node_class
        class Masked:
            def __init__(self, values, mask):
                self.values = values
                self.mask = tuple(bool(m) for m in mask)

            def tree_flatten(self):
                return (self.values,), self.mask

            @classmethod
            def tree_unflatten(cls, mask, children):
                return cls(children[0], mask)

        masked = Masked(jnp.ones(3), jnp.array([True, False, True]))
        """,
    ),
    Case(
        "__post_init__ converts the array a dataclass field is given",
        """
        from typing import Any

        import jax.numpy as jnp
        from flax import struct

        @struct.dataclass
        class Spec:
            weights: Any
            dims: Any = struct.field(pytree_node=False)

            def __post_init__(self):
                object.__setattr__(self, "dims", tuple(int(d) for d in self.dims))

        spec = Spec(jnp.ones(3), jnp.array([3, 1]))
        """,
    ),
    Case(
        "a helper that returns an int or an array is not evidence",
        """
        import jax
        import jax.numpy as jnp

        def window(n, as_array):
            if as_array:
                return jnp.arange(n)
            return n

        class Conv:
            def __init__(self, w, size):
                self.w, self.size = w, size

        jax.tree_util.register_pytree_node(Conv, lambda c: ((c.w,), c.size), lambda s, ch: Conv(ch[0], s))
        conv = Conv(jnp.ones(3), window(3, False))
        """,
    ),
]

CONSTRUCTION_EVIDENCE += [
    Case(
        "numpy functions that always return arrays: an element of np.nonzero, np.argsort",
        """
        import jax
        import numpy as np

        class Events:
            def __init__(self, values, done):
                self.values = values
                self.done = done

        jax.tree_util.register_pytree_node(Events, lambda e: ((e.values,), e.done), lambda d, c: Events(c[0], d))

        class Ranked:
            def __init__(self, values, order):
                self.values = values
                self.order = order

        jax.tree_util.register_pytree_node(Ranked, lambda r: ((r.values,), (r.order,)), lambda a, c: Ranked(c[0], *a))

        def collect(values, flags):
            return Events(values, np.nonzero(flags)[0]), Ranked(values, np.argsort(values))
        """,
        ["10:68 SCN301", "17:69 SCN301"],
    ),
]

CONSTRUCTION_EVIDENCE_CLEAN += [
    Case(
        "summaries of numpy results are hashable: a count, an index, a tuple",
        """
        import jax
        import numpy as np

        class Events:
            def __init__(self, values, done):
                self.values = values
                self.done = done

        jax.tree_util.register_pytree_node(Events, lambda e: ((e.values,), e.done), lambda d, c: Events(c[0], d))

        def collect(values, flags):
            first = int(np.argmax(flags))
            return Events(values, len(np.unique(values))), Events(values, first), Events(values, tuple(np.nonzero(flags)[0].tolist()))
        """,
    ),
]

FIELD_HELPERS = [
    Case(
        "a project wrapper of dataclasses.field(metadata={'static': True})",
        """
        import dataclasses
        import jax

        def static_field(**kwargs):
            return dataclasses.field(metadata={"static": True}, **kwargs)

        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Grid:
            values: jax.Array
            mask: jax.Array = static_field()
        """,
        ["12:5 SCN302"],
    ),
    Case(
        "a wrapper of flax.struct.field(pytree_node=False) with a default_factory building an array",
        """
        import jax.numpy as jnp
        from flax import struct

        def frozen(default_factory):
            return struct.field(pytree_node=False, default_factory=default_factory)

        @struct.dataclass
        class Schedule:
            step: int
            table: object = frozen(default_factory=lambda: jnp.linspace(0.0, 1.0, 10))
        """,
        ["11:5 SCN302"],  # the helper passes the factory on: every instance gets a new array
    ),
    Case(
        "a wrapper of flax.struct.field(pytree_node=False) on an array field",
        """
        import jax
        from flax import struct

        def static(**kwargs):
            return struct.field(pytree_node=False, **kwargs)

        class Table(struct.PyTreeNode):
            scale: float = static()
            rows: jax.Array = static()
        """,
        ["10:5 SCN302"],
    ),
    Case(
        "a static field typed as a class of the file that holds an array",
        """
        import dataclasses
        import jax
        from flax import struct

        @dataclasses.dataclass(frozen=True)
        class MaskSpec:
            mask: jax.Array
            name: str

        @struct.dataclass
        class Layer:
            w: jax.Array
            spec: MaskSpec = struct.field(pytree_node=False)
        """,
        ["14:5 SCN302"],
    ),
]

FIELD_HELPERS += [
    Case(
        "register_static: every field is metadata, as a decorator and by a call",
        """
        import dataclasses
        from typing import ClassVar

        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_static
        @dataclasses.dataclass(frozen=True)
        class Config:
            table: jax.Array
            steps: int
            name: ClassVar[str] = "config"

        @dataclasses.dataclass(frozen=True)
        class Offsets:
            scale: float
            offsets: tuple

        jax.tree_util.register_static(Offsets)
        offsets = Offsets(1.0, jnp.arange(3))
        """,
        ["11:5 SCN302", "18:5 SCN302"],
    ),
]

FIELD_HELPERS_CLEAN = [
    Case(
        "a wrapper whose staticness is its argument, and a wrapper of a leaf field",
        """
        import dataclasses
        import jax

        def field(static=False, **kwargs):
            return dataclasses.field(metadata={"static": static}, **kwargs)

        def leaf(**kwargs):
            return dataclasses.field(**kwargs)

        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Grid:
            values: jax.Array = leaf()
            mask: jax.Array = field()
        """,
    ),
    Case(
        "a static field typed as a class of the file that holds only hashable values",
        """
        import dataclasses
        import jax
        from flax import struct

        @dataclasses.dataclass(frozen=True)
        class Spec:
            features: int
            name: str

        @struct.dataclass
        class Layer:
            w: jax.Array
            spec: Spec = struct.field(pytree_node=False)
        """,
    ),
]

ANNOTATIONS = [
    Case(
        "containers, chex.ArrayTree and an alias of a union of array types",
        """
        from typing import Dict, Optional, Tuple, Union

        import chex
        import jax
        import jax.numpy as jnp
        import numpy as np
        from flax import struct

        Tensor = Union[jnp.ndarray, np.ndarray]

        @struct.dataclass
        class State:
            x: jax.Array
            cache: Tuple[Optional[jnp.ndarray], ...] = struct.field(pytree_node=False)
            tree: chex.ArrayTree = struct.field(pytree_node=False)
            table: Tensor = struct.field(pytree_node=False)
            by_name: Dict[str, jax.Array] = struct.field(pytree_node=False)
        """,
        ["15:5 SCN302", "16:5 SCN302", "17:5 SCN302", "18:5 SCN302"],
    ),
]

ANNOTATIONS_CLEAN = [
    Case(
        "an array annotation that the default and every construction contradict",
        """
        import jax
        import jax.numpy as jnp
        from flax import struct

        class Pooling(struct.PyTreeNode):
            scale: jax.Array
            window: jax.Array = struct.field(pytree_node=False, default=(2, 2))

        def build():
            return Pooling(jnp.float32(1.0)), Pooling(jnp.float32(2.0), window=(3, 3))
        """,
    ),
    Case(
        "an annotated __init__ parameter that every construction gives a tuple",
        """
        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_pytree_node_class
        class Strided:
            def __init__(self, values, strides: jax.Array):
                self.values = values
                self.strides = strides

            def tree_flatten(self):
                return (self.values,), self.strides

            @classmethod
            def tree_unflatten(cls, strides, children):
                return cls(children[0], strides)

        def build(x):
            return Strided(x, tuple(int(s) for s in x.shape))
        """,
    ),
    Case(
        "containers of hashable values and unions that may hold a scalar",
        """
        from typing import Dict, Tuple, Union

        import jax
        import jax.numpy as jnp
        from flax import struct

        Scalarish = Union[int, jnp.ndarray]

        @struct.dataclass
        class State:
            x: jax.Array
            shape: Tuple[int, ...] = struct.field(pytree_node=False)
            names: Dict[str, int] = struct.field(pytree_node=False)
            scale: Scalarish = struct.field(pytree_node=False)
            keys: Dict[jax.Array, str] = struct.field(pytree_node=False)
        """,
    ),
]

STATIC_ARGUMENT_CONTAINERS = [
    Case(
        "a dict, a list bound to a name and a NamedTuple holding arrays",
        """
        from functools import partial
        from typing import NamedTuple

        import jax
        import jax.numpy as jnp

        class Config(NamedTuple):
            weights: jax.Array
            steps: int

        @partial(jax.jit, static_argnums=(1,))
        def run(x, config):
            return x

        def main(x):
            run(x, {"w": jnp.ones(2)})
            layers = [jnp.ones(2), jnp.ones(3)]
            run(x, layers)
            run(x, Config(jnp.ones(3), 2))
        """,
        ["17:12 SCN303", "19:12 SCN303", "20:12 SCN303"],
    ),
    Case(
        "the old `from jax import partial` alias around jax.jit",
        """
        import jax
        import jax.numpy as jnp
        from jax import partial

        @partial(jax.jit, static_argnames="table")
        def lookup(i, table):
            return table[i]

        lookup(0, jnp.ones(3))
        """,
        ["10:11 SCN303"],
    ),
    Case(
        "an annotation no call contradicts is reported; one that every call contradicts is stale",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp

        @partial(jax.jit, static_argnames="shape")
        def reshape(x, shape: jax.Array):
            return x.reshape(shape)

        @partial(jax.jit, static_argnames="window")
        def pool(x, window: jax.Array):
            return x

        def main(x, dims):
            reshape(x, shape=tuple(dims.tolist()))
            pool(x, window=dims)
        """,
        ["12:21 SCN303"],
    ),
]

STATIC_ARGUMENT_CONTAINERS += [
    Case(
        "a list of ints as a static argument, by keyword, through a name",
        """
        import jax
        import jax.numpy as jnp

        def mlp(params, x, layer_sizes):
            return x

        forward = jax.jit(mlp, static_argnames="layer_sizes")

        def main(params):
            sizes = [4, 2]
            return forward(params, jnp.ones(3), layer_sizes=sizes)
        """,
        ["12:53 SCN303"],
    ),
    Case(
        "a jitted method whose static self is a frozen dataclass holding an array",
        """
        import dataclasses
        from functools import partial

        import jax
        import jax.numpy as jnp

        @dataclasses.dataclass(frozen=True)
        class Kernel:
            lengthscale: jax.Array
            variance: float = 1.0

            @partial(jax.jit, static_argnums=0)
            def __call__(self, x, y):
                return self.variance * jnp.exp(-jnp.sum((x - y) ** 2 / self.lengthscale))
        """,
        ["13:6 SCN303"],
    ),
]

STATIC_ARGUMENT_CONTAINERS_CLEAN = [
    Case(
        "a jitted method whose static self hashes by identity or holds only scalars",
        """
        import dataclasses
        from functools import partial

        import jax
        import jax.numpy as jnp

        class Model:
            def __init__(self, table):
                self.table = jnp.asarray(table)

            @partial(jax.jit, static_argnums=0)
            def apply(self, x):
                return x * self.table

        @dataclasses.dataclass(frozen=True)
        class Schedule:
            steps: int
            rate: float

            @partial(jax.jit, static_argnums=0)
            def __call__(self, t):
                return self.rate * t / self.steps
        """,
    ),
    Case(
        "hashable containers and classes: tuples of ints, a NamedTuple of scalars, an eq=False dataclass",
        """
        import dataclasses
        from functools import partial
        from typing import NamedTuple

        import jax
        import jax.numpy as jnp

        class Config(NamedTuple):
            features: int
            name: str

        @dataclasses.dataclass(eq=False)
        class Handle:
            table: jax.Array

        @partial(jax.jit, static_argnums=(1,))
        def run(x, config):
            return x

        def main(x):
            run(x, (1, 2, 3))
            run(x, Config(3, "a"))
            run(x, Handle(jnp.ones(3)))
            shape = (2, 2)
            run(x, shape)
        """,
    ),
]


@pytest.mark.parametrize("case", AUX_DATA + AUX_DATA_CLEAN, ids=lambda case: case.id)
def test_scn301_aux_data(case: Case) -> None:
    assert positions(case.source, "SCN3") == sorted(case.expected)


@pytest.mark.parametrize("case", STATIC_FIELDS + STATIC_FIELDS_CLEAN, ids=lambda case: case.id)
def test_scn302_static_fields(case: Case) -> None:
    assert positions(case.source, "SCN3") == sorted(case.expected)


@pytest.mark.parametrize(
    "case",
    CONSTRUCTION_EVIDENCE + CONSTRUCTION_EVIDENCE_CLEAN + FIELD_HELPERS + FIELD_HELPERS_CLEAN + ANNOTATIONS + ANNOTATIONS_CLEAN,
    ids=lambda case: case.id,
)
def test_scn301_scn302_evidence_where_objects_are_made(case: Case) -> None:
    assert positions(case.source, "SCN3") == sorted(case.expected)


@pytest.mark.parametrize(
    "case", STATIC_ARGUMENTS + STATIC_ARGUMENTS_CLEAN + STATIC_ARGUMENT_CONTAINERS + STATIC_ARGUMENT_CONTAINERS_CLEAN,
    ids=lambda case: case.id,
)
def test_scn303_static_arguments(case: Case) -> None:
    assert positions(case.source, "SCN3") == sorted(case.expected)


def source_of(case_id: str) -> str:
    every = AUX_DATA + STATIC_FIELDS + STATIC_ARGUMENTS
    (case,) = [c for c in every if c.id == case_id]
    return case.source


def _message(source: str, code: str) -> str:
    (finding,) = [f for f in lint(source, frozenset({code})) if f.code == code]
    return finding.message


def test_aux_data_message_names_the_field_the_error_and_the_fix() -> None:
    message = _message(source_of("seed Params with the array moved into aux_data"), "SCN301")
    assert message.startswith("`w` is in the aux_data that `flatten` returns for `Params`")
    assert "annotated `jax.Array`" in message
    assert "arrays cannot be passed as metadata fields" in message
    assert "compiles again for every distinct value" in message
    assert "among the children" in message and "shape" in message and "dtype" in message


def test_aux_data_message_follows_the_visible_size() -> None:
    source = source_of("tuple aux_data, array built in __init__")
    many = _message(source.replace("jnp.mean(data, axis=0)", "jnp.ones((3, 4))"), "SCN301")
    assert "different array object" in many and "arrays cannot be passed as metadata fields" in many
    assert "compiles again" not in many
    one = _message(source.replace("jnp.mean(data, axis=0)", "jnp.array([2.0])"), "SCN301")
    assert "every distinct value compiles again" in one and "np.array([2.])" in one
    assert "arrays cannot be passed" not in one
    # `jnp.float32(s.scale)`: the size depends on `s.scale`, so the message gives both outcomes.
    unknown = _message(source_of("a constructor written straight into aux_data"), "SCN301")
    assert unknown.startswith("`scale` is in the aux_data that the flatten lambda returns for `Scaled`")
    assert "arrays cannot be passed as metadata fields" in unknown and "compiles again" in unknown


def test_static_field_message() -> None:
    message = _message(source_of("flax.struct.dataclass, pytree_node=False on a jax.Array field"), "SCN302")
    assert message.startswith("static field `table` of `Embedder` (`pytree_node=False`)")
    assert "declared `table: jax.Array`" in message
    assert "Drop `pytree_node=False`" in message
    message = _message(source_of("register_dataclass(meta_fields=...) call: the name in meta_fields is reported"), "SCN302")
    assert "`mask`" in message and "Move it to `data_fields`" in message


def test_static_argument_message() -> None:
    message = _message(source_of("jax.jit(f, static_argnums=1) called with an array"), "SCN303")
    assert message.startswith("`decay` is a static argument of `rollout` (static_argnums=1)")
    assert "built by `jnp.ones(...)`" in message
    assert "ValueError: Non-hashable static arguments are not supported" in message
    assert "traced" in message
    source = source_of("static parameters annotated as arrays")
    first = min(lint(source, frozenset({"SCN303"})), key=lambda f: (f.line, f.column))
    assert first.message.startswith("`table` is a static argument of `apply` (static_argnums=(1, 2))")
    assert "is annotated `jax.Array`" in first.message and "any call passing an array there raises" in first.message
