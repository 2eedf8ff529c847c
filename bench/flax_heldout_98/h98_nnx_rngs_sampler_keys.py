# label: ok
# flax-error: none
# class: 5 Langevin sampler in jax.lax.scan; one key per step is drawn from the nnx.Rngs stream before the loop and scanned as xs
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x)))


def main():
    score = ScoreNet(nnx.Rngs(0))
    rngs = nnx.Rngs(noise=1)
    x0 = jnp.zeros((4, 2))
    eps = 1e-2

    keys = jax.random.split(rngs.noise(), 10)

    def langevin(x, key):
        noise = jax.random.normal(key, x.shape)
        x = x + eps * score(x) + jnp.sqrt(2 * eps) * noise
        return x, noise

    _, noises = jax.lax.scan(langevin, x0, keys)
    return noises  # [step, 4, 2]
