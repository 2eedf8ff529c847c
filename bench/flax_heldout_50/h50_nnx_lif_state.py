# label: trace-context
# flax-error: TraceContextError: Cannot mutate Membrane from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the bound method self.step is the scan body and assigns the membrane potential to an nnx.Variable subclass
"""Recurrent spiking layer in NNX with a stateful membrane potential, run over a spike train."""
import jax
import jax.numpy as jnp
from flax import nnx


class Membrane(nnx.Variable):
    pass


class RecurrentLIF(nnx.Module):
    def __init__(self, din, dout, *, beta=0.85, rngs: nnx.Rngs):
        self.w_in = nnx.Linear(din, dout, rngs=rngs)
        self.w_rec = nnx.Linear(dout, dout, use_bias=False, rngs=rngs)
        self.v = Membrane(jnp.zeros((dout,)))
        self.beta = beta

    def step(self, s_prev, x_t):
        v = self.beta * self.v.value + self.w_in(x_t) + self.w_rec(s_prev)
        s = (v > 1.0).astype(jnp.float32)
        self.v.value = v * (1.0 - s)
        return s, s

    def __call__(self, xs):
        s0 = jnp.zeros(self.v.value.shape)
        _, spikes = jax.lax.scan(self.step, s0, xs)
        return spikes


def main():
    layer = RecurrentLIF(10, 24, rngs=nnx.Rngs(0))
    xs = (jax.random.uniform(jax.random.key(1), (30, 10)) < 0.3).astype(jnp.float32)
    layer(xs)
    return None
