# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 nn.cond inside the raw scan body is the first call of the setup submodule both branches use
import flax.linen as nn
import jax
import jax.numpy as jnp


class GatedStack(nn.Module):
    def setup(self):
        self.mix = nn.Dense(4)

    def __call__(self, xs):
        def step(h, x):
            h = nn.cond(x.sum() > 0, lambda m, h: jnp.tanh(m.mix(h)), lambda m, h: m.mix(h), self, h)
            return h, h

        return jax.lax.scan(step, jnp.zeros((2, 4)), xs)


def main():
    xs = jnp.ones((3, 2, 4))
    model = GatedStack()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
