# label: ok
# flax-error: none
# class: 1 lifted nn.scan over an LSTM cell, params broadcast and carry threaded
import jax
import jax.numpy as jnp
import flax.linen as nn


class SeqEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        ScanLSTM = nn.scan(
            nn.OptimizedLSTMCell,
            variable_broadcast="params",
            split_rngs={"params": False},
            in_axes=0,
            out_axes=0,
        )
        cell = ScanLSTM(self.hidden)
        carry = cell.initialize_carry(jax.random.key(0), xs[0].shape)
        carry, ys = cell(carry, xs)
        return ys


def main():
    enc = SeqEncoder()
    xs = jnp.ones((7, 2, 3))
    variables = enc.init(jax.random.key(1), xs)
    ys = enc.apply(variables, xs)
    ys.block_until_ready()
    return None
