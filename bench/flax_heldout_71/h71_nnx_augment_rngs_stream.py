# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an AugmentationPipeline owns an nnx.Rngs with an 'augment' stream and a learned policy; the scan body draws self.rngs.augment() every batch
"""Learned-policy augmentation pipeline (NNX) drawing noise keys from an Rngs stream."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class JitterPolicy(nnx.Module):
    """Learned per-feature jitter scale."""

    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.log_scale = nnx.Param(jnp.full((dim,), -1.0))
        self.gate = nnx.Linear(dim, 1, rngs=rngs)

    def __call__(self, x, key):
        strength = nnx.sigmoid(self.gate(x))
        return strength * jnp.exp(self.log_scale.value) * jax.random.normal(key, x.shape)


class AugmentationPipeline:
    def __init__(self, dim, seed=0):
        self.rngs = nnx.Rngs(params=seed, augment=seed + 1)
        self.policy = JitterPolicy(dim, rngs=self.rngs)

    def noise_for_epoch(self, data):
        def body(carry, batch):
            noise = self.policy(batch, self.rngs.augment())
            return carry, noise

        _, noise = jax.lax.scan(body, None, data)
        return noise


def main():
    pipe = AugmentationPipeline(dim=6)
    data = jnp.ones((5, 8, 6))
    return pipe.noise_for_epoch(data)
