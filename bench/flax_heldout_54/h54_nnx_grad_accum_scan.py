# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 5 nnx.grad is applied to a model closed over by a raw lax.scan body that accumulates micro-batch gradients
"""Gradient accumulation in NNX: scan over micro-batches summing nnx.grad results, then one
optimizer step. The model is the one captured from the enclosing function."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(5, 32, rngs=rngs)
        self.head = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.silu(self.hidden(x)))


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    micro_x = jnp.ones((4, 2, 5))
    micro_y = jnp.ones((4, 2, 1))

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def accumulate(acc, batch):
        grads = nnx.grad(loss_fn)(model, *batch)
        return jax.tree.map(jnp.add, acc, grads), None

    zeros = jax.tree.map(jnp.zeros_like, nnx.state(model, nnx.Param))
    grads, _ = lax.scan(accumulate, zeros, (micro_x, micro_y))
    optimizer.update(model, grads)
    return None
