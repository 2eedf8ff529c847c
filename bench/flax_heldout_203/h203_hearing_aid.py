# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat(DenoiseCell) wrapper created in setup writes its 'adapt' noise-floor variable from inside the scan body over audio frames
"""Hearing-aid denoising: a recurrent denoiser runs frame by frame and adapts a per-band noise
floor; the cell is rematerialised to keep activation memory low on device."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DenoiseCell(nn.Module):
    bands: int = 16

    @nn.compact
    def __call__(self, hidden, frame):
        floor = self.variable("adapt", "noise_floor", lambda: jnp.full((self.bands,), 0.1))
        floor.value = 0.98 * floor.value + 0.02 * jnp.abs(frame)
        gain = nn.sigmoid(nn.Dense(self.bands)(jnp.concatenate([hidden, frame - floor.value])))
        return gain, gain * frame


class Denoiser(nn.Module):
    bands: int = 16

    def setup(self):
        self.cell = nn.remat(DenoiseCell)(self.bands)

    def __call__(self, frames):
        hidden = jnp.zeros((self.bands,))
        if self.is_initializing():
            # build the cell's parameters outside the frame loop
            return self.cell(hidden, frames[0])[1][None]

        def frame_step(hidden, frame):
            return self.cell(hidden, frame)

        _, clean = jax.lax.scan(frame_step, hidden, frames)
        return clean


class HearingAidPipeline:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def process(self, frames):
        clean, updates = self.model.apply(self.variables, frames, mutable=["adapt"])
        self.variables = {**self.variables, **updates}
        floor = self.variables["adapt"]["cell"]["noise_floor"]
        return clean, jnp.mean(floor)


def main():
    frames = jnp.abs(jax.random.normal(jax.random.key(8), (12, 16)))
    model = Denoiser()
    variables = model.init(jax.random.key(0), frames)
    clean, floor = HearingAidPipeline(model, variables).process(frames)
    print("clean", clean.shape, "floor", float(floor))
    return None
