# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 SeismicDenoiser.__call__ runs the scan over windows and its setup-defined Dense filter is first called, so first created, inside the scan body
"""Seismic trace denoiser for a borehole array: learned filter applied window by window."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ArrayConfig:
    channels: int = 3
    window: int = 16
    hop: int = 16
    windows: int = 8


class SeismicDenoiser(nn.Module):
    cfg: ArrayConfig

    def setup(self):
        self.filter = nn.Dense(self.cfg.window, use_bias=False, name="fir")
        self.gain = self.param("gain", nn.initializers.ones, (self.cfg.channels,))

    def __call__(self, trace):
        windows = trace.reshape(self.cfg.windows, self.cfg.window, self.cfg.channels)

        def denoise(energy, window):
            cleaned = self.filter(window.T).T * self.gain
            return energy + jnp.sum(cleaned ** 2), cleaned

        energy, cleaned = lax.scan(denoise, jnp.zeros(()), windows)
        return cleaned.reshape(trace.shape), energy


class DenoisingJob:
    def __init__(self, cfg: ArrayConfig, seed=0):
        self.model = SeismicDenoiser(cfg)
        self.cfg = cfg
        blank = jnp.zeros((cfg.windows * cfg.window, cfg.channels))
        self.variables = self.model.init(jax.random.key(seed), blank)

    def process(self, trace):
        return self.model.apply(self.variables, trace)


def main():
    cfg = ArrayConfig()
    job = DenoisingJob(cfg)
    trace = jax.random.normal(jax.random.key(1), (cfg.windows * cfg.window, cfg.channels))
    cleaned, energy = job.process(trace)
    print("residual energy", float(energy))
    return None
