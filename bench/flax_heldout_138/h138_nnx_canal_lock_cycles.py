# label: trace-context
# flax-error: TraceContextError: Cannot mutate LockCycles from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a local GateWearModel whose LockCycles Variable subclass is incremented by its __call__ in the while_loop body
"""Inspection planner for a canal lock keeper.

Each lock cycle wears the gate seals a little; the planner counts how many
cycles the gates can do before the accumulated risk calls for an inspection.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class LockCycles(nnx.Variable):
    """Number of fill/empty cycles since the last inspection."""


class GateWearModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.seal = nnx.Linear(2, 1, rngs=rngs)
        self.cycles = LockCycles(jnp.zeros((), jnp.int32))

    def __call__(self, levels):
        self.cycles[...] = self.cycles[...] + 1
        return nnx.sigmoid(self.seal(levels))[0]


def cycles_until_inspection(levels, risk_budget: float = 2.0, max_cycles: int = 40):
    model = GateWearModel(rngs=nnx.Rngs(0))

    def cond(carry):
        n, risk = carry
        return (risk < risk_budget) & (n < max_cycles)

    def body(carry):
        n, risk = carry
        return n + 1, risk + 0.1 * model(levels)

    n, _ = lax.while_loop(cond, body, (jnp.int32(0), jnp.float32(0.0)))
    return n, model.cycles[...]


def main():
    # upper pound level, lower pound level (metres above sill)
    cycles_until_inspection(jnp.array([2.4, 0.6]))
    return None
