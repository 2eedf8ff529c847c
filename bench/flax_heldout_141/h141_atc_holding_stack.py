# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "released" in "/" because collection "stack" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a HoldingController keeps the model and its variables as attributes; the while_loop body applies method=advance, which writes the "stack" collection, without mutable
"""Air-traffic holding-stack controller: releases aircraft from a holding pattern until the
predicted approach-queue pressure drops below a threshold. The model keeps a count of the aircraft
it has released in a "stack" collection."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class StackModel(nn.Module):
    levels: int = 5

    def setup(self):
        self.pressure_head = nn.Dense(1)
        self.released = self.variable("stack", "released", jnp.zeros, ())

    def __call__(self, occupancy):
        return self.pressure_head(occupancy)[0], self.released.value

    def advance(self, occupancy):
        pressure = self.pressure_head(occupancy)[0]
        self.released.value = self.released.value + 1.0
        return pressure, occupancy.at[jnp.argmax(occupancy)].add(-1.0)


class HoldingController:
    def __init__(self, model, variables, threshold=0.5, max_releases=20):
        self.model = model
        self.variables = variables
        self.threshold = threshold
        self.max_releases = max_releases

    def release_until_clear(self, occupancy):
        def keep_going(state):
            step, pressure, _ = state
            return (step < self.max_releases) & (pressure > self.threshold)

        def release(state):
            step, _, occ = state
            pressure, occ = self.model.apply(self.variables, occ, method=StackModel.advance)
            return step + 1, pressure, occ

        return lax.while_loop(keep_going, release, (0, jnp.inf, occupancy))


def main():
    occupancy = jnp.array([3.0, 2.0, 4.0, 1.0, 0.0])
    model = StackModel()
    variables = model.init(jax.random.key(0), occupancy)
    controller = HoldingController(model, variables)
    steps, pressure, occupancy = controller.release_until_clear(occupancy)
    print(int(steps), float(pressure), occupancy)
    return None
