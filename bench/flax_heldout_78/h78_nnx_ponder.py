# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 PonderNet method used as the raw while_loop body increments a counter Variable on self
"""PonderNet-style recurrent cell: keep stepping while the halting probability mass is small."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class PonderCell(nnx.Module):
    def __init__(self, dim, *, rngs, max_steps=8, eps=0.05):
        self.cell = nnx.Linear(dim, dim, rngs=rngs)
        self.halt = nnx.Linear(dim, 1, rngs=rngs)
        self.n_updates = nnx.Variable(jnp.zeros((), jnp.int32))
        self.max_steps = max_steps
        self.eps = eps

    def _cond(self, state):
        _, mass, n = state
        return (n < self.max_steps) & jnp.all(mass < 1.0 - self.eps)

    def _body(self, state):
        h, mass, n = state
        h = jnp.tanh(self.cell(h))
        mass = mass + nnx.sigmoid(self.halt(h)).squeeze(-1) * (1.0 - mass)
        self.n_updates.value += 1
        return h, mass, n + 1

    def __call__(self, x):
        h, _, _ = lax.while_loop(self._cond, self._body, (x, jnp.zeros(x.shape[0]), 0))
        return h


def main():
    cell = PonderCell(8, rngs=nnx.Rngs(0))
    cell(jnp.ones((3, 8))).block_until_ready()
    int(cell.n_updates.value)
    return None
