# label: ok
# flax-error: none
# class: 1 a lambda step building a named compact Dense runs once in Python under `if self.is_initializing():` and is scanned in the `else` branch
"""An integrator that runs its step lambda once on the first input while the module initializes
and scans it over the inputs in the `else` branch; init then apply."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Integrator(nn.Module):
    @nn.compact
    def __call__(self, xs):
        step = lambda h, x: (jnp.tanh(nn.Dense(3, name="cell")(h) + x),) * 2
        if self.is_initializing():
            h, y = step(jnp.zeros(3), xs[0])
            return y
        else:
            return jax.lax.scan(step, jnp.zeros(3), xs)[1]


def main():
    model = Integrator()
    xs = jnp.ones((4, 3))
    variables = model.init(jax.random.key(0), xs)
    jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, xs)
    jax.tree.map(lambda a: a + 0, out)
    out = model.apply(variables, xs)
    jax.tree.map(lambda a: a + 0, out)
