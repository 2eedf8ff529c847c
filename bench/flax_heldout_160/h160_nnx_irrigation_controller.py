# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the IrrigationController's fori_loop body calls self.policy.act(), which draws from the policy's nnx.Rngs "explore" stream created outside the loop
"""Exploratory irrigation scheduling for a field of soil-moisture zones.

The policy proposes valve openings per zone and adds exploration noise drawn from its own
nnx.Rngs stream so that the agronomy team can see how sensitive the plan is. The
controller plans several irrigation cycles in a fori_loop and returns the per-cycle valve
openings.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ValvePolicy(nnx.Module):
    def __init__(self, zones: int, rngs: nnx.Rngs, noise: float = 0.1):
        self.net = nnx.Linear(zones, zones, rngs=rngs)
        self.rngs = rngs
        self.noise = noise

    def act(self, moisture):
        base = nnx.sigmoid(self.net(moisture))
        jitter = self.noise * jax.random.normal(self.rngs.explore(), base.shape)
        return jnp.clip(base + jitter, 0.0, 1.0)


class IrrigationController:
    def __init__(self, policy: ValvePolicy, cycles: int):
        self.policy = policy
        self.cycles = cycles

    def plan(self, moisture):
        openings0 = jnp.zeros((self.cycles, moisture.shape[0]))

        def body(i, openings):
            return openings.at[i].set(self.policy.act(moisture))

        return lax.fori_loop(0, self.cycles, body, openings0)


def main():
    policy = ValvePolicy(5, nnx.Rngs(params=0, explore=1))
    controller = IrrigationController(policy, cycles=6)
    return controller.plan(jnp.array([0.2, 0.35, 0.5, 0.1, 0.4]))
