# label: same-values
# flax-error: none
# class: 3 YawAgent.explore_key (drawn once from the agent's nnx.Rngs stream in __init__) is used in the lax.fori_loop body
"""Wind-turbine yaw control with exploratory offsets.

A yaw policy maps nacelle wind-vane readings to a yaw-rate command. During the
commissioning campaign the agent adds a small exploratory offset at each control
interval and logs it, to estimate the power sensitivity to misalignment.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class YawPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.l2(nnx.relu(self.l1(obs))))[0]


class YawAgent:
    def __init__(self, policy, rngs: nnx.Rngs, explore_deg=2.0):
        self.policy = policy
        self.explore_deg = explore_deg
        self.explore_key = rngs.explore()

    def offset(self):
        return self.explore_deg * jax.random.normal(self.explore_key, ())


def campaign(agent, vane, intervals):
    def control(t, state):
        yaw, offsets = state
        misalignment = vane[t] - yaw
        obs = jnp.stack([jnp.sin(jnp.deg2rad(misalignment)), jnp.cos(jnp.deg2rad(misalignment)), yaw / 180.0])
        off = agent.offset()
        yaw = yaw + 0.5 * agent.policy(obs) + off
        return yaw, offsets.at[t].set(off)

    return lax.fori_loop(0, intervals, control, (jnp.zeros(()), jnp.zeros((intervals,))))


def main():
    agent = YawAgent(YawPolicy(nnx.Rngs(0)), nnx.Rngs(explore=9))
    vane = 10.0 * jnp.sin(jnp.linspace(0.0, 3.0, 12))
    yaw, offsets = campaign(agent, vane, 12)
    return offsets
