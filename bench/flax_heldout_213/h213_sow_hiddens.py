# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the encoder's own __call__ runs the scan and calls self.sow in the body
"""RNN encoder that records its hidden states with self.sow for attention plots.

The time loop is a raw jax.lax.scan inside the module; each step sows the hidden state into
'intermediates', and the caller applies with mutable=['intermediates'] and stacks them."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Encoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        inp = nn.Dense(self.hidden, name="inp")
        rec = nn.Dense(self.hidden, use_bias=False, name="rec")
        h0 = jnp.tanh(inp(xs[0]))
        h0 = h0 + rec(h0)

        def step(h, x):
            h = jnp.tanh(inp(x) + rec(h))
            self.sow("intermediates", "hiddens", h)
            return h, None

        h, _ = scan(step, h0, xs[1:])
        return h


def main():
    model = Encoder()
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 3))
    params = model.init(jax.random.PRNGKey(1), xs)["params"]
    final, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hiddens = jnp.stack(state["intermediates"]["hiddens"])
    attention = jax.nn.softmax(hiddens @ final)
    print("attention over steps", attention)
