# label: trace-context
# flax-error: TraceContextError: Cannot mutate Count from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 NNX Elman cell counts its calls in an nnx.Variable; run_rnn(cell, xs) steps it with a lambda in a raw jax.lax.scan
"""An NNX RNN cell that keeps a step counter (handy for logging / scheduled sampling). The
sequence runner takes the cell as an argument and steps it with a lambda in jax.lax.scan,
as one would with a pure function."""
import jax
import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class ElmanCell(nnx.Module):
    def __init__(self, in_features, hidden, *, rngs: nnx.Rngs):
        self.ih = nnx.Linear(in_features, hidden, rngs=rngs)
        self.hh = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.steps = Count(jnp.array(0, jnp.int32))

    def __call__(self, h, x):
        self.steps.value += 1
        h = jnp.tanh(self.ih(x) + self.hh(h))
        return h, h


def run_rnn(cell, xs, hidden=16):
    h0 = jnp.zeros((xs.shape[1], hidden))
    return jax.lax.scan(lambda h, x: cell(h, x), h0, xs)


def main():
    cell = ElmanCell(4, 16, rngs=nnx.Rngs(0))
    xs = jnp.ones((5, 2, 4))
    h, hs = run_rnn(cell, xs)
    assert hs.shape == (5, 2, 16)
    return None
