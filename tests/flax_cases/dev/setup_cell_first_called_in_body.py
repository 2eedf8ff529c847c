# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 setup LSTM cell whose first call is inside the raw scan body
import flax.linen as nn
import jax
import jax.numpy as jnp


class SeqModel(nn.Module):
    hidden: int = 8

    def setup(self):
        self.cell = nn.LSTMCell(self.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, xs):
        batch = xs.shape[1]
        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.hidden)))

        def step(carry, x):
            carry, y = self.cell(carry, x)
            return carry, y

        carry, ys = jax.lax.scan(step, carry, xs)
        return self.readout(ys)


def main():
    xs = jnp.ones((5, 2, 3))
    model = SeqModel()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
