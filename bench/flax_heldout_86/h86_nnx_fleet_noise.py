# label: same-values
# flax-error: none
# class: 4 the fleet manager gives each robot agent a fixed key; the scan body builds nnx.Rngs(noise=that key) afresh every step and passes it to the policy
"""Robotics fleet manager (NNX): one policy per robot, per-step exploration noise during a rollout."""
import jax
import jax.numpy as jnp
from jax.lax import scan
import flax.nnx as nnx


class NoisyPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs):
        self.net = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((act_dim,), -1.0))

    def exploration_noise(self, obs, rngs: nnx.Rngs):
        mean = jnp.tanh(self.net(obs))
        return jnp.exp(self.log_std.value) * jax.random.normal(rngs.noise(), mean.shape)


class RobotAgent:
    def __init__(self, robot_id, key):
        self.robot_id = robot_id
        self.policy = NoisyPolicy(6, 2, rngs=nnx.Rngs(robot_id))
        self.noise_key = key


class FleetManager:
    def __init__(self, n_robots=3):
        keys = jax.random.split(jax.random.PRNGKey(11), n_robots)
        self.agents = [RobotAgent(i, k) for i, k in enumerate(keys)]

    def rollout_noise(self, idx, horizon=5):
        agent = self.agents[idx]
        graphdef, params = nnx.split(agent.policy)

        def step(obs, _):
            policy = nnx.merge(graphdef, params)
            eps = policy.exploration_noise(obs, nnx.Rngs(noise=agent.noise_key))
            return obs * 0.9, eps

        _, eps = scan(step, jnp.ones((6,)), None, length=horizon)
        return eps


def main():
    return FleetManager().rollout_noise(2)
