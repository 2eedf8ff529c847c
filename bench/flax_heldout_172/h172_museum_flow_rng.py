# label: same-values
# flax-error: none
# class: 1 GalleryFlow.simulate runs the scan itself and calls self.make_rng("arrivals") inside the body
"""Museum visitor flow model: simulates arrivals into each gallery during opening hours, with a
learned transfer between rooms and random arrival surges."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class FloorPlan:
    n_rooms: int = 6
    base_rate: float = 3.0
    surge_scale: float = 0.4
    hours: int = 8


class GalleryFlow(nn.Module):
    plan: FloorPlan

    def setup(self):
        self.transfer = nn.Dense(self.plan.n_rooms)

    def __call__(self, occupancy):
        return nn.softmax(self.transfer(occupancy)) * occupancy.sum()

    def simulate(self, occupancy):
        plan = self.plan

        def hour(occ, _):
            surge = jax.random.normal(self.make_rng("arrivals"), (plan.n_rooms,))
            arrivals = plan.base_rate * jnp.exp(plan.surge_scale * surge)
            occ = 0.7 * self(occ) + arrivals
            return occ, arrivals

        _, arrivals = scan(hour, occupancy, None, length=plan.hours)
        return arrivals


def main():
    plan = FloorPlan()
    model = GalleryFlow(plan)
    occupancy = jnp.full((plan.n_rooms,), 10.0)
    variables = model.init(jax.random.key(0), occupancy)
    arrivals = model.apply(variables, occupancy, method=GalleryFlow.simulate,
                           rngs={"arrivals": jax.random.key(7)})
    print("arrivals per hour", arrivals.sum(-1))
    return arrivals
