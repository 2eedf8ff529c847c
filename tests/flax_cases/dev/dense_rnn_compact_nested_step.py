# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.Dense constructed in a nested scan step of an @nn.compact RNN
import flax.linen as nn
import jax
import jax.numpy as jnp


class DenseRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        def step(h, x):
            h = jnp.tanh(nn.Dense(self.hidden)(h) + nn.Dense(self.hidden)(x))
            return h, h

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        return jax.lax.scan(step, h0, xs)


def main():
    xs = jnp.ones((6, 2, 4))  # time, batch, features
    model = DenseRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
