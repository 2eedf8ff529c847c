# label: ok
# flax-error: none
# class: 3 PitchEvaluator.evaluate scans with self.model in the body, emits the errors as ys and updates self.error after the scan
"""Choir pitch tracking: evaluation of a per-singer pitch-deviation model.

The evaluator owns the pitch model and an nnx.metrics.Average of the absolute deviation error in
cents; the scan over the rehearsal frames emits the errors, and the metric is updated with them
once the scan has finished.
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
            return carry, err

        _, errors = lax.scan(frame, None, (frames, targets))
        self.error.update(values=errors)
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
