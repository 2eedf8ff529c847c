# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a local model in train mode (nnx.Dropout holding its own rngs) in estimate_yield_spread goes into the fori_loop body directly
"""Dairy milking parlour: spread of predicted yield per cow from Monte-Carlo dropout.

The estimator builds the yield model with its own dropout stream, puts it in train mode
and draws several stochastic passes with a fori_loop.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class YieldNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(6, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, cow):
        return nnx.softplus(self.out(self.drop(nnx.relu(self.hidden(cow)))))[..., 0]


def estimate_yield_spread(herd, n_draws=5, seed=0):
    model = YieldNet(nnx.Rngs(params=seed, dropout=seed + 1))
    model.train()
    out = jnp.zeros((n_draws, herd.shape[0]))

    def draw(i, out):
        return out.at[i].set(model(herd))

    return jax.lax.fori_loop(0, n_draws, draw, out)


def main():
    # days in milk, parity, rumination min, activity, last yield, milk conductivity
    herd = jnp.array([[120.0, 2.0, 480.0, 1.1, 31.5, 5.1], [45.0, 1.0, 510.0, 1.4, 27.0, 4.8]]) / 100.0
    return estimate_yield_spread(herd)
