# label: ok
# flax-error: none
# class: 2 nn.scan lifted LSTM cell, params broadcast (the fix suggested in the thread)
import jax
import jax.numpy as jnp
from flax import linen as nn


class Seq(nn.Module):
    @nn.compact
    def __call__(self, xs):
        ScanLSTM = nn.scan(nn.OptimizedLSTMCell, variable_broadcast="params",
                           split_rngs={"params": False}, in_axes=1, out_axes=1)
        lstm = ScanLSTM(features=10)
        carry = lstm.initialize_carry(jax.random.PRNGKey(0), xs[:, 0].shape)
        carry, ys = lstm(carry, xs)
        return ys


def main():
    s = Seq()
    xs = jnp.ones((2, 7, 3))
    v = s.init(jax.random.PRNGKey(0), xs)
    ys = s.apply(v, xs)
    print(ys.shape)
    return None
