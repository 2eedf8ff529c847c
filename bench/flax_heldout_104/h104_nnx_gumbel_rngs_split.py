# label: ok
# flax-error: none
# class: 1 GumbelQuantizer.quantize_sequence draws one key from self.rngs.gumbel before its scan, splits it per step and feeds the keys as xs
"""Gumbel-softmax vector quantiser (dVAE style) that keeps its Rngs on self and quantises a
sequence of encoder states one step at a time with lax.scan. Returns the soft code
assignments."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class GumbelQuantizer(nnx.Module):
    def __init__(self, dim, n_codes, tau, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, n_codes, rngs=rngs)
        self.codebook = nnx.Param(jax.random.normal(rngs.params(), (n_codes, dim)))
        self.tau = tau
        self.rngs = rngs

    def quantize_sequence(self, hs):
        keys = jax.random.split(self.rngs.gumbel(), hs.shape[0])

        def body(carry, inputs):
            h, key = inputs
            logits = self.proj(h)
            g = jax.random.gumbel(key, logits.shape)
            soft = jax.nn.softmax((logits + g) / self.tau)
            return carry + soft @ self.codebook[...], soft

        _, soft = scan(body, jnp.zeros(self.codebook.shape[1:]), (hs, keys))
        return soft


def main():
    q = GumbelQuantizer(8, 5, 0.5, nnx.Rngs(params=0, gumbel=1))
    hs = jnp.ones((10, 8))
    return q.quantize_sequence(hs)
