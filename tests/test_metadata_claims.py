"""Real JAX behind every SCN3xx message: each flagged form really fails or recompiles as its message says.

Each scenario is source code that the static rule flags; the test lints it, then runs it in a
fresh module (fresh classes and jitted functions, so no jit cache is shared between tests) and
checks the behaviour the message promises, quoting the same error text.
"""

from __future__ import annotations

import contextlib
import itertools
import re
import sys
import textwrap
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import lint

jax = pytest.importorskip("jax")
pytest.importorskip("flax")

import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

pytestmark = pytest.mark.runtime

BACKEND_COMPILE = "/jax/core/compile/backend_compile_duration"
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@contextlib.contextmanager
def compiles_of(function_name: str) -> Iterator[list[str]]:
    """The XLA compilations of the jitted function named `function_name`, while in the block."""
    compiled: list[str] = []

    def listener(event: str, duration: float, **kwargs: object) -> None:
        if event == BACKEND_COMPILE and kwargs.get("fun_name") == f"jit({function_name})":
            compiled.append(function_name)

    jax.monitoring.register_event_duration_secs_listener(listener)
    try:
        yield compiled
    finally:
        jax.monitoring.unregister_event_duration_listener(listener)


_module_numbers = itertools.count()


@contextlib.contextmanager
def loaded(source: str, label: str) -> Iterator[types.ModuleType]:
    """`source` executed as a fresh module (registered in sys.modules while in use)."""
    name = f"scn3_claim_{next(_module_numbers)}"
    module = types.ModuleType(name)
    sys.modules[name] = module
    try:
        exec(compile(textwrap.dedent(source), f"<{label}>", "exec"), module.__dict__)
        yield module
    finally:
        del sys.modules[name]


def quoted_error(message: str) -> str:
    """The `ValueError: ...` text a message quotes (one distinct quote per message)."""
    (quoted,) = set(re.findall(r"`(ValueError: [^`]*)`", message))
    return quoted


def assert_message_quotes(message: str, error: BaseException) -> None:
    """Every piece of the quoted error (split at `...`) appears in the real one."""
    actual = f"{type(error).__name__}: {error}"
    for piece in quoted_error(message).split("..."):
        assert piece.strip() in actual, (piece, actual)


def findings(source: str, code: str) -> list[str]:
    return [f.message for f in lint(source, frozenset({code})) if f.code == code]


# ---------------------------------------------------------------------------------------------
# SCN301 / SCN302: arrays in pytree metadata. Each scenario defines `build(value)`, returning a
# node whose static metadata holds `value`, and `read(node)`, returning it from the node.

USE = """
@jax.jit
def use(node):
    return read(node) * 2.0
"""


@dataclass(frozen=True)
class Scenario:
    id: str
    code: str
    source: str


