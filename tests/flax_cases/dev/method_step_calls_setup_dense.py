# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 scan over self._step, a method that calls setup Dense layers first used there
import flax.linen as nn
import jax
import jax.numpy as jnp


class MinimalRNN(nn.Module):
    hidden: int = 6

    def setup(self):
        self.w_x = nn.Dense(self.hidden)
        self.w_h = nn.Dense(self.hidden, use_bias=False)

    def _step(self, h, x):
        h = nn.relu(self.w_x(x) + self.w_h(h))
        return h, h

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        return jax.lax.scan(self._step, h0, xs)


def main():
    xs = jnp.ones((4, 3, 2))
    model = MinimalRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
