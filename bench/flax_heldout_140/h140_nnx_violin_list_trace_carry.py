# label: ok
# flax-error: none
# class: 2 the analyzer local to analyze_session goes straight into the fori_loop body; each tap's peak rides in a carried buffer appended to the module's list after the loop
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
    def body(i, carry):
        loudest, peaks = carry
        response = analyzer(taps[i])
        return jnp.maximum(loudest, response.max()), peaks.at[i].set(response.max())

    start = (jnp.float32(0.0), jnp.zeros(taps.shape[0]))
    loudest, peaks = lax.fori_loop(0, taps.shape[0], body, start)
    analyzer.peaks.extend(list(peaks))
    return loudest, analyzer.report()


def main():
    analyzer = ToneAnalyzer(16, nnx.Rngs(0))
    taps = jax.random.normal(jax.random.key(12), (6, 16))
    analyze_session(analyzer, taps)
    return None
