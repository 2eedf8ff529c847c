# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the fori_loop body lambda runs a helper method `self._simulate(i, value, tree)` handed a search tree built before the loop, whose `record` appends the loop's latent to a Python list it keeps; the list is read afterwards
"""A planner that unrolls an NNX model three times with jax.lax.fori_loop, recording each latent in
a search tree it returns with the final value."""
import jax
import jax.numpy as jnp
from flax import nnx


class SearchTree:
    def __init__(self):
        self.expanded = []

    def record(self, latent):
        self.expanded.append(latent)


class Planner:
    def __init__(self, model):
        self.model = model

    def _simulate(self, i, value, tree):
        latent = jnp.tanh(self.model(value))
        tree.record(latent)
        return latent

    def plan(self, obs):
        tree = SearchTree()
        body = lambda i, value: self._simulate(i, value, tree)
        return jax.lax.fori_loop(0, 3, body, obs), tree


def main():
    value, tree = Planner(nnx.Linear(4, 4, rngs=nnx.Rngs(0))).plan(jnp.ones(4))
    jax.tree.map(lambda a: a + 0, (value, tree.expanded))
