# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 setup GRU cell passed to a same-file helper that calls it from the scan body
import flax.linen as nn
import jax
import jax.numpy as jnp


def recur(cell, h, x):
    h, y = cell(h, x)
    return h, jnp.tanh(y)


class Summariser(nn.Module):
    hidden: int = 8

    def setup(self):
        self.gru = nn.GRUCell(self.hidden)
        self.pool = nn.Dense(2)

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h, ys = jax.lax.scan(lambda h, x: recur(self.gru, h, x), h0, xs)
        return self.pool(h)


def main():
    xs = jnp.ones((6, 3, 4))
    model = Summariser()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
