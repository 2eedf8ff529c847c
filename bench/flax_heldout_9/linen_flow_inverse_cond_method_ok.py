# label: ok
# flax-error: none
# class: 3 submodules built and called in __call__ at init; an inverse method run via apply(method=) picks them in lax.cond inside fori_loop
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Invertible1x1Flow(nn.Module):
    dim: int = 4

    def setup(self):
        self.even_net = nn.Dense(self.dim)
        self.odd_net = nn.Dense(self.dim)

    def __call__(self, x):
        return x + 0.1 * jnp.tanh(self.even_net(x)) + 0.1 * jnp.tanh(self.odd_net(x))

    def inverse(self, z, n_iter=4):
        def body(i, x):
            delta = lax.cond(
                i % 2 == 0,
                lambda v: jnp.tanh(self.even_net(v)),
                lambda v: jnp.tanh(self.odd_net(v)),
                x,
            )
            return z - 0.1 * delta

        return lax.fori_loop(0, n_iter, body, z)


def main():
    flow = Invertible1x1Flow()
    x = jnp.ones((4,))
    variables = flow.init(jax.random.key(0), x)
    z = flow.apply(variables, x)
    x_rec = flow.apply(variables, z, method=flow.inverse)
    x_rec.block_until_ready()
    return None
