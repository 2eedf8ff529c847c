# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the allocator's slot scorer is an nn.remat-wrapped submodule (chosen by a memory-saving config flag) created and first called in the allocator's compact __call__, then called again in its own scan body
"""Parcel locker allocation: assigns incoming parcels to compartments, scoring slots with a rematerialised block."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class LockerConfig:
    compartments: int = 8
    hidden: int = 16
    save_memory: bool = True


class SlotScorer(nn.Module):
    hidden: int
    compartments: int

    @nn.compact
    def __call__(self, parcel, occupancy):
        h = nn.relu(nn.Dense(self.hidden)(jnp.concatenate([parcel, occupancy])))
        return nn.Dense(self.compartments)(h) - 10.0 * occupancy


class LockerAllocator(nn.Module):
    config: LockerConfig

    @nn.compact
    def __call__(self, parcels):
        block = nn.remat(SlotScorer) if self.config.save_memory else SlotScorer
        scorer = block(self.config.hidden, self.config.compartments)
        # the first parcel of a run always opens the express compartment chosen by the scorer
        occupancy = jnp.zeros(self.config.compartments)
        first = jnp.argmax(scorer(parcels[0], occupancy))
        occupancy = occupancy.at[first].set(1.0)

        def body(occupancy, parcel):
            slot = jnp.argmax(scorer(parcel, occupancy))
            return occupancy.at[slot].set(1.0), slot

        occupancy, slots = jax.lax.scan(body, occupancy, parcels[1:])
        return occupancy, jnp.concatenate([first[None], slots])


def main():
    config = LockerConfig()
    parcels = jax.random.uniform(jax.random.key(2), (6, 4))  # size, weight, fragility, priority
    allocator = LockerAllocator(config)
    variables = allocator.init(jax.random.key(0), parcels)
    occupancy, slots = allocator.apply(variables, parcels)
    float(occupancy.sum())
    return None
