# label: ok
# flax-error: none
# class: 3 the hidden state starts as the Variable `model.h` of the closed-over module and is threaded through the scan carry; model.step takes and returns it
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

    def step(self, h, x):
        h, y = self.cell(h, x)
        return h, self.head(y)


def main():
    model = StatefulGRU(3, 8, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (12, 1, 3))
    model.reset()

    def body(h, x):
        return model.step(h, x)

    h, preds = jax.lax.scan(body, model.h[...], xs)
    model.h[...] = h
    print(preds.shape)
    return None
