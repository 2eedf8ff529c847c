# label: same-values
# flax-error: none
# class: 2 the local key, drawn once from rngs.noise() in the enclosing function, goes into the scan body directly and is used at every step
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
    key = rngs.noise()

    def draw(carry, _):
        mean, log_std = model(x)
        eps = jr.normal(key, mean.shape)
        return carry, mean + jnp.exp(log_std) * eps

    _, samples = jax.lax.scan(draw, None, None, length=num_samples)
    return samples


def main():
    model = GaussianHead(3, nnx.Rngs(params=0))
    x = jnp.ones((4, 3))  # the same inputs at every draw
    return predictive_samples(model, x, nnx.Rngs(noise=7), num_samples=5)
