# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the decoder object's self.decoder is a model bound with mutable=['cache'], called in the while_loop body
"""Greedy autoregressive decoding with a cached GRU decoder and a raw jax.lax.while_loop.

The generator object binds the model once with mutable=['cache'] and calls the bound
module step by step; after the loop it reads the final hidden state for a length score."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class CachedDecoder(nn.Module):
    vocab: int = 12
    dim: int = 16

    @nn.compact
    def __call__(self, tok):
        emb = nn.Embed(self.vocab, self.dim)(tok)
        h = self.variable("cache", "h", jnp.zeros, (self.dim,))
        new_h = jnp.tanh(nn.Dense(self.dim)(emb) + nn.Dense(self.dim, use_bias=False)(h.value))
        h.value = new_h
        return nn.Dense(self.vocab)(new_h)


class GreedyGenerator:
    def __init__(self, model, variables, max_len=6):
        self.decoder = model.bind(variables, mutable=["cache"])
        self.max_len = max_len

    def generate(self, bos):
        def cond(state):
            return state[0] < self.max_len

        def body(state):
            i, tok, out = state
            nxt = jnp.argmax(self.decoder(tok)).astype(jnp.int32)
            return i + 1, nxt, out.at[i].set(nxt)

        out = jnp.zeros((self.max_len,), jnp.int32)
        _, _, out = jax.lax.while_loop(cond, body, (0, bos, out))
        final_h = self.decoder.variables["cache"]["h"]
        return out, jnp.linalg.norm(final_h)


def main():
    model = CachedDecoder()
    bos = jnp.array(0, jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), bos)
    tokens, score = GreedyGenerator(model, {"params": variables["params"]}).generate(bos)
    print(tokens, score)