METADATA_SCENARIOS = [
    Scenario(
        "register_pytree_node, dict aux_data: the seed Params with an array moved in",
        "SCN301",
        """
        import jax
        import jax.numpy as jnp

        class Params:
            def __init__(self, w: jax.Array, table: jax.Array):
                self.w = w
                self.table = table

        def flatten(params):
            return (params.w,), {"table": params.table}

        def unflatten(aux, children):
            (w,) = children
            return Params(w, aux["table"])

        jax.tree_util.register_pytree_node(Params, flatten, unflatten)

        def build(value):
            return Params(jnp.ones(3), value)

        def read(node):
            return node.table
        """,
    ),
    Scenario(
        "register_pytree_node with lambdas, tuple aux_data",
        "SCN301",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        class Scaled:
            def __init__(self, x, scale: np.ndarray, name: str):
                self.x, self.scale, self.name = x, scale, name

        jax.tree_util.register_pytree_node(
            Scaled,
            lambda s: ((s.x,), (s.name, s.scale)),
            lambda aux, children: Scaled(children[0], aux[1], aux[0]),
        )

        def build(value):
            return Scaled(jnp.ones(3), value, "scaled")

        def read(node):
            return node.scale
        """,
    ),
    Scenario(
        "register_pytree_node_class, aux_data in a helper variable",
        "SCN301",
        """
        import jax
        import jax.numpy as jnp
        from jax.tree_util import register_pytree_node_class

        @register_pytree_node_class
        class Masked:
            def __init__(self, values, mask: jax.Array):
                self.values = values
                self.mask = mask

            def tree_flatten(self):
                aux_data = (self.mask,)
                return (self.values,), aux_data

            @classmethod
            def tree_unflatten(cls, aux_data, children):
                return cls(children[0], *aux_data)

        def build(value):
            return Masked(jnp.ones(3), value)

        def read(node):
            return node.mask
        """,
    ),
    Scenario(
        "register_pytree_with_keys, dict(...) aux_data",
        "SCN301",
        """
        import jax
        import jax.numpy as jnp
        import jax.tree_util as jtu

        class Grid:
            def __init__(self, values, coords: jax.Array):
                self.values = values
                self.coords = coords

        def flatten_with_keys(grid):
            return ((jtu.GetAttrKey("values"), grid.values),), dict(coords=grid.coords)

        def unflatten(aux, children):
            return Grid(children[0], aux["coords"])

        jtu.register_pytree_with_keys(Grid, flatten_with_keys, unflatten)

        def build(value):
            return Grid(jnp.ones(3), value)

        def read(node):
            return node.coords
        """,
    ),
    Scenario(
        "register_pytree_with_keys_class",
        "SCN301",
        """
        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_pytree_with_keys_class
        class Basis:
            def __init__(self, coeffs, grid: jax.Array):
                self.coeffs = coeffs
                self.grid = grid

            def tree_flatten_with_keys(self):
                return ((jax.tree_util.GetAttrKey("coeffs"), self.coeffs),), self.grid

            def tree_flatten(self):
                return (self.coeffs,), self.grid

            @classmethod
            def tree_unflatten(cls, grid, children):
                return cls(children[0], grid)

        def build(value):
            return Basis(jnp.ones(3), value)

        def read(node):
            return node.grid
        """,
    ),
    Scenario(
        "conditional aux_data",
        "SCN301",
        """
        from typing import Optional

        import jax
        import jax.numpy as jnp

        class Layer:
            def __init__(self, w, mask: Optional[jax.Array]):
                self.w = w
                self.mask = mask

        jax.tree_util.register_pytree_node(
            Layer,
            lambda layer: ((layer.w,), layer.mask if layer.mask is not None else None),
            lambda aux, children: Layer(children[0], aux),
        )

        def build(value):
            return Layer(jnp.ones(3), value)

        def read(node):
            return node.mask
        """,
    ),
    Scenario(
        "frozen parameters moved into aux_data: a child on the other path",
        "SCN301",
        """
        import jax
        import jax.numpy as jnp

        class Linear:
            def __init__(self, w, trainable):
                self.w = w
                self.trainable = trainable

        def flatten(layer):
            if layer.trainable:
                return (layer.w,), True
            return (), (False, layer.w)

        def unflatten(aux, children):
            if aux is True:
                return Linear(children[0], True)
            return Linear(aux[1], False)

        jax.tree_util.register_pytree_node(Linear, flatten, unflatten)

        def build(value):
            return Linear(value, trainable=False)

        def read(node):
            return node.w
        """,
    ),
    Scenario(
        "flax struct.dataclass field with pytree_node=False",
        "SCN302",
        """
        import jax
        import jax.numpy as jnp
        from flax import struct

        @struct.dataclass
        class Embedder:
            scale: jax.Array
            table: jax.Array = struct.field(pytree_node=False)

        def build(value):
            return Embedder(scale=jnp.ones(3), table=value)

        def read(node):
            return node.table
        """,
    ),
    Scenario(
        "flax.struct.PyTreeNode subclass field with pytree_node=False",
        "SCN302",
        """
        import flax.struct
        import jax
        import jax.numpy as jnp
        import numpy as np

        class Stats(flax.struct.PyTreeNode):
            count: jax.Array
            mean: np.ndarray = flax.struct.field(pytree_node=False)

        def build(value):
            return Stats(count=jnp.ones(3), mean=value)

        def read(node):
            return node.mean
        """,
    ),
    Scenario(
        "register_dataclass(meta_fields=...) call",
        "SCN302",
        """
        import dataclasses
        import jax
        import jax.numpy as jnp

        @dataclasses.dataclass
        class Batch:
            x: jax.Array
            mask: jax.Array

        jax.tree_util.register_dataclass(Batch, data_fields=["x"], meta_fields=["mask"])

        def build(value):
            return Batch(jnp.ones(3), value)

        def read(node):
            return node.mask
        """,
    ),
    Scenario(
        "register_dataclass through functools.partial as a decorator",
        "SCN302",
        """
        import dataclasses
        import functools
        import jax
        import jax.numpy as jnp

        @functools.partial(jax.tree_util.register_dataclass, data_fields=["x"], meta_fields=["padding"])
        @dataclasses.dataclass
        class Padded:
            x: jax.Array
            padding: jax.Array

        def build(value):
            return Padded(jnp.ones(3), value)

        def read(node):
            return node.padding
        """,
    ),
    Scenario(
        "bare register_dataclass decorator, metadata static=True",
        "SCN302",
        """
        import dataclasses
        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class State:
            params: jax.Array
            schedule: jax.Array = dataclasses.field(metadata={"static": True})

        def build(value):
            return State(jnp.ones(3), value)

        def read(node):
            return node.schedule
        """,
    ),
]

METADATA_SCENARIOS += [
    Scenario(
        "bare aux_data of an unannotated attribute, an array at the construction in a factory",
        "SCN301",
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

        def make(n):
            return Particles(jnp.zeros((n, 3)), jnp.ones(n, dtype=bool))

        def build(value):
            return Particles(jnp.ones(3), value)

        def read(node):
            return node.mask
        """,
    ),
    Scenario(
        "a project wrapper of dataclasses.field(metadata={'static': True})",
        "SCN302",
        """
        import dataclasses
        import jax
        import jax.numpy as jnp

        def static_field(**kwargs):
            return dataclasses.field(metadata={"static": True}, **kwargs)

        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Grid:
            values: jax.Array
            mask: jax.Array = static_field()

        def build(value):
            return Grid(jnp.ones(3), value)

        def read(node):
            return node.mask
        """,
    ),
    Scenario(
        "a static field annotated with a module alias of a union of array types",
        "SCN302",
        """
        from typing import Union

        import jax
        import jax.numpy as jnp
        import numpy as np
        from flax import struct

        Tensor = Union[jnp.ndarray, np.ndarray]

        @struct.dataclass
        class State:
            x: jnp.ndarray
            table: Tensor = struct.field(pytree_node=False)

        def build(value):
            return State(jnp.ones(3), value)

        def read(node):
            return node.table
        """,
    ),
    Scenario(
        "a static field whose type is a frozen dataclass holding an array",
        "SCN302",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp
        from flax import struct

        @dataclasses.dataclass(frozen=True)
        class MaskSpec:
            mask: jax.Array
            name: str

        @struct.dataclass
        class Layer:
            w: jax.Array
            spec: MaskSpec = struct.field(pytree_node=False)

        def build(value):
            return Layer(jnp.ones(3), MaskSpec(value, "causal"))

        def read(node):
            return node.spec.mask
        """,
    ),
]

METADATA_SCENARIOS.append(
    Scenario(
        "a field of a class registered with register_static",
        "SCN302",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_static
        @dataclasses.dataclass(frozen=True)
        class Config:
            table: jax.Array
            steps: int

        @dataclasses.dataclass
        class Node:
            x: jax.Array
            config: Config

        jax.tree_util.register_dataclass(Node, data_fields=["x", "config"], meta_fields=[])

        def build(value):
            return Node(jnp.ones(3), Config(value, 2))

        def read(node):
            return node.config.table
        """,
    )
)

