# label: ok
# flax-error: none
# class: 4 callback runner calls a stored apply wrapper (from a registry entry) inside a while_loop body; the counter collection is mutable and carried in the loop state
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
        params = {"params": variables["params"]}

        def fn(z, x, counters):
            return model.apply({**params, "counters": counters}, z, x, mutable=["counters"])

        cls._entries[name] = (fn, variables["counters"])

    @classmethod
    def get(cls, name):
        return cls._entries[name]


class FixedPointRunner:
    def __init__(self, name, callbacks, tol=1e-4, max_iter=50):
        self.cell_fn, self.counters = SolverRegistry.get(name)
        self.callbacks = callbacks
        self.tol = tol
        self.max_iter = max_iter

    def solve(self, x):
        def cond(state):
            it, _, res, _ = state
            return (it < self.max_iter) & (res > self.tol)

        def body(state):
            it, z, _, counters = state
            z_new, updates = self.cell_fn(z, x, counters)
            res = jnp.max(jnp.abs(z_new - z))
            for cb in self.callbacks:
                res = cb.on_iteration(it, res)
            return it + 1, z_new, res, updates["counters"]

        init = (0, jnp.zeros_like(x), jnp.asarray(jnp.inf), self.counters)
        it, z, res, self.counters = lax.while_loop(cond, body, init)
        return it, z, res


def main():
    cell = DEQCell()
    x = jax.random.normal(jax.random.key(1), (2, 6)) * 0.1
    variables = cell.init(jax.random.key(0), jnp.zeros_like(x), x)
    SolverRegistry.register("deq", cell, variables)
    runner = FixedPointRunner("deq", [Callback()])
    it, z, res = runner.solve(x)
    print(int(it), float(res), int(runner.counters["calls"]))
    return None
