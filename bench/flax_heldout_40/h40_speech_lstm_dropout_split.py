# label: ok
# flax-error: none
# class: 3 a helper encode() closes over the params and scans over per-frame dropout keys split before the loop, passed to model.apply(..., rngs={'dropout': k})
"""Frame-by-frame streaming speech encoder: one LSTM step per acoustic frame, with dropout
on the recurrent output during training."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class EncoderStep(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, carry, frame, train: bool = True):
        carry, h = nn.OptimizedLSTMCell(self.hidden)(carry, nn.Dense(self.hidden)(frame))
        keep = nn.Dropout(self.rate, deterministic=not train)(jnp.ones_like(h))
        return carry, (h * keep, keep)


def init_carry(batch, hidden):
    return (jnp.zeros((batch, hidden)), jnp.zeros((batch, hidden)))


def encode(model, params, frames, key):
    def step(carry, inputs):
        frame, k = inputs
        carry, (h, keep) = model.apply({"params": params}, carry, frame,
                                       rngs={"dropout": k})
        return carry, keep

    carry = init_carry(frames.shape[1], model.hidden)
    keys = jax.random.split(key, frames.shape[0])
    _, masks = jax.lax.scan(step, carry, (frames, keys))
    return masks


def main():
    n_frames, batch, n_mels = 12, 2, 40
    frames = jax.random.normal(jax.random.key(0), (n_frames, batch, n_mels))
    model = EncoderStep()
    params = model.init(jax.random.key(1), init_carry(batch, model.hidden), frames[0],
                        train=False)["params"]
    run = functools.partial(encode, model, params)
    return run(frames, jax.random.key(2))
