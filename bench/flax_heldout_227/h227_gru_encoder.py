# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 Encoder.__call__ owns the scan over time; the body calls a GRUCell submodule that first creates its params inside the body during init
"""Sequence classifier whose GRU encoder is unrolled with a raw lax.scan inside a compact method.

Modelled on the recurring "use nn.scan, not jax.lax.scan, inside a Linen module" reports: the
GRUCell is created in the compact method and first called inside the scan body, so during init
its parameters are created inside the traced body.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Encoder(nn.Module):
    hidden: int = 16
    classes: int = 3

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(features=self.hidden)
        h0 = jnp.zeros((xs.shape[0], self.hidden))

        def step(h, x_t):
            h, y = cell(h, x_t)
            return h, y

        h, _ = lax.scan(step, h0, jnp.swapaxes(xs, 0, 1))
        return nn.Dense(self.classes)(h)


def main():
    model = Encoder()
    xs = jax.random.normal(jax.random.key(0), (4, 7, 5))
    labels = jnp.array([0, 1, 2, 1])
    variables = model.init(jax.random.key(1), xs)

    def loss_fn(params):
        logits = model.apply({"params": params}, xs)
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1))

    grads = jax.grad(loss_fn)(variables["params"])
    jax.block_until_ready(grads)
