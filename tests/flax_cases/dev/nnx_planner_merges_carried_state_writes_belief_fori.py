# label: ok
# flax-error: none
# class: 3 the same planner when the split state is carried through the loop
"""A planner that rebuilds its dynamics model from carried state inside a raw fori_loop."""
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
        def body(i, carry):
            mu, state = carry
            model = nnx.merge(self.graphdef, state)
            model.belief[...] = model.cell(mu)
            return mu + model.belief[...], nnx.state(model)
        return jax.lax.fori_loop(0, 3, body, (obs, self.state))[0]

def main():
    Planner(Dynamics(nnx.Rngs(0))).plan(jnp.ones(2))
    return None
