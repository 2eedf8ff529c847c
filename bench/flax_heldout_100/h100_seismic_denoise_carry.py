# label: ok
# flax-error: none
# class: 1 WaveletDenoiser.denoise runs the scan itself; its 'state' variable (noise floor) goes through the carry and is written once after the loop
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

        def body(floor, frame):
            energy = jnp.mean((frame * filt) ** 2)
            floor = self.decay * floor + (1 - self.decay) * energy
            gated = frame * (energy > floor)
            return floor, gated

        floor, out = lax.scan(body, self.floor.value, frames)
        self.floor.value = floor
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
