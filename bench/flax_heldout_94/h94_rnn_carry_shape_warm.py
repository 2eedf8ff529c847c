# label: ok
# flax-error: none
# class: 2 the setup-defined LSTMCell is called once before the raw jax.lax.scan, so its params exist before the loop
"""Same encoder; the cell is called once on the first frame outside the loop when initialising, so
the parameters are created before jax.lax.scan traces the body."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    hidden: int = 6

    def setup(self):
        self.cell = nn.LSTMCell(features=self.hidden)

    def __call__(self, xs):  # xs: (time, batch, features)
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), xs.shape[1:])
        if self.is_initializing():
            self.cell(carry, xs[0])

        def step(carry, x):
            carry, y = self.cell(carry, x)
            return carry, y

        carry, ys = jax.lax.scan(step, carry, xs)
        return ys


def main():
    model = Encoder()
    xs = jnp.ones((5, 2, 3))
    variables = model.init(jax.random.PRNGKey(1), xs)
    ys = model.apply(variables, xs)
    print(ys.shape)
