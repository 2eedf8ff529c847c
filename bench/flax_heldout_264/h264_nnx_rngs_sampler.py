# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 LatentSampler.sample runs the while_loop itself; the body calls `self.rngs.latent()`, the module's own Rngs stream
"""Sample from an NNX decoder's prior with a dedicated 'latent' Rngs stream."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax
LATENT = 2
OUT = 5


class LatentSampler(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(LATENT, 8, rngs=rngs)
        self.out = nnx.Linear(8, OUT, rngs=rngs)
        self.rngs = rngs

    def decode(self, z):
        return nnx.sigmoid(self.out(nnx.gelu(self.hidden(z))))

    def sample(self, n: int):
        buf = jnp.zeros((n, OUT))

        def keep_going(state):
            return state[0] < n

        def draw(state):
            i, buf = state
            z = jax.random.normal(self.rngs.latent(), (LATENT,))
            return i + 1, buf.at[i].set(self.decode(z))

        _, buf = lax.while_loop(keep_going, draw, (0, buf))
        return buf


def main():
    sampler = LatentSampler(nnx.Rngs(params=0, latent=3))
    return sampler.sample(4)
