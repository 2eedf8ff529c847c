# label: ok
# flax-error: none
# class: 1 the recurrent module's own __call__ runs lax.while_loop and calls self.bn in the body, in eval mode so the statistics are only read
"""Elman RNN with batch-normalised recurrent pre-activations (BN-RNN).

The module unrolls itself with lax.while_loop over time; at every step the
summed input and recurrent projections go through a BatchNorm before tanh.
Here the model is evaluated: BatchNorm uses its running statistics.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class BNRNN(nnx.Module):
    def __init__(self, din, dh, rngs: nnx.Rngs):
        self.ih = nnx.Linear(din, dh, rngs=rngs)
        self.hh = nnx.Linear(dh, dh, use_bias=False, rngs=rngs)
        self.bn = nnx.BatchNorm(dh, momentum=0.9, rngs=rngs)
        self.dh = dh

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.dh))

        def cond(state):
            return state[0] < xs.shape[0]

        def body(state):
            t, h = state
            h = jnp.tanh(self.bn(self.ih(xs[t]) + self.hh(h)))
            return t + 1, h

        _, h = lax.while_loop(cond, body, (0, h0))
        return h


def main():
    xs = jax.random.normal(jax.random.key(0), (12, 4, 3))
    model = BNRNN(3, 8, nnx.Rngs(0))
    model.eval()
    h = model(xs)
    print("final hidden", h.mean(), "running mean", model.bn.mean[...])
    return None
