# label: ok
# flax-error: none
# class: 1 the lifted nn.scan over a cell module carries the hidden state and broadcasts params
import jax
import jax.numpy as jnp
import flax.linen as nn


class ElmanCell(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h, x):
        h = jnp.tanh(nn.Dense(self.width, name="hh")(h) + nn.Dense(self.width, name="xh")(x))
        return h, h


class ElmanRNN(nn.Module):
    width: int = 9

    @nn.compact
    def __call__(self, xs):
        ScanCell = nn.scan(ElmanCell, variable_broadcast="params", split_rngs={"params": False},
                           in_axes=0, out_axes=0)
        h0 = jnp.zeros((xs.shape[1], self.width))
        _, hs = ScanCell(self.width)(h0, xs)
        return hs


def main():
    rnn = ElmanRNN()
    xs = jnp.ones((11, 2, 3))
    variables = rnn.init(jax.random.key(0), xs)
    print(rnn.apply(variables, xs).shape)
    return None
