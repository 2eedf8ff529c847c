# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 local policy in operate_until_safe goes directly into the while_loop body, where it is passed to an nnx.jit-decorated helper
"""Hydropower reservoir operations: daily release policy run until the pool is below flood stage."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class ReleasePolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.gate = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, obs):
        return nnx.sigmoid(self.gate(nnx.relu(self.hidden(obs))))[0]  # fraction of max turbine flow


@nnx.jit
def decide_release(policy, level, inflow, day):
    obs = jnp.stack([level / 100.0, inflow / 50.0, jnp.sin(2 * jnp.pi * day / 365.0)])
    return 60.0 * policy(obs)


def operate_until_safe(level0, inflows, flood_stage=92.0, area=4.0):
    policy = ReleasePolicy(nnx.Rngs(0))

    def unsafe(state):
        day, level, _ = state
        return (day < inflows.shape[0]) & (level > flood_stage)

    def one_day(state):
        day, level, released = state
        release = decide_release(policy, level, inflows[day], day)
        level = level + (inflows[day] - release) / area
        return day + 1, level, released + release

    return lax.while_loop(unsafe, one_day, (0, level0, jnp.zeros(())))


def main():
    inflows = 30.0 + 10.0 * jax.random.uniform(jax.random.key(1), (30,))
    days, level, released = operate_until_safe(jnp.asarray(97.0), inflows)
    return None
