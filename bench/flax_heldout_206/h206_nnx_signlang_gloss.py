# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_gloss_step(graphdef, state) returns a step that nnx.merge's the state it closed over; the scan body runs it, so the merged model's dropout advances the outer RngCount
"""Continuous sign-language recognition: per-window gloss logits from hand/pose keypoints."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

N_JOINTS = 2 * 21 + 33
N_GLOSSES = 12


class KeypointGlossHead(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, hidden: int = 32):
        self.embed = nnx.Linear(N_JOINTS * 3, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(hidden, N_GLOSSES, rngs=rngs)

    def __call__(self, window):
        h = nnx.gelu(self.embed(window.reshape(-1)))
        return self.out(self.drop(h))


def make_gloss_step(graphdef, state):
    def step(window):
        model = nnx.merge(graphdef, state)
        return model(window)
    return step


def decode_stream(model, windows):
    graphdef, state = nnx.split(model)
    step = make_gloss_step(graphdef, state)

    def body(carry, window):
        logits = step(window)
        return carry, logits

    _, logits = jax.lax.scan(body, None, windows)
    return logits


def main():
    model = KeypointGlossHead(nnx.Rngs(params=0, dropout=1))
    window = jax.random.normal(jax.random.key(3), (N_JOINTS, 3))
    windows = jnp.broadcast_to(window, (6, N_JOINTS, 3))   # a held sign: the same pose repeated
    return decode_stream(model, windows)
