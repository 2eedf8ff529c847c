# label: same-values
# flax-error: none
# class: 3 an nnx.Dropout reached through Sampler.model.drop, given an nnx.Rngs rebuilt from the sampler's seed in every scan step
"""Monte-Carlo dropout sampler: draw dropout masks for a feature extractor's hidden layer."""
import jax
import jax.numpy as jnp
from flax import nnx


class Extractor(nnx.Module):
    def __init__(self, din, dhidden, *, rngs: nnx.Rngs):
        self.fc = nnx.Linear(din, dhidden, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)

    def __call__(self, x, rngs=None):
        return self.drop(nnx.relu(self.fc(x)), rngs=rngs)


class Sampler:
    def __init__(self, model, seed):
        self.model = model
        self.seed = seed

    def masks(self, n_samples, width):
        self.model.train()
        ones = jnp.ones((width,))

        def body(i, _):
            return i + 1, self.model.drop(ones, rngs=nnx.Rngs(dropout=self.seed))

        _, masks = jax.lax.scan(body, 0, None, length=n_samples)
        return masks


def main():
    sampler = Sampler(Extractor(4, 16, rngs=nnx.Rngs(0)), seed=11)
    return sampler.masks(5, 16)
