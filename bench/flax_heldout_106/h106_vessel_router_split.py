# label: ok
# flax-error: none
# class: 5 self.cell is nn.remat(LegCell); the voyage model's lax.scan body calls it, and init runs leg_step once outside the loop (split from it) so params exist before the body runs
"""Maritime routing: fuel and delay per voyage leg from weather along the planned route."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LegCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, weather):
        z = jnp.concatenate([h, weather], axis=-1)
        return jnp.tanh(nn.Dense(self.hidden, name="mix")(z))


RematLegCell = nn.remat(LegCell)


class VoyageModel(nn.Module):
    hidden: int = 16

    def setup(self):
        self.cell = RematLegCell(self.hidden)
        self.head = nn.Dense(2)  # fuel tonnes, delay hours

    def leg_step(self, h, weather):
        h = self.cell(h, weather)
        return h, nn.softplus(self.head(h))

    def __call__(self, legs):
        h0 = jnp.zeros(legs.shape[1:-1] + (self.hidden,))
        _, per_leg = jax.lax.scan(self.leg_step, h0, legs)
        return per_leg


class RoutePlanner:
    def __init__(self, model: VoyageModel, seed: int = 0):
        self.model = model
        self.seed = seed
        self.variables = None

    def warm_up(self, sample_route):
        h0 = jnp.zeros(sample_route.shape[1:-1] + (self.model.hidden,))
        self.variables = self.model.init(
            jax.random.key(self.seed), h0, sample_route[0], method=VoyageModel.leg_step
        )

    def cost(self, route):
        per_leg = self.model.apply(self.variables, route)
        return per_leg.sum(axis=0)


def main():
    routes = jax.random.normal(jax.random.key(6), (9, 3, 5))  # legs, candidate routes, weather
    planner = RoutePlanner(VoyageModel())
    planner.warm_up(routes)
    print("fuel/delay per candidate", planner.cost(routes))
