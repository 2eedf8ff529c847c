# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'StreamingGRU' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 scan body calls the StreamingGRU module, whose __call__ assigns the plain attribute self.hidden
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
        self.hidden = jnp.zeros((1, HIDDEN))

    def __call__(self, frame):
        h, _ = self.cell(self.hidden, frame)
        self.hidden = h
        return jax.nn.log_softmax(self.classifier(h))

    def reset(self):
        self.hidden = jnp.zeros((1, HIDDEN))


def spot_keywords(model, frames):
    def on_frame(_, frame):
        return None, model(frame)

    _, log_probs = jax.lax.scan(on_frame, None, frames)
    return log_probs


def main():
    model = StreamingGRU(nnx.Rngs(0))
    frames = jax.random.normal(jax.random.key(1), (FRAMES, 1, FEATS))
    log_probs = spot_keywords(model, frames)
    print("detections", jnp.argmax(log_probs[:, 0], axis=-1), "state", model.hidden.shape)
    return None
