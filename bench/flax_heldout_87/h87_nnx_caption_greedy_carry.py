# label: ok
# flax-error: none
# class: 5 the LSTM carry is taken off the NNX decoder and threaded through the raw while_loop state
"""Greedy caption decoding with an NNX LSTM decoder in jax.lax.while_loop; the recurrent state is
passed in and out of the step function and carried in the loop state."""
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

    def start(self, feats):
        h = jnp.tanh(self.img(feats))
        return (jnp.zeros_like(h), h)

    def next_token(self, carry, tok):
        carry, h = self.lstm(carry, self.embed(tok))
        return carry, jnp.argmax(self.out(h), axis=-1)


def main():
    model = Captioner(nnx.Rngs(0))
    feats = jax.random.normal(jax.random.key(1), (2, FEAT))

    def cond(state):
        i, carry, tok, caption = state
        return (i < MAXLEN) & jnp.any(tok != EOS)

    def body(state):
        i, carry, tok, caption = state
        carry, tok = model.next_token(carry, tok)
        return i + 1, carry, tok, caption.at[:, i].set(tok)

    init = (0, model.start(feats), jnp.full((2,), BOS, jnp.int32), jnp.zeros((2, MAXLEN), jnp.int32))
    _, _, _, caption = jax.lax.while_loop(cond, body, init)
    caption.block_until_ready()
    return None
