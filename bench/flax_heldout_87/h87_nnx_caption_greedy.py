# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Captioner' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the closed-over NNX decoder stores its LSTM carry on a module attribute inside the raw while_loop body
"""Greedy caption decoding with an NNX LSTM decoder that keeps its recurrent state on the module
(as in the PyTorch original); decoding stops at EOS inside jax.lax.while_loop."""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, EMB, HID, FEAT, MAXLEN = 30, 12, 24, 20, 8
BOS, EOS = 1, 2


class Captioner(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, EMB, rngs=rngs)
        self.img = nnx.Linear(FEAT, HID, rngs=rngs)
        self.lstm = nnx.OptimizedLSTMCell(EMB, HID, rngs=rngs)
        self.out = nnx.Linear(HID, VOCAB, rngs=rngs)
        self.carry = nnx.data(None)

    def start(self, feats):
        h = jnp.tanh(self.img(feats))
        self.carry = nnx.data((jnp.zeros_like(h), h))

    def next_token(self, tok):
        carry, h = self.lstm(self.carry, self.embed(tok))
        self.carry = nnx.data(carry)
        return jnp.argmax(self.out(h), axis=-1)


def main():
    model = Captioner(nnx.Rngs(0))
    feats = jax.random.normal(jax.random.key(1), (2, FEAT))
    model.start(feats)

    def cond(state):
        i, tok, caption = state
        return (i < MAXLEN) & jnp.any(tok != EOS)

    def body(state):
        i, tok, caption = state
        tok = model.next_token(tok)
        return i + 1, tok, caption.at[:, i].set(tok)

    init = (0, jnp.full((2,), BOS, jnp.int32), jnp.zeros((2, MAXLEN), jnp.int32))
    _, _, caption = jax.lax.while_loop(cond, body, init)
    caption.block_until_ready()
    return None
