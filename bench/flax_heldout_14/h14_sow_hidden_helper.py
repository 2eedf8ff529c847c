# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a module-level helper called from the raw scan body does mdl.sow('intermediates', ...)
import jax
import jax.numpy as jnp
from flax import linen as nn


def record(mdl, name, value):
    """Keep activations around for the probing notebook."""
    mdl.sow("intermediates", name, value)
    return value


class ProbedRNN(nn.Module):
    hidden: int = 10

    def setup(self):
        self.cell = nn.SimpleCell(self.hidden)

    def __call__(self, xs):
        carry = jnp.zeros((xs.shape[0], self.hidden))
        carry, _ = self.cell(carry, xs[:, 0])  # build the cell before the loop

        def body(c, x):
            c, y = self.cell(c, x)
            record(self, "hidden", y)
            return c, y

        c, ys = jax.lax.scan(body, carry, jnp.swapaxes(xs, 0, 1))
        return ys


def main():
    xs = jnp.ones((2, 6, 4))
    model = ProbedRNN()
    params = model.init(jax.random.PRNGKey(0), xs)["params"]
    ys, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = state["intermediates"]["hidden"]
    probe = jax.tree.map(lambda a: a.mean(), hidden)
    return None
