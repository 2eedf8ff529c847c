# label: ok
# flax-error: none
# class: 3 decoder method self.step passed as the lax.scan body applies the prenet's nnx.Dropout with an explicit per-step key split from the Rngs stream before the loop and scanned as xs
"""Tacotron-style decoder with always-on prenet dropout, after a FastSpeech duration predictor (NNX).

Durations come from a small predictor; the decoder then runs frame by frame with a raw
lax.scan over the (teacher-forced) previous frames.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, n_mels=8, units=16, *, rngs: nnx.Rngs):
        self.duration = nnx.Linear(units, 1, rngs=rngs)
        self.prenet = nnx.Linear(n_mels, units, rngs=rngs)
        self.prenet_drop = nnx.Dropout(0.5, deterministic=False, rngs=rngs)
        self.cell = nnx.GRUCell(2 * units, units, rngs=rngs)
        self.proj = nnx.Linear(units, n_mels, rngs=rngs)
        self.rngs = rngs

    def step(self, carry, inp):
        h, ctx = carry
        prev_frame, key = inp
        x = self.prenet_drop(nnx.relu(self.prenet(prev_frame)), rngs=key)
        h, _ = self.cell(h, jnp.concatenate([x, ctx], -1))
        return (h, ctx), self.proj(h)

    def __call__(self, text_h, mels):
        dur = jnp.exp(self.duration(text_h)[..., 0])
        ctx = text_h.mean(1)
        prev = jnp.concatenate([jnp.zeros_like(mels[:1]), mels[:-1]], 0)
        h0 = jnp.zeros_like(ctx)
        keys = jax.random.split(self.rngs.dropout(), prev.shape[0])
        _, frames = jax.lax.scan(self.step, (h0, ctx), (prev, keys))
        return frames, dur


def main():
    model = Decoder(rngs=nnx.Rngs(params=0, dropout=1))
    text_h = jnp.ones((2, 4, 16))
    mels = jnp.ones((6, 2, 8))
    frames, dur = model(text_h, mels)
    print(frames.shape, dur.shape)
    return None
