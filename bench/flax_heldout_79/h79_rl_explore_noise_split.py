# label: ok
# flax-error: none
# class: 3 the exploration key starts in DDPGActor.cfg but is carried through the scan and split every step
"""Deterministic-policy actor (DDPG style) with Gaussian exploration noise. An ActorConfig
dataclass carries the noise scale and the PRNG key; the rollout scans the actor over an episode
and the returned exploration noise is logged for the replay's prioritisation."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class ActorConfig:
    action_dim: int = 2
    noise_scale: float = 0.2
    key: jax.Array = None


class PolicyNet(nn.Module):
    action_dim: int

    @nn.compact
    def __call__(self, obs):
        return jnp.tanh(nn.Dense(self.action_dim)(nn.relu(nn.Dense(32)(obs))))


class DDPGActor:
    def __init__(self, cfg, params):
        self.cfg = cfg
        self.net = PolicyNet(cfg.action_dim)
        self.params = params

    def explore(self, obs, key):
        action = self.net.apply({"params": self.params}, obs)
        noise = self.cfg.noise_scale * jax.random.normal(key, action.shape)
        return jnp.clip(action + noise, -1.0, 1.0), noise


def make_actor(seed, obs_dim):
    init_key, noise_key = jax.random.split(jax.random.key(seed))
    cfg = ActorConfig(key=noise_key)
    params = PolicyNet(cfg.action_dim).init(init_key, jnp.zeros((1, obs_dim)))["params"]
    return DDPGActor(cfg, params)


def run_episode(actor, obs0, steps=8):
    def step(carry, _):
        obs, key = carry
        key, sub = jax.random.split(key)
        action, noise = actor.explore(obs, sub)
        next_obs = obs.at[..., :2].add(0.1 * action)
        return (next_obs, key), noise

    _, noises = lax.scan(step, (obs0, actor.cfg.key), None, length=steps)
    return noises


def main():
    actor = make_actor(0, 5)
    return run_episode(actor, jnp.ones((3, 5)))
