# label: same-values
# flax-error: none
# class: 3 the state of the `sampler` attribute of IrrigationPlanner is split into a dataclass carry, merged as a copy in the scan body, and the carry is replaced keeping the state it came in with
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax as jlax


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class DraftCarry:
    sampler_state: Any
    litres: jax.Array


class DoseSampler(nnx.Module):
    def __init__(self, zones: int, rngs: nnx.Rngs):
        self.response = nnx.Linear(zones, zones, rngs=rngs)
        self.rngs = rngs

    def __call__(self, moisture):
        spread = jax.random.uniform(self.rngs.dose(), moisture.shape, minval=0.8, maxval=1.2)
        return jax.nn.softplus(self.response(1.0 - moisture)) * spread


class IrrigationPlanner:
    def __init__(self, zones: int = 3, seed: int = 0):
        self.sampler = DoseSampler(zones, nnx.Rngs(params=seed, dose=seed + 1))

    def draft_schedules(self, moisture, drafts: int):
        graphdef, state = nnx.split(self.sampler)

        def draft(carry: DraftCarry, _):
            sampler = nnx.merge(graphdef, carry.sampler_state, copy=True)
            dose = sampler(moisture)
            return dataclasses.replace(carry, litres=carry.litres + dose.sum()), dose

        start = DraftCarry(sampler_state=state, litres=jnp.zeros(()))
        final, doses = jlax.scan(draft, start, None, length=drafts)
        nnx.update(self.sampler, final.sampler_state)
        return doses


def main():
    planner = IrrigationPlanner()
    return planner.draft_schedules(jnp.array([0.35, 0.5, 0.2]), drafts=4)
