# label: trace-context
# flax-error: TraceContextError: Cannot mutate Belief from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the fori_loop body merges the graphdef and state a planner split in __init__ and writes a Variable of the merged module
"""A planner that rebuilds its dynamics model from split state inside a raw fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx

class Belief(nnx.Variable):
    pass

class Dynamics(nnx.Module):
    def __init__(self, rngs):
        self.cell = nnx.Linear(2, 2, rngs=rngs)
        self.belief = Belief(jnp.zeros(2))

class Planner:
    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)

    def plan(self, obs):
        def body(i, mu):
            model = nnx.merge(self.graphdef, self.state)
            model.belief[...] = model.cell(mu)
            return mu + model.belief[...]
        return jax.lax.fori_loop(0, 3, body, obs)

def main():
    Planner(Dynamics(nnx.Rngs(0))).plan(jnp.ones(2))
    return None
