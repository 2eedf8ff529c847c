# label: ok
# flax-error: none
# class: 5 RolloutBuilder.build returns a step function that merges the split model state from the scan carry and hands the updated state back in it
"""Road tunnel ventilation: sample the fan-response ensemble for the current pollutant
reading with a dropout-perturbed model, one member per scan step."""
import jax
import jax.numpy as jnp
from flax import nnx


class FanResponse(nnx.Module):
    def __init__(self, sensors, fans, rngs):
        self.inp = nnx.Linear(sensors, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(24, fans, rngs=rngs)

    def __call__(self, reading):
        return nnx.softplus(self.out(self.drop(nnx.relu(self.inp(reading)))))


class RolloutBuilder:
    def __init__(self):
        self._model = None

    def with_model(self, model):
        self._model = model
        return self

    def build(self):
        graphdef, state = nnx.split(self._model)

        def step(state, reading):
            model = nnx.merge(graphdef, state)
            return nnx.state(model), model(reading)

        return step, state


def main():
    model = FanResponse(sensors=5, fans=3, rngs=nnx.Rngs(params=0, dropout=1))
    reading = jnp.array([0.8, 1.2, 0.3, 2.5, 0.9])  # CO, NO2, visibility, ...
    readings = jnp.broadcast_to(reading, (10, 5))
    step, state = RolloutBuilder().with_model(model).build()
    state, members = jax.lax.scan(step, state, readings)
    nnx.update(model, state)
    return members
