# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a DenoiseStage of a Pipeline holds model.bind(variables, mutable=['stats']); the scan body calls stage.bound.track, which writes the 'stats' variable
"""Staged denoising of seismic station feeds: each stage shares one bound denoiser."""
import abc

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Denoiser(nn.Module):
    channels: int = 6

    def setup(self):
        self.proj = nn.Dense(self.channels)
        self.noise_rms = self.variable("stats", "noise_rms", jnp.ones, (self.channels,))

    def __call__(self, window):
        return self.proj(window) / (1.0 + self.noise_rms.value)

    def track(self, cleaned):
        rms = jnp.sqrt(jnp.mean(cleaned ** 2, axis=0) + 1e-6)
        self.noise_rms.value = 0.95 * self.noise_rms.value + 0.05 * rms
        return rms

    def commit(self, rms):
        self.noise_rms.value = rms


class Stage(abc.ABC):
    def __init__(self, name, bound):
        self.name = name
        self.bound = bound

    @abc.abstractmethod
    def run(self, windows, report):
        ...


class DenoiseStage(Stage):
    def run(self, windows, report):
        def body(energy, window):
            cleaned = self.bound(window)
            self.bound.track(cleaned)
            return energy + jnp.sum(cleaned ** 2), None

        energy, _ = lax.scan(body, jnp.zeros(()), windows)
        report[self.name] = energy


class GainReport(Stage):
    def run(self, windows, report):
        rms = self.bound.variables["stats"]["noise_rms"]
        report[self.name] = jnp.max(rms) / (jnp.min(rms) + 1e-6)


class Pipeline:
    def __init__(self, stages):
        self.stages = list(stages)

    def __call__(self, windows):
        report = {}
        for stage in self.stages:
            stage.run(windows, report)
        return report


def main():
    model = Denoiser()
    windows = jax.random.normal(jax.random.key(0), (5, 16, 6))
    variables = model.init(jax.random.key(1), windows[0])
    bound = model.bind(variables, mutable=["stats"])
    pipeline = Pipeline([DenoiseStage("denoise", bound), GainReport("gain", bound)])
    report = pipeline(windows)
    print({k: float(v) for k, v in report.items()})
    return None
