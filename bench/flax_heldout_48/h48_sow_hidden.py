# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow('intermediates', ...) is called inside a raw jax.lax.scan body in the module's __call__
"""Wanting every hidden state of a hand-written RNN for plotting, the user sows inside the scan body."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TinyRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.SimpleCell(features=self.hidden)
        h = jnp.zeros((xs.shape[1], self.hidden))
        h, _ = cell(h, xs[0])

        def body(h, x):
            h, y = cell(h, x)
            self.sow("intermediates", "hidden", h)
            return h, y

        h, ys = jax.lax.scan(body, h, xs)
        return ys[-1]


def main():
    model = TinyRNN()
    xs = jnp.ones((7, 2, 4))
    variables = model.init(jax.random.PRNGKey(0), xs)
    out, state = model.apply({"params": variables["params"]}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    hidden.block_until_ready()
    return None
