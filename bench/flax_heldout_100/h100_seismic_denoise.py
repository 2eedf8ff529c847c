# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 WaveletDenoiser.denoise runs the scan itself and updates its own 'state' variable (noise floor) inside the body
"""Streaming denoiser for borehole seismometer traces.

The denoiser tracks an adaptive noise floor in a 'state' collection so that the
station service can persist it between batches.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class WaveletDenoiser(nn.Module):
    taps: int = 8
    decay: float = 0.95

    def setup(self):
        self.filt = self.param("filt", nn.initializers.normal(0.1), (self.taps,))
        self.floor = self.variable("state", "noise_floor", lambda: jnp.ones(()))

    def __call__(self, frame):
        energy = jnp.mean((frame * self.filt) ** 2)
        return frame * (energy > self.floor.value)

    def denoise(self, frames):
        filt = self.filt

        def body(prev, frame):
            energy = jnp.mean((frame * filt) ** 2)
            self.floor.value = self.decay * self.floor.value + (1 - self.decay) * energy
            gated = frame * (energy > self.floor.value)
            return gated, gated

        _, out = lax.scan(body, jnp.zeros((self.taps,)), frames)
        return out


class StationService:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.floor_history = []

    def process(self, frames):
        out, updates = self.model.apply(
            self.variables, frames, method=WaveletDenoiser.denoise, mutable=["state"])
        self.variables = {**self.variables, **updates}
        self.floor_history.append(jnp.log(updates["state"]["noise_floor"]))
        return out


def main():
    model = WaveletDenoiser()
    frames = jax.random.normal(jax.random.key(0), (16, 8))
    variables = model.init(jax.random.key(1), frames[0])
    StationService(model, variables).process(frames)
    return None
