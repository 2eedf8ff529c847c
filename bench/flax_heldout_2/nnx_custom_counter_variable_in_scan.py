# label: trace-context
# flax-error: TraceContextError: Cannot mutate Count from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 custom nnx.Variable step counter updated through .value inside the scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class StepCounter(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(4, 4, rngs=rngs)
        self.calls = Count(jnp.array(0))

    def __call__(self, x):
        self.calls.value += 1
        return self.proj(x)


def main():
    net = StepCounter(nnx.Rngs(0))

    def body(h, x):
        h = jnp.tanh(net(h) + x)
        return h, h

    jax.lax.scan(body, jnp.zeros((4,)), jnp.ones((6, 4)))
    return None
