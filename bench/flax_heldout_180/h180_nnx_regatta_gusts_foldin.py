# label: ok
# flax-error: none
# class: 2 a gust key drawn once from the race's nnx.Rngs into a local of simulate_leg goes into the scan body directly and is folded with the tick index there
"""Sailing regatta simulator: per-tick gust perturbations for every boat on a leg.

The boat-speed model is an NNX module; the gust field comes from the race's `gust` stream.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class BoatSpeed(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.polar = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, wind, heading):
        x = jnp.stack([wind, jnp.cos(heading), jnp.sin(heading)], axis=-1)
        return nnx.softplus(self.out(nnx.relu(self.polar(x))))[..., 0]


class Race:
    def __init__(self, boats: int, seed: int):
        self.rngs = nnx.Rngs(params=seed, gust=seed + 100)
        self.model = BoatSpeed(self.rngs)
        self.headings = jnp.linspace(-0.6, 0.6, boats)


def simulate_leg(race: Race, base_wind: float, ticks: int, sigma: float = 1.5):
    gust_key = race.rngs.gust()
    boats = race.headings.shape[0]

    def tick(distance, t):
        gust = sigma * jax.random.normal(jax.random.fold_in(gust_key, t), (boats,))
        speed = race.model(base_wind + gust, race.headings)
        return distance + speed, gust

    distance, gusts = jax.lax.scan(tick, jnp.zeros(boats), jnp.arange(ticks))
    return distance, gusts


def main():
    race = Race(boats=7, seed=4)
    _, gusts = simulate_leg(race, base_wind=12.0, ticks=20)
    return gusts
