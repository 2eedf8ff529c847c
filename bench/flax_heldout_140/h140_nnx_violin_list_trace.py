# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the analyzer local to analyze_session goes straight into the fori_loop body, which appends each tap's peak to the module's plain-list attribute
"""Violin making: peak response of tap recordings on a back plate during graduation."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ToneAnalyzer(nnx.Module):
    def __init__(self, bins: int, rngs: nnx.Rngs):
        self.spectrum = nnx.Linear(bins, 4, rngs=rngs)
        self.peaks = []

    def __call__(self, tap):
        return jnp.abs(self.spectrum(tap))

    def report(self):
        peaks = jnp.stack(self.peaks)
        return {"mean_peak": peaks.mean(), "spread": peaks.max() - peaks.min()}


def analyze_session(analyzer, taps):
    def body(i, loudest):
        response = analyzer(taps[i])
        analyzer.peaks.append(response.max())
        return jnp.maximum(loudest, response.max())

    loudest = lax.fori_loop(0, taps.shape[0], body, jnp.float32(0.0))
    return loudest, analyzer.report()


def main():
    analyzer = ToneAnalyzer(16, nnx.Rngs(0))
    taps = jax.random.normal(jax.random.key(12), (6, 16))
    analyze_session(analyzer, taps)
    return None
