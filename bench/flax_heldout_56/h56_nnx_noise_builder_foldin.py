# label: ok
# flax-error: none
# class: 2 PolicyBuilder().with_noise().build() returns a GaussianPolicy that makes nnx.Rngs(noise=fold_in(seed key, t)) from the step index inside a raw scan rollout
from dataclasses import dataclass, replace

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclass(frozen=True)
class PolicyConfig:
    obs_dim: int = 4
    act_dim: int = 2
    noise_std: float = 0.0
    seed: int = 0


class GaussianPolicy(nnx.Module):
    def __init__(self, cfg: PolicyConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.mean = nnx.Linear(cfg.obs_dim, cfg.act_dim, rngs=rngs)

    def exploration_noise(self, t):
        rngs = nnx.Rngs(noise=jax.random.fold_in(jax.random.key(self.cfg.seed), t))
        return self.cfg.noise_std * jax.random.normal(rngs.noise(), (self.cfg.act_dim,))

    def act(self, obs, t):
        noise = self.exploration_noise(t)
        return self.mean(obs) + noise, noise


class PolicyBuilder:
    def __init__(self, cfg=PolicyConfig()):
        self.cfg = cfg

    def with_noise(self, std):
        return PolicyBuilder(replace(self.cfg, noise_std=std))

    def with_seed(self, seed):
        return PolicyBuilder(replace(self.cfg, seed=seed))

    def build(self):
        return GaussianPolicy(self.cfg, nnx.Rngs(params=self.cfg.seed))


def rollout(policy, obs0, horizon):
    def step(obs, t):
        action, noise = policy.act(obs, t)
        obs = jnp.tanh(obs + jnp.pad(action, (0, obs.shape[0] - action.shape[0])))
        return obs, noise

    _, noises = lax.scan(step, obs0, jnp.arange(horizon))
    return noises


def main():
    policy = PolicyBuilder().with_noise(0.3).with_seed(5).build()
    return rollout(policy, jnp.zeros(4), 6)
