# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "n_iters" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 module method self.step used as the raw lax.while_loop body increments a "diagnostics" counter variable; apply without mutable
"""Structure-module-style iterative coordinate refinement, stopping on convergence (while_loop)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Refiner(nn.Module):
    max_iters: int = 8
    tol: float = 1e-3

    def setup(self):
        self.update_net = nn.Dense(3)
        self.n_iters = self.variable("diagnostics", "n_iters", lambda: jnp.zeros((), jnp.int32))

    def cond(self, state):
        i, _, delta = state
        return jnp.logical_and(i < self.max_iters, delta > self.tol)

    def step(self, state):
        i, coords, _ = state
        upd = 0.1 * jnp.tanh(self.update_net(coords))
        self.n_iters.value += 1
        return i + 1, coords + upd, jnp.max(jnp.abs(upd))

    def __call__(self, coords):
        self.update_net(coords)
        _, coords, _ = jax.lax.while_loop(self.cond, self.step, (0, coords, jnp.inf))
        return coords


def main():
    coords = jax.random.normal(jax.random.key(0), (10, 3))
    model = Refiner()
    variables = model.init(jax.random.key(1), coords[:1] * 0 + 100.0)
    model.apply(variables, coords)
    return None
