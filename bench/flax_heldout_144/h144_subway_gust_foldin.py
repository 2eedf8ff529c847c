# label: ok
# flax-error: none
# class: 1 GustModel.rollout draws self.make_rng('gust') once and folds the step index into it inside its own scan body
"""Piston-effect gust generator for a subway tunnel ventilation simulator.

Each passing train pushes a pressure pulse down the tunnel; the generator perturbs a learned
baseline with tunnel noise and the ventilation planner consumes the per-step pressures."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

SHAFTS = 5


class GustModel(nn.Module):
    shafts: int = SHAFTS
    noise_scale: float = 0.3

    def setup(self):
        self.baseline = nn.Dense(self.shafts, name="baseline")
        self.mixer = nn.Dense(self.shafts, name="mixer")

    def __call__(self, headway):
        return self.mixer(self.baseline(headway))

    def pulse(self, headway, key):
        noise = self.noise_scale * jax.random.normal(key, (self.shafts,))
        return self.mixer(self.baseline(headway) + noise)

    def rollout(self, headways):
        base_key = self.make_rng("gust")

        def body(carry, inputs):
            step, headway = inputs
            key = jax.random.fold_in(base_key, step)
            pressure = self.pulse(headway, key)
            return carry + pressure, pressure

        steps = jnp.arange(headways.shape[0])
        _, pressures = scan(body, jnp.zeros((self.shafts,)), (steps, headways))
        return pressures


def main():
    model = GustModel()
    headways = jnp.ones((6, 3)) * jnp.array([2.0, 4.0, 1.5])
    variables = model.init(jax.random.key(0), headways[0])
    pressures = model.apply(
        variables, headways, method=GustModel.rollout, rngs={"gust": jax.random.key(11)}
    )
    return pressures
