# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an NNX encoder's Dropout falls back to the streams it holds when its caller passes no key; the raw scan body calls the encoder made outside it without one
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


def encode(encoder, frames):
    def step(state, frame):
        state, mask = encoder(state, frame)
        return state, mask

    _, masks = jax.lax.scan(step, jnp.zeros(frames.shape[1:]), frames)
    return masks


def main():
    encoder = FrameEncoder(6, rngs=nnx.Rngs(params=0, dropout=1))
    return encode(encoder, jnp.ones((5, 6)))
