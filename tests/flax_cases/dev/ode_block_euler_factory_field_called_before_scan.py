# label: ok
# flax-error: none
# class: 4 the same factory-made Euler integrator when `__call__` calls the setup field once before handing it the velocity partial
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


def make_euler(num_steps):
    def integrate(fn, y0):
        def body(y, t):
            return y + 0.1 * fn(y, t), None
        return jax.lax.scan(body, y0, jnp.arange(num_steps) * 0.1)[0]
    return integrate


class ODEBlock(nn.Module):
    def setup(self):
        self.field = nn.Dense(4)

    def velocity(self, y, t, scale):
        return scale * self.field(y)

    def __call__(self, y):
        integrate = make_euler(5)
        _ = self.field(y)
        return integrate(functools.partial(self.velocity, scale=1.0), y)


def main():
    y = jnp.ones((2, 4))
    model = ODEBlock()
    variables = model.init(jax.random.key(0), y)
    jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, y)
    jax.tree.map(lambda a: a + 0, out)
