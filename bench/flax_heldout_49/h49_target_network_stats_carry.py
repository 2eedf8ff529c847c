# label: ok
# flax-error: none
# class: 1 a Q-network's observation normalizer carries the running mean through the raw scan and writes the 'obs_stats' variable once after the loop
"""DQN-style learner with an online and a target network; the Q-network normalizes
observations with running statistics updated over each trajectory."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class QNetwork(nn.Module):
    num_actions: int = 3

    @nn.compact
    def __call__(self, traj, update_stats=False):
        mean = self.variable("obs_stats", "mean", lambda: jnp.zeros(traj.shape[-1]))
        torso = nn.Dense(16)
        head = nn.Dense(self.num_actions)
        head(torso(traj[0]))

        def step(m, obs):
            if update_stats:
                m = 0.99 * m + 0.01 * obs.mean(0)
            return m, head(nn.relu(torso(obs - m)))

        m, q = lax.scan(step, mean.value, traj)
        if update_stats:
            mean.value = m
        return q


class Learner:
    def __init__(self, network, variables):
        self.network = network
        self.online = variables
        self.target = variables

    def td_targets(self, traj, rewards, gamma=0.99):
        q_next, updates = self.network.apply(self.online, traj, update_stats=True, mutable=["obs_stats"])
        self.online = {**self.online, **updates}
        q_target = self.network.apply(self.target, traj)
        best = jnp.argmax(q_next, -1)
        return rewards + gamma * jnp.take_along_axis(q_target, best[..., None], -1)[..., 0]

    def sync_target(self):
        self.target = self.online


def main():
    traj = jax.random.normal(jax.random.key(0), (7, 5, 4))
    rewards = jnp.ones((7, 5))
    net = QNetwork()
    learner = Learner(net, net.init(jax.random.key(1), traj))
    for _ in range(2):
        learner.td_targets(traj, rewards)
        learner.sync_target()
    return None
