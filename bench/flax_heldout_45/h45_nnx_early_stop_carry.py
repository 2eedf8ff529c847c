# label: ok
# flax-error: none
# class: 3 best loss and checkpointed params carried in the raw while_loop state
"""Early stopping, fixed: the best loss and its params are part of the loop state."""
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
    graphdef, params = nnx.split(model)
    x = jnp.ones((8, 2))
    y = jnp.ones((8, 1))

    def loss_fn(p):
        return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

    def cond(state):
        step, p, patience, best_loss, best_p = state
        return (step < 20) & (patience < 3)

    def body(state):
        step, p, patience, best_loss, best_p = state
        loss, g = jax.value_and_grad(loss_fn)(p)
        improved = loss < best_loss
        best_loss = jnp.where(improved, loss, best_loss)
        best_p = jax.tree.map(lambda a, b: jnp.where(improved, a, b), p, best_p)
        p = jax.tree.map(lambda a, b: a - 0.1 * b, p, g)
        return step + 1, p, jnp.where(improved, 0, patience + 1), best_loss, best_p

    init = (0, params, 0, jnp.array(jnp.inf), params)
    *_, best_params = jax.lax.while_loop(cond, body, init)
    restored = nnx.merge(graphdef, best_params)
    restored(x)
    return None
