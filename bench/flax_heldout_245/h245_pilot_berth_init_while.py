# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the steering layer is a local of the compact __call__ and is first called, so its params are created, inside the while_loop body during init
"""Berth approach planner for the harbour pilots: steers a vessel leg by leg towards its berth
until it is inside the turning basin or the pilot has used up the legs of the passage plan."""

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen


@dataclasses.dataclass(frozen=True)
class PassagePlan:
    max_legs: int = 6
    basin_radius: float = 0.25
    state_size: int = 4
    seed: int = 21


class BerthApproach(linen.Module):
    plan: PassagePlan

    @linen.compact
    def __call__(self, vessel):
        steer = linen.Dense(self.plan.state_size, name="steer")

        def outside_basin(carry):
            leg, position = carry
            return (leg < self.plan.max_legs) & (jnp.linalg.norm(position) > self.plan.basin_radius)

        def next_leg(carry):
            leg, position = carry
            return leg + 1, position - 0.3 * jnp.tanh(steer(position))

        legs, berth_position = jax.lax.while_loop(outside_basin, next_leg, (0, vessel))
        return legs, berth_position


class PilotageRunner:
    def __init__(self, plan: PassagePlan):
        self.plan = plan
        self.model = BerthApproach(plan)
        sample = jnp.ones((plan.state_size,))
        self.params = self.model.init(jax.random.key(plan.seed), sample)["params"]

    def bring_in(self, vessel):
        return self.model.apply({"params": self.params}, vessel)


def inbound_vessel(plan: PassagePlan):
    return jnp.linspace(0.5, 1.5, plan.state_size)


def main():
    plan = PassagePlan()
    runner = PilotageRunner(plan)
    legs, position = runner.bring_in(inbound_vessel(plan))
    jax.block_until_ready((legs, position))
    return None
