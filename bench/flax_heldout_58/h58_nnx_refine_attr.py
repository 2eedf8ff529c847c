# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'StructureRefiner' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 NNX module method used as the raw lax.while_loop body stores the last update on self as a plain attribute
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
        i, _, delta = state
        return (i < self.max_iters) & (delta > self.tol)

    def refine_step(self, state):
        i, coords, _ = state
        upd = 0.05 * jnp.tanh(self.out(nnx.relu(self.enc(coords))))
        self.last_update = upd
        return i + 1, coords + upd, jnp.abs(upd).max()

    def __call__(self, coords):
        _, coords, _ = jax.lax.while_loop(self.keep_going, self.refine_step, (0, coords, jnp.inf))
        return coords


def main():
    model = StructureRefiner(rngs=nnx.Rngs(0))
    model(jax.random.normal(jax.random.key(1), (12, 3)))
    return None
