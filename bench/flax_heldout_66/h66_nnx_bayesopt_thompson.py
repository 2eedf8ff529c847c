# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a Bayesian surrogate that owns an nnx.Rngs stream is closed over by the raw scan body and samples weights each step
"""Bayesian optimisation inner loop in NNX: a Bayesian linear surrogate draws Thompson samples
from its own rngs stream while candidates are refined with jax.lax.scan. Returns the sampled
weights of each step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class BayesLinear(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.features = nnx.Linear(din, 8, rngs=rngs)
        self.mean = nnx.Param(jnp.zeros(8))
        self.log_std = nnx.Param(jnp.full(8, -1.0))
        self.rngs = rngs

    def sample_weights(self):
        eps = jax.random.normal(self.rngs.sample(), (8,))
        return self.mean[...] + jnp.exp(self.log_std[...]) * eps

    def acquisition(self, x, w):
        return jnp.tanh(self.features(x)) @ w


def main():
    surrogate = BayesLinear(2, nnx.Rngs(params=0, sample=1))
    x0 = jnp.zeros((3, 2))

    def refine(x, _):
        w = surrogate.sample_weights()
        x = x + 0.05 * jax.grad(lambda c: surrogate.acquisition(c, w).sum())(x)
        return x, w

    _, ws = lax.scan(refine, x0, None, length=5)
    return ws
