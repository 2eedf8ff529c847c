# label: ok
# flax-error: none
# class: 5 make_rollout_step returns jax.checkpoint(functools.partial(advance_state, graphdef)); the policy state (with its ValveCalls counter) goes through the scan carry and nnx.update applies it after the loop
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


def advance_state(graphdef, carry, demand):
    temps, state = carry
    policy = nnx.merge(graphdef, state)
    temps, mean_opening = advance(policy, temps, demand)
    return (temps, nnx.state(policy)), mean_opening


def make_rollout_step(graphdef):
    return jax.checkpoint(functools.partial(advance_state, graphdef))


class HeatingScheduler:
    def __init__(self, policy: ValvePolicy, step_factory=make_rollout_step):
        self.policy = policy
        self.step_factory = step_factory

    def day(self, supply_temps, demand):
        graphdef, state = nnx.split(self.policy)
        step = self.step_factory(graphdef)
        (temps, state), openings = jax.lax.scan(step, (supply_temps, state), demand)
        nnx.update(self.policy, state)
        return temps, openings, int(self.policy.calls[...])


def main():
    zones = 5
    policy = ValvePolicy(zones, rngs=nnx.Rngs(0))
    demand = jax.random.uniform(jax.random.key(3), (24, zones))
    HeatingScheduler(policy).day(jnp.full((zones,), 0.6), demand)
    return None
