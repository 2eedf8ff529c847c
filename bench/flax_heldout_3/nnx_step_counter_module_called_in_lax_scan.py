# label: trace-context
# flax-error: TraceContextError: Cannot mutate Count from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 NNX module whose __call__ increments its own Variable counter, called in a raw lax.scan
"""Shape from google/flax issue #3997 (a Counter module with `self.count.value += 1` in __call__),
here driven by jax.lax.scan over a sequence instead of nnx.jit."""
import jax
import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class CountingLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.calls = Count(jnp.array(0))

    def __call__(self, x):
        self.calls.value += 1
        return self.linear(x)


def main():
    layer = CountingLinear(4, 4, rngs=nnx.Rngs(0))
    xs = jnp.ones((5, 2, 4))

    def body(h, x):
        h = jnp.tanh(layer(x) + h)
        return h, h

    h, _ = jax.lax.scan(body, jnp.zeros((2, 4)), xs)
    print(layer.calls.value)
    return None
