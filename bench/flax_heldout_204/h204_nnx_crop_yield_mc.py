# label: same-values
# flax-error: none
# class: 2 mc_yield_samples splits the model into locals graphdef/state; the body closes over them and merges a fresh copy (copy=True) every step
"""Crop-yield forecasting: per-field yield from soil, rainfall and NDVI features, with
Monte-Carlo dropout samples giving the spread that the insurer's pricing team needs."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class YieldModel(nnx.Module):
    def __init__(self, n_features: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_features, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        h = self.drop(nnx.relu(self.l1(x)))
        return nnx.softplus(self.l2(h))[..., 0]


def mc_yield_samples(model: YieldModel, fields, n_samples: int):
    model.train()  # keep dropout on for Monte-Carlo sampling
    graphdef, state = nnx.split(model)

    def draw(carry, _):
        # copy=True: don't touch the caller's Variables from inside the trace
        sampler = nnx.merge(graphdef, state, copy=True)
        return carry, sampler(fields)

    _, samples = jax.lax.scan(draw, None, None, length=n_samples)
    return samples  # [n_samples, n_fields]


def main():
    model = YieldModel(n_features=7, rngs=nnx.Rngs(params=0, dropout=1))
    fields = jax.random.normal(jax.random.key(2), (5, 7))
    return mc_yield_samples(model, fields, n_samples=8)
