# label: ok
# flax-error: none
# class: 5 the base dropout key is drawn once and folded in with the sample index that the raw scan passes as xs
"""Perception uncertainty: Monte-Carlo dropout over a lidar-segment embedding in an evaluator."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class SegmentHead(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, feats, n_samples: int):
        dense = nn.Dense(feats.shape[-1])
        drop = nn.Dropout(self.rate, deterministic=False)
        base = self.make_rng("dropout")

        @jax.checkpoint
        def sample(carry, i):
            mask = drop(jnp.ones_like(feats), rng=jax.random.fold_in(base, i))
            return carry, mask

        _ = dense(feats)
        _, masks = jax.lax.scan(sample, None, jnp.arange(n_samples))
        return masks


class UncertaintyEvaluator:
    def __init__(self, model, variables, n_samples=5):
        self.model = model
        self.variables = variables
        self.n_samples = n_samples

    def masks(self, feats, seed):
        return self.model.apply(self.variables, feats, self.n_samples, rngs={"dropout": jax.random.key(seed)})


def main():
    feats = jax.random.normal(jax.random.key(0), (12,))
    model = SegmentHead()
    variables = model.init({"params": jax.random.key(1), "dropout": jax.random.key(2)}, feats, 2)
    return UncertaintyEvaluator(model, variables).masks(feats, 3)
