# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 2 nnx.grad is taken inside a raw lax.fori_loop gradient-accumulation body on an nnx.Sequential (with BatchNorm) created outside
"""Gradient accumulation over micro-batches with fori_loop; the model is an nnx.Sequential with BatchNorm."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    rngs = nnx.Rngs(0)
    model = nnx.Sequential(
        nnx.Linear(5, 32, rngs=rngs),
        nnx.BatchNorm(32, rngs=rngs),
        nnx.relu,
        nnx.Linear(32, 1, rngs=rngs),
    )
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    micro_x = jnp.ones((4, 8, 5))
    micro_y = jnp.zeros((4, 8, 1))

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def body(i, acc):
        g = nnx.grad(loss_fn)(model, micro_x[i], micro_y[i])
        return jax.tree.map(jnp.add, acc, g)

    zeros = jax.tree.map(jnp.zeros_like, nnx.state(model, nnx.Param))
    grads = jax.lax.fori_loop(0, 4, body, zeros)
    optimizer.update(model, jax.tree.map(lambda g: g / 4, grads))
    return None
