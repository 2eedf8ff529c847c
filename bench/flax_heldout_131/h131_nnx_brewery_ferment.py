# label: same-values
# flax-error: none
# class: 2 the key drawn once from the local nnx.Rngs 'yeast' stream before the scan is used directly by the body on every day
"""Brewery fermentation: simulates daily yeast vitality and gravity drop for a lager batch."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

DAYS = 10


class AttenuationModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.temp_response = nnx.Linear(2, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def vitality(self, cellar, key):
        base = nnx.sigmoid(self.head(nnx.relu(self.temp_response(cellar))))[0]
        return base * jnp.exp(0.15 * jax.random.normal(key, ()))


def simulate_batch(original_gravity: float, cellar_temp: float, seed: int = 0):
    rngs = nnx.Rngs(params=seed, yeast=seed + 100)
    model = AttenuationModel(rngs)
    cellar = jnp.array([cellar_temp / 10.0, 1.0])
    key = rngs.yeast()

    def body(gravity, _):
        v = model.vitality(cellar, key)
        return gravity - 0.004 * v, v

    _, vitality = jax.lax.scan(body, jnp.float32(original_gravity), None, length=DAYS)
    return vitality


def main():
    return simulate_batch(1.048, 9.5)
