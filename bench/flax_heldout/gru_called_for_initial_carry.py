# label: ok
# flax-error: none
# class: 3 setup GRU cell called once to build the initial carry, then scanned over the remaining steps
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.lax import scan


class Encoder(nn.Module):
    hidden: int = 8

    def setup(self):
        self.gru = nn.GRUCell(self.hidden)
        self.head = nn.Dense(2)

    def __call__(self, xs):
        h, _ = self.gru(jnp.zeros((xs.shape[1], self.hidden)), xs[0])
        h, _ = scan(lambda h, x: self.gru(h, x), h, xs[1:])
        return self.head(h)


def main():
    xs = jnp.ones((6, 3, 4))
    enc = Encoder()
    variables = enc.init(jax.random.PRNGKey(0), xs)
    enc.apply(variables, xs)
