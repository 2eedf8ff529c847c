# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body runs the inspector and hands its outputs to a CallbackList, whose CalibrationLogger keeps them in a Python list read after the loop
"""Factory-line quality control (NNX): inspect a shift of frames with calibration callbacks."""
import jax
import jax.numpy as jnp
from flax import nnx


class Inspector(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 4, kernel_size=(3, 3), rngs=rngs)
        self.norm = nnx.BatchNorm(4, rngs=rngs)
        self.head = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, frame):
        x = nnx.relu(self.norm(self.conv(frame[None, ..., None])))
        return self.head(x.mean(axis=(1, 2)))[0, 0]


class Callback:
    def on_frame(self, step, score):
        pass

    def on_shift_end(self):
        return None


class CalibrationLogger(Callback):
    def __init__(self):
        self.scores = []

    def on_frame(self, step, score):
        self.scores.append(score)

    def on_shift_end(self):
        scores = jnp.stack(self.scores)
        return {"drift": scores[-1] - scores[0], "mean": scores.mean()}


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = callbacks

    def on_frame(self, step, score):
        for cb in self.callbacks:
            cb.on_frame(step, score)

    def on_shift_end(self):
        return [cb.on_shift_end() for cb in self.callbacks]


def run_shift(model, frames, callbacks: CallbackList):
    model.eval()

    def body(step, frame):
        score = model(frame)
        callbacks.on_frame(step, score)
        return step + 1, score > 0

    _, rejects = jax.lax.scan(body, 0, frames)
    return rejects, callbacks.on_shift_end()


def main():
    frames = jax.random.uniform(jax.random.key(0), (6, 12, 12))
    callbacks = CallbackList([Callback(), CalibrationLogger()])
    jax.block_until_ready(run_shift(Inspector(nnx.Rngs(1)), frames, callbacks))
    return None
