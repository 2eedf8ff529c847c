# label: ok
# flax-error: none
# class: 2 the germination model, a local of the ranking function put in eval mode before the loop, is called inside the scan body
"""Seed germination prediction: rank candidate seed lots by predicted germination over a soaking schedule."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class GerminationModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(4, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.head(self.drop(nnx.gelu(self.embed(x)))))[..., 0]


def build_model(seed: int):
    return GerminationModel(nnx.Rngs(params=seed, dropout=seed + 1))


def rank_lots(lots, soak_hours, seed=0):
    model = build_model(seed)
    model.eval()  # ranking is inference: no dropout

    def soak(cumulative, hours):
        features = jnp.concatenate([lots, jnp.full(lots.shape[:-1] + (1,), hours / 48.0)], axis=-1)
        germinated = model(features)
        return cumulative + germinated, germinated

    cumulative, _ = scan(soak, jnp.zeros(lots.shape[0]), soak_hours)
    return jnp.argsort(-cumulative)


def main():
    lots = jax.random.uniform(jax.random.key(0), (6, 3))  # moisture, vigor, age
    soak_hours = jnp.array([6.0, 12.0, 18.0, 24.0, 36.0])
    rank_lots(lots, soak_hours)
    return None
