# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 decoder state carried through a raw lax.while_loop and merged in the body, the merged decoder rebound with nonlocal
"""Image captioning in NNX: greedy/beam decoding with a KV-style cache in lax.while_loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

VOCAB, DIM, MAX_LEN, EOS = 15, 16, 6, 2


class Decoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.cell = nnx.LSTMCell(DIM, DIM, rngs=rngs)
        self.head = nnx.Linear(DIM, VOCAB, rngs=rngs)
        self.carry = nnx.Cache((jnp.zeros((3, DIM)), jnp.zeros((3, DIM))))

    def __call__(self, toks):
        self.carry.value, out = self.cell(self.carry.value, self.embed(toks))
        return jax.nn.log_softmax(self.head(out))


def main():
    decoder = Decoder(nnx.Rngs(0))
    graphdef, state = nnx.split(decoder)

    def cond(s):
        i, toks, scores, state = s
        return (i < MAX_LEN) & jnp.any(toks != EOS)

    def body(s):
        nonlocal decoder
        i, toks, scores, state = s
        decoder = nnx.merge(graphdef, state)
        logp = decoder(toks)
        toks = jnp.argmax(logp, -1)
        scores = scores + jnp.max(logp, -1)
        return i + 1, toks, scores, nnx.state(decoder)

    init = (0, jnp.zeros((3,), jnp.int32), jnp.zeros(3), state)
    _, toks, scores, state = jax.lax.while_loop(cond, body, init)
    final_h = decoder.carry.value[1]
    rescored = scores / (1.0 + jnp.linalg.norm(final_h, axis=-1))
    return None
