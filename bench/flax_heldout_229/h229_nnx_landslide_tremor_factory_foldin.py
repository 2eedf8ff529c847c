# label: ok
# flax-error: none
# class: 5 a factory draws one key from an nnx.Rngs stream ('tremor') and returns a step function that folds the step index into it in the while_loop body
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
    base = rngs.tremor()

    def step(i, draws):
        tremor = 0.05 * jax.random.normal(jax.random.fold_in(base, i), (3,))
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
