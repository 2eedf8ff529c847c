# label: trace-context
# flax-error: TraceContextError: Cannot mutate ValveCalls from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_rollout_step returns jax.checkpoint(functools.partial(advance, policy)); the scan body runs it and the policy bumps its ValveCalls variable (an nnx.Variable subclass)
"""District heating: roll a valve policy over a day of zone demand with rematerialised steps."""

import functools

import jax
import jax.numpy as jnp
from flax import nnx


class ValveCalls(nnx.Variable):
    """How many times the valve policy has been evaluated (for the operator dashboard)."""


class ValvePolicy(nnx.Module):
    def __init__(self, zones: int, *, rngs: nnx.Rngs):
        self.mix = nnx.Linear(zones, zones, rngs=rngs)
        self.calls = ValveCalls(jnp.zeros((), jnp.int32))

    def __call__(self, supply_temps):
        self.calls[...] += 1
        return nnx.sigmoid(self.mix(supply_temps))


def advance(policy: ValvePolicy, temps, demand):
    opening = policy(temps)
    temps = temps + 0.5 * opening - 0.3 * demand
    return temps, opening.mean()


def make_rollout_step(policy: ValvePolicy):
    return jax.checkpoint(functools.partial(advance, policy))


class HeatingScheduler:
    def __init__(self, policy: ValvePolicy, step_factory=make_rollout_step):
        self.policy = policy
        self.step_factory = step_factory

    def day(self, supply_temps, demand):
        step = self.step_factory(self.policy)
        temps, openings = jax.lax.scan(step, supply_temps, demand)
        return temps, openings, int(self.policy.calls[...])


def main():
    zones = 5
    policy = ValvePolicy(zones, rngs=nnx.Rngs(0))
    demand = jax.random.uniform(jax.random.key(3), (24, zones))
    HeatingScheduler(policy).day(jnp.full((zones,), 0.6), demand)
    return None
