# label: ok
# flax-error: none
# class: 2 lifted nn.scan over an LSTM cell with broadcast params and split dropout rngs
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class Cell(nn.Module):
    features: int

    @nn.compact
    def __call__(self, carry, x):
        x = nn.Dropout(0.2, deterministic=False)(x)
        return nn.LSTMCell(self.features)(carry, x)


class Encoder(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, xs):
        ScanCell = nn.scan(Cell, variable_broadcast="params",
                           split_rngs={"params": False, "dropout": True},
                           in_axes=0, out_axes=0)
        carry = nn.LSTMCell(self.features, parent=None).initialize_carry(
            jax.random.PRNGKey(0), xs.shape[1:])
        _, ys = ScanCell(self.features)(carry, xs)
        return ys


def main():
    xs = jnp.ones((6, 2, 3))
    model = Encoder()
    rngs = {"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}
    variables = model.init(rngs, xs)
    model.apply(variables, xs, rngs={"dropout": jax.random.PRNGKey(2)})
    return None
