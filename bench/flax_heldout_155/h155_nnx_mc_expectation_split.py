# label: ok
# flax-error: none
# class: 3 the fori_loop body reads self.model from the Estimator; self.key is split into one key per iteration before the loop
"""Repeated Monte Carlo estimates of E[f(z)] under a Gaussian (working variant).

The estimator's key is split into one key per repeat before the fori_loop and the body
indexes the split keys with the loop counter.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Critic(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, z):
        return self.l2(nnx.softplus(self.l1(z)))[..., 0]


class Estimator:
    def __init__(self, model, dim, rngs: nnx.Rngs, batch=64):
        self.model = model
        self.dim = dim
        self.batch = batch
        self.key = rngs.mc()

    def run(self, repeats):
        keys = jax.random.split(self.key, repeats)

        def body(i, out):
            z = jax.random.normal(keys[i], (self.batch, self.dim))
            return out.at[i].set(jnp.mean(self.model(z)))

        return lax.fori_loop(0, repeats, body, jnp.zeros(repeats))


def main():
    model = Critic(3, nnx.Rngs(0))
    est = Estimator(model, 3, nnx.Rngs(mc=11))
    values = est.run(6)
    print(values.mean(), values.std())
    return values
