# label: same-values
# flax-error: none
# class: 2 the augmenter object holds one PRNG key and the scan body passes it as the 'jitter' stream to model.apply
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
        def body(carry, tile):
            gain = self.jitter.apply({}, tile, rngs={"jitter": self.key})
            return carry, gain

        _, gains = lax.scan(body, None, stack)
        return gains


def main():
    stack = jnp.ones((6, 16, 16, 4))  # six acquisition dates
    return SceneAugmenter(seed=7).noise_for_stack(stack)
