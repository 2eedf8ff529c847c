# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 step returned by a module-level factory constructs nn.Dense when the scan traces it
import flax.linen as nn
import jax
import jax.numpy as jnp


def make_step(hidden):
    def step(h, x):
        h = nn.tanh(nn.Dense(hidden, name="recurrent")(h) + x)
        return h, h

    return step


class FactoryRNN(nn.Module):
    hidden: int = 6

    @nn.compact
    def __call__(self, xs):
        h0 = jnp.zeros(xs.shape[1:])
        return jax.lax.scan(make_step(self.hidden), h0, xs)


def main():
    xs = jnp.ones((4, 3, 6))
    model = FactoryRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
