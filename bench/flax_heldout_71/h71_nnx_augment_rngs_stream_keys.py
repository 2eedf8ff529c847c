# label: ok
# flax-error: none
# class: 4 an AugmentationPipeline owns an nnx.Rngs with an 'augment' stream; keys for every batch are split from one draw before the scan and fed in as xs
"""Learned-policy augmentation pipeline (NNX), per-batch keys split before the scan."""
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
        keys = jax.random.split(self.rngs.augment(), data.shape[0])

        def body(carry, inputs):
            batch, key = inputs
            noise = self.policy(batch, key)
            return carry, noise

        _, noise = jax.lax.scan(body, None, (data, keys))
        return noise


def main():
    pipe = AugmentationPipeline(dim=6)
    data = jnp.ones((5, 8, 6))
    return pipe.noise_for_epoch(data)
