# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "h" in "/" because collection "state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the StatefulRNN module's __call__ writes its 'state' variable self.h inside its own lax.scan body
"""A Keras-style stateful RNN in Linen: the hidden state lives in a 'state' collection.

Modelled on questions about keeping an RNN's hidden state in a variable and scanning the cell
over a sequence; the module is initialised with its single-step method.
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
        def body(carry, x):
            h, y = self.cell(self.h.value, x)
            self.h.value = h
            return carry, y

        _, ys = scan(body, None, xs)
        return ys


def main():
    model = StatefulRNN()
    xs = jax.random.normal(jax.random.key(0), (6, 2, 3))
    variables = model.init(jax.random.key(1), xs[0], method=StatefulRNN.step)
    ys = model.apply(variables, xs)
    print(ys.shape)
    return None


if __name__ == "__main__":
    main()
