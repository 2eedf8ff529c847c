# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the TurnstileMonitor keeps the GateForecaster, whose nnx.Dropout owns an nnx.Rngs stream, as self.model; the fori_loop body calls self.model(counts) for each dropout sample
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
    def __init__(self, model, samples=6):
        self.model = model
        self.samples = samples

    def entry_samples(self, counts):
        def sample(index, drawn):
            return drawn.at[index].set(self.model(counts))

        drawn = jnp.zeros((self.samples,) + counts.shape)
        return lax.fori_loop(0, self.samples, sample, drawn)


def main():
    gates = 6
    model = GateForecaster(gates, nnx.Rngs(params=0, dropout=1))
    model.train()
    counts = jnp.array([[41.0, 38.0, 55.0, 12.0, 29.0, 33.0]]) / 60.0
    return TurnstileMonitor(model).entry_samples(counts)
