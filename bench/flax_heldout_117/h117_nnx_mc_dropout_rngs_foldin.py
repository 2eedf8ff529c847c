# label: ok
# flax-error: none
# class: 2 the scan body builds nnx.Rngs(dropout=fold_in(key, step)) at every step and passes it to the local NNX regressor closed over from main
"""Bayesian (MC) dropout with an NNX regressor: several stochastic passes in a raw scan.

Twin of h117_nnx_mc_dropout_rngs: the per-step Rngs is seeded with the step folded into a
base key.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class BayesMLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 64, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.l2 = nnx.Linear(64, 1, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        h = nnx.relu(self.l1(x))
        return self.l2(self.drop(h, deterministic=False, rngs=rngs))


def main():
    x = jnp.linspace(-3.0, 3.0, 20)[:, None]
    model = BayesMLP(nnx.Rngs(params=0))
    base = jax.random.key(0)

    def draw(carry, i):
        rngs = nnx.Rngs(dropout=jax.random.fold_in(base, i))
        return carry, model(x, rngs=rngs)

    _, samples = scan(draw, None, jnp.arange(10))
    print("epistemic std", float(samples.std(0).mean()))
    return samples[:, :, 0]
