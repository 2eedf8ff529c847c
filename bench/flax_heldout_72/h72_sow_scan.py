# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow into the 'intermediates' collection from inside a raw lax.scan body during a mutable apply
"""'sow inside scan does not return intermediates': collecting RNN hidden states with sow."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Encoder(nn.Module):
    hidden: int = 8

    def setup(self):
        self.cell = nn.Dense(self.hidden)

    def __call__(self, xs):
        h = self.cell(jnp.zeros((self.hidden + xs.shape[-1],)))

        def body(h, x):
            h = jnp.tanh(self.cell(jnp.concatenate([h, x])))
            self.sow("intermediates", "hidden", h)
            return h, None

        h, _ = scan(body, h, xs)
        return h


def main():
    xs = jnp.ones((6, 3))
    model = Encoder()
    params = model.init(jax.random.key(0), xs)["params"]
    _, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hiddens = jnp.stack(state["intermediates"]["hidden"])
    print(hiddens.mean())
    return None
