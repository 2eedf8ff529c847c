# label: ok
# flax-error: none
# class: 3 an UncertaintyEstimator carries nnx.split model state and its sample key through the scan, splitting a fresh dropout key every sample
"""Reproducible MC-dropout uncertainty estimator for an NNX model (key split in the carry)."""
import jax
import jax.numpy as jnp
from flax import nnx


class MaskProbe(nnx.Module):
    """Exposes the dropout mask the model applies to its hidden features."""

    def __init__(self, dim, rate, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.dropout = nnx.Dropout(rate, rngs=rngs)

    def __call__(self, x, rngs=None):
        h = self.proj(x)
        return self.dropout(jnp.ones_like(h), rngs=rngs)


class UncertaintyEstimator:
    def __init__(self, model, seed=0, num_samples=8):
        self.model = model
        self.sample_key = jax.random.key(seed)
        self.num_samples = num_samples

    def masks(self, x):
        graphdef, state = nnx.split(self.model)

        def body(carry, _):
            state, key = carry
            key, sub = jax.random.split(key)
            model = nnx.merge(graphdef, state)
            mask = model(x, rngs=sub)
            _, state = nnx.split(model)
            return (state, key), mask

        (state, _), masks = jax.lax.scan(body, (state, self.sample_key), None, length=self.num_samples)
        nnx.update(self.model, state)
        return masks


def main():
    model = MaskProbe(6, 0.5, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    return UncertaintyEstimator(model).masks(jnp.ones((4, 6)))
