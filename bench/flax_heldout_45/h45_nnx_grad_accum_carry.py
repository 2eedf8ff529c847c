# label: ok
# flax-error: none
# class: 3 nnx.split model state carried with the running grad sum through the raw fori_loop, nnx.merge in the body before nnx.grad
"""Gradient accumulation in NNX, fixed: carry the split model state with the sum and merge it inside the body."""
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    micro_x = jnp.ones((4, 2, 3))
    micro_y = jnp.zeros((4, 2, 1))
    graphdef, state = nnx.split(model)

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def body(i, carry):
        state, acc = carry
        m = nnx.merge(graphdef, state)
        grads = nnx.grad(loss_fn)(m, micro_x[i], micro_y[i])
        return state, jax.tree.map(jnp.add, acc, nnx.to_pure_dict(grads))

    zeros = jax.tree.map(jnp.zeros_like, nnx.to_pure_dict(nnx.state(model, nnx.Param)))
    _, total = jax.lax.fori_loop(0, 4, body, (state, zeros))
    jax.block_until_ready(total)
    return None
