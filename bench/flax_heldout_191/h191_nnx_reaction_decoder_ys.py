# label: ok
# flax-error: none
# class: 2 the decoder passed to decode() is called directly in the scan body; each step's logits leave the body as scan outputs and are stored on the decoder after the loop
"""Reaction-product decoder: greedy token decoding over a fixed number of SMILES positions."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

VOCAB = 24


class ProductDecoder(nnx.Module):
    def __init__(self, hidden, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, hidden, rngs=rngs)
        self.cell = nnx.Linear(2 * hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, VOCAB, rngs=rngs)
        self.step_logits = []

    def __call__(self, h, token):
        h = jnp.tanh(self.cell(jnp.concatenate([h, self.embed(token)])))
        logits = self.out(h)
        return h, jnp.argmax(logits), logits


def decode(decoder, reactant_code, length):
    def body(carry, _):
        h, token = carry
        h, token, logits = decoder(h, token)
        return (h, token), (token, logits)

    (_, _), (tokens, logits) = scan(body, (reactant_code, jnp.int32(1)), None, length=length)
    decoder.step_logits.extend(logits)
    confidence = jax.nn.softmax(jnp.stack(decoder.step_logits), axis=-1).max(-1)
    return tokens, confidence


def main():
    decoder = ProductDecoder(16, rngs=nnx.Rngs(0))
    reactant_code = jax.random.normal(jax.random.key(8), (16,))
    tokens, confidence = decode(decoder, reactant_code, length=10)
    print(tokens, confidence.mean())
    return None
