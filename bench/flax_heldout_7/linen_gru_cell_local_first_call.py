# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a GRUCell bound to a local before the loop, first called (so created) inside the raw scan body
import jax
import jax.numpy as jnp
from flax import linen as nn


class SequenceClassifier(nn.Module):
    hidden: int = 10
    n_classes: int = 3

    @nn.compact
    def __call__(self, xs):  # (time, batch, feat)
        cell = nn.GRUCell(features=self.hidden)
        h = jnp.zeros((xs.shape[1], self.hidden))

        def scan_fn(carry, x_t):
            carry, y = cell(carry, x_t)
            return carry, y

        h, _ = jax.lax.scan(scan_fn, h, xs)
        return nn.Dense(self.n_classes)(h)


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (9, 4, 5))
    clf = SequenceClassifier()
    params = clf.init(jax.random.PRNGKey(1), xs)
    logits = clf.apply(params, xs)
    jnp.argmax(logits, -1).block_until_ready()
    return None
