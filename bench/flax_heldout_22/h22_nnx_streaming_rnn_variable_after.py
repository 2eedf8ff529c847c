# label: ok
# flax-error: none
# class: 2 scan body calls the StreamingGRU module with the hidden state in the carry; the nnx.Variable self.hidden is written once after the loop
# modelled on: google/flax#3997 NNX + mutable state + JIT = "Cannot mutate <module name> from a different trace level" and google/flax#4151 `nnx.Dropout` in combination with `jax.lax.scan`
"""Streaming keyword spotter: a GRU that keeps its hidden state between audio frames."""

import jax
import jax.numpy as jnp
from flax import nnx

FEATS, HIDDEN, CLASSES, FRAMES = 6, 10, 3, 7


class StreamingGRU(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(FEATS, HIDDEN, rngs=rngs)
        self.classifier = nnx.Linear(HIDDEN, CLASSES, rngs=rngs)
        self.hidden = nnx.Variable(jnp.zeros((1, HIDDEN)))

    def __call__(self, h, frame):
        h, _ = self.cell(h, frame)
        return h, jax.nn.log_softmax(self.classifier(h))

    def reset(self):
        self.hidden[...] = jnp.zeros((1, HIDDEN))


def spot_keywords(model, frames):
    def on_frame(h, frame):
        return model(h, frame)

    h_last, log_probs = jax.lax.scan(on_frame, model.hidden[...], frames)
    model.hidden[...] = h_last
    return log_probs


def main():
    model = StreamingGRU(nnx.Rngs(0))
    frames = jax.random.normal(jax.random.key(1), (FRAMES, 1, FEATS))
    log_probs = spot_keywords(model, frames)
    print("detections", jnp.argmax(log_probs[:, 0], axis=-1), "state", model.hidden[...].shape)
    return None
