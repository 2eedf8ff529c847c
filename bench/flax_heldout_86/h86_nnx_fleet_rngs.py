# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a rollout function built per robot closes over that robot's nnx.Rngs and draws from its 'action' stream inside the scan body
"""Robotics fleet manager (NNX): per-robot stochastic action sampling with per-robot Rngs streams."""
from typing import Dict

import jax
import jax.numpy as jnp
from flax import nnx


class CategoricalPolicy(nnx.Module):
    def __init__(self, obs_dim, n_actions, *, rngs):
        self.body = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.logits = nnx.Linear(32, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.logits(nnx.gelu(self.body(obs)))


def make_rollout(policy: CategoricalPolicy, rngs: nnx.Rngs, horizon: int):
    def rollout(obs0):
        def step(obs, _):
            a = jax.random.categorical(rngs.action(), policy(obs))
            return obs + 0.1 * a, a
        _, actions = jax.lax.scan(step, obs0, None, length=horizon)
        return actions
    return rollout


class FleetManager:
    def __init__(self, robot_ids, horizon=5):
        self.rollouts: Dict[str, callable] = {}
        for i, rid in enumerate(robot_ids):
            policy = CategoricalPolicy(6, 4, rngs=nnx.Rngs(params=i))
            self.rollouts[rid] = make_rollout(policy, nnx.Rngs(action=100 + i), horizon)

    def dispatch(self, rid, obs):
        return self.rollouts[rid](obs)


def main():
    fleet = FleetManager(["amr-01", "amr-02"])
    fleet.dispatch("amr-02", jnp.zeros((6,))).block_until_ready()
    return None
