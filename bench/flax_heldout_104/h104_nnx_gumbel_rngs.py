# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 GumbelQuantizer.quantize_sequence draws from its own self.rngs.gumbel stream inside its scan body
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
        def body(carry, h):
            logits = self.proj(h)
            g = jax.random.gumbel(self.rngs.gumbel(), logits.shape)
            soft = jax.nn.softmax((logits + g) / self.tau)
            return carry + soft @ self.codebook[...], soft

        _, soft = scan(body, jnp.zeros(self.codebook.shape[1:]), hs)
        return soft


def main():
    q = GumbelQuantizer(8, 5, 0.5, nnx.Rngs(params=0, gumbel=1))
    hs = jnp.ones((10, 8))
    return q.quantize_sequence(hs)
