# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 nnx.GRUCell and nnx.Linear constructed inline in the lax.scan decoding body from an outer nnx.Rngs
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB = 10
HIDDEN = 16


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, HIDDEN, rngs=rngs)
        self.proj = nnx.Linear(HIDDEN, HIDDEN, rngs=rngs)

    def __call__(self, tokens):
        return jnp.tanh(self.proj(self.embed(tokens).mean(axis=0)))


def decode(encoder, src, rngs, max_len=5):
    context = encoder(src)
    embed = nnx.Embed(VOCAB, HIDDEN, rngs=rngs)

    def step(carry, _):
        h, token = carry
        cell = nnx.GRUCell(HIDDEN, HIDDEN, rngs=rngs)
        head = nnx.Linear(HIDDEN, VOCAB, rngs=rngs)
        h, out = cell(h, embed(token))
        logits = head(out)
        return (h, jnp.argmax(logits).astype(jnp.int32)), logits

    _, logits = jax.lax.scan(step, (context, jnp.array(1, jnp.int32)), None, length=max_len)
    return logits


def main():
    rngs = nnx.Rngs(0)
    encoder = Encoder(rngs)
    decode(encoder, jnp.array([2, 4, 6], jnp.int32), rngs)
    return None
