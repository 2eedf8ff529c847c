# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 MuZeroNet.unroll's scan body calls self.dynamics, whose own "minmax" variables (MuZero's MinMaxStats) are updated on every step with mutable=["minmax"]
"""MuZero: unroll the learned dynamics along an action sequence while keeping the min-max
reward statistics used to normalise values in the search tree."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class MinMaxDynamics(nn.Module):
    latent: int = 8
    num_actions: int = 4

    def setup(self):
        self.trunk = nn.Dense(16)
        self.next_state = nn.Dense(self.latent)
        self.reward_head = nn.Dense(1)
        self.lo = self.variable("minmax", "lo", lambda: jnp.array(jnp.inf))
        self.hi = self.variable("minmax", "hi", lambda: jnp.array(-jnp.inf))

    def __call__(self, latent, action):
        x = jnp.concatenate([latent, jax.nn.one_hot(action, self.num_actions)], axis=-1)
        h = nn.relu(self.trunk(x))
        reward = self.reward_head(h)[0]
        self.lo.value = jnp.minimum(self.lo.value, reward)
        self.hi.value = jnp.maximum(self.hi.value, reward)
        return jnp.tanh(self.next_state(h)), reward

    def normalize(self, value):
        return (value - self.lo.value) / jnp.maximum(self.hi.value - self.lo.value, 1e-6)


class MuZeroNet(nn.Module):
    latent: int = 8

    def setup(self):
        self.represent = nn.Dense(self.latent)
        self.dynamics = MinMaxDynamics(latent=self.latent)

    def initial_inference(self, obs):
        return jnp.tanh(self.represent(obs))

    def __call__(self, obs, action):
        return self.dynamics(self.initial_inference(obs), action)

    def unroll(self, obs, actions):
        def step(latent, action):
            latent, reward = self.dynamics(latent, action)
            return latent, reward

        _, rewards = scan(step, self.initial_inference(obs), actions)
        return rewards

    def normalized_returns(self, rewards, discount=0.97):
        returns = jnp.cumsum((rewards * discount ** jnp.arange(rewards.shape[0]))[::-1])[::-1]
        return self.dynamics.normalize(returns)


def main():
    net = MuZeroNet()
    obs = jnp.array([0.2, -0.4, 0.9, 0.1, 0.0, 0.3])
    actions = jnp.array([0, 3, 1, 1, 2], dtype=jnp.int32)
    variables = net.init(jax.random.PRNGKey(0), obs, actions[0])

    rewards, updated = net.apply(variables, obs, actions, method=MuZeroNet.unroll, mutable=["minmax"])
    variables = {**variables, **updated}
    scores = net.apply(variables, rewards, method=MuZeroNet.normalized_returns)
    jax.block_until_ready(scores)
    return None
