# label: ok
# flax-error: none
# class: 1 GreedyDecoder.__call__ runs the while_loop with the hidden buffer in the loop state and writes its 'cache' variable after the loop
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
            i, tok, _, _, _ = state
            return (i < self.max_len) & ((tok != self.eos) | (i == 0))

        def body(state):
            i, tok, h, buf, out = state
            h = jnp.tanh(cell(h + embed(tok)))
            buf = buf.at[i].set(h)
            tok = jnp.argmax(head(h)).astype(jnp.int32)
            return i + 1, tok, h, buf, out.at[i].set(tok)

        init = (0, first, h0, hidden.value, jnp.full((self.max_len,), self.eos, jnp.int32))
        _, _, _, buf, tokens = lax.while_loop(cond, body, init)
        hidden.value = buf
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
