# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GRUCell instantiated inside the raw jax.lax.scan body that replaced a Python for loop, params created during init
"""'UnexpectedTracerError after converting my for loop to scan': a sequence classifier."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SeqClassifier(nn.Module):
    hidden: int = 16
    classes: int = 4

    @nn.compact
    def __call__(self, xs):
        # was: for x in xs: h, _ = nn.GRUCell(self.hidden)(h, x)
        h = jnp.zeros((xs.shape[1], self.hidden))

        def body(h, x):
            h, _ = nn.GRUCell(self.hidden, name="gru")(h, x)
            return h, None

        h, _ = jax.lax.scan(body, h, xs)
        return nn.Dense(self.classes)(h)


def main():
    xs = jnp.ones((10, 2, 5))  # time, batch, features
    model = SeqClassifier()
    variables = model.init(jax.random.key(0), xs)
    logits = model.apply(variables, xs)
    return None
