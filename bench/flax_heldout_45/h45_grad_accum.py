# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 per-micro-batch grads appended to a Python list inside the raw scan body
"""Gradient accumulation ported from PyTorch: grads collected in a list, averaged after the loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.tanh(nn.Dense(8)(x)))


def main():
    model = Regressor()
    micro = jnp.ones((4, 2, 3))
    targets = jnp.zeros((4, 2, 1))
    params = model.init(jax.random.PRNGKey(0), micro[0])["params"]

    def loss_fn(p, x, y):
        return jnp.mean((model.apply({"params": p}, x) - y) ** 2)

    accumulated = []

    def micro_step(carry, batch):
        x, y = batch
        grads = jax.grad(loss_fn)(params, x, y)
        accumulated.append(grads)
        return carry, None

    jax.lax.scan(micro_step, None, (micro, targets))
    mean_grads = jax.tree.map(lambda *g: sum(g) / len(g), *accumulated)
    jax.block_until_ready(mean_grads)
    return None
