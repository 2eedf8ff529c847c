# label: ok
# flax-error: none
# class: 1 the StatefulRNN module's __call__ reads self.h once and carries the hidden state through its own lax.scan, returning the last one
"""A Keras-style stateful RNN in Linen: the hidden state lives in a 'state' collection.

Twin of h196_stateful_rnn: the hidden state enters the scan as the carry and leaves as its
final value instead of being written to the variable in the body.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

scan = jax.lax.scan


class StatefulRNN(nn.Module):
    hidden: int = 8
    batch: int = 2

    def setup(self):
        self.cell = nn.SimpleCell(features=self.hidden)
        self.h = self.variable('state', 'h', jnp.zeros, (self.batch, self.hidden))

    def step(self, x):
        h, y = self.cell(self.h.value, x)
        self.h.value = h
        return y

    def __call__(self, xs):
        def body(h, x):
            h, y = self.cell(h, x)
            return h, y

        h_last, ys = scan(body, self.h.value, xs)
        return ys, h_last


def main():
    model = StatefulRNN()
    xs = jax.random.normal(jax.random.key(0), (6, 2, 3))
    variables = model.init(jax.random.key(1), xs[0], method=StatefulRNN.step)
    ys, h_last = model.apply(variables, xs)
    print(ys.shape, h_last.shape)
    return None


if __name__ == "__main__":
    main()
