# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a factory returns a step function closing over an nnx.Rngs stream ('tremor') that the while_loop body draws from
"""Landslide early warning: synthetic micro-tremor injection used to stress-test the
displacement alarm, one tremor draw per loop step until the budget is spent."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DisplacementHead(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, tilt):
        return self.proj(tilt)[..., 0]


def make_tremor_step(head: DisplacementHead, rngs: nnx.Rngs, tilt):
    def step(i, draws):
        tremor = 0.05 * jax.random.normal(rngs.tremor(), (3,))
        return draws.at[i].set(head(tilt + tremor) - head(tilt))
    return step


class StressTest:
    def __init__(self, head, rngs, budget):
        self.head = head
        self.rngs = rngs
        self.budget = budget

    def run(self, tilt):
        step = make_tremor_step(self.head, self.rngs, tilt)

        def cond(state):
            i, _ = state
            return i < self.budget

        def body(state):
            i, draws = state
            return i + 1, step(i, draws)

        _, draws = lax.while_loop(cond, body, (0, jnp.zeros(self.budget)))
        return draws


def main():
    rngs = nnx.Rngs(params=0, tremor=5)
    test = StressTest(DisplacementHead(rngs), rngs, budget=6)
    return test.run(jnp.array([0.02, -0.01, 0.3]))
