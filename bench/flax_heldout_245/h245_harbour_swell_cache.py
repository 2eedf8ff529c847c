# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the swell buffer is reached in the scan body through self.desk.buffer and written at every step under a mutable cache collection
"""Swell nowcast for the pilot station: wave-buoy readings arrive in chunks, and the last smoothed
swell of one chunk is kept in a cache so that the next chunk continues from it."""

import jax
import jax.numpy as jnp
import flax.linen as fnn

lax = jax.lax

BUOYS = 3
CHUNK = 5


class SwellBuffer(fnn.Module):
    width: int

    def setup(self):
        self.last = self.variable("cache", "last_swell", jnp.zeros, (self.width,))

    def recall(self):
        return self.last.value

    def remember(self, swell):
        self.last.value = swell


class PilotDesk(fnn.Module):
    width: int

    def setup(self):
        self.buffer = SwellBuffer(self.width)
        self.smoother = fnn.Dense(self.width)

    def smooth(self, previous, reading):
        return 0.6 * previous + 0.4 * fnn.tanh(self.smoother(reading))


class SwellNowcast(fnn.Module):
    width: int = BUOYS

    def setup(self):
        self.desk = PilotDesk(self.width)

    def __call__(self, reading):
        swell = self.desk.smooth(self.desk.buffer.recall(), reading)
        self.desk.buffer.remember(swell)
        return swell

    def nowcast_chunk(self, readings):
        def per_reading(_, reading):
            swell = self.desk.smooth(self.desk.buffer.recall(), reading)
            self.desk.buffer.remember(swell)
            return None, swell

        _, swells = lax.scan(per_reading, None, readings)
        return swells


class SwellStream:
    def __init__(self, model: SwellNowcast, variables):
        self.model = model
        self.params = variables["params"]
        self.cache = jax.tree.map(jnp.zeros_like, variables["cache"])

    def process(self, chunk):
        swells, state = self.model.apply({"params": self.params, "cache": self.cache}, chunk,
                                         method=SwellNowcast.nowcast_chunk, mutable=["cache"])
        self.cache = state["cache"]
        return swells


def buoy_chunks(count: int):
    key = jax.random.key(5)
    return jax.random.normal(key, (count, CHUNK, BUOYS))


def main():
    model = SwellNowcast()
    variables = model.init(jax.random.key(0), jnp.zeros((BUOYS,)))
    stream = SwellStream(model, variables)
    outputs = [stream.process(chunk) for chunk in buoy_chunks(2)]
    jax.block_until_ready(outputs)
    return None
