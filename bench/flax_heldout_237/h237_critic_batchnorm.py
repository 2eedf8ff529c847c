# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/critic/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 ActorCritic.value_trajectory runs the scan itself and its critic BatchNorm updates the module's own batch_stats in the body
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Critic(nn.Module):
    hidden: int = 16
    train: bool = True

    @nn.compact
    def __call__(self, obs):
        h = nn.Dense(self.hidden)(obs)
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.99)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class ActorCritic(nn.Module):
    num_actions: int = 3
    train: bool = True

    def setup(self):
        self.actor = nn.Dense(self.num_actions)
        self.critic = Critic(train=self.train)

    def __call__(self, obs):
        return self.actor(obs), self.critic(obs)

    def value_trajectory(self, obs_seq, rewards, gamma=0.99):
        def body(next_value, step):
            obs, reward = step
            value = self.critic(obs)
            target = reward + gamma * next_value
            return value, (value, target)

        last = jnp.zeros(obs_seq.shape[1])
        _, (values, targets) = lax.scan(body, last, (obs_seq, rewards), reverse=True)
        return values, targets


def main():
    model = ActorCritic()
    obs_seq = jnp.ones((5, 4, 6))
    rewards = jnp.ones((5, 4))
    variables = model.init(jax.random.key(0), obs_seq[0])
    values, targets = model.apply(variables, obs_seq, rewards, method=ActorCritic.value_trajectory)
    td_error = jnp.mean((targets - values) ** 2)
    jax.block_until_ready(td_error)
    return None
