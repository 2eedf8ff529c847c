# label: ok
# flax-error: none
# class: 5 NNX RNN keeps a step counter variable but updates it once after the raw scan
import jax
import jax.numpy as jnp
from flax import nnx


class CountingRNN(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.cell = nnx.Linear(features, features, rngs=rngs)
        self.steps = nnx.Variable(jnp.array(0))

    def __call__(self, xs):
        def step(h, x):
            h = jnp.tanh(self.cell(h) + x)
            return h, h

        h, hs = jax.lax.scan(step, jnp.zeros_like(xs[0]), xs)
        self.steps.value += xs.shape[0]
        return hs


def main():
    model = CountingRNN(4, nnx.Rngs(0))
    model(jnp.ones((5, 4)))
    assert int(model.steps.value) == 5
