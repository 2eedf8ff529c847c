# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 NNX linear recurrent cell counts its calls in a custom Variable; a bound method runs it under lax.scan over time
import jax
import jax.numpy as jnp
from flax import nnx


class StepCount(nnx.Variable):
    pass


class DiagonalLRU(nnx.Module):
    def __init__(self, d_in, d_hidden, *, rngs):
        self.log_lambda = nnx.Param(-jnp.ones((d_hidden,)))
        self.B = nnx.Linear(d_in, d_hidden, rngs=rngs)
        self.C = nnx.Linear(d_hidden, d_in, rngs=rngs)
        self.count = StepCount(jnp.array(0))

    def __call__(self, h, x):
        self.count.value += 1
        h = jnp.exp(self.log_lambda.value) * h + self.B(x)
        return h, self.C(h)


class SequenceModel(nnx.Module):
    def __init__(self, *, rngs):
        self.cell = DiagonalLRU(4, 16, rngs=rngs)

    def run(self, xs):
        h0 = jnp.zeros((xs.shape[1], 16))
        _, ys = jax.lax.scan(self.cell, h0, xs)
        return ys


def main():
    model = SequenceModel(rngs=nnx.Rngs(0))
    ys = model.run(jnp.ones((10, 2, 4)))
    print(ys.shape, model.cell.count.value)
    return None
