# label: ok
# flax-error: none
# class: 1 train-mode nnx.BatchNorm split before jax.lax.scan, its state threaded through the carry of the closure defined in __call__, merged per step and written back after
"""S4/LRU-style recurrent block in NNX: a diagonal linear recurrence whose per-step output is
normalized with BatchNorm over the batch before the output projection. The BatchNorm is split
into graphdef and state, the state rides in the scan carry, and nnx.update writes it back."""
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
        norm_def, norm_state = nnx.split(self.norm)

        def step(carry, u_t):
            x, ns = carry
            norm = nnx.merge(norm_def, ns)
            x = self.lam[...] * x + self.B(u_t)
            y = self.C(norm(x))
            return (x, nnx.state(norm)), y

        x0 = jnp.zeros((u.shape[1], self.lam.shape[0]))
        (_, norm_state), ys = jax.lax.scan(step, (x0, norm_state), u)
        nnx.update(self.norm, norm_state)
        return ys


def main():
    block = LRUBlock(4, 6, rngs=nnx.Rngs(0))
    block.train()
    ys = block(jnp.ones((5, 3, 4)))
    ys.block_until_ready()
    return None
