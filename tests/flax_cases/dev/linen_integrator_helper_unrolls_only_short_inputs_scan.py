# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module-level loop-wrapper helper unrolls the compact step only for length-1 inputs (`if xs.shape[0] == 1:`), so init scans a step that builds a named Dense
"""An integrator whose module-level helper unrolls the step for a single input and runs it with
jax.lax.scan for longer ones; init then apply on a four-step input."""
import jax
import jax.numpy as jnp
import flax.linen as nn


def unrolled_if_short(module, f, init, xs):
    if xs.shape[0] == 1:
        return f(init, xs[0])
    return jax.lax.scan(f, init, xs)


class Integrator(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(h, x):
            h = jnp.tanh(nn.Dense(3, name="cell")(h) + x)
            return h, h
        return unrolled_if_short(self, step, jnp.zeros(3), xs)


def main():
    model = Integrator()
    xs = jnp.ones((4, 3))
    variables = model.init(jax.random.key(0), xs)
    out = model.apply(variables, xs)
    jax.tree.map(lambda a: a + 0, out)
