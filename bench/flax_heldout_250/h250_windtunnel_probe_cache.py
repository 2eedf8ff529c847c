# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 build_probe_step returns (step, cache); the step, the scan body, stores the mutated "diagnostics" collection in the returned cache dict
"""Pressure-probe smoothing for wind-tunnel runs, with a peak-load diagnostics collection."""

from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as linen
from jax.lax import scan


@dataclass
class TunnelRun:
    name: str
    taps: int = 6
    frames: int = 5
    tags: list[str] = field(default_factory=lambda: ["subsonic", "baseline"])


class ProbeSmoother(linen.Module):
    taps: int

    @linen.compact
    def __call__(self, frame):
        peak = self.variable("diagnostics", "peak", jnp.zeros, (self.taps,))
        smoothed = linen.Dense(self.taps, name="kernel_mix")(frame)
        if self.is_mutable_collection("diagnostics"):
            peak.value = jnp.maximum(peak.value, jnp.abs(smoothed))
        return smoothed


def build_probe_step(model: ProbeSmoother, variables):
    cache = {"diagnostics": variables["diagnostics"]}

    def step(total, frame):
        smoothed, mutated = model.apply(variables, frame, mutable=["diagnostics"])
        cache["diagnostics"] = mutated["diagnostics"]
        return total + smoothed.sum(), smoothed.mean()

    return step, cache


def summarize(cache):
    peaks = cache["diagnostics"]["peak"]
    return {"max_peak": jnp.max(peaks), "mean_peak": jnp.mean(peaks)}


def record_frames(run: TunnelRun):
    t = jnp.linspace(0.0, 1.0, run.frames)[:, None]
    taps = jnp.arange(run.taps)[None, :]
    return jnp.sin(3.0 * t + 0.4 * taps)


def main():
    run = TunnelRun("wing-section-b")
    frames = record_frames(run)
    model = ProbeSmoother(run.taps)
    variables = model.init(jax.random.key(2), frames[0])
    step, cache = build_probe_step(model, variables)
    total, means = scan(step, jnp.float32(0.0), frames)
    summary = summarize(cache)
    jax.block_until_ready((total, means, summary))
    return None
