# label: same-values
# flax-error: none
# class: 3 the fori_loop body reads self.key, an attribute of the Estimator drawn once from rngs in __init__
"""Repeated Monte Carlo estimates of E[f(z)] under a Gaussian, f an NNX network.

Modelled on "all my Monte Carlo estimates are identical" reports: the estimator object draws
one key from an nnx.Rngs when it is built and each fori_loop iteration samples with it.
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
        def body(i, out):
            z = jax.random.normal(self.key, (self.batch, self.dim))
            return out.at[i].set(jnp.mean(self.model(z)))

        return lax.fori_loop(0, repeats, body, jnp.zeros(repeats))


def main():
    model = Critic(3, nnx.Rngs(0))
    est = Estimator(model, 3, nnx.Rngs(mc=11))
    values = est.run(6)
    print(values.mean(), values.std())
    return values
