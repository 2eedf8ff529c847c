# label: ok
# flax-error: none
# class: 4 a module-level loop-wrapper helper runs the compact step (a named Dense and a self.param) once in Python while the module initializes and scans it only under apply
"""An integrator whose module-level helper unrolls the step on the first input while the module
initializes and runs it with jax.lax.scan otherwise; init then apply."""
import jax
import jax.numpy as jnp
import flax.linen as nn


def unrolled_while_initializing(module, f, init, xs):
    if module.is_initializing():
        return f(init, xs[0])
    return jax.lax.scan(f, init, xs)


class Integrator(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(h, x):
            h = jnp.tanh(nn.Dense(3, name="cell")(h) + x)
            w = self.param("gain", nn.initializers.ones, (3,))
            return h * w, h
        return unrolled_while_initializing(self, step, jnp.zeros(3), xs)


def main():
    model = Integrator()
    xs = jnp.ones((4, 3))
    variables = model.init(jax.random.key(0), xs)
    jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, xs)
    jax.tree.map(lambda a: a + 0, out)
    out = model.apply(variables, xs)
    jax.tree.map(lambda a: a + 0, out)
