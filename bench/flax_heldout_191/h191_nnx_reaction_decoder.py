# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the decoder passed to decode() is called directly in the scan body and appends each step's logits to its own Python list
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
        self.step_logits.append(logits)
        return h, jnp.argmax(logits)


def decode(decoder, reactant_code, length):
    def body(carry, _):
        h, token = carry
        h, token = decoder(h, token)
        return (h, token), token

    (_, _), tokens = scan(body, (reactant_code, jnp.int32(1)), None, length=length)
    confidence = jax.nn.softmax(jnp.stack(decoder.step_logits), axis=-1).max(-1)
    return tokens, confidence


def main():
    decoder = ProductDecoder(16, rngs=nnx.Rngs(0))
    reactant_code = jax.random.normal(jax.random.key(8), (16,))
    tokens, confidence = decode(decoder, reactant_code, length=10)
    print(tokens, confidence.mean())
    return None
