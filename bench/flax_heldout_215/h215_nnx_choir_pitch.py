# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 PitchEvaluator.evaluate scans with self.error.update(...) on the evaluator's nnx.metrics.Average in the body
"""Choir pitch tracking: evaluation of a per-singer pitch-deviation model.

The evaluator owns the pitch model and an nnx.metrics.Average of the absolute deviation error in
cents, and accumulates the metric while scanning over the rehearsal recording frames.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class PitchDeviationNet(nnx.Module):
    def __init__(self, bins, *, rngs: nnx.Rngs):
        self.spectrum = nnx.Linear(bins, 16, rngs=rngs)
        self.cents = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, frames):
        return 50.0 * jnp.tanh(self.cents(nnx.gelu(self.spectrum(frames))))[..., 0]


class PitchEvaluator:
    def __init__(self, model):
        self.model = model
        self.error = nnx.metrics.Average()

    def evaluate(self, frames, targets):
        self.model.eval()
        self.error.reset()

        def frame(carry, batch):
            spectra, cents = batch
            err = jnp.abs(self.model(spectra) - cents)
            self.error.update(values=err)
            return carry, None

        lax.scan(frame, None, (frames, targets))
        return self.error.compute()


def rehearsal(frames=10, singers=4, bins=8):
    t = jnp.arange(frames * singers * bins, dtype=jnp.float32).reshape(frames, singers, bins)
    spectra = jnp.abs(jnp.sin(t / 9.0))
    cents = 20.0 * jnp.cos(jnp.arange(frames * singers, dtype=jnp.float32)).reshape(frames, singers)
    return spectra, cents


def main():
    spectra, cents = rehearsal()
    evaluator = PitchEvaluator(PitchDeviationNet(8, rngs=nnx.Rngs(0)))
    mean_error = evaluator.evaluate(spectra, cents)
    jax.block_until_ready(mean_error)
    return None