SCENARIO_IDS = [scenario.id for scenario in METADATA_SCENARIOS]


def with_use(scenario: Scenario) -> str:
    return textwrap.dedent(scenario.source) + USE


def message_for(scenario: Scenario) -> str:
    messages = findings(scenario.source, scenario.code)
    assert messages, f"{scenario.code} must flag this scenario"
    return messages[0]


@pytest.mark.parametrize("scenario", METADATA_SCENARIOS, ids=SCENARIO_IDS)
@pytest.mark.parametrize("make_array", [np.ones, jnp.ones], ids=["numpy", "jax"])
def test_a_different_multi_element_array_raises_the_quoted_error(scenario: Scenario, make_array) -> None:
    message = message_for(scenario)
    assert "arrays cannot be passed as metadata fields" in message
    with loaded(with_use(scenario), scenario.id) as module, compiles_of("use") as compiled:
        module.use(module.build(make_array(3)))
        with pytest.raises(ValueError) as raised:
            module.use(module.build(make_array(3)))  # equal values, another array object
    assert_message_quotes(message, raised.value)
    assert len(compiled) == 1


@pytest.mark.parametrize("scenario", METADATA_SCENARIOS, ids=SCENARIO_IDS)
def test_the_same_array_object_reuses_the_compiled_code(scenario: Scenario) -> None:
    table = np.ones(3)
    with loaded(with_use(scenario), scenario.id) as module, compiles_of("use") as compiled:
        module.use(module.build(table))
        module.use(module.build(table))
    assert len(compiled) == 1


