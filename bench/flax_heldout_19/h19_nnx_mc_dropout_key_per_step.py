# label: ok
# flax-error: none
# class: 2 the scan step calls the model's nnx.Dropout with rngs= set to the step's key, taken from xs
"""Monte-Carlo dropout where each scan step passes its own key to the dropout layer.

Modelled on google/flax#4151 (`nnx.Dropout` inside `jax.lax.scan`) and the NNX randomness
guide's call-time `rngs=` argument: the dropout layer carries no Rngs of its own and the
per-sample keys, split before the loop, are the `xs` of the scan. The MC samples are returned.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyHead(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.out = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x, key):
        h = self.drop(nnx.relu(self.hidden(x)), deterministic=False, rngs=key)
        return self.out(h)


def mc_samples(model, x, key, num_samples):
    keys = jax.random.split(key, num_samples)

    def sample(carry, k):
        return carry, model(x, k)

    _, ys = jax.lax.scan(sample, None, keys)
    return ys


def main():
    model = NoisyHead(4, 2, rngs=nnx.Rngs(0))
    x = jnp.ones((3, 4))
    return mc_samples(model, x, jax.random.key(5), 5)
