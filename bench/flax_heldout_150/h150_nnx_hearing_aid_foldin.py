# label: ok
# flax-error: none
# class: 5 make_comfort_noise_step(model, key) returns a step that builds nnx.Rngs(noise=fold_in(key, frame_index)) inside the scan body
"""Hearing-aid DSP: comfort noise is synthesized for silent frames through a learned shaping filter."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class NoiseShaper(nnx.Module):
    def __init__(self, bands: int, rngs: nnx.Rngs):
        self.filter = nnx.Linear(bands, bands, rngs=rngs)
        self.level = nnx.Param(jnp.full((bands,), 0.05))

    def comfort_noise(self, rngs: nnx.Rngs):
        white = jax.random.normal(rngs.noise(), self.level.shape)
        return self.level[...] * self.filter(white)


def make_comfort_noise_step(model, key):
    def step(frame_index, silent_frame):
        rngs = nnx.Rngs(noise=jax.random.fold_in(key, frame_index))
        return silent_frame + model.comfort_noise(rngs)

    return step


class FrameProcessor:
    def __init__(self, step):
        self.step = step

    def process(self, frames):
        def body(t, frame):
            return t + 1, self.step(t, frame)

        _, out = lax.scan(body, jnp.int32(0), frames)
        return out


def main():
    model = NoiseShaper(8, nnx.Rngs(0))
    processor = FrameProcessor(make_comfort_noise_step(model, jax.random.key(11)))
    silence = jnp.zeros((6, 8))
    return processor.process(silence)