@pytest.mark.parametrize("scenario", METADATA_SCENARIOS, ids=SCENARIO_IDS)
def test_a_one_element_array_compiles_again_for_every_distinct_value(scenario: Scenario) -> None:
    assert "compiles again for every distinct value" in message_for(scenario)
    with loaded(with_use(scenario), scenario.id) as module, compiles_of("use") as compiled:
        for value in (1.0, 2.0, 3.0, 2.0):
            module.use(module.build(np.array([value])))
    assert len(compiled) == 3  # the repeated 2.0 compares equal: a cache hit


@pytest.mark.parametrize("scenario", METADATA_SCENARIOS, ids=SCENARIO_IDS)
def test_a_0d_jax_array_compiles_again_for_every_distinct_value(scenario: Scenario) -> None:
    with loaded(with_use(scenario), scenario.id) as module, compiles_of("use") as compiled:
        for value in (1.0, 2.0, 3.0):
            module.use(module.build(jnp.float32(value)))
    assert len(compiled) == 3


@pytest.mark.parametrize("scenario", METADATA_SCENARIOS, ids=SCENARIO_IDS)
def test_a_one_element_array_silently_reuses_the_trace_of_an_equal_scalar(scenario: Scenario) -> None:
    assert "silently shares the compiled code with equal values of other types" in message_for(scenario)
    with loaded(with_use(scenario), scenario.id) as fresh:
        own_shape = fresh.use(fresh.build(np.array([2.0]))).shape
    with loaded(with_use(scenario), scenario.id) as module, compiles_of("use") as compiled:
        module.use(module.build(2))
        aliased_shape = module.use(module.build(np.array([2.0]))).shape
    assert own_shape == (1,)
    assert aliased_shape == ()  # the int's trace answered: the array's shape is lost
    assert len(compiled) == 1


# ---------------------------------------------------------------------------------------------
# SCN303: arrays as jit static arguments. Each scenario's `run()` makes the flagged call.

