# label: same-values
# flax-error: none
# class: 4 make_soft_value_fn() draws one key from the actor's Rngs; the nnx.jit-compiled scan body samples actions through functools.partial(actor.sample, key=key)
"""Soft actor-critic: Monte-Carlo estimate of the soft state value.

V(s) = E_{a ~ pi(.|s)} [min(Q1, Q2)(s, a) - alpha * log pi(a|s)], estimated
with several action samples per state against the target critics.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SACConfig:
    obs_dim: int = 5
    act_dim: int = 2
    n_samples: int = 4
    alpha: float = 0.2


class Actor(nnx.Module):
    def __init__(self, cfg: SACConfig, rngs: nnx.Rngs):
        self.torso = nnx.Linear(cfg.obs_dim, 32, rngs=rngs)
        self.mean = nnx.Linear(32, cfg.act_dim, rngs=rngs)
        self.log_std = nnx.Linear(32, cfg.act_dim, rngs=rngs)
        self.rngs = rngs

    def sample(self, obs, key):
        h = nnx.relu(self.torso(obs))
        mu, log_std = self.mean(h), jnp.clip(self.log_std(h), -5.0, 2.0)
        u = mu + jnp.exp(log_std) * jax.random.normal(key, mu.shape)
        logp = jnp.sum(-0.5 * ((u - mu) / jnp.exp(log_std)) ** 2 - log_std - 0.9189, -1)
        a = jnp.tanh(u)
        return a, logp - jnp.sum(jnp.log(1 - a**2 + 1e-6), -1)


class TwinCritic(nnx.Module):
    def __init__(self, cfg: SACConfig, rngs: nnx.Rngs):
        self.q1 = nnx.Sequential(nnx.Linear(cfg.obs_dim + cfg.act_dim, 32, rngs=rngs), nnx.relu, nnx.Linear(32, 1, rngs=rngs))
        self.q2 = nnx.Sequential(nnx.Linear(cfg.obs_dim + cfg.act_dim, 32, rngs=rngs), nnx.relu, nnx.Linear(32, 1, rngs=rngs))

    def __call__(self, obs, act):
        x = jnp.concatenate([obs, act], -1)
        return jnp.minimum(self.q1(x), self.q2(x))[..., 0]


def make_soft_value_fn(cfg, actor):
    key = actor.rngs.action()

    @nnx.jit
    def soft_value(actor, target_critic, obs):
        policy = functools.partial(actor.sample, key=key)

        def body(carry, _):
            a, logp = policy(obs)
            return carry + target_critic(obs, a) - cfg.alpha * logp, a

        total, actions = jax.lax.scan(body, jnp.zeros(obs.shape[0]), None, length=cfg.n_samples)
        return total / cfg.n_samples, actions
    return soft_value


def main():
    cfg = SACConfig()
    actor = Actor(cfg, nnx.Rngs(params=0, action=1))
    critic = TwinCritic(cfg, nnx.Rngs(2))
    target_critic = nnx.clone(critic)
    obs = jax.random.normal(jax.random.key(3), (6, cfg.obs_dim))
    value, actions = make_soft_value_fn(cfg, actor)(actor, target_critic, obs)
    float(value.mean())
    return actions
