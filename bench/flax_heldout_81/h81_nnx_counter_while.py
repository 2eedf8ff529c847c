# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an nnx.Variable step counter on the module is incremented inside a raw while_loop body
"""Iterative refinement until convergence, counting solver steps in an nnx.Variable."""
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
            x, delta = state
            return delta > 1e-3

        def body(state):
            x, _ = state
            new = 0.5 * x + 0.1 * jnp.tanh(self.update_net(x))
            self.steps.value += 1
            return new, jnp.abs(new - x).max()

        x, _ = jax.lax.while_loop(cond, body, (x, jnp.array(1.0)))
        return x


def main():
    model = Refiner(nnx.Rngs(0))
    x = model.refine(jnp.ones(3))
    print(model.steps.value, x)
    return None
