# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[40,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 LSTM cell, embedding and vocab projection are first called inside the raw scan body during init
"""Greedy decoding for an image captioner: the tutorial's Python for-loop over time steps was
replaced by jax.lax.scan inside the module to make it faster."""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, EMB, HID, MAXLEN = 40, 16, 32, 7
BOS = 1


class CaptionDecoder(nn.Module):
    vocab: int = VOCAB

    @nn.compact
    def __call__(self, image_feats):
        embed = nn.Embed(self.vocab, EMB, name="embed")
        cell = nn.OptimizedLSTMCell(HID, name="lstm")
        to_vocab = nn.Dense(self.vocab, name="to_vocab")
        h0 = nn.tanh(nn.Dense(HID, name="init_h")(image_feats))
        c0 = nn.tanh(nn.Dense(HID, name="init_c")(image_feats))
        tok0 = jnp.full((image_feats.shape[0],), BOS, jnp.int32)

        def step(state, _):
            carry, tok = state
            carry, h = cell(carry, embed(tok))
            nxt = jnp.argmax(to_vocab(h), axis=-1)
            return (carry, nxt), nxt

        _, tokens = jax.lax.scan(step, ((c0, h0), tok0), None, length=MAXLEN)
        return tokens.T


def main():
    feats = jax.random.normal(jax.random.key(0), (2, 64))
    model = CaptionDecoder()
    variables = model.init(jax.random.key(1), feats)
    captions = model.apply(variables, feats)
    captions.block_until_ready()
    return None
