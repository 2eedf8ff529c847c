# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 DropoutRNN.__call__ runs the scan and its step calls self.dropout, whose rng stream belongs to the module
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DropoutRNN(nnx.Module):
    def __init__(self, din, hidden, rate, rngs: nnx.Rngs):
        self.w_x = nnx.Linear(din, hidden, rngs=rngs)
        self.w_h = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.dropout = nnx.Dropout(rate, rngs=rngs)
        self.hidden = hidden

    def __call__(self, xs):
        def step(h, x):
            x = self.dropout(x)
            h = jnp.tanh(self.w_x(x) + self.w_h(h))
            return h, (h, x)

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, (hs, dropped) = lax.scan(step, h0, xs)
        return hs, dropped


def main():
    model = DropoutRNN(6, 8, rate=0.5, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    xs = jnp.ones((5, 2, 6))  # the same input at every time step
    hs, dropped = model(xs)
    return dropped
