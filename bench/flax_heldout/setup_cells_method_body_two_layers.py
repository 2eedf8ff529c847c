# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 two stacked setup LSTM cells first called from a self.method scan body
import flax.linen as nn
import jax
import jax.numpy as jnp


class StackedLSTM(nn.Module):
    hidden: int = 8

    def setup(self):
        self.lower = nn.OptimizedLSTMCell(self.hidden)
        self.upper = nn.OptimizedLSTMCell(self.hidden)

    def step(self, carry, x):
        c1, c2 = carry
        c1, y = self.lower(c1, x)
        c2, y = self.upper(c2, y)
        return (c1, c2), y

    def __call__(self, xs):
        zeros = jnp.zeros((xs.shape[1], self.hidden))
        carry = ((zeros, zeros), (zeros, zeros))
        _, ys = jax.lax.scan(self.step, carry, xs)
        return ys


def main():
    xs = jnp.ones((4, 2, 3))
    model = StackedLSTM()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
