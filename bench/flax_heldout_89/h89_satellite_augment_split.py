# label: ok
# flax-error: none
# class: 2 the augmenter object holds one PRNG key, splits it into one key per date and scans over the keys
"""Satellite-imagery change detection: radiometric jitter for each acquisition date of a scene stack."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class RadiometricJitter(nn.Module):
    """Per-band gain noise, as produced by sensor calibration drift."""
    sigma: float = 0.05

    @nn.compact
    def __call__(self, tile):
        return self.sigma * jax.random.normal(self.make_rng("jitter"), tile.shape[-1:])


class SceneAugmenter:
    def __init__(self, seed: int):
        self.jitter = RadiometricJitter()
        self.key = jax.random.key(seed)

    def noise_for_stack(self, stack):
        self.key, sub = jax.random.split(self.key)
        keys = jax.random.split(sub, stack.shape[0])

        def body(carry, inputs):
            tile, key = inputs
            gain = self.jitter.apply({}, tile, rngs={"jitter": key})
            return carry, gain

        _, gains = lax.scan(body, None, (stack, keys))
        return gains


def main():
    stack = jnp.ones((6, 16, 16, 4))  # six acquisition dates
    return SceneAugmenter(seed=7).noise_for_stack(stack)
