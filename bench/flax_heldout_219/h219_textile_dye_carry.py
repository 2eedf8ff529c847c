# label: ok
# flax-error: none
# class: 1 DyeBath.__call__ runs the scan itself; the absorbed amount goes through the carry and the "bath" variable is written after the loop only when that collection is mutable
"""Textile dyeing: a dye bath absorbs a recipe of dye doses into several fibre types; the
module tracks how much dye each fibre has absorbed across the bath."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class DyeBath(nn.Module):
    n_fibres: int = 4
    exhaustion: float = 0.15

    @nn.compact
    def __call__(self, recipe):
        # per-step uptake of every dose, computed for the whole recipe at once
        gains = nn.sigmoid(nn.Dense(self.n_fibres, name="uptake")(recipe))
        absorbed = self.variable("bath", "absorbed", jnp.zeros, (self.n_fibres,))

        def step(carry, gain):
            shade, taken = carry
            taken = taken + gain * (1.0 - shade)
            shade = shade + self.exhaustion * gain * (1.0 - shade)
            return (shade, taken), shade

        (shade, taken), _ = scan(step, (jnp.zeros(self.n_fibres), absorbed.value), gains)
        if self.is_mutable_collection("bath") and not self.is_initializing():
            absorbed.value = taken
        return shade


class DyeHouse:
    def __init__(self, seed=0):
        self.model = DyeBath()
        self.seed = seed

    def load(self, recipe):
        self.variables = self.model.init(jax.random.key(self.seed), recipe)

    def final_shade(self, recipe):
        return self.model.apply(self.variables, recipe)


def main():
    recipe = jax.random.uniform(jax.random.key(1), (12, 3))
    house = DyeHouse()
    house.load(recipe)
    house.final_shade(recipe)
    return None
