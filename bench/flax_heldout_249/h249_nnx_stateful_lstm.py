# label: trace-context
# flax-error: TraceContextError: Cannot mutate LSTMState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 StatefulLSTM.__call__ runs the scan itself and its body writes the module's own c/h LSTMState variables

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
        def step(_, x):
            (c, h), y = self.cell((self.c[...], self.h[...]), x)
            self.c[...] = c
            self.h[...] = h
            return None, y

        _, ys = jax.lax.scan(step, None, xs)
        return self.head(ys[-1])


def main():
    model = StatefulLSTM(3, 8, 2, rngs=nnx.Rngs(0))
    stream = jax.random.normal(jax.random.key(1), (3, 4, 2, 3))  # 3 consecutive batches
    model.reset()
    preds = [model(batch) for batch in stream]
    jax.block_until_ready(jnp.stack(preds))
