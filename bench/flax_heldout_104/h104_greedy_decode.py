# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GreedyDecoder.__call__ owns the 'cache' variable and writes it inside its own while_loop body
"""Greedy decoding with a while_loop that stops at EOS; each step's hidden state is kept in a
'cache' collection so the caller can rescore the hypothesis afterwards (apply with
mutable=['cache'])."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

H = 16


class GreedyDecoder(nn.Module):
    vocab: int = 12
    max_len: int = 8
    eos: int = 0

    @nn.compact
    def __call__(self, enc):
        is_initialized = self.has_variable('cache', 'hidden')
        hidden = self.variable('cache', 'hidden', jnp.zeros, (self.max_len, H))
        embed = nn.Embed(self.vocab, H)
        cell = nn.Dense(H)
        head = nn.Dense(self.vocab)
        h0 = jnp.tanh(cell(enc + embed(jnp.array(1))))
        first = jnp.argmax(head(h0)).astype(jnp.int32)
        if not is_initialized:
            return jnp.zeros((self.max_len,), jnp.int32) + first

        def cond(state):
            i, tok, _, _ = state
            return (i < self.max_len) & ((tok != self.eos) | (i == 0))

        def body(state):
            i, tok, h, out = state
            h = jnp.tanh(cell(h + embed(tok)))
            hidden.value = hidden.value.at[i].set(h)
            tok = jnp.argmax(head(h)).astype(jnp.int32)
            return i + 1, tok, h, out.at[i].set(tok)

        init = (0, first, h0, jnp.full((self.max_len,), self.eos, jnp.int32))
        _, _, _, tokens = lax.while_loop(cond, body, init)
        return tokens


def rescore(hidden):
    return jnp.sum(jnp.linalg.norm(hidden, axis=-1))


def main():
    model = GreedyDecoder()
    enc = jax.random.normal(jax.random.key(0), (H,))
    variables = model.init(jax.random.key(1), enc)
    tokens, state = model.apply(variables, enc, mutable=['cache'])
    score = rescore(state['cache']['hidden'])
    print(tokens, float(score))
    return None
