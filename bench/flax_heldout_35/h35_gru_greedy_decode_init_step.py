# label: ok
# flax-error: none
# class: 3 params initialised through __call__ (one decoder step outside any loop); generate's fori_loop body functools.partial(decode_step, self) only reads them
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB = 11
HIDDEN = 8


def decode_step(module, i, state):
    h, tok, out = state
    h, y = module.cell(h, module.embed(tok))
    logits = module.proj(y)
    tok = jnp.argmax(logits, axis=-1)
    out = out.at[:, i].set(tok)
    return h, tok, out


class GreedyDecoder(nn.Module):
    def setup(self):
        self.embed = nn.Embed(VOCAB, HIDDEN)
        self.cell = nn.GRUCell(features=HIDDEN)
        self.proj = nn.Dense(VOCAB)

    def __call__(self, h, tok):
        h, y = self.cell(h, self.embed(tok))
        return h, self.proj(y)

    def generate(self, h0, length):
        batch = h0.shape[0]
        tok = jnp.zeros((batch,), jnp.int32)
        out = jnp.zeros((batch, length), jnp.int32)
        body = functools.partial(decode_step, self)
        _, _, out = lax.fori_loop(0, length, body, (h0, tok, out))
        return out


def main():
    model = GreedyDecoder()
    h0 = jnp.ones((2, HIDDEN))
    variables = model.init(jax.random.PRNGKey(0), h0, jnp.zeros((2,), jnp.int32))
    tokens = model.apply(variables, h0, 6, method="generate")
    tokens.block_until_ready()
    return None
