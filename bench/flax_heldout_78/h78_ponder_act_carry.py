# label: ok
# flax-error: none
# class: 2 ACT cell method used as while_loop body; the update count rides in the carry, written after
"""Adaptive Computation Time (Graves, 2016): ponder until the halting mass reaches 1 - eps."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ACTCell(nn.Module):
    hidden: int = 16
    max_steps: int = 8
    eps: float = 0.01

    def setup(self):
        self.transition = nn.Dense(self.hidden)
        self.halt = nn.Dense(1)
        self.n_updates = self.variable("ponder", "n_updates", jnp.zeros, ())

    def _cond(self, state):
        _, halt_mass, step = state
        return jnp.logical_and(step < self.max_steps, jnp.all(halt_mass < 1.0 - self.eps))

    def _body(self, state):
        h, halt_mass, step = state
        h = nn.tanh(self.transition(h))
        p = nn.sigmoid(self.halt(h)).squeeze(-1)
        return h, halt_mass + p, step + 1

    def __call__(self, x):
        h = nn.tanh(self.transition(x))
        _ = self.halt(h)
        state = (h, jnp.zeros(x.shape[:-1]), 0)
        h, _, steps = lax.while_loop(self._cond, self._body, state)
        self.n_updates.value = self.n_updates.value + steps
        return h


def main():
    cell = ACTCell()
    x = jnp.ones((3, 16))
    variables = cell.init(jax.random.key(0), x)
    h, updates = cell.apply(variables, x, mutable=["ponder"])
    float(updates["ponder"]["n_updates"])
    return None
