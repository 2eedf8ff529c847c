# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 self.sow inside a bound method of the module used directly as the raw scan body
import jax
import jax.numpy as jnp
import flax.linen as nn


class ProbedRNN(nn.Module):
    hidden: int = 6

    def setup(self):
        self.cell = nn.SimpleCell(self.hidden)

    def _cell_step(self, h, x):
        h, y = self.cell(h, x)
        self.sow("intermediates", "hidden_norm", jnp.linalg.norm(h))
        return h, y

    def __call__(self, xs):
        h0 = self.cell.initialize_carry(jax.random.key(0), xs[0].shape)
        self.cell(h0, xs[0])
        _, ys = jax.lax.scan(self._cell_step, h0, xs)
        return ys


def main():
    rnn = ProbedRNN()
    xs = jnp.ones((5, 1, 3))
    variables = rnn.init(jax.random.key(1), xs)
    ys, inter = rnn.apply(variables, xs, mutable=["intermediates"])
    jax.tree.map(lambda a: a + 0, inter)
    return None
