# label: same-values
# flax-error: none
# class: 3 self.make_rng('action') in helper _sample_action called from the raw scan body of rollout (apply method=)
"""PPO-style actor whose rollout over a toy environment lives in the module itself."""
import jax
import jax.numpy as jnp
import flax.linen as nn


def env_step(state, action):
    nxt = state * 0.9 + 0.1 * jnp.tanh(action)
    reward = -jnp.sum(nxt ** 2, -1)
    return nxt, reward


class ActorCritic(nn.Module):
    n_actions: int = 3

    def setup(self):
        self.torso = nn.Dense(32)
        self.pi = nn.Dense(self.n_actions)
        self.v = nn.Dense(1)
        self.log_std = self.param("log_std", nn.initializers.zeros, (self.n_actions,))

    def __call__(self, obs):
        h = nn.tanh(self.torso(obs))
        return self.pi(h), self.v(h)[..., 0]

    def _sample_action(self, obs):
        mean, value = self(obs)
        eps = jax.random.normal(self.make_rng("action"), mean.shape)
        return mean + jnp.exp(self.log_std) * eps, eps, value

    def rollout(self, obs0, horizon: int):
        def body(obs, _):
            action, eps, value = self._sample_action(obs)
            obs, reward = env_step(obs, action)
            return obs, (action, eps, reward, value)

        return jax.lax.scan(body, obs0, None, length=horizon)[1]


class Agent:
    def __init__(self, key):
        self.net = ActorCritic()
        self.params = self.net.init(key, jnp.zeros((8, 3)))

    def collect(self, key, horizon=6):
        obs0 = jnp.ones((8, 3))
        return self.net.apply(self.params, obs0, horizon, method=ActorCritic.rollout,
                              rngs={"action": key})


def main():
    agent = Agent(jax.random.key(0))
    actions, eps, rewards, values = agent.collect(jax.random.key(7))
    return eps
