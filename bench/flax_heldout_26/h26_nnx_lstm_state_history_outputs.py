# label: ok
# flax-error: none
# class: 1 hidden states leave the raw lax.scan as stacked outputs; the module's list attribute is filled after the loop
# modelled on: zinccat/rnn_nnx README (RNN in Flax NNX ported from Linen, LSTMCell unrolled over time)
"""LSTM encoder that keeps the hidden states it produced for later inspection."""
import jax
import jax.numpy as jnp
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, din, dhidden, rngs: nnx.Rngs):
        self.cell = nnx.LSTMCell(din, dhidden, rngs=rngs)
        self.dhidden = dhidden
        self.history = []

    def __call__(self, xs):
        batch = xs.shape[1]
        carry = (jnp.zeros((batch, self.dhidden)), jnp.zeros((batch, self.dhidden)))

        def step(carry, x_t):
            carry, h = self.cell(carry, x_t)
            return carry, h

        carry, hs = jax.lax.scan(step, carry, xs)
        self.history.extend(list(hs))
        return carry[1]


def main():
    enc = Encoder(3, 8, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (5, 2, 3))
    h_last = enc(xs)
    norms = jnp.stack([jnp.linalg.norm(h) for h in enc.history])
    assert h_last.shape == (2, 8)
    jax.block_until_ready(norms)
    return None
