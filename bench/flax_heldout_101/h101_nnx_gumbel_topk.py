# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 Sampler.generate runs lax.while_loop itself and its body calls self.rngs.gumbel() on the module's own Rngs
"""Stochastic top-k decoding with the Gumbel-top-k trick, NNX module, while_loop decode."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Sampler(nnx.Module):
    def __init__(self, vocab, dim, k, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.proj = nnx.Linear(dim, vocab, rngs=rngs)
        self.k = k
        self.rngs = rngs

    def logits(self, tok):
        return self.proj(jnp.tanh(self.embed(tok)))

    def generate(self, first_tok, max_len, temperature=1.0):
        out = jnp.zeros((max_len, self.k), jnp.int32)

        def cond(state):
            i, _, _ = state
            return i < max_len

        def body(state):
            i, tok, out = state
            logits = self.logits(tok) / temperature
            g = jax.random.gumbel(self.rngs.gumbel(), logits.shape)
            _, top = lax.top_k(logits + g, self.k)
            return i + 1, top[0], out.at[i].set(top)

        _, _, out = lax.while_loop(cond, body, (0, first_tok, out))
        return out


def main():
    model = Sampler(64, 16, k=4, rngs=nnx.Rngs(params=0, gumbel=1))
    tokens = model.generate(jnp.array(3), max_len=8)
    return tokens
