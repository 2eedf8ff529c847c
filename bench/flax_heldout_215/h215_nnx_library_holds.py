# label: same-values
# flax-error: none
# class: 3 HoldsSampler.sample scans with self.model(feats, rngs=nnx.Rngs(dropout=self.key)) built from the sampler's stored key in the body
"""Library book demand: per-title hold-queue scenarios for the acquisitions planner.

The sampler wraps a hold-demand model with dropout and a base key taken from the request, and
draws scenarios with a scan, handing the model an Rngs for its dropout on every draw.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HoldQueueModel(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.head = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        h = self.drop(nnx.relu(self.hidden(x)), rngs=rngs)
        return nnx.softplus(self.head(h))[..., 0]


class HoldsSampler:
    def __init__(self, model, request_seed, num_scenarios=6):
        self.model = model
        self.key = jax.random.key(request_seed)
        self.num_scenarios = num_scenarios

    def sample(self, title_features):
        def scenario(carry, _):
            queue = self.model(title_features, rngs=nnx.Rngs(dropout=self.key))
            return carry, queue

        _, queues = jax.lax.scan(scenario, None, None, length=self.num_scenarios)
        return queues


def title_features(titles=5):
    i = jnp.arange(titles, dtype=jnp.float32)
    return jnp.stack([jnp.log1p(i), jnp.sin(i), (i % 2), jnp.ones_like(i)], axis=-1)


def main():
    feats = title_features()
    sampler = HoldsSampler(HoldQueueModel(4, rngs=nnx.Rngs(0)), request_seed=2024)
    return sampler.sample(feats)
