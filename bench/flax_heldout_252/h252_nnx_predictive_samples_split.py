# label: ok
# flax-error: none
# class: 2 the enclosing function splits rngs.noise() into one key per draw before the scan; the keys are scanned as xs
import jax
import jax.numpy as jnp
import jax.random as jr
from flax import nnx


class GaussianHead(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(din, 16, rngs=rngs)
        self.mean = nnx.Linear(16, 1, rngs=rngs)
        self.log_std = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.trunk(x))
        return self.mean(h)[..., 0], self.log_std(h)[..., 0]


def predictive_samples(model, x, rngs: nnx.Rngs, num_samples: int):
    keys = jr.split(rngs.noise(), num_samples)

    def draw(carry, key):
        mean, log_std = model(x)
        eps = jr.normal(key, mean.shape)
        return carry, mean + jnp.exp(log_std) * eps

    _, samples = jax.lax.scan(draw, None, keys)
    return samples


def main():
    model = GaussianHead(3, nnx.Rngs(params=0))
    x = jnp.ones((4, 3))  # the same inputs at every draw
    return predictive_samples(model, x, nnx.Rngs(noise=7), num_samples=5)