STATIC_ARGUMENT_SCENARIOS = [
    Scenario(
        "jax.jit(f, static_argnums=1), array by position",
        "SCN303",
        """
        import jax
        import jax.numpy as jnp

        def rollout(x, decay):
            return x * decay

        rollout_jit = jax.jit(rollout, static_argnums=1)

        def run():
            return rollout_jit(jnp.ones(3), jnp.ones(3))
        """,
    ),
    Scenario(
        "static_argnums, array by keyword",
        "SCN303",
        """
        import jax
        import jax.numpy as jnp

        def rollout(x, decay):
            return x * decay

        rollout_jit = jax.jit(rollout, static_argnums=1)

        def run():
            return rollout_jit(jnp.ones(3), decay=jnp.ones(3))
        """,
    ),
    Scenario(
        "partial(jax.jit, static_argnames=...), array by position",
        "SCN303",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp
        import numpy as np

        @partial(jax.jit, static_argnames="indices")
        def gather(x, indices):
            return x[indices]

        def run():
            idx = np.array([0, 2])
            return gather(jnp.ones(3), idx)
        """,
    ),
    Scenario(
        "@jax.jit(static_argnames=...) keyword-only parameter annotated np.ndarray",
        "SCN303",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        @jax.jit(static_argnames=["weights"])
        def mix(x, *, weights: np.ndarray):
            return x * weights

        def run():
            return mix(jnp.ones(2), weights=np.ones(2))
        """,
    ),
    Scenario(
        "from jax import jit; a 0-d array by keyword",
        "SCN303",
        """
        import jax.numpy as jnp
        from jax import jit

        def step(x, decay):
            return x * decay

        step_fast = jit(step, static_argnames=("decay",))

        def run():
            return step_fast(jnp.ones(3), decay=jnp.float32(0.9))
        """,
    ),
    Scenario(
        "an array inside a tuple, negative static_argnums",
        "SCN303",
        """
        import jax
        import jax.numpy as jnp

        def f(x, config):
            return x

        g = jax.jit(f, static_argnums=-1)

        def run():
            return g(1.0, (3, jnp.zeros(2)))
        """,
    ),
    Scenario(
        "a typed PRNG key as a static argument",
        "SCN303",
        """
        import jax

        def sample(shape, key):
            return jax.random.normal(key, shape)

        sample_jit = jax.jit(sample, static_argnums=(0, 1))

        def run():
            key = jax.random.key(0)
            return sample_jit((2,), key)
        """,
    ),
]


