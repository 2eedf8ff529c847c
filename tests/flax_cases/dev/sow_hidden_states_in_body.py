# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.sow of each hidden state inside the scan body, then the intermediates are used
import flax.linen as nn
import jax
import jax.numpy as jnp


class ProbedRNN(nn.Module):
    hidden: int = 5

    def setup(self):
        self.cell = nn.Dense(self.hidden)

    def __call__(self, xs):
        h0 = self.cell(xs[0])

        def step(h, x):
            h = jnp.tanh(self.cell(h) + x)
            self.sow("intermediates", "hidden", h)
            return h, None

        h, _ = jax.lax.scan(step, h0, xs)
        return h


def main():
    xs = jnp.ones((4, 5))
    model = ProbedRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    _, state = model.apply(variables, xs, mutable=["intermediates"])
    hidden_norm = jnp.linalg.norm(state["intermediates"]["hidden"][0])
    print(hidden_norm)
