# label: same-values
# flax-error: none
# class: 3 one key drawn from nnx.Rngs before the loop is closed over by the raw scan body
"""Score-based Langevin sampling with an NNX score network: the user draws a key from the
'noise' stream of nnx.Rngs once and uses it inside the raw scan body."""
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
    key = rngs.noise()

    def langevin(x, _):
        z = jax.random.normal(key, x.shape)
        x = x + step_size * score(x) + jnp.sqrt(2 * step_size) * z
        return x, z

    _, noise = lax.scan(langevin, x, None, length=12)
    return noise
