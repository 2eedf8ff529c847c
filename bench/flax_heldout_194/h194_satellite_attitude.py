# label: same-values
# flax-error: none
# class: 1 AttitudeFilter.__call__ runs the scan itself and calls self.make_rng('sensor') inside the body
"""Small-satellite attitude propagation with simulated gyro noise.

The attitude filter integrates gyro rates over an orbit segment and injects
sensor-noise samples, which the ground segment returns per step for
Monte-Carlo dispersion analysis.
"""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class AttitudeFilter(nn.Module):
    n_axes: int = 3
    noise_scale: float = 0.01

    @nn.compact
    def __call__(self, rates):  # rates: (steps, axes)
        gain = self.param("gain", nn.initializers.ones, (self.n_axes,))
        bias = self.param("bias", nn.initializers.zeros, (self.n_axes,))

        def propagate(angle, rate):
            noise = self.noise_scale * jax.random.normal(self.make_rng("sensor"), (self.n_axes,))
            angle = angle + gain * rate + bias + noise
            return angle, {"noise": noise, "angle": angle}

        _, trace = lax.scan(propagate, jnp.zeros(self.n_axes), rates)
        return trace


class DispersionCampaign:
    def __init__(self, model: AttitudeFilter, seed: int):
        self.model = model
        self.keys = jax.random.split(jax.random.key(seed), 2)

    def setup(self, rates):
        return self.model.init({"params": self.keys[0], "sensor": self.keys[1]}, rates)

    def run(self, variables, rates):
        return self.model.apply(variables, rates, rngs={"sensor": self.keys[1]})


def main():
    rates = jnp.zeros((8, 3))  # a quiescent pointing segment
    campaign = DispersionCampaign(AttitudeFilter(), seed=12)
    variables = campaign.setup(rates)
    trace = campaign.run(variables, rates)
    print("noise std", trace["noise"].std())
    return trace["noise"]
