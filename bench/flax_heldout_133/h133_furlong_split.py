# label: same-values
# flax-error: none
# class: 5 make_lap_simulator returns a jax.jit step whose scan body calls model.apply with the "stride" key captured by the factory
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class RaceCard:
    furlongs: int = 8
    runners: int = 6
    stride_noise: float = 0.05


class StrideJitter(nn.Module):
    noise: float

    @nn.compact
    def __call__(self, pace):
        drift = nn.Dense(1)(pace)
        wobble = self.noise * jax.random.normal(self.make_rng("stride"), drift.shape)
        return drift + wobble


def make_lap_simulator(model, variables, rng):
    @jax.jit
    def simulate(paces):
        def furlong(elapsed, pace):
            split = model.apply(variables, pace, rngs={"stride": rng})
            return elapsed + split, split

        _, splits = jax.lax.scan(furlong, jnp.zeros((paces.shape[1], 1)), paces)
        return splits

    return simulate


def main():
    card = RaceCard()
    model = StrideJitter(card.stride_noise)
    base_pace = jnp.linspace(0.9, 1.1, card.runners * 3).reshape(card.runners, 3)
    paces = jnp.tile(base_pace, (card.furlongs, 1, 1))
    variables = model.init({"params": jax.random.key(0), "stride": jax.random.key(1)}, base_pace)
    simulate = make_lap_simulator(model, variables, jax.random.key(7))
    return simulate(paces)
