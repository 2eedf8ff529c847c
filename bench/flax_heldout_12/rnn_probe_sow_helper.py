# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the raw lax.scan body calls a helper method that does self.sow('intermediates', ...) for interpretability probes
import jax
import jax.numpy as jnp
import flax.linen as nn


class ProbedRNN(nn.Module):
    hidden: int = 10

    def setup(self):
        self.cell = nn.SimpleCell(self.hidden)
        self.out = nn.Dense(2)

    def _record(self, h):
        self.sow("intermediates", "hidden_norm", jnp.linalg.norm(h, axis=-1))
        return h

    def __call__(self, xs):
        carry = jnp.zeros((xs.shape[1], self.hidden))
        carry, _ = self.cell(carry, xs[0])

        def body(c, x_t):
            c, h = self.cell(c, x_t)
            return c, self._record(h)

        _, hs = jax.lax.scan(body, carry, xs)
        return self.out(hs[-1])


def main():
    model = ProbedRNN()
    xs = jnp.ones((6, 3, 4))
    variables = model.init(jax.random.PRNGKey(0), xs)
    params = {"params": variables["params"]}
    y, state = model.apply(params, xs, mutable=["intermediates"])
    probes = jax.tree.map(lambda a: a + 0, state["intermediates"])
    return None
