# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 ReefSpawnNet.forecast owns the BatchNorm statistics and runs the scan itself; the body calls self(...) while the module is still in training mode
"""Coral spawning prediction: per-night spawning probability for batches of reef survey sites."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class ReefSpawnNet(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_features, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, momentum=0.95, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, sites):
        h = nnx.relu(self.norm(self.encoder(sites)))
        return jax.nn.sigmoid(self.head(h))

    def forecast(self, nightly_sites):
        def night(carry, sites):
            return carry, self(sites)

        _, probabilities = scan(night, None, nightly_sites)
        return probabilities


def main():
    model = ReefSpawnNet(5, nnx.Rngs(0))
    surveys = jax.random.normal(jax.random.PRNGKey(4), (7, 10, 5))
    model.forecast(surveys)
    return None
