# label: ok
# flax-error: none
# class: 1 the SpillwayController's own release method runs a while_loop and counts gate operations in the loop carry, adding them to its GateOpenings variable after the loop
"""Hydro dam spillway control: opens spillway gates step by step until the forecast reservoir
level drops below the flood guide curve, counting gate operations for the maintenance log."""

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class GateOpenings(nnx.Variable):
    """Number of gate operations since the last maintenance."""


class SpillwayController(nnx.Module):
    def __init__(self, n_inflow_feats: int, guide_level: float, rngs: nnx.Rngs):
        self.policy = nnx.Linear(n_inflow_feats + 1, 1, rngs=rngs)
        self.openings = GateOpenings(jnp.array(0, jnp.int32))
        self.guide_level = guide_level

    def release(self, level, inflow, max_ops: int = 20):
        def above_guide(state):
            step, level = state
            return (level > self.guide_level) & (step < max_ops)

        def open_gate(state):
            step, level = state
            drop = nnx.softplus(self.policy(jnp.append(inflow, level))).squeeze()
            return step + 1, level - 0.1 - drop

        steps, level = lax.while_loop(above_guide, open_gate, (0, level))
        self.openings.value = self.openings.value + steps
        return steps, level


def main():
    dam = SpillwayController(n_inflow_feats=3, guide_level=101.0, rngs=nnx.Rngs(0))
    inflow = jnp.array([0.4, 1.1, 0.7])
    steps, level = dam.release(jnp.array(103.5), inflow)
    print(int(steps), float(level), int(dam.openings.value))
    return None
