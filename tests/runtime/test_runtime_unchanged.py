"""Observing never changes what the program can do: a function jitted while counting behaves,
attribute for attribute, like the one `jax.jit` returns without observation."""

from __future__ import annotations

import functools
import types

import jax
import jax.numpy as jnp
import pytest

from scanlint.runtime import count_compiles, observe_scans

pytestmark = pytest.mark.runtime


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def __hash__(self):
        return hash(self.factor)

    def __eq__(self, other):
        return isinstance(other, Scaler) and other.factor == self.factor


def make_scaler_class():
    class Model(Scaler):
        @functools.partial(jax.jit, static_argnums=0)
        def forward(self, x):
            return x * self.factor

    return Model


def describe_bound_method(model_class):
    """What a user can see and do with a jitted method bound to an instance."""
    model = model_class(2.0)
    bound = model.forward
    x = jnp.ones(3)
    result = bound(x)
    return {
        "type": type(bound),
        "result": result.tolist(),
        "cache_size": bound._cache_size(),
        "lowered": bound.lower(model, x).as_text(),
        "traced_out": str(bound.trace(model, x).out_info),
        "eval_shape": str(bound.eval_shape(model, x)),
        "wrapped": bound.__wrapped__.__name__,
        "unbound_is_the_class_attribute": model_class.forward is model_class.__dict__["forward"],
    }


def test_a_jitted_bound_method_keeps_lower_and_cache_size_under_observation() -> None:
    plain = describe_bound_method(make_scaler_class())
    with count_compiles() as counts, observe_scans():
        model_class = make_scaler_class()
        observed = describe_bound_method(model_class)
    assert plain["type"] is types.MethodType
    assert observed == plain
    assert counts.function(model_class.forward).compiles == 1


def test_jit_called_with_only_options_still_returns_a_decorator() -> None:
    with count_compiles() as counts:
        decorate = jax.jit(static_argnames="n")

        @decorate
        def repeat(x, n):
            return jnp.tile(x, n)

        assert repeat(jnp.ones(2), n=3).shape == (6,)
    assert counts.function(repeat).compiles == 1


def test_jax_jit_itself_keeps_its_signature_and_documentation() -> None:
    import inspect

    plain = (inspect.signature(jax.jit), jax.jit.__doc__, jax.jit.__name__)
    with count_compiles():
        assert (inspect.signature(jax.jit), jax.jit.__doc__, jax.jit.__name__) == plain
