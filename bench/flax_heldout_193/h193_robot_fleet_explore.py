# label: same-values
# flax-error: none
# class: 4 FleetSimulator.agents[i].act calls agent.policy.apply with agent.explore_key; the fori_loop body reaches it through the simulator's agent list
"""Warehouse robot fleet simulator: each robot owns a small policy network and adds Gaussian
exploration noise to its velocity command; the simulator logs every robot's exploration noise
per tick for the off-policy learner."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class VelocityPolicy(nn.Module):
    num_actions: int = 2

    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(16)(obs))
        return jnp.tanh(nn.Dense(self.num_actions)(h))

    def explore(self, obs, scale):
        command = self(obs)
        noise = scale * jax.random.normal(self.make_rng("explore"), command.shape)
        return command + noise, noise


class Robot:
    def __init__(self, robot_id: int, obs_dim: int):
        self.robot_id = robot_id
        self.policy = VelocityPolicy()
        init_key, self.explore_key = jax.random.split(jax.random.key(100 + robot_id))
        self.variables = self.policy.init(init_key, jnp.zeros(obs_dim))

    def act(self, obs, scale):
        return self.policy.apply(self.variables, obs, scale, method=VelocityPolicy.explore,
                                 rngs={"explore": self.explore_key})


class FleetSimulator:
    def __init__(self, agents, dt: float = 0.1, noise_scale: float = 0.2):
        self.agents = agents
        self.dt = dt
        self.noise_scale = noise_scale

    def rollout(self, start_obs, num_ticks: int):
        num_agents = len(self.agents)

        def tick(t, carry):
            obs, noise_log = carry
            commands, noises = zip(*(agent.act(obs[i], self.noise_scale)
                                     for i, agent in enumerate(self.agents)))
            velocity = jnp.stack(commands)
            obs = obs.at[:, :2].add(self.dt * velocity)
            return obs, noise_log.at[t].set(jnp.stack(noises))

        init = (start_obs, jnp.zeros((num_ticks, num_agents, 2)))
        _, noise_log = jax.lax.fori_loop(0, num_ticks, tick, init)
        return noise_log


def main():
    obs_dim, num_robots = 6, 3
    robots = [Robot(i, obs_dim) for i in range(num_robots)]
    sim = FleetSimulator(robots)
    start = jax.random.uniform(jax.random.key(9), (num_robots, obs_dim))
    noise_log = sim.rollout(start, num_ticks=8)
    print("noise std per robot:", noise_log.std(axis=(0, 2)))
    return noise_log
