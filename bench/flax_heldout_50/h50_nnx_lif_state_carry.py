# label: ok
# flax-error: none
# class: 3 the bound method self.step is the scan body; the membrane potential rides in the carry and is assigned to the Variable after the loop
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

    def step(self, carry, x_t):
        v_prev, s_prev = carry
        v = self.beta * v_prev + self.w_in(x_t) + self.w_rec(s_prev)
        s = (v > 1.0).astype(jnp.float32)
        return (v * (1.0 - s), s), s

    def __call__(self, xs):
        s0 = jnp.zeros(self.v.value.shape)
        (v, _), spikes = jax.lax.scan(self.step, (self.v.value, s0), xs)
        self.v.value = v
        return spikes


def main():
    layer = RecurrentLIF(10, 24, rngs=nnx.Rngs(0))
    xs = (jax.random.uniform(jax.random.key(1), (30, 10)) < 0.3).astype(jnp.float32)
    layer(xs)
    return None