STATIC_ARGUMENT_SCENARIOS += [
    Scenario(
        "a dict holding an array",
        "SCN303",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp

        @partial(jax.jit, static_argnums=(1,))
        def apply(x, config):
            return x * config["scale"]

        def run():
            return apply(jnp.ones(3), {"scale": jnp.ones(3)})
        """,
    ),
    Scenario(
        "a list of layer sizes bound to a name",
        "SCN303",
        """
        import jax
        import jax.numpy as jnp

        def mlp(x, layer_sizes):
            return x * len(layer_sizes)

        forward = jax.jit(mlp, static_argnames="layer_sizes")

        def run():
            sizes = [4, 2]
            return forward(jnp.ones(3), layer_sizes=sizes)
        """,
    ),
    Scenario(
        "a jitted method whose static self is a frozen dataclass holding an array",
        "SCN303",
        """
        import dataclasses
        from functools import partial

        import jax
        import jax.numpy as jnp

        @dataclasses.dataclass(frozen=True)
        class Kernel:
            lengthscale: jax.Array

            @partial(jax.jit, static_argnums=0)
            def __call__(self, x):
                return x / self.lengthscale

        def run():
            return Kernel(jnp.ones(2))(jnp.ones(2))
        """,
    ),
    Scenario(
        "a NamedTuple holding an array",
        "SCN303",
        """
        from functools import partial
        from typing import NamedTuple

        import jax
        import jax.numpy as jnp

        class Config(NamedTuple):
            weights: jax.Array
            steps: int

        @partial(jax.jit, static_argnames="config")
        def apply(x, config):
            return x * config.weights

        def run():
            return apply(jnp.ones(3), config=Config(jnp.ones(3), 2))
        """,
    ),
]


@pytest.mark.parametrize("scenario", STATIC_ARGUMENT_SCENARIOS, ids=[s.id for s in STATIC_ARGUMENT_SCENARIOS])
def test_an_array_static_argument_raises_the_quoted_error(scenario: Scenario) -> None:
    (message, *_) = findings(scenario.source, scenario.code)
    with loaded(scenario.source, scenario.id) as module:
        with pytest.raises(ValueError) as raised:
            module.run()
    assert_message_quotes(message, raised.value)


ARRAY_KINDS = {
    "numpy": lambda: np.ones(3),
    "jax": lambda: jnp.ones(3),
    "numpy 0-d": lambda: np.array(1.0),
    "jax 0-d": lambda: jnp.float32(1.0),
    "one element": lambda: np.array([1.0]),
    "typed key": lambda: jax.random.key(0),
    "raw key": lambda: jax.random.PRNGKey(0),
    "tuple holding an array": lambda: (1, jnp.ones(2)),
}


@pytest.mark.parametrize("kind", list(ARRAY_KINDS))
def test_every_kind_of_array_is_rejected_as_a_static_argument(kind: str) -> None:
    def rollout(x, decay):
        return x

    rollout_jit = jax.jit(rollout, static_argnums=1)
    with pytest.raises(ValueError, match="Non-hashable static arguments are not supported"):
        rollout_jit(jnp.ones(3), ARRAY_KINDS[kind]())


def test_hashable_static_arguments_are_fine_and_compile_once_per_distinct_value() -> None:
    source = """
    import jax
    import jax.numpy as jnp
    import numpy as np

    def scaled(x, scale, shape):
        return (x * scale).reshape(shape)

    scaled_jit = jax.jit(scaled, static_argnames=("scale", "shape"))

    def run(x):
        scaled_jit(x, 2, (3,))
        scaled_jit(x, 2, (3,))
        scaled_jit(x, np.float32(0.5), x.shape)
        scaled_jit(x, 2, (1, 3))
    """
    assert not findings(source, "SCN303")
    with loaded(source, "hashable") as module, compiles_of("scaled") as compiled:
        module.run(jnp.ones(3))
    assert len(compiled) == 3


# ---------------------------------------------------------------------------------------------
# The bundled broken fixtures, linted and run


@contextlib.contextmanager
def fresh_fixture(name: str) -> Iterator[types.ModuleType]:
    """A bundled fixture module, executed afresh: its jitted functions have empty caches."""
    path = FIXTURES / f"{name}.py"
    if not path.exists():
        pytest.skip(f"fixture {name} is not present")
    with loaded(path.read_text(encoding="utf-8"), str(path)) as module:
        yield module


def fixture_message(name: str, code: str) -> str:
    messages = findings((FIXTURES / f"{name}.py").read_text(encoding="utf-8"), code)
    assert messages
    return messages[0]


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("broken_pytree_aux_array", "SCN301"),
        ("broken_struct_static_array", "SCN302"),
        ("broken_static_argnums_array", "SCN303"),
    ],
)
def test_broken_fixture_raises_what_its_finding_quotes(name: str, code: str) -> None:
    with fresh_fixture(name) as module:
        message = fixture_message(name, code)
        with pytest.raises(ValueError) as raised:
            module.run()
    assert_message_quotes(message, raised.value)


def test_one_element_fixture_compiles_once_per_scale() -> None:
    name = "broken_pytree_aux_scalar_array"
    with fresh_fixture(name) as module, compiles_of("example") as compiled:
        assert "compiles again for every distinct value" in fixture_message(name, "SCN301")
        module.run()
    assert len(compiled) == 3  # scales 1.0, 2.0, 3.0
