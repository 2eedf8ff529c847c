# label: ok
# flax-error: none
# class: 3 the fori_loop body in StreamEncoder.__call__ calls self.core.step; the LSTM carry goes through the loop carry and is stored after the loop

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

FEATURES = 4
HIDDEN = 8
BATCH = 2


class MemoryLSTM(nn.Module):
    """An LSTM cell whose (c, h) survives between apply calls in the 'memory' collection."""

    hidden: int
    batch: int

    def setup(self):
        self.cell = nn.OptimizedLSTMCell(self.hidden)
        zeros = lambda: jnp.zeros((self.batch, self.hidden))
        self.c = self.variable("memory", "c", zeros)
        self.h = self.variable("memory", "h", zeros)

    def __call__(self, x):
        (c, h), y = self.cell((self.c.value, self.h.value), x)
        self.c.value = c
        self.h.value = h
        return y

    def step(self, carry, x):
        return self.cell(carry, x)

    def load(self):
        return self.c.value, self.h.value

    def store(self, carry):
        self.c.value, self.h.value = carry


class StreamEncoder(nn.Module):
    """Encodes a long sensor stream chunk by chunk (truncated BPTT style)."""

    hidden: int = HIDDEN
    batch: int = BATCH

    def setup(self):
        self.core = MemoryLSTM(self.hidden, self.batch)
        self.readout = nn.Dense(1)

    def __call__(self, chunk):
        # chunk: [time, batch, features]
        first = self.core(chunk[0])

        def body(t, state):
            carry, acc = state
            carry, y = self.core.step(carry, chunk[t])
            return carry, acc + y

        carry, total = lax.fori_loop(1, chunk.shape[0], body, (self.core.load(), first))
        self.core.store(carry)
        return self.readout(total / chunk.shape[0])


def stream_chunks(key, num_chunks=3, chunk_len=5):
    return jax.random.normal(key, (num_chunks, chunk_len, BATCH, FEATURES))


def main():
    model = StreamEncoder()
    chunks = stream_chunks(jax.random.key(0))
    variables = model.init(jax.random.key(1), chunks[0])
    params, memory = variables["params"], variables["memory"]

    predictions = []
    for chunk in chunks:
        pred, updates = model.apply({"params": params, "memory": memory}, chunk, mutable=["memory"])
        memory = updates["memory"]
        predictions.append(pred)
    jax.block_until_ready(jnp.stack(predictions))
