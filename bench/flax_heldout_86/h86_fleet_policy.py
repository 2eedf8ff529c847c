# label: same-values
# flax-error: none
# class: 4 the fleet manager hands each robot controller one PRNG key at construction; the scan body passes that same key as rngs={'explore': ...} every step
"""Robotics fleet manager: one Gaussian policy per robot, rolled out with exploration noise."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class GaussianPolicy(nn.Module):
    act_dim: int = 2

    @nn.compact
    def __call__(self, obs):
        return nn.tanh(nn.Dense(self.act_dim)(nn.relu(nn.Dense(32)(obs))))

    def exploration(self, obs, scale=0.2):
        mean = self(obs)
        return scale * jax.random.normal(self.make_rng("explore"), mean.shape)


class RobotController:
    def __init__(self, robot_id, key, obs_dim=6):
        self.robot_id = robot_id
        self.policy = GaussianPolicy()
        init_key, self.explore_key = jax.random.split(key)
        self.variables = self.policy.init(init_key, jnp.zeros((obs_dim,)))

    def noise(self, obs):
        return self.policy.apply(self.variables, obs, method=GaussianPolicy.exploration,
                                 rngs={"explore": self.explore_key})


class FleetManager:
    def __init__(self, n_robots=3, seed=0):
        keys = jax.random.split(jax.random.PRNGKey(seed), n_robots)
        self.controllers = {f"robot-{i}": RobotController(i, k) for i, k in enumerate(keys)}

    def rollout_noise(self, robot, horizon=5):
        ctrl = self.controllers[robot]

        def step(obs, _):
            eps = ctrl.noise(obs)
            return obs * 0.95, eps

        _, eps = scan(step, jnp.ones((6,)), None, length=horizon)
        return eps


def main():
    fleet = FleetManager()
    return fleet.rollout_noise("robot-1")
