"""The reason given for each recompile names what JAX keyed differently: how an argument was passed,
the kind of container, device placement and sharding, JAX settings (x64, matmul precision), the
mesh, or an emptied cache. Every compile is checked against JAX's own compile events, and none of
these expected recompiles is reported as SCN904."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.sharding import NamedSharding, PartitionSpec
from runtime_helpers import JaxCompileEvents

from scanlint.runtime import count_compiles

pytestmark = pytest.mark.runtime


def test_keyword_after_position_and_tuple_after_list_are_named() -> None:
    with count_compiles() as counts, JaxCompileEvents() as events:

        @jax.jit
        def add(x, y):
            return x + y[0]

        a = jnp.ones(3)
        add(a, [a])
        add(a, y=[a])
        add(a, (a,))
        add(a, y=[a])  # cached: no compile
    stats = counts.function(add)
    assert events.count("add") == stats.compiles == 3
    assert stats.reasons == [
        "first call",
        "y: passed by position -> by keyword",
        "y: list -> tuple",  # closest to the first compile, where y was passed by position too
    ]
    assert stats.unexpected == [] and counts.findings() == []


def test_device_placement_and_sharding_are_named(four_devices) -> None:
    if not four_devices:
        return  # it ran in a child process with four devices
    devices = jax.devices()
    mesh = jax.make_mesh((4,), ("batch",))
    with count_compiles() as counts, JaxCompileEvents() as events:

        @jax.jit
        def scale(x):
            return x * 2.0

        b = jnp.ones(4)
        scale(b)
        scale(np.ones(4, np.float32))  # host data goes to the default device: no compile
        scale(jax.device_put(b, devices[1]))
        scale(jax.device_put(b, NamedSharding(mesh, PartitionSpec("batch"))))
    stats = counts.function(scale)
    assert events.count("scale") == stats.compiles == 3
    assert stats.reasons == [
        "first call",
        "x: placement uncommitted -> committed to cpu:1",
        "x: placement committed to cpu:1 -> committed to NamedSharding(mesh batch=4, P('batch',))",
    ]
    assert stats.unexpected == [] and counts.findings() == []


def test_x64_matmul_precision_and_mesh_changes_are_named(four_devices) -> None:
    if not four_devices:
        return  # it ran in a child process with four devices
    mesh = jax.make_mesh((4,), ("batch",))
    with count_compiles() as counts, JaxCompileEvents() as events:

        @jax.jit
        def project(x):
            return x @ x

        b = jnp.ones((4, 4))
        project(b)
        with jax.default_matmul_precision("highest"):
            project(b)
        jax.config.update("jax_enable_x64", True)
        try:
            project(b)
        finally:
            jax.config.update("jax_enable_x64", False)
        project(b)  # back in the first settings: cached
        with jax.set_mesh(mesh):
            project(b)
    stats = counts.function(project)
    assert events.count("project") == stats.compiles == 4
    assert stats.reasons == [
        "first call",
        "matmul precision (jax_default_matmul_precision): None -> highest",
        "x64 (jax_enable_x64): False -> True",
        "mesh: none -> mesh batch=4",
    ]
    assert stats.unexpected == [] and counts.findings() == []


def test_an_emptied_cache_is_named_and_not_scn904() -> None:
    with count_compiles() as counts, JaxCompileEvents() as events:

        @jax.jit
        def halve(x):
            return x / 2.0

        halve(jnp.ones(3))
        jax.clear_caches()
        halve(jnp.ones(3))
    stats = counts.function(halve)
    assert events.count("halve") == stats.compiles == 2
    assert stats.reasons[1] == "the same arguments and settings as an earlier compile, whose cached code was dropped (jax.clear_caches() or clear_cache())"
    assert stats.unexpected == [] and counts.findings() == []


def test_the_reason_is_given_against_the_closest_earlier_compile() -> None:
    """JAX keeps every earlier compile: a shape seen before is a cache hit, and a new compile is
    explained by the earlier entry it is closest to, not by the last one."""
    with count_compiles() as counts, JaxCompileEvents() as events:

        @jax.jit
        def total(x, scale):
            return x.sum() * scale

        total(jnp.ones(3), 1.0)
        total(jnp.ones(4), 1.0)
        total(jnp.ones(3), jnp.float32(1.0))  # closest to the first compile: only scale differs
    stats = counts.function(total)
    assert events.count("total") == stats.compiles == 3
    assert stats.reasons[2] == "scale: ~float32[] -> float32[]"


def test_a_static_object_that_compares_by_identity_is_explained() -> None:
    class Config:
        def __init__(self, depth):
            self.depth = depth

    with count_compiles() as counts, JaxCompileEvents() as events:

        @functools.partial(jax.jit, static_argnums=1)
        def repeat(x, config):
            return x * config.depth

        repeat(jnp.ones(2), Config(2))
        repeat(jnp.ones(2), Config(2))
    stats = counts.function(repeat)
    assert events.count("repeat") == stats.compiles == 2
    assert stats.reasons[1] == (
        "static argument config: Config(depth=2) -> Config(depth=2) "
        "(an equal-looking object that compares unequal: its class compares by identity)"
    )
    assert stats.unexpected == []


def test_a_change_deep_inside_a_static_value_is_located() -> None:
    from flax import nnx

    class Block(nnx.Module):
        def __init__(self, activation):
            self.linear = nnx.Linear(2, 2, rngs=nnx.Rngs(0))
            self.activation = activation

        def __call__(self, x):
            return self.activation(self.linear(x))

    with count_compiles() as counts, JaxCompileEvents() as events:

        @nnx.jit
        def forward(block, x):
            return block(x)

        block = Block(jax.nn.relu)
        forward(block, jnp.ones(2))
        block.activation = jax.nn.tanh
        forward(block, jnp.ones(2))
    (stats,) = counts.functions
    assert events.count("forward") == stats.compiles == 2
    assert stats.reasons[1] == "block._graphdef (GraphDef aux_data).attributes.activation.value: relu -> tanh"


def test_a_call_that_fails_to_trace_gives_its_error_not_a_reason() -> None:
    with count_compiles() as counts, JaxCompileEvents() as events:

        @jax.jit
        def project(x):
            return x @ jnp.ones((5, 5))

        for _ in range(2):
            with pytest.raises(TypeError):
                project(jnp.ones(3))
        project(jnp.ones(5))
    stats = counts.function(project)
    assert events.count("project") == stats.compiles == 1
    assert stats.reasons == ["first call"] and len(stats.errors) == 2
