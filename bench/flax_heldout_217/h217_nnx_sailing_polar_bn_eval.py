# label: ok
# flax-error: none
# class: 3 RaceTactician.model, an NNX module switched to evaluation mode with model.eval() before the loop, is called in the scan body
"""Sailing race tactics: boat-speed polar model scoring each leg's layline options.

The polar net normalises wind features with BatchNorm across the fleet; the tactician
walks the course leg by leg, carrying the boat's position offset.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PolarNet(nnx.Module):
    def __init__(self, features: int, hidden: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.speed = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, wind):
        # wind: [fleet, features] (TWA, TWS, heel, current)
        h = nnx.relu(self.norm(self.embed(wind)))
        return nnx.softplus(self.speed(h))[..., 0]  # knots


class RaceTactician:
    def __init__(self, model: PolarNet, leg_nm: float = 1.2):
        self.model = model
        self.leg_nm = leg_nm

    def plan_race(self, legs_wind):
        self.model.eval()

        def leg(elapsed_h, wind):
            speed = self.model(wind)
            leg_h = self.leg_nm / jnp.maximum(speed, 0.5)
            return elapsed_h + leg_h, leg_h.mean()

        fleet = legs_wind.shape[1]
        return lax.scan(leg, jnp.zeros((fleet,)), legs_wind)


def main():
    legs, fleet = 6, 8
    wind = jax.random.normal(jax.random.key(2), (legs, fleet, 4)) + jnp.array([2.0, 3.0, 0.5, 0.1])
    model = PolarNet(4, 16, rngs=nnx.Rngs(0))
    tactician = RaceTactician(model)
    elapsed, per_leg = tactician.plan_race(wind)
    jax.block_until_ready((elapsed, per_leg))
    return None
