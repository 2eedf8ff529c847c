# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "visits" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 agent.variables (one object's attribute) applied immutably inside the TD fori_loop; the Q-network writes its visit counter
"""Game AI: a DQN-style agent for a grid arena. The Q-network keeps a per-action visit counter
in a 'stats' collection (used by the dashboard); the agent samples transitions from its replay
buffer object and computes the TD error over a minibatch with a fori_loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class QNetwork(nn.Module):
    n_actions: int
    hidden: int = 32

    @nn.compact
    def __call__(self, obs):
        visits = self.variable("stats", "visits", jnp.zeros, (self.n_actions,))
        q = nn.Dense(self.n_actions)(nn.relu(nn.Dense(self.hidden)(obs)))
        if not self.is_initializing():
            visits.value = visits.value + jax.nn.one_hot(jnp.argmax(q), self.n_actions)
        return q


class ReplayBuffer:
    def __init__(self, capacity: int, obs_dim: int, n_actions: int, seed: int = 0):
        k_obs, k_next, k_act, k_rew = jax.random.split(jax.random.key(seed), 4)
        self.obs = jax.random.normal(k_obs, (capacity, obs_dim))
        self.next_obs = jax.random.normal(k_next, (capacity, obs_dim))
        self.actions = jax.random.randint(k_act, (capacity,), 0, n_actions)
        self.rewards = jax.random.uniform(k_rew, (capacity,))

    def sample(self, key, batch: int):
        return jax.random.randint(key, (batch,), 0, self.obs.shape[0])


class Agent:
    def __init__(self, net, variables, buffer, gamma: float = 0.97):
        self.net = net
        self.variables = variables
        self.buffer = buffer
        self.gamma = gamma

    def td_loss(self, key, batch: int):
        idx = self.buffer.sample(key, batch)
        buf = self.buffer

        def accumulate(i, total):
            j = idx[i]
            q = self.net.apply(self.variables, buf.obs[j])
            q_next = self.net.apply(self.variables, buf.next_obs[j])
            target = buf.rewards[j] + self.gamma * jnp.max(q_next)
            return total + (target - q[buf.actions[j]]) ** 2

        return lax.fori_loop(0, batch, accumulate, jnp.zeros(())) / batch


def main():
    net = QNetwork(n_actions=5)
    variables = net.init(jax.random.key(0), jnp.zeros((7,)))
    agent = Agent(net, variables, ReplayBuffer(256, 7, 5))
    float(agent.td_loss(jax.random.key(4), batch=16))
    return None
