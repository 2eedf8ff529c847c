# label: trace-context
# flax-error: TraceContextError: Cannot mutate Step from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 nnx.Variable step counter on a module closed over and incremented inside a raw jax.lax.scan
"""Positional-encoding RNN ported from PyTorch (`self.t += 1` in forward); the step counter is an
nnx.Variable and the sequence is walked with a raw scan that closes over the module."""
import jax
import jax.numpy as jnp
from flax import nnx


class Step(nnx.Variable):
    pass


class TimedRNN(nnx.Module):
    def __init__(self, din, dh, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(din, dh, rngs=rngs)
        self.rec = nnx.Linear(dh, dh, use_bias=False, rngs=rngs)
        self.t = Step(jnp.array(0, jnp.int32))

    def __call__(self, h, x):
        phase = jnp.sin(self.t.value.astype(jnp.float32) / 10.0)
        self.t.value = self.t.value + 1
        return jnp.tanh(self.inp(x) + self.rec(h) + phase)


def main():
    model = TimedRNN(3, 8, rngs=nnx.Rngs(0))
    xs = jnp.ones((5, 2, 3))

    def body(h, x):
        h = model(h, x)
        return h, h

    h, hs = jax.lax.scan(body, jnp.zeros((2, 8)), xs)
    print(hs.shape, model.t.value)
    return None
