# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 WaveletDenoiser.run_shrinkage runs lax.scan itself and the body calls self.sow into the module's own intermediates collection
"""Seismic trace denoising: iterative soft-thresholding with per-iteration residual logging."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class DenoiseConfig:
    samples: int = 32
    iterations: int = 6
    threshold: float = 0.05


def soft_threshold(z: jax.Array, t: float) -> jax.Array:
    return jnp.sign(z) * jnp.maximum(jnp.abs(z) - t, 0.0)


class WaveletDenoiser(nn.Module):
    cfg: DenoiseConfig

    def setup(self):
        self.analysis = nn.Dense(self.cfg.samples, use_bias=False)
        self.synthesis = nn.Dense(self.cfg.samples, use_bias=False)

    def __call__(self, traces: jax.Array) -> jax.Array:
        coeffs = soft_threshold(self.analysis(traces), self.cfg.threshold)
        estimate = self.synthesis(coeffs)
        return self.run_shrinkage(traces, coeffs, estimate)

    def run_shrinkage(self, traces, coeffs, estimate):
        def iteration(state, _):
            z, est = state
            residual = traces - est
            z = soft_threshold(z + 0.5 * self.analysis(residual), self.cfg.threshold)
            est = self.synthesis(z)
            self.sow("intermediates", "residual_energy", jnp.sum(residual**2))
            return (z, est), None

        (_, estimate), _ = lax.scan(iteration, (coeffs, estimate), None, length=self.cfg.iterations)
        return estimate


class DenoiseJob:
    def __init__(self, cfg: DenoiseConfig):
        self.cfg = cfg
        self.model = WaveletDenoiser(cfg)

    def setup(self, rng, traces):
        self.variables = self.model.init(rng, traces)

    def process(self, traces):
        clean, state = self.model.apply(self.variables, traces, mutable=["intermediates"])
        energies = state["intermediates"]["residual_energy"]
        return clean, jnp.stack(energies)


def main():
    cfg = DenoiseConfig()
    traces = jax.random.normal(jax.random.key(0), (4, cfg.samples))
    job = DenoiseJob(cfg)
    job.setup(jax.random.key(1), traces)
    clean, energy = job.process(traces)
    print("residual energy curve", float(jnp.mean(energy)), clean.shape)
    return None
