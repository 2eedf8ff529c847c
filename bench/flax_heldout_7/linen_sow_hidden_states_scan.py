# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow('intermediates', ...) of each hidden state inside the raw lax.scan body
import jax
import jax.numpy as jnp
from flax import linen as nn


class ProbedRNN(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, xs):
        cell = nn.SimpleCell(self.hidden, name="cell")
        carry = cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
        carry, _ = cell(carry, xs[0])

        def body(c, x):
            c, y = cell(c, x)
            self.sow("intermediates", "hidden", y)
            return c, y

        carry, ys = jax.lax.scan(body, carry, xs[1:])
        return ys


def main():
    xs = jnp.ones((7, 2, 3))
    model = ProbedRNN()
    params = model.init(jax.random.PRNGKey(0), xs)["params"]
    _, inter = model.apply({"params": params}, xs, mutable=["intermediates"])
    probe = jnp.stack(inter["intermediates"]["hidden"])
    jnp.mean(probe).block_until_ready()
    return None
