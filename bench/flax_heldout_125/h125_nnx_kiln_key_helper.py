# label: same-values
# flax-error: none
# class: 3 the key attribute of a FiringJitter helper, drawn once from an nnx.Rngs stream when the helper is built, is used as is in every scan step
"""Pottery kiln firing: simulate the kiln temperature over the segments of a firing schedule
with random burner jitter, predicting glaze maturity per segment with an NNX model.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class GlazeMaturity(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.curve = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, zone_temps):
        return nnx.sigmoid(self.curve(zone_temps / 1000.0))[0]


class FiringJitter:
    """Burner jitter for the three kiln zones."""

    def __init__(self, rngs: nnx.Rngs, scale=15.0):
        self.key = rngs.burner()
        self.scale = scale

    def sample(self):
        return self.scale * jax.random.normal(self.key, (3,))


class KilnController:
    def __init__(self, model, jitter):
        self.model = model
        self.jitter = jitter

    def fire(self, setpoints):
        def segment(heat_work, setpoint):
            jitter = self.jitter.sample()
            maturity = self.model(setpoint + jitter)
            return heat_work + maturity, jitter

        _, jitters = scan(segment, jnp.float32(0.0), setpoints)
        return jitters


def main():
    rngs = nnx.Rngs(params=0, burner=1)
    controller = KilnController(GlazeMaturity(rngs), FiringJitter(rngs))
    setpoints = jnp.linspace(600.0, 1240.0, 6)[:, None] * jnp.ones((1, 3))
    return controller.fire(setpoints)
