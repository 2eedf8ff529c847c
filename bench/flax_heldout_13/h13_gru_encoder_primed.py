# label: ok
# flax-error: none
# class: 2 a GRUCell defined in setup is called once on the first timestep before the lax.scan body calls it again
import jax
import jax.numpy as jnp
from flax import linen as nn


class SeqRegressor(nn.Module):
    vocab_size: int = 30
    hidden: int = 8

    def setup(self):
        self.embedding = nn.Embed(self.vocab_size, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, tokens):
        xs = jnp.swapaxes(self.embedding(tokens), 0, 1)
        carry = jnp.zeros((tokens.shape[0], self.hidden))
        carry, _ = self.cell(carry, xs[0])

        def body(carry, x_t):
            carry, y = self.cell(carry, x_t)
            return carry, y

        carry, ys = jax.lax.scan(body, carry, xs[1:])
        return self.readout(carry)[:, 0], ys


def mse(pred, target):
    return jnp.mean((pred - target) ** 2)


def main():
    model = SeqRegressor()
    tokens = jax.random.randint(jax.random.key(1), (4, 6), 0, 30)
    variables = model.init(jax.random.key(0), tokens)
    variables = jax.tree.map(lambda a: a + 0, variables)
    grads = jax.grad(lambda v: mse(model.apply(v, tokens)[0], jnp.ones(4)))(variables)
    jax.tree.map(lambda a: a + 0, grads)
    return None
