# label: ok
# flax-error: none
# class: 4 the ensemble forecaster keeps a list of plain HeadAdapter objects, each holding nnx.split(head); the heads' states (dropout rng counts included) are carried through the scan, merged in the body and written back with nnx.update after the loop
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
        self.graphdef, self.state = nnx.split(head)

    def predict(self, state, spectrum):
        head = nnx.merge(self.graphdef, state)
        return head(spectrum), nnx.state(head)

    def commit(self, state):
        nnx.update(self.head, state)
        self.state = state


class EnsembleForecaster:
    def __init__(self, adapters):
        self.adapters = adapters

    def forecast(self, spectra):
        def hour(states, spectrum):
            outputs = [adapter.predict(s, spectrum) for adapter, s in zip(self.adapters, states)]
            heights = jnp.stack([h for h, _ in outputs])
            return [s for _, s in outputs], heights.mean(axis=0)

        states, hourly = jax.lax.scan(hour, [a.state for a in self.adapters], spectra)
        for adapter, state in zip(self.adapters, states):
            adapter.commit(state)
        return hourly


def main():
    spectra = jax.random.normal(jax.random.key(0), (6, 4, 10))  # hours x buoys x frequency bins
    adapters = [
        HeadAdapter(hull, SpectralHead(10, nnx.Rngs(params=i, dropout=100 + i)))
        for i, hull in enumerate(["discus", "spar", "wave-rider"])
    ]
    return EnsembleForecaster(adapters).forecast(spectra)
