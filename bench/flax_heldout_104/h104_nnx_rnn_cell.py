# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the hidden state is the Variable `model.h` of the closed-over module; model.step writes it from the scan body
"""A stateful GRU forecaster stepped by hand: the module keeps its hidden state in a Variable
(like a Keras stateful RNN) and the sequence is consumed with a raw jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class StatefulGRU(nnx.Module):
    def __init__(self, din, dhidden, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(din, dhidden, rngs=rngs)
        self.head = nnx.Linear(dhidden, 1, rngs=rngs)
        self.h = nnx.Variable(jnp.zeros((1, dhidden)))

    def reset(self):
        self.h[...] = jnp.zeros_like(self.h[...])

    def step(self, x):
        h, y = self.cell(self.h[...], x)
        self.h[...] = h
        return self.head(y)


def main():
    model = StatefulGRU(3, 8, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (12, 1, 3))
    model.reset()

    def body(carry, x):
        return carry, model.step(x)

    _, preds = jax.lax.scan(body, None, xs)
    print(preds.shape)
    return None
