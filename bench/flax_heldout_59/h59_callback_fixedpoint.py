# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 callback runner calls a stored apply wrapper (from a registry entry) inside a while_loop body; the model bumps a counter collection that is not mutable
"""A fixed-point solver for a deep-equilibrium style layer with a callback hook that counts solver calls."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DEQCell(nn.Module):
    width: int = 6

    @nn.compact
    def __call__(self, z, x):
        calls = self.variable("counters", "calls", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            calls.value += 1
        return jnp.tanh(nn.Dense(self.width)(z) * 0.5 + x)


class Callback:
    def on_iteration(self, it, residual):
        return residual


class SolverRegistry:
    _entries = {}

    @classmethod
    def register(cls, name, model, variables):
        cls._entries[name] = lambda z, x: model.apply(variables, z, x)

    @classmethod
    def get(cls, name):
        return cls._entries[name]


class FixedPointRunner:
    def __init__(self, name, callbacks, tol=1e-4, max_iter=50):
        self.cell_fn = SolverRegistry.get(name)
        self.callbacks = callbacks
        self.tol = tol
        self.max_iter = max_iter

    def solve(self, x):
        def cond(state):
            it, _, res = state
            return (it < self.max_iter) & (res > self.tol)

        def body(state):
            it, z, _ = state
            z_new = self.cell_fn(z, x)
            res = jnp.max(jnp.abs(z_new - z))
            for cb in self.callbacks:
                res = cb.on_iteration(it, res)
            return it + 1, z_new, res

        return lax.while_loop(cond, body, (0, jnp.zeros_like(x), jnp.asarray(jnp.inf)))


def main():
    cell = DEQCell()
    x = jax.random.normal(jax.random.key(1), (2, 6)) * 0.1
    variables = cell.init(jax.random.key(0), jnp.zeros_like(x), x)
    SolverRegistry.register("deq", cell, variables)
    it, z, res = FixedPointRunner("deq", [Callback()]).solve(x)
    print(int(it), float(res))
    return None
