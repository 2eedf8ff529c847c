# label: ok
# flax-error: none
# class: 5 an nn.remat(DenoiseCell) wrapper created in setup gets and returns the noise floor through the scan carry over audio frames
"""Hearing-aid denoising: a recurrent denoiser runs frame by frame and adapts a per-band noise
floor; the cell is rematerialised to keep activation memory low on device."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DenoiseCell(nn.Module):
    bands: int = 16

    @nn.compact
    def __call__(self, carry, frame):
        hidden, floor = carry
        floor = 0.98 * floor + 0.02 * jnp.abs(frame)
        gain = nn.sigmoid(nn.Dense(self.bands)(jnp.concatenate([hidden, frame - floor])))
        return (gain, floor), gain * frame


class Denoiser(nn.Module):
    bands: int = 16

    def setup(self):
        self.cell = nn.remat(DenoiseCell)(self.bands)
        self.floor = self.variable("adapt", "noise_floor", lambda: jnp.full((self.bands,), 0.1))

    def __call__(self, frames):
        carry = (jnp.zeros((self.bands,)), self.floor.value)
        if self.is_initializing():
            # build the cell's parameters outside the frame loop
            return self.cell(carry, frames[0])[1][None]

        def frame_step(carry, frame):
            return self.cell(carry, frame)

        (_, last_floor), clean = jax.lax.scan(frame_step, carry, frames)
        self.floor.value = last_floor
        return clean


class HearingAidPipeline:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def process(self, frames):
        clean, updates = self.model.apply(self.variables, frames, mutable=["adapt"])
        self.variables = {**self.variables, **updates}
        floor = self.variables["adapt"]["noise_floor"]
        return clean, jnp.mean(floor)


def main():
    frames = jnp.abs(jax.random.normal(jax.random.key(8), (12, 16)))
    model = Denoiser()
    variables = model.init(jax.random.key(0), frames)
    clean, floor = HearingAidPipeline(model, variables).process(frames)
    print("clean", clean.shape, "floor", float(floor))
    return None
