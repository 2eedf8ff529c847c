"""Reasons for code jitted through libraries read as the user wrote it: an equinox module's field
by name (`MLP.activation: tanh -> relu`, no memory addresses), located at the user's function, and
the arguments of a Flax `apply` by the module's own parameter names. Ground truth: JAX's own
compile events."""

from __future__ import annotations

import equinox as eqx
import flax.linen as nn
import jax
import jax.numpy as jnp
import pytest
from runtime_helpers import JaxCompileEvents

from scanlint.runtime import count_compiles

pytestmark = pytest.mark.runtime


class MLP(eqx.Module):
    weight: jax.Array
    activation: callable = eqx.field(static=True)

    def __call__(self, x):
        return self.activation(self.weight @ x)


class Net(eqx.Module):
    layer: eqx.nn.Linear
    activation: callable  # not marked static: equinox's filter_jit keeps the function static anyway

    def __call__(self, x):
        return self.activation(self.layer(x))


def test_an_equinox_static_field_change_is_named_by_field() -> None:
    with count_compiles() as counts, JaxCompileEvents() as events:

        @eqx.filter_jit
        def forward(model, x):
            return model(x)

        forward(MLP(jnp.ones((2, 2)), jax.nn.tanh), jnp.ones(2))
        forward(MLP(jnp.zeros((2, 2)), jax.nn.tanh), jnp.ones(2))  # new weights: cached
        forward(MLP(jnp.ones((2, 2)), jax.nn.relu), jnp.ones(2))
    (stats,) = counts.functions
    assert events.count("forward") == stats.compiles == 2
    assert stats.reasons == ["first call", "model (MLP.activation): tanh -> relu"]
    assert stats.path == __file__ and stats.function.endswith("forward")
    assert stats.unexpected == [] and counts.findings() == []


def test_an_equinox_callable_field_change_is_named_by_path() -> None:
    key = jax.random.PRNGKey(0)
    with count_compiles() as counts, JaxCompileEvents() as events:
        forward = eqx.filter_jit(lambda net, x: net(x))
        forward(Net(eqx.nn.Linear(2, 2, key=key), jax.nn.tanh), jnp.ones(2))
        forward(Net(eqx.nn.Linear(2, 2, key=key), jax.nn.gelu), jnp.ones(2))
    (stats,) = counts.functions
    assert events.count("<lambda>") == stats.compiles == 2
    assert stats.reasons[1] == "static argument net.activation: tanh -> gelu"
    assert all("0x" not in reason for reason in stats.reasons)


class Encoder(nn.Module):
    features: int

    @nn.compact
    def __call__(self, tokens):
        return nn.Dense(self.features)(tokens)


def test_flax_apply_arguments_are_named_by_the_modules_parameters() -> None:
    model = Encoder(4)
    variables = jax.jit(model.init)(jax.random.PRNGKey(0), jnp.ones((2, 3)))
    with count_compiles() as counts, JaxCompileEvents() as events:
        apply = jax.jit(model.apply)
        apply(variables, jnp.ones((2, 3)))
        apply(variables, jnp.ones((5, 3)))
    stats = counts.function(apply)
    assert events.count("apply") == stats.compiles == 2
    assert stats.reasons == ["first call", "tokens: float32[2,3] -> float32[5,3]"]
    assert stats.function == "Encoder.apply" and stats.path == __file__


def test_equinox_arguments_are_named_as_the_users_function_names_them() -> None:
    key = jax.random.PRNGKey(0)
    with count_compiles() as counts, JaxCompileEvents() as events:

        @eqx.filter_jit
        def forward(model, x, scale=1.0):
            return model(x) * scale

        forward(eqx.nn.Linear(2, 2, key=key), jnp.ones(2))
        forward(eqx.nn.Linear(2, 2, key=key), jnp.ones(2, jnp.float16))
        forward(eqx.nn.Linear(2, 2, key=key), jnp.ones(2), scale=2.0)
        forward(eqx.nn.Linear(2, 3, key=key), jnp.ones(2))
    (stats,) = counts.functions
    assert events.count("forward") == stats.compiles == 4
    assert stats.reasons[1:] == [
        "x: float32[2] -> float16[2]",
        "static argument scale: added (2.0)",
        "model (Linear.out_features): 2 -> 3; model.weight: float32[2,2] -> float32[3,2]; model.bias: float32[2] -> float32[3]",
    ]
