# label: same-values
# flax-error: none
# class: 3 a key drawn once from the model's own nnx.Rngs stream (self.model.rngs.crowd()) is used by self.model.sample in every scan step
"""Museum gallery crowding: sample visitor counts per gallery for the next opening slots, to
decide where to send extra floor staff."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class CrowdModel(nnx.Module):
    def __init__(self, galleries: int, *, rngs: nnx.Rngs):
        self.rate_head = nnx.Linear(galleries, galleries, rngs=rngs)
        self.rngs = rngs

    def rates(self, last_counts):
        return jnp.exp(self.rate_head(jnp.log1p(last_counts)) * 0.1 + 2.0)

    def sample(self, last_counts, key):
        return jax.random.poisson(key, self.rates(last_counts)).astype(jnp.float32)


class StaffingPlanner:
    def __init__(self, model: CrowdModel, slots: int):
        self.model = model
        self.slots = slots

    def sample_slots(self, last_counts):
        key = self.model.rngs.crowd()

        def slot(counts, _):
            draw = self.model.sample(last_counts, key)
            return counts, draw

        _, draws = lax.scan(slot, last_counts, None, length=self.slots)
        return draws


def main():
    model = CrowdModel(7, rngs=nnx.Rngs(params=0, crowd=3))
    planner = StaffingPlanner(model, slots=6)
    last = jnp.array([12.0, 30.0, 4.0, 18.0, 9.0, 25.0, 2.0])
    return planner.sample_slots(last)
