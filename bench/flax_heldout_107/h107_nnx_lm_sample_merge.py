# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 Sampler.sample splits self.lm once and the scan body merges that closed-over state, then draws from lm.rngs.sample()
"""Sampling from an NNX character-level RNN language model with a raw jax.lax.scan. To
avoid the trace-level error the user splits the model and merges it inside the body, but
the body merges the state captured before the loop (a closure, not the carry), so
lm.rngs.sample() advances the very Variables that live outside the loop."""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, H = 10, 24


class CharRNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, H, rngs=rngs)
        self.wh = nnx.Linear(H, H, rngs=rngs)
        self.head = nnx.Linear(H, VOCAB, rngs=rngs)
        self.rngs = rngs

    def __call__(self, h, tok):
        h = jnp.tanh(self.wh(h) + self.embed(tok))
        return h, self.head(h)


class Sampler:
    def __init__(self, lm):
        self.lm = lm

    def sample(self, tok, length):
        graphdef, state = nnx.split(self.lm)

        def body(carry, _):
            h, tok = carry
            lm = nnx.merge(graphdef, state)
            h, logits = lm(h, tok)
            g = jax.random.gumbel(lm.rngs.sample(), (VOCAB,))
            tok = jnp.argmax(logits + g).astype(jnp.int32)
            return (h, tok), g

        return jax.lax.scan(body, (jnp.zeros((H,)), tok), None, length=length)[1]


def main():
    lm = CharRNN(nnx.Rngs(params=0, sample=1))
    return Sampler(lm).sample(jnp.array(0, jnp.int32), 12)
