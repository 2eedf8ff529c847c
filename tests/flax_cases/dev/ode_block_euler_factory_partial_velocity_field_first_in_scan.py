# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a setup field is first called through `functools.partial(self.velocity, scale=1.0)` handed to an Euler integrator a module-level factory returns, inside its scan body
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
        return integrate(functools.partial(self.velocity, scale=1.0), y)


def main():
    y = jnp.ones((2, 4))
    model = ODEBlock()
    variables = model.init(jax.random.key(0), y)
    jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, y)
    jax.tree.map(lambda a: a + 0, out)
