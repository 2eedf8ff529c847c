# label: ok
# flax-error: none
# class: 4 the module is only read in the while_loop body; the count is part of the loop state and written after the loop
"""Iterative refinement until convergence; the step count is carried and stored after while_loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class StepCount(nnx.Variable):
    pass


class Refiner(nnx.Module):
    def __init__(self, rngs):
        self.update_net = nnx.Linear(3, 3, rngs=rngs)
        self.steps = StepCount(jnp.array(0))

    def refine(self, x):
        def cond(state):
            x, delta, n = state
            return delta > 1e-3

        def body(state):
            x, _, n = state
            new = 0.5 * x + 0.1 * jnp.tanh(self.update_net(x))
            return new, jnp.abs(new - x).max(), n + 1

        x, _, n = jax.lax.while_loop(cond, body, (x, jnp.array(1.0), jnp.array(0)))
        self.steps.value += n
        return x


def main():
    model = Refiner(nnx.Rngs(0))
    x = model.refine(jnp.ones(3))
    print(model.steps.value, x)
    return None
