# label: ok
# flax-error: none
# class: 5 make_anneal_step draws one key from the nnx.Rngs 'draft' stream when it builds the step, and the fori_loop body the factory returns folds the minute into that key
"""Glassworks: simulates draft disturbances in an annealing lehr with a learned response model."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class DraftResponse(nnx.Module):
    def __init__(self, n_zones: int, *, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_zones, n_zones, rngs=rngs)

    def __call__(self, gusts):
        return 3.0 * jnp.tanh(self.mix(gusts))


@dataclass(frozen=True)
class LehrSchedule:
    n_zones: int = 5
    n_minutes: int = 12
    cooling_per_min: float = 2.5


def make_anneal_step(model: DraftResponse, rngs: nnx.Rngs, sched: LehrSchedule):
    draft_key = rngs.draft()

    def step(minute, carry):
        temps, log = carry
        disturbance = model(jax.random.normal(jax.random.fold_in(draft_key, minute), (sched.n_zones,)))
        temps = temps - sched.cooling_per_min + disturbance
        return temps, log.at[minute].set(disturbance)

    return step


class KilnController:
    def __init__(self, model, rngs, sched: LehrSchedule):
        self.sched = sched
        self.step = make_anneal_step(model, rngs, sched)

    def run(self, start_temps):
        log = jnp.zeros((self.sched.n_minutes, self.sched.n_zones))
        _, log = lax.fori_loop(0, self.sched.n_minutes, self.step, (start_temps, log))
        return log


def main():
    sched = LehrSchedule()
    rngs = nnx.Rngs(params=0, draft=11)
    controller = KilnController(DraftResponse(sched.n_zones, rngs=rngs), rngs, sched)
    return controller.run(jnp.full((sched.n_zones,), 540.0))
