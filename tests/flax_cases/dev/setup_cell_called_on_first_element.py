# label: ok
# flax-error: none
# class: 3 setup LSTM cell called once on the first time step before the scan over the rest
import flax.linen as nn
import jax
import jax.numpy as jnp


class SeqModel(nn.Module):
    hidden: int = 8

    def setup(self):
        self.cell = nn.LSTMCell(self.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, xs):
        batch = xs.shape[1]
        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.hidden)))
        carry, y0 = self.cell(carry, xs[0])

        def step(carry, x):
            carry, y = self.cell(carry, x)
            return carry, y

        carry, ys = jax.lax.scan(step, carry, xs[1:])
        return self.readout(jnp.concatenate([y0[None], ys]))


def main():
    xs = jnp.ones((5, 2, 3))
    model = SeqModel()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
