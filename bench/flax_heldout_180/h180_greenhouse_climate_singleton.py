# label: same-values
# flax-error: none
# class: 3 the module-level CLIMATE sampler, configured at import, holds the variables and the gust key that the fori_loop body uses through CLIMATE.sample
"""Greenhouse climate control: draw vent-gust scenarios for the current house state.

A single process-wide sampler is configured when the module is imported; the scenario
planner asks it for one scenario per fori_loop step.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class VentGust(nn.Module):
    vents: int = 6
    hidden: int = 16

    @nn.compact
    def __call__(self, house_state):
        scale = nn.softplus(nn.Dense(self.vents)(nn.relu(nn.Dense(self.hidden)(house_state))))
        noise = jax.random.normal(self.make_rng("gust"), (self.vents,))
        return scale * noise


class ClimateSampler:
    def __init__(self):
        self.model = None
        self.variables = None
        self.key = None

    def configure(self, seed: int, vents: int, state_dim: int):
        self.model = VentGust(vents=vents)
        params_key, gust_key = jax.random.split(jax.random.key(seed))
        self.variables = self.model.init({"params": params_key, "gust": gust_key}, jnp.zeros(state_dim))
        self.key = gust_key
        return self

    def sample(self, house_state, index):
        return self.model.apply(self.variables, house_state, rngs={"gust": self.key})


CLIMATE = ClimateSampler().configure(seed=17, vents=6, state_dim=5)


def plan_scenarios(house_state, count: int):
    def draw(i, scenarios):
        return scenarios.at[i].set(CLIMATE.sample(house_state, i))

    return jax.lax.fori_loop(0, count, draw, jnp.zeros((count, 6)))


def main():
    house_state = jnp.array([21.5, 0.62, 410.0, 3.0, 0.1]) / jnp.array([30.0, 1.0, 1000.0, 10.0, 1.0])
    return plan_scenarios(house_state, count=10)
