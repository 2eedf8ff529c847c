# label: same-values
# flax-error: none
# class: 1 DriverReaction.__call__ runs the scan itself and draws self.make_rng("driver") inside the body
"""Car-following simulation: driver reaction speeds for a platoon, sampled over several steps."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DriverReaction(nn.Module):
    horizon: int = 5
    sigma: float = 0.3

    @nn.compact
    def __call__(self, headway):
        gain = self.param("gain", nn.initializers.ones, headway.shape)
        bias = self.param("bias", nn.initializers.zeros, headway.shape)

        def react(carry, _):
            jitter = self.sigma * jax.random.normal(self.make_rng("driver"), headway.shape)
            speed = nn.softplus(gain * headway + bias + jitter)
            return carry, speed

        _, speeds = jax.lax.scan(react, None, None, length=self.horizon)
        return speeds


class PlatoonSimulator:
    def __init__(self, model: DriverReaction, seed: int = 0):
        self.model = model
        self.seed = seed

    def build(self, headway):
        keys = jax.random.split(jax.random.key(self.seed), 2)
        return self.model.init({"params": keys[0], "driver": keys[1]}, headway)

    def sample(self, variables, headway, key):
        return self.model.apply(variables, headway, rngs={"driver": key})


def main():
    headway = jnp.array([1.2, 0.8, 1.5, 2.0])
    simulator = PlatoonSimulator(DriverReaction())
    variables = simulator.build(headway)
    return simulator.sample(variables, headway, jax.random.key(42))
