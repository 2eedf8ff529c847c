# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the ensemble forecaster keeps a list of plain HeadAdapter objects, each holding an NNX head and jax.jit(head.__call__); the scan body calls adapter.predict for every adapter and the heads' dropout draws from their own nnx.Rngs
"""Ocean buoy wave forecasting: an ensemble of spectral heads, one per buoy hull type,
predicts significant wave height from the directional spectrum every hour. The heads
keep dropout on at forecast time so that the ensemble spread includes model noise."""
import jax
import jax.numpy as jnp
from flax import nnx


class SpectralHead(nnx.Module):
    def __init__(self, n_freq: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_freq, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, spectrum):
        return self.out(self.drop(nnx.relu(self.proj(spectrum))))[..., 0]


class HeadAdapter:
    """Gives every head the same predict() interface as the legacy numpy heads."""

    def __init__(self, hull_type, head):
        self.hull_type = hull_type
        self.head = head
        self.forward = jax.jit(head.__call__)

    def predict(self, spectrum):
        return self.forward(spectrum)


class EnsembleForecaster:
    def __init__(self, adapters):
        self.adapters = adapters

    def forecast(self, spectra):
        def hour(carry, spectrum):
            heights = jnp.stack([adapter.predict(spectrum) for adapter in self.adapters])
            return carry, heights.mean(axis=0)

        _, hourly = jax.lax.scan(hour, None, spectra)
        return hourly


def main():
    spectra = jax.random.normal(jax.random.key(0), (6, 4, 10))  # hours x buoys x frequency bins
    adapters = [
        HeadAdapter(hull, SpectralHead(10, nnx.Rngs(params=i, dropout=100 + i)))
        for i, hull in enumerate(["discus", "spar", "wave-rider"])
    ]
    return EnsembleForecaster(adapters).forecast(spectra)
