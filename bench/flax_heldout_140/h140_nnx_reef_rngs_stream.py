# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 TransectAugmenter keeps an nnx.Rngs with an "augment" stream as an attribute and draws self.rngs.augment() in the scan body
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
        def view(carry, _):
            jitter = self.strength * jax.random.normal(self.rngs.augment(), frame.shape)
            return carry, self.model(frame + jitter)

        _, covers = lax.scan(view, None, None, length=count)
        return covers


def main():
    model = CoralCoverEstimator(nnx.Rngs(0))
    frame = jnp.linspace(0.0, 1.0, 9)
    augmenter = TransectAugmenter(model, seed=21)
    return augmenter.views(frame, count=6)
