# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a jax.checkpoint-wrapped scan body hands each step's nnx.state of the merged model to a list of snapshot hooks
"""Comb-building simulation: wax reserves and comb growth of a hive over a foraging season."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class WaxReserve(nnx.Variable):
    """Wax the colony can still turn into comb."""


class CombBuilder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(3, 3, rngs=rngs)
        self.wax = WaxReserve(jnp.ones(3))

    def __call__(self, forage):
        growth = nnx.sigmoid(self.lin(forage)) * self.wax[...]
        self.wax[...] = self.wax[...] - 0.05 * growth
        return growth


class SnapshotHook:
    def __init__(self):
        self.snapshots = []

    def __call__(self, state):
        self.snapshots.append(state)


class CombSimulation:
    def __init__(self, model, hooks):
        self.model = model
        self.hooks = list(hooks)

    def run(self, forage_days):
        graphdef, state = nnx.split(self.model)

        @jax.checkpoint
        def day(state, forage):
            model = nnx.merge(graphdef, state)
            growth = model(forage)
            state = nnx.state(model)
            for hook in self.hooks:
                hook(state)
            return state, growth.sum()

        state, built = lax.scan(day, state, forage_days)
        nnx.update(self.model, state)
        return built

    def restore_latest(self):
        nnx.update(self.model, self.hooks[0].snapshots[-1])


def main():
    forage_days = jax.random.uniform(jax.random.key(30), (7, 3))  # days x (nectar, pollen, temperature)
    model = CombBuilder(nnx.Rngs(0))
    sim = CombSimulation(model, [SnapshotHook()])
    built = sim.run(forage_days)
    sim.restore_latest()
    print(built.sum(), model(forage_days[-1]).sum())
