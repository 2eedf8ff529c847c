# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body in StreamSession.feed merges the tracker from the carried state and keeps the merged module on self.live, which peek reads after the loop

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan as lax_scan


class Memory(nnx.Variable):
    pass


class SensorTracker(nnx.Module):
    def __init__(self, din, hidden, batch, *, rngs):
        self.cell = nnx.OptimizedLSTMCell(din, hidden, rngs=rngs)
        self.readout = nnx.Linear(hidden, 2, rngs=rngs)
        self.c = Memory(jnp.zeros((batch, hidden)))
        self.h = Memory(jnp.zeros((batch, hidden)))

    def __call__(self, x):
        (c, h), y = self.cell((self.c[...], self.h[...]), x)
        self.c[...] = c
        self.h[...] = h
        return y


class StreamSession:
    """Feeds consecutive chunks of a stream to one tracker, keeping its LSTM state."""

    def __init__(self, tracker):
        self.graphdef, self.state = nnx.split(tracker)
        self.live = tracker

    def feed(self, chunk):
        def body(state, x):
            tracker = nnx.merge(self.graphdef, state)
            y = tracker(x)
            self.live = tracker
            return nnx.state(tracker), y

        self.state, ys = lax_scan(body, self.state, chunk)
        return ys

    def peek(self):
        return self.live.readout(self.live.h[...])


def main():
    session = StreamSession(SensorTracker(3, 8, 2, rngs=nnx.Rngs(0)))
    stream = jax.random.normal(jax.random.key(1), (2, 4, 2, 3))
    for chunk in stream:
        session.feed(chunk)
    jax.block_until_ready(session.peek())
