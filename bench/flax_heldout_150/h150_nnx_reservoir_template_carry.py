# label: ok
# flax-error: none
# class: 4 SimulationBase.simulate carries nnx.split(self.model) state through the fori_loop, passes the nnx.merge'd model to the ReservoirSim.on_step hook and nnx.updates self.model after
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
        graphdef, state = nnx.split(self.model)

        def body(day, carry):
            energy, state = carry
            model = nnx.merge(graphdef, state)
            energy = energy + self.on_step(model, inflows[day])
            return energy, nnx.state(model)

        energy, state = jax.lax.fori_loop(0, inflows.shape[0], body, (jnp.float32(0.0), state))
        nnx.update(self.model, state)
        return energy

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
    sim.model.level[...].block_until_ready()
    return None
