# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a stateful RNN keeps its hidden state in an nnx.Variable attribute that the raw scan body overwrites
"""Stateful RNN: 'my model works in a Python for loop but not in lax.scan'."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class StatefulRNN(nnx.Module):
    def __init__(self, din, dh, rngs):
        self.cell = nnx.Linear(din + dh, dh, rngs=rngs)
        self.h = nnx.Variable(jnp.zeros((1, dh)))

    def __call__(self, x):
        self.h.value = jnp.tanh(self.cell(jnp.concatenate([x, self.h.value], -1)))
        return self.h.value


def main():
    rnn = StatefulRNN(3, 8, nnx.Rngs(0))
    xs = jnp.ones((6, 1, 3))
    for x in xs[:2]:  # the Python loop works
        rnn(x)

    def step(carry, x):
        return carry, rnn(x)

    _, hs = scan(step, None, xs)
    hs.block_until_ready()
    return None
