# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 helper sgd_update(model, ...) calls nnx.update on the closed-over model inside a jax.lax.fori_loop body
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


def sgd_update(model, graphdef, u, i, r, lr=0.05):
    params = nnx.state(model, nnx.Param)

    def loss_fn(p):
        return (nnx.merge(graphdef, p)(u, i) - r) ** 2

    grads = jax.grad(loss_fn)(params)
    nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))


def main():
    model = MF(10, 20, 4, rngs=nnx.Rngs(0))
    graphdef, _ = nnx.split(model)
    users = jnp.array([0, 3, 3, 7, 1, 9])
    items = jnp.array([2, 5, 11, 5, 19, 0])
    ratings = jnp.array([4.0, 3.0, 5.0, 1.0, 2.0, 4.0])

    def body(t, _):
        sgd_update(model, graphdef, users[t], items[t], ratings[t])
        return None

    lax.fori_loop(0, users.shape[0], body, None)
    model(users[0], items[0]).block_until_ready()
    return None
