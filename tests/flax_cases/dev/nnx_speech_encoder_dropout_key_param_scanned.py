# label: ok
# flax-error: none
# class: 3 an NNX encoder's Dropout is handed the key its caller passes; the per-frame keys are split before the raw scan and scanned over with the frames
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class FrameEncoder(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(features, features, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, state, frame, dropout_key=None):
        noisy = self.drop(jnp.ones_like(state), rngs=dropout_key)
        return jnp.tanh(self.proj(state * noisy) + frame), noisy


def encode(encoder, frames, seed):
    keys = jax.random.split(jax.random.key(seed), frames.shape[0])

    def step(state, inputs):
        frame, k = inputs
        state, mask = encoder(state, frame, dropout_key=k)
        return state, mask

    _, masks = jax.lax.scan(step, jnp.zeros(frames.shape[1:]), (frames, keys))
    return masks


def main():
    encoder = FrameEncoder(6, rngs=nnx.Rngs(params=0, dropout=1))
    return encode(encoder, jnp.ones((5, 6)), seed=3)
