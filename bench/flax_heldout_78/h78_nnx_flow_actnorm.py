# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 helper invert() runs a raw fori_loop whose body calls the flow, whose ActNorm data-initialises there
"""Glow-style flow block (ActNorm + residual coupling) inverted numerically by damped
fixed-point iteration; ActNorm initialises its scale and bias from the first batch it sees."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ActNorm(nnx.Module):
    def __init__(self, dim):
        self.loc = nnx.Param(jnp.zeros(dim))
        self.log_scale = nnx.Param(jnp.zeros(dim))
        self.initialized = nnx.Variable(jnp.array(False))

    def __call__(self, x):
        if not bool(self.initialized.value):
            self.loc.value = -x.mean(0)
            self.log_scale.value = -jnp.log(x.std(0) + 1e-6)
            self.initialized.value = jnp.array(True)
        return (x + self.loc.value) * jnp.exp(self.log_scale.value)


class ResidualFlow(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.actnorm = ActNorm(dim)
        self.g1 = nnx.Linear(dim, 16, rngs=rngs)
        self.g2 = nnx.Linear(16, dim, kernel_init=nnx.initializers.normal(0.02), rngs=rngs)

    def __call__(self, x):
        z = self.actnorm(x)
        return z + 0.5 * jnp.tanh(self.g2(nnx.elu(self.g1(z))))


def invert(flow, y, n_iter=30, damping=0.5):
    def fixed_point(_, x):
        return x + damping * (y - flow(x))

    return lax.fori_loop(0, n_iter, fixed_point, y)


def main():
    flow = ResidualFlow(4, rngs=nnx.Rngs(0))
    y = jax.random.normal(jax.random.key(1), (16, 4))
    x = functools.partial(invert, flow, n_iter=40)(y)
    x.block_until_ready()
    return None
