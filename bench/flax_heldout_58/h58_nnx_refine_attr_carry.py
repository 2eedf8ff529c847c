# label: ok
# flax-error: none
# class: 4 NNX module methods as raw lax.while_loop cond/body; the last update travels in the loop state and is stored on self after the loop
"""Iterative structure refinement (NNX): move coordinates until the update is small."""
import jax
import jax.numpy as jnp
from flax import nnx


class StructureRefiner(nnx.Module):
    def __init__(self, hidden=16, max_iters=8, tol=1e-3, *, rngs):
        self.enc = nnx.Linear(3, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 3, rngs=rngs)
        self.max_iters = max_iters
        self.tol = tol
        self.last_update = None

    def keep_going(self, state):
        i, _, delta, _ = state
        return (i < self.max_iters) & (delta > self.tol)

    def refine_step(self, state):
        i, coords, _, _ = state
        upd = 0.05 * jnp.tanh(self.out(nnx.relu(self.enc(coords))))
        return i + 1, coords + upd, jnp.abs(upd).max(), upd

    def __call__(self, coords):
        init = (0, coords, jnp.inf, jnp.zeros_like(coords))
        _, coords, _, last = jax.lax.while_loop(self.keep_going, self.refine_step, init)
        self.last_update = nnx.data(last)
        return coords


def main():
    model = StructureRefiner(rngs=nnx.Rngs(0))
    model(jax.random.normal(jax.random.key(1), (12, 3)))
    return None
