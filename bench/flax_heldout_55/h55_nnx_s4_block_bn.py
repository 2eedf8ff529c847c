# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 train-mode nnx.BatchNorm attribute of the block called in a recurrence closure defined in __call__ and run by jax.lax.scan
"""S4/LRU-style recurrent block in NNX: a diagonal linear recurrence whose per-step output is
normalized with BatchNorm over the batch before the output projection."""
import jax
import jax.numpy as jnp
from flax import nnx


class LRUBlock(nnx.Module):
    def __init__(self, d_model, d_state, *, rngs: nnx.Rngs):
        self.lam = nnx.Param(jnp.full((d_state,), 0.9))
        self.B = nnx.Linear(d_model, d_state, rngs=rngs)
        self.norm = nnx.BatchNorm(d_state, rngs=rngs)
        self.C = nnx.Linear(d_state, d_model, rngs=rngs)

    def __call__(self, u):  # u: (L, batch, d_model)
        def step(x, u_t):
            x = self.lam[...] * x + self.B(u_t)
            return x, self.C(self.norm(x))

        x0 = jnp.zeros((u.shape[1], self.lam.shape[0]))
        _, ys = jax.lax.scan(step, x0, u)
        return ys


def main():
    block = LRUBlock(4, 6, rngs=nnx.Rngs(0))
    block.train()
    ys = block(jnp.ones((5, 3, 4)))
    ys.block_until_ready()
    return None
