# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 synthesize_catalogue creates a local nnx.Rngs and the scan body draws from its "jitter" stream directly
"""Synthetic earthquake catalogue for testing the alerting pipeline: a magnitude model predicts
the expected magnitude for a fault segment's features, and each synthetic event adds random
jitter drawn from an nnx.Rngs stream."""
import jax
import jax.numpy as jnp
from flax import nnx


class MagnitudeModel(nnx.Module):
    def __init__(self, feat_dim: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(feat_dim, 16, rngs=rngs)
        self.mean = nnx.Linear(16, 1, rngs=rngs)
        self.log_spread = nnx.Param(jnp.array(-1.0))

    def __call__(self, features):
        h = nnx.tanh(self.hidden(features))
        return 4.0 + nnx.softplus(self.mean(h))[0], jnp.exp(self.log_spread[...])


def synthesize_catalogue(model, segment_features, num_events: int, seed: int):
    rngs = nnx.Rngs(jitter=seed)

    def event(_, index):
        mean, spread = model(segment_features)
        magnitude = mean + spread * jax.random.normal(rngs.jitter(), ())
        depth_km = 10.0 + 5.0 * jax.random.uniform(rngs.jitter(), ())
        return None, {"magnitude": magnitude, "depth_km": depth_km}

    _, events = jax.lax.scan(event, None, jnp.arange(num_events))
    return events


def main():
    model = MagnitudeModel(6, rngs=nnx.Rngs(0))
    segment = jax.random.normal(jax.random.key(2), (6,))
    events = synthesize_catalogue(model, segment, num_events=8, seed=17)
    print("largest synthetic magnitude:", float(events["magnitude"].max()))
    return events
