# label: ok
# flax-error: none
# class: 1 DropoutRNN.__call__ runs the scan; per-step keys are split from the module's self.rngs.dropout() before the scan, scanned as xs and given to self.dropout
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DropoutRNN(nnx.Module):
    def __init__(self, din, hidden, rate, rngs: nnx.Rngs):
        self.w_x = nnx.Linear(din, hidden, rngs=rngs)
        self.w_h = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.dropout = nnx.Dropout(rate)
        self.rngs = rngs
        self.hidden = hidden

    def __call__(self, xs):
        step_keys = jax.random.split(self.rngs.dropout(), xs.shape[0])

        def step(h, inputs):
            x, key = inputs
            x = self.dropout(x, rngs=key)
            h = jnp.tanh(self.w_x(x) + self.w_h(h))
            return h, (h, x)

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, (hs, dropped) = lax.scan(step, h0, (xs, step_keys))
        return hs, dropped


def main():
    model = DropoutRNN(6, 8, rate=0.5, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    xs = jnp.ones((5, 2, 6))  # the same input at every time step
    hs, dropped = model(xs)
    return dropped
