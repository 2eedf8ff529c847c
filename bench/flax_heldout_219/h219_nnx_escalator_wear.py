# label: trace-context
# flax-error: TraceContextError: Cannot mutate DutyCycles from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 WearModel.simulate runs jax.lax.scan itself; its body calls self.step_wear, which adds to the module's own self.cycles Variable
"""Escalator maintenance: a wear model accumulates step-chain wear from hourly passenger
loads and counts the duty cycles it has seen since the last service."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DutyCycles(nnx.Variable):
    pass


class WearModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, hidden: int = 8):
        self.load = nnx.Linear(2, hidden, rngs=rngs)
        self.wear = nnx.Linear(hidden, 1, rngs=rngs)
        self.cycles = DutyCycles(jnp.zeros((), jnp.int32))

    def step_wear(self, passengers, direction):
        self.cycles[...] += 1
        x = jnp.stack([passengers / 100.0, direction])
        return nnx.softplus(self.wear(nnx.relu(self.load(x))))[0]

    def simulate(self, passengers, directions):
        def body(wear, hour):
            p, d = hour
            wear = wear + self.step_wear(p, d)
            return wear, wear

        return jax.lax.scan(body, jnp.zeros(()), (passengers, directions))


class MaintenancePlanner:
    def __init__(self, seed=0):
        self.model = WearModel(nnx.Rngs(seed))

    def hours_until_service(self, passengers, directions, limit=10.0):
        total, trace = self.model.simulate(passengers, directions)
        return jnp.argmax(trace > limit), total


def main():
    passengers = jax.random.poisson(jax.random.key(11), 60.0, (24,)).astype(jnp.float32)
    directions = jnp.where(jnp.arange(24) < 12, 1.0, -1.0)
    MaintenancePlanner().hours_until_service(passengers, directions)
    return None
