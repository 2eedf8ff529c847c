# label: ok
# flax-error: none
# class: 2 a local GateWearModel split into (graphdef, LockCycles state, rest); the LockCycles state is carried through the while_loop, merged in the body and written back with nnx.update
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
    graphdef, cycles, rest = nnx.split(model, LockCycles, ...)

    def cond(carry):
        n, risk, _ = carry
        return (risk < risk_budget) & (n < max_cycles)

    def body(carry):
        n, risk, cycles = carry
        gate = nnx.merge(graphdef, cycles, rest)
        risk = risk + 0.1 * gate(levels)
        return n + 1, risk, nnx.state(gate, LockCycles)

    n, _, cycles = lax.while_loop(cond, body, (jnp.int32(0), jnp.float32(0.0), cycles))
    nnx.update(model, cycles)
    return n, model.cycles[...]


def main():
    # upper pound level, lower pound level (metres above sill)
    cycles_until_inspection(jnp.array([2.4, 0.6]))
    return None
