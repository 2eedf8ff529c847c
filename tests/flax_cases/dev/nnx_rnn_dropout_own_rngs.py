# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 NNX RNN whose nnx.Dropout holds its own rngs, called inside a raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class DropoutRNN(nnx.Module):
    def __init__(self, din, hidden, rngs: nnx.Rngs):
        self.inp = nnx.Linear(din, hidden, rngs=rngs)
        self.rec = nnx.Linear(hidden, hidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)

    def __call__(self, xs):
        def step(h, x):
            h = jnp.tanh(self.inp(x) + self.rec(self.dropout(h)))
            return h, h

        h0 = jnp.zeros((xs.shape[1], self.rec.out_features))
        return jax.lax.scan(step, h0, xs)


def main():
    model = DropoutRNN(3, 8, rngs=nnx.Rngs(0, dropout=1))
    model.train()
    model(jnp.ones((6, 2, 3)))
