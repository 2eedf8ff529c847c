# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.variable counter incremented through .value inside the scan body
import jax
import jax.numpy as jnp
import flax.linen as nn


class CountingRNN(nn.Module):
    @nn.compact
    def __call__(self, xs):
        count = self.variable("stats", "steps", lambda: jnp.zeros((), jnp.int32))
        cell = nn.SimpleCell(features=4)
        h = jnp.zeros((xs.shape[1], 4))
        h, _ = cell(h, xs[0])

        def body(h, x):
            h, y = cell(h, x)
            count.value = count.value + 1
            return h, y

        h, ys = jax.lax.scan(body, h, xs)
        return ys


def main():
    xs = jnp.ones((7, 2, 3))
    model = CountingRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs, mutable=["stats"])
    return None
