# label: ok
# flax-error: none
# class: 4 a jitted rollout takes the policy's graphdef and state, and a policy_step helper merges them read-only inside the scan body; keys come in as xs
"""PPO rollout collection with an NNX Gaussian actor-critic, compiled with jax.jit."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class PPOConfig:
    obs_dim: int = 3
    act_dim: int = 2
    hidden: int = 32
    horizon: int = 8


class ActorCritic(nnx.Module):
    def __init__(self, cfg: PPOConfig, *, rngs: nnx.Rngs):
        self.shared = nnx.List([nnx.Linear(cfg.obs_dim, cfg.hidden, rngs=rngs),
                                nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs)])
        self.mean = nnx.Linear(cfg.hidden, cfg.act_dim, rngs=rngs)
        self.critic = nnx.Linear(cfg.hidden, 1, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((cfg.act_dim,), -0.5))

    def __call__(self, obs):
        h = obs
        for layer in self.shared:
            h = nnx.tanh(layer(h))
        return self.mean(h), self.log_std[...], self.critic(h)[..., 0]


def policy_step(graphdef, state, obs, key):
    model = nnx.merge(graphdef, state)
    mean, log_std, value = model(obs)
    action = mean + jnp.exp(log_std) * jax.random.normal(key, mean.shape)
    logp = -0.5 * jnp.sum(((action - mean) / jnp.exp(log_std)) ** 2 + 2 * log_std + jnp.log(2 * jnp.pi))
    return action, logp, value


def pendulum_like(obs, action):
    theta, omega, bias = obs
    omega = omega + 0.05 * (jnp.sin(theta) + action[0] - 0.1 * action[1])
    theta = theta + 0.05 * omega
    return jnp.stack([theta, omega, bias]), -(theta ** 2 + 0.1 * omega ** 2)


@functools.partial(jax.jit, static_argnums=(0, 4))
def rollout(graphdef, state, obs, key, horizon):
    def body(obs, k):
        action, logp, value = policy_step(graphdef, state, obs, k)
        nxt, reward = pendulum_like(obs, action)
        return nxt, (action, logp, value, reward)

    _, traj = jax.lax.scan(body, obs, jax.random.split(key, horizon))
    return traj


def main():
    cfg = PPOConfig()
    graphdef, state = nnx.split(ActorCritic(cfg, rngs=nnx.Rngs(0)))
    actions, logp, values, rewards = rollout(graphdef, state, jnp.array([0.3, 0.0, 1.0]),
                                             jax.random.key(1), cfg.horizon)
    print("return", rewards.sum(), "mean value", values.mean())
    return actions
