# label: same-values
# flax-error: none
# class: 3 the scan body applies the gust model with the RaceSimulator's gust_key attribute
"""Wind-shift simulator: the same wind reading is pushed through the gust model at every mark rounding."""
from __future__ import annotations

import itertools

import jax
import jax.numpy as jnp
import flax.linen as linen
from jax import lax as jlax

COURSE = ("windward", "offset", "gybe", "leeward")


class GustModel(linen.Module):
    rate: float = 0.4

    @linen.compact
    def __call__(self, wind):
        h = linen.Dense(8)(wind)
        h = linen.Dropout(self.rate, deterministic=False, rng_collection="gust")(h)
        return linen.Dense(2)(h)


class RaceSimulator:
    def __init__(self, model: GustModel, variables, gust_key, laps: int):
        self.model = model
        self.variables = variables
        self.gust_key = gust_key
        self.laps = laps

    @property
    def marks(self):
        return list(itertools.islice(itertools.cycle(COURSE), self.laps * len(COURSE)))

    def shifts(self, wind):
        def round_mark(carry, _):
            shift = self.model.apply(self.variables, wind, rngs={"gust": self.gust_key})
            return carry, shift

        _, per_mark = jlax.scan(round_mark, None, jnp.arange(len(self.marks)))
        return per_mark


def build_simulator(seed: int, laps: int, wind):
    k_params, k_drop, k_gust = jax.random.split(jax.random.key(seed), 3)
    model = GustModel()
    variables = model.init({"params": k_params, "gust": k_drop}, wind)
    return RaceSimulator(model, variables, k_gust, laps)


def main():
    wind = jnp.array([[12.0, 0.3, -0.1], [11.5, 0.1, 0.2]])
    simulator = build_simulator(seed=19, laps=2, wind=wind)
    return simulator.shifts(wind)
