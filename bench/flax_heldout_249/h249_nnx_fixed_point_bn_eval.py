# label: ok
# flax-error: none
# class: 4 the while_loop body calls self.transition, a weight-tied block whose BatchNorm only reads its BatchStat running averages in evaluation mode

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SharedTransition(nnx.Module):
    def __init__(self, width, *, rngs):
        self.linear = nnx.Linear(width, width, rngs=rngs)
        self.norm = nnx.BatchNorm(width, momentum=0.9, rngs=rngs)

    def __call__(self, h):
        return h + 0.5 * jnp.tanh(self.norm(self.linear(h)))


class FixedPointRefiner(nnx.Module):
    """Applies one shared transition until the update is small (Universal-Transformer style)."""

    def __init__(self, din, width, *, max_iters=6, tol=1e-3, rngs):
        self.encode = nnx.Linear(din, width, rngs=rngs)
        self.transition = SharedTransition(width, rngs=rngs)
        self.max_iters = max_iters
        self.tol = tol

    def __call__(self, x):
        h0 = self.encode(x)

        def cond(state):
            i, _, delta = state
            return (i < self.max_iters) & (delta > self.tol)

        def body(state):
            i, h, _ = state
            h_new = self.transition(h)
            return i + 1, h_new, jnp.max(jnp.abs(h_new - h))

        _, h, _ = lax.while_loop(cond, body, (jnp.array(0), h0, jnp.array(jnp.inf)))
        return h


def main():
    model = FixedPointRefiner(3, 8, rngs=nnx.Rngs(0))
    x_eval = jax.random.normal(jax.random.key(1), (4, 3))
    model.eval()
    h = model(x_eval)
    jax.block_until_ready(h)
