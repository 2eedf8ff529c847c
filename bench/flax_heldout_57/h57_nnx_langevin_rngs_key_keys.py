# label: ok
# flax-error: none
# class: 3 the key drawn from nnx.Rngs is split into per-step keys that the raw scan takes as xs
"""The fix: split the 'noise' key into one key per Langevin step and scan over them."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ScoreNet(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.silu(self.l1(x)))


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    score = ScoreNet(2, rngs)
    x = jnp.zeros((8, 2))
    step_size = 1e-2
    keys = jax.random.split(rngs.noise(), 12)

    def langevin(x, key):
        z = jax.random.normal(key, x.shape)
        x = x + step_size * score(x) + jnp.sqrt(2 * step_size) * z
        return x, z

    _, noise = lax.scan(langevin, x, keys)
    return noise
