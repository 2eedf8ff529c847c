# label: ok
# flax-error: none
# class: 1 StatefulLSTM.__call__ runs the scan itself; its c/h LSTMState values go in as the scan carry and are written back after the loop

import jax
import jax.numpy as jnp
from flax import nnx


class LSTMState(nnx.Variable):
    pass


class StatefulLSTM(nnx.Module):
    """Keeps its recurrent state between calls, so consecutive batches continue one stream."""

    def __init__(self, din, hidden, batch, *, rngs: nnx.Rngs):
        self.cell = nnx.LSTMCell(din, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)
        self.c = LSTMState(jnp.zeros((batch, hidden)))
        self.h = LSTMState(jnp.zeros((batch, hidden)))

    def reset(self):
        self.c[...] = jnp.zeros_like(self.c[...])
        self.h[...] = jnp.zeros_like(self.h[...])

    def __call__(self, xs):
        # xs: [time, batch, din]
        def step(carry, x):
            return self.cell(carry, x)

        (c, h), ys = jax.lax.scan(step, (self.c[...], self.h[...]), xs)
        self.c[...] = c
        self.h[...] = h
        return self.head(ys[-1])


def main():
    model = StatefulLSTM(3, 8, 2, rngs=nnx.Rngs(0))
    stream = jax.random.normal(jax.random.key(1), (3, 4, 2, 3))  # 3 consecutive batches
    model.reset()
    preds = [model(batch) for batch in stream]
    jax.block_until_ready(jnp.stack(preds))
