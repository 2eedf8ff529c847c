# label: same-values
# flax-error: none
# class: 3 functools.partial(self.ponder_step, key=...) scanned; the halting key is drawn once before the loop
"""PonderNet (Banino et al., 2021) with sampled halting: at each step a uniform draw is
compared with lambda_n to decide whether to stop; the draws are returned for diagnostics."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class PonderNet(nnx.Module):
    def __init__(self, dim, *, rngs, max_steps=6):
        self.cell = nnx.GRUCell(dim, dim, rngs=rngs)
        self.lam = nnx.Linear(dim, 1, rngs=rngs)
        self.rngs = rngs
        self.max_steps = max_steps

    def ponder_step(self, carry, _, key, x):
        h, halted = carry
        h, _ = self.cell(h, x)
        lam = nnx.sigmoid(self.lam(h)).squeeze(-1)
        u = jax.random.uniform(key, lam.shape)
        halted = halted | (u < lam)
        return (h, halted), u

    def __call__(self, x):
        key = self.rngs.halt()
        step = functools.partial(self.ponder_step, key=key, x=x)
        carry = (jnp.zeros_like(x), jnp.zeros(x.shape[0], bool))
        _, draws = scan(step, carry, None, length=self.max_steps)
        return draws


def main():
    net = PonderNet(8, rngs=nnx.Rngs(params=0, halt=1))
    return net(jnp.ones((4, 8)))
