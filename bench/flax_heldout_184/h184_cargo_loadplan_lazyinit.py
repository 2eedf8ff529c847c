# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 LoadPlanner.__call__ owns its setup submodules and runs the scan; their first call, which creates the params at init, happens inside the body
"""Air-cargo load planner: pallets are placed one after another into the hold; a small
scorer decides how much of the remaining centre-of-gravity budget each pallet uses."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class LoadPlanner(nn.Module):
    positions: int = 6
    hidden: int = 16

    def setup(self):
        self.embed = nn.Dense(self.hidden)
        self.scorer = nn.Dense(self.positions)

    def __call__(self, pallets, capacity):
        def place(state, pallet):
            remaining, moment = state
            logits = self.scorer(nn.relu(self.embed(pallet)))
            slot = jnp.argmax(logits)
            mass = pallet[0]
            fits = mass <= remaining
            remaining = jnp.where(fits, remaining - mass, remaining)
            moment = jnp.where(fits, moment + mass * (slot - self.positions / 2), moment)
            return (remaining, moment), jnp.where(fits, slot, -1)

        (remaining, moment), slots = jax.lax.scan(place, (capacity, jnp.float32(0.0)), pallets)
        return slots, moment


def main():
    planner = LoadPlanner()
    pallets = jax.random.uniform(jax.random.key(0), (9, 4)) * 3.0
    variables = planner.init(jax.random.key(1), pallets, jnp.float32(12.0))
    slots, moment = planner.apply(variables, pallets, jnp.float32(12.0))
    slots.block_until_ready()
    return None
