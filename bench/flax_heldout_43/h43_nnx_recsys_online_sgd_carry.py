# label: ok
# flax-error: none
# class: 4 helper sgd_update takes and returns the Param state, carried through the jax.lax.fori_loop; nnx.update after the loop
"""Online matrix-factorisation recommender updated one interaction at a time (streaming SGD)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class MF(nnx.Module):
    def __init__(self, n_users, n_items, dim, *, rngs):
        self.users = nnx.Embed(n_users, dim, rngs=rngs)
        self.items = nnx.Embed(n_items, dim, rngs=rngs)

    def __call__(self, u, i):
        return jnp.sum(self.users(u) * self.items(i))


def sgd_update(params, graphdef, u, i, r, lr=0.05):
    def loss_fn(p):
        return (nnx.merge(graphdef, p)(u, i) - r) ** 2

    grads = jax.grad(loss_fn)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def main():
    model = MF(10, 20, 4, rngs=nnx.Rngs(0))
    graphdef, _ = nnx.split(model)
    users = jnp.array([0, 3, 3, 7, 1, 9])
    items = jnp.array([2, 5, 11, 5, 19, 0])
    ratings = jnp.array([4.0, 3.0, 5.0, 1.0, 2.0, 4.0])

    def body(t, params):
        return sgd_update(params, graphdef, users[t], items[t], ratings[t])

    params = lax.fori_loop(0, users.shape[0], body, nnx.state(model, nnx.Param))
    nnx.update(model, params)
    model(users[0], items[0]).block_until_ready()
    return None
