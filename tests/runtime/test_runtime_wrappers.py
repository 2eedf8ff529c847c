"""Wrappers `jax.jit` makes anew (a fresh lambda or partial per step, `jax.jit(model.apply)` in a
loop) are one function: counted together, attributed to where the user applied `jit`, and
reported as SCN904 when a new wrapper compiles again for the same function and arguments. Compiles
JAX makes of a function after its call returned (the backward pass of an eager `jax.grad`) are
counted too. Ground truth: JAX's own compile events."""

from __future__ import annotations

import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import pytest
from runtime_helpers import JaxCompileEvents

from scanlint.runtime import count_compiles

pytestmark = pytest.mark.runtime


def update(params, x, rate):
    return params - rate * x


def test_a_fresh_lambda_per_step_is_one_function_with_scn904() -> None:
    with count_compiles() as counts, JaxCompileEvents() as events:
        params = jnp.ones(3)
        for x in jnp.ones((3, 3)):
            step = jax.jit(lambda p, x: update(p, x, 0.1))
            params = step(params, x)
    stats = counts.function(step)
    assert events.count("<lambda>") == stats.compiles == 3
    assert (stats.wrappers, stats.calls) == (3, 3)
    assert stats.jit_line == step._jit_site.line and stats.jit_path == __file__
    assert stats.reasons[0] == "first call"
    assert "jax.jit applied anew at" in stats.reasons[1]
    assert "compiled again for the same function and arguments" in stats.reasons[1]
    assert len(stats.unexpected) == 2
    (finding,) = counts.findings()
    assert finding.code == "SCN904" and "compiled 3 times" in finding.message


def test_a_fresh_partial_per_step_is_one_function() -> None:
    with count_compiles() as counts, JaxCompileEvents() as events:
        params = jnp.ones(3)
        for x in jnp.ones((2, 3)):
            step = jax.jit(functools.partial(update, rate=0.1))
            params = step(params, x)
    stats = counts.function(step)
    assert events.count("update") == stats.compiles == 2 and stats.wrappers == 2
    assert [f.code for f in counts.findings()] == ["SCN904"]


def test_a_factory_closing_over_other_values_is_counted_but_not_scn904() -> None:
    def make_step(rate):
        return jax.jit(lambda p, x: update(p, x, rate))

    with count_compiles() as counts, JaxCompileEvents() as events:
        steps = [make_step(rate) for rate in (0.1, 0.2)]
        for step in steps:
            step(jnp.ones(3), jnp.ones(3))
    stats = counts.function(steps[0])
    assert events.count("<lambda>") == stats.compiles == 2 and stats.wrappers == 2
    assert "other closed-over values" in stats.reasons[1]
    assert stats.unexpected == [] and counts.findings() == []


def test_jit_of_flax_apply_in_a_loop_is_attributed_to_the_users_line() -> None:
    model = nn.Dense(4)
    x = jnp.ones((2, 3))
    variables = jax.jit(model.init)(jax.random.PRNGKey(0), x)
    with count_compiles() as counts, JaxCompileEvents() as events:
        for _ in range(2):
            apply = jax.jit(model.apply)
            apply(variables, x)
    stats = counts.function(apply)
    assert events.count("apply") == stats.compiles == 2
    assert stats.user_code and stats.jit_path == __file__ and "flax" in stats.path
    assert [f.code for f in counts.findings()] == ["SCN904"]


def test_compiles_after_an_eager_grad_returns_are_counted() -> None:
    with count_compiles() as counts, JaxCompileEvents() as events:

        @jax.jit
        def energy(x):
            return jnp.sum(jnp.sin(x) * x)

        jax.grad(energy)(jnp.ones(3))
        jax.vmap(energy)(jnp.ones((2, 3)))
    stats = counts.function(energy)
    assert events.count("energy") == stats.compiles == 3
    assert stats.reasons[1] == "compiled outside a call of it as energy: a transformation of it JAX compiles separately (the backward pass of an eager jax.grad or jax.vjp)"
    assert stats.reasons[2].startswith("called under vmap, before under")
    assert stats.unexpected == []


def test_jit_of_grad_of_a_jitted_function_is_its_own_function() -> None:
    """`jax.grad` copies the attributes of the function it wraps: the outer wrapper must keep its own."""
    with count_compiles() as counts, JaxCompileEvents() as events:

        @jax.jit
        def loss(w):
            return jnp.sum(jnp.tanh(w))

        loss(jnp.ones(3))
        gradient = jax.jit(jax.grad(loss))
        gradient(jnp.ones(3))
        gradient(jnp.ones(3))
    inner, outer = counts.function(loss), counts.function(gradient)
    assert inner is not outer
    assert (inner.compiles, outer.compiles) == (1, 1) and events.count("loss") == 2
    assert (outer.jit_line, outer.calls, outer.wrappers) == (gradient._jit_site.line, 2, 1)
    assert outer.jit_line != inner.jit_line


def test_an_ahead_of_time_compile_is_counted_and_named() -> None:
    with count_compiles() as counts, JaxCompileEvents() as events:

        @jax.jit
        def scale(x):
            return x * 3.0

        scale.lower(jnp.ones(3)).compile()
        scale(jnp.ones(3))
    stats = counts.function(scale)
    assert events.count("scale") == stats.compiles == 1  # the call then finds the compiled code
    assert stats.reasons == ["compiled outside a call of it as scale: ahead of time (.lower(...).compile())"]


def test_a_wrapper_made_anew_after_a_mutable_closed_over_object_changed_is_not_scn904() -> None:
    class Scaler:
        def __init__(self):
            self.factor = 1.0

    scaler = Scaler()
    results = []
    with count_compiles() as counts, JaxCompileEvents() as events:
        for factor in (1.0, 2.0):
            scaler.factor = factor
            scale = jax.jit(lambda x: x * scaler.factor)  # re-jitted to see the new factor
            results.append(float(scale(jnp.ones(()))))
    assert results == [1.0, 2.0]  # the ground truth: the second compile was needed
    stats = counts.function(scale)
    assert events.count("<lambda>") == stats.compiles == 2
    assert stats.unexpected == [] and counts.findings() == []
