# label: ok
# flax-error: none
# class: 3 the TurnstileMonitor keeps the GateForecaster as self.model; the fori_loop carries a dropout key, splits it each sample and passes nnx.Rngs(dropout=key) to self.model(counts, rngs=...)
"""Stadium crowd flow: Monte Carlo dropout samples of the next five minutes of turnstile entries."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class GateForecaster(nnx.Module):
    def __init__(self, gates, rngs: nnx.Rngs):
        self.history = nnx.Linear(gates, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)
        self.entries = nnx.Linear(16, gates, rngs=rngs)

    def __call__(self, counts, rngs=None):
        h = nnx.relu(self.history(counts))
        return nnx.softplus(self.entries(self.dropout(h, rngs=rngs)))


class TurnstileMonitor:
    def __init__(self, model, dropout_key, samples=6):
        self.model = model
        self.dropout_key = dropout_key
        self.samples = samples

    def entry_samples(self, counts):
        def sample(index, carry):
            key, drawn = carry
            key, sample_key = jax.random.split(key)
            forecast = self.model(counts, rngs=nnx.Rngs(dropout=sample_key))
            return key, drawn.at[index].set(forecast)

        drawn = jnp.zeros((self.samples,) + counts.shape)
        self.dropout_key, drawn = lax.fori_loop(0, self.samples, sample, (self.dropout_key, drawn))
        return drawn


def main():
    gates = 6
    model = GateForecaster(gates, nnx.Rngs(params=0, dropout=1))
    model.train()
    counts = jnp.array([[41.0, 38.0, 55.0, 12.0, 29.0, 33.0]]) / 60.0
    return TurnstileMonitor(model, jax.random.key(1)).entry_samples(counts)
