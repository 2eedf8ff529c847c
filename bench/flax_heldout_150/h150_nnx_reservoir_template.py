# label: trace-context
# flax-error: TraceContextError: Cannot mutate ReservoirLevel from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 SimulationBase.simulate runs the fori_loop and passes self.model to the ReservoirSim.on_step hook, which writes the model's ReservoirLevel variable
"""Hydropower scheduling: a template simulation steps a learned reservoir model through a season."""
import jax
import jax.numpy as jnp
from flax import nnx


class ReservoirLevel(nnx.Variable):
    pass


class ReservoirModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.release_policy = nnx.Linear(2, 1, rngs=rngs)
        self.level = ReservoirLevel(jnp.array(0.6))

    def release(self, inflow):
        features = jnp.stack([self.level[...], inflow])
        return nnx.sigmoid(self.release_policy(features))[0] * 0.1


class SimulationBase:
    """Template method: simulate() owns the loop, subclasses implement on_step."""

    def __init__(self, model):
        self.model = model

    def simulate(self, inflows):
        def body(day, energy):
            return energy + self.on_step(self.model, inflows[day])

        return jax.lax.fori_loop(0, inflows.shape[0], body, jnp.float32(0.0))

    def on_step(self, model, inflow):
        raise NotImplementedError


class ReservoirSim(SimulationBase):
    def on_step(self, model, inflow):
        released = model.release(inflow)
        model.level[...] = jnp.clip(model.level[...] + 0.05 * inflow - released, 0.0, 1.0)
        return released * model.level[...]


def main():
    sim = ReservoirSim(ReservoirModel(nnx.Rngs(0)))
    inflows = jax.random.uniform(jax.random.key(1), (30,))
    sim.simulate(inflows).block_until_ready()
    return None
