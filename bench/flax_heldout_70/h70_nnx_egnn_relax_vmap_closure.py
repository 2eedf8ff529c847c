# label: ok
# flax-error: none
# class: 1 NNX EGNN closed over read-only by a jax.vmap'd function inside the lax.while_loop body, over a batch of molecules
"""Batched geometry relaxation with an NNX E(n)-equivariant network.

Molecules are relaxed together until the largest predicted displacement is below tolerance.
Inside the loop the network is vectorised over the molecule axis with jax.vmap.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class EGCL(nnx.Module):
    def __init__(self, hidden=16, *, rngs: nnx.Rngs):
        self.edge = nnx.Linear(1, hidden, rngs=rngs)
        self.coord = nnx.Linear(hidden, 1, kernel_init=nnx.initializers.normal(1e-2), rngs=rngs)

    def __call__(self, x):
        diff = x[:, None, :] - x[None, :, :]
        d2 = jnp.sum(diff ** 2, -1, keepdims=True)
        w = self.coord(nnx.silu(self.edge(d2)))
        return jnp.mean(diff * w, axis=1)


def main():
    model = EGCL(rngs=nnx.Rngs(0))
    pos = jax.random.normal(jax.random.key(1), (3, 5, 3))
    tol, max_iter = 1e-4, 10

    def cond(state):
        i, _, dmax = state
        return (i < max_iter) & (dmax > tol)

    def body(state):
        i, x, _ = state
        dx = jax.vmap(lambda xi: model(xi))(x)
        return i + 1, x + dx, jnp.max(jnp.abs(dx))

    n, pos, _ = jax.lax.while_loop(cond, body, (0, pos, jnp.inf))
    print(n, pos.shape)
    return None
