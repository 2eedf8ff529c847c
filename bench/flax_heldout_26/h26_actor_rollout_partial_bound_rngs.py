# label: same-values
# flax-error: none
# class: 4 functools.partial(model.apply, variables, rngs={'action': key}, method=...) built by a factory and called in the raw lax.scan body
# modelled on: ellingsvee/MA8702 inference.py (inference_loop: jitted one_step kernel under jax.lax.scan)
"""Gaussian actor rolled out in a toy point-mass environment."""
import functools
import jax
import jax.numpy as jnp
import flax.linen as nn


class Actor(nn.Module):
    act_dim: int = 2

    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(16)(obs))
        return nn.Dense(self.act_dim)(h), self.param("log_std", nn.initializers.zeros, (self.act_dim,))

    def act(self, obs):
        mean, log_std = self(obs)
        noise = jax.random.normal(self.make_rng("action"), mean.shape)
        return mean + jnp.exp(log_std) * noise, noise


def env_step(pos, action):
    pos = jnp.clip(pos + 0.1 * action, -1.0, 1.0)
    return pos, -jnp.sum(pos ** 2)


def make_policy(model, variables, key):
    return functools.partial(model.apply, variables, rngs={"action": key}, method=Actor.act)


def rollout(policy_fn, pos0, length):
    def step(pos, _):
        action, noise = policy_fn(pos)
        pos, reward = env_step(pos, action)
        return pos, (reward, noise)

    _, (rewards, noises) = jax.lax.scan(step, pos0, None, length=length)
    return rewards, noises


def main():
    model = Actor()
    pos0 = jnp.array([0.5, -0.5])
    variables = model.init(jax.random.key(0), pos0)
    policy_fn = make_policy(model, variables, jax.random.key(1))
    rewards, noises = rollout(policy_fn, pos0, length=8)
    assert rewards.shape == (8,)
    return noises
