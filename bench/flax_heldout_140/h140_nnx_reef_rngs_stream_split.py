# label: ok
# flax-error: none
# class: 3 TransectAugmenter keeps an nnx.Rngs with an "augment" stream as an attribute; one draw is split into per-view keys that the scan runs over
"""Coral reef monitoring: augmented views of one transect frame for a coral-cover estimator."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class CoralCoverEstimator(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encode = nnx.Linear(9, 5, rngs=rngs)
        self.cover = nnx.Linear(5, 2, rngs=rngs)

    def __call__(self, frame):
        return nnx.softmax(self.cover(nnx.gelu(self.encode(frame))))


class TransectAugmenter:
    def __init__(self, model, seed, strength=0.05):
        self.model = model
        self.rngs = nnx.Rngs(augment=seed)
        self.strength = strength

    def views(self, frame, count):
        keys = jax.random.split(self.rngs.augment(), count)

        def view(carry, key):
            jitter = self.strength * jax.random.normal(key, frame.shape)
            return carry, self.model(frame + jitter)

        _, covers = lax.scan(view, None, keys)
        return covers


def main():
    model = CoralCoverEstimator(nnx.Rngs(0))
    frame = jnp.linspace(0.0, 1.0, 9)
    augmenter = TransectAugmenter(model, seed=21)
    return augmenter.views(frame, count=6)
