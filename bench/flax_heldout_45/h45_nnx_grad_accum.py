# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 1 model closed over by the raw fori_loop body and given to nnx.grad; grads summed into an nnx.Variable of a closed-over accumulator
"""Gradient accumulation in NNX: a helper object keeps a running sum of grads in Variables."""
import jax
import jax.numpy as jnp
from flax import nnx


class GradAccumulator(nnx.Object):
    def __init__(self, model):
        params = nnx.state(model, nnx.Param)
        self.sum = nnx.Variable(jax.tree.map(jnp.zeros_like, nnx.to_pure_dict(params)))

    def add(self, grads):
        self.sum.value = jax.tree.map(jnp.add, self.sum.value, nnx.to_pure_dict(grads))


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    acc = GradAccumulator(model)
    micro_x = jnp.ones((4, 2, 3))
    micro_y = jnp.zeros((4, 2, 1))

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def body(i, carry):
        grads = nnx.grad(loss_fn)(model, micro_x[i], micro_y[i])
        acc.add(grads)
        return carry

    jax.lax.fori_loop(0, 4, body, 0)
    return None
