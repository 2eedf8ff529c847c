# label: ok
# flax-error: none
# class: 4 a DenoiseStage of a Pipeline holds model.bind(variables, mutable=['stats']); the scan body reads stage.bound and carries the running rms, committed after the loop
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
        def body(carry, window):
            energy, rms = carry
            cleaned = self.bound(window)
            step_rms = jnp.sqrt(jnp.mean(cleaned ** 2, axis=0) + 1e-6)
            return (energy + jnp.sum(cleaned ** 2), 0.95 * rms + 0.05 * step_rms), None

        start = self.bound.variables["stats"]["noise_rms"]
        (energy, rms), _ = lax.scan(body, (jnp.zeros(()), start), windows)
        self.bound.commit(rms)
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
