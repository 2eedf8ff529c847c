# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow('intermediates') called inside the raw scan body, the sown hidden state escapes through apply(mutable=...)
"""Inspecting the hidden states of a scanned RNN with sow, as the docs show for ordinary layers."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Encoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):  # (T, B, F)
        w_in = self.param("w_in", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))
        w_h = self.param("w_h", nn.initializers.orthogonal(), (self.hidden, self.hidden))

        def step(h, x):
            h = jnp.tanh(x @ w_in + h @ w_h)
            self.sow("intermediates", "hidden", h)
            return h, None

        h, _ = scan(step, jnp.zeros((xs.shape[1], self.hidden)), xs)
        return h


def main():
    model = Encoder()
    xs = jnp.ones((5, 2, 3))
    params = model.init(jax.random.PRNGKey(0), xs)["params"]
    h, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    hidden.block_until_ready()
    return None
