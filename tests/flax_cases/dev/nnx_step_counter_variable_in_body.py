# label: trace-context
# flax-error: TraceContextError: Cannot mutate Count from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 NNX RNN increments an nnx.Variable step counter inside the scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class CountingRNN(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.cell = nnx.Linear(features, features, rngs=rngs)
        self.steps = Count(jnp.array(0))

    def __call__(self, xs):
        def step(h, x):
            self.steps.value += 1
            h = jnp.tanh(self.cell(h) + x)
            return h, h

        return jax.lax.scan(step, jnp.zeros_like(xs[0]), xs)


def main():
    model = CountingRNN(4, nnx.Rngs(0))
    model(jnp.ones((5, 4)))
