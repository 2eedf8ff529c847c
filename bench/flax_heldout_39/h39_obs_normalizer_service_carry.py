# label: ok
# flax-error: none
# class: 2 the raw fori_loop body calls service.observe with the 'running_stats' collection from the loop carry; the service's copy is replaced after the loop
"""Observation normalization for an RL data collector: a Linen running mean/std layer behind a service object."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


class RunningMeanStd(nn.Module):
    """Tracks per-feature mean/variance in the 'running_stats' collection (Welford update)."""
    epsilon: float = 1e-4

    @nn.compact
    def __call__(self, obs, update: bool = False):
        feat = obs.shape[-1]
        mean = self.variable("running_stats", "mean", jnp.zeros, (feat,))
        var = self.variable("running_stats", "var", jnp.ones, (feat,))
        count = self.variable("running_stats", "count", lambda: jnp.array(self.epsilon))
        if update:
            b_mean, b_var, b_count = obs.mean(0), obs.var(0), obs.shape[0]
            delta = b_mean - mean.value
            total = count.value + b_count
            new_mean = mean.value + delta * b_count / total
            m2 = var.value * count.value + b_var * b_count + delta**2 * count.value * b_count / total
            mean.value, var.value, count.value = new_mean, m2 / total, total
        return (obs - mean.value) / jnp.sqrt(var.value + 1e-8)


@dataclasses.dataclass
class CollectorConfig:
    obs_dim: int = 4
    num_envs: int = 8
    rollout_len: int = 6


class NormalizerService:
    """Owns the normalizer variables; collectors call observe() on each batch of observations."""

    def __init__(self, obs_dim: int):
        self.module = RunningMeanStd()
        self.stats = self.module.init(jax.random.key(0), jnp.zeros((1, obs_dim)))["running_stats"]

    def observe(self, stats, obs):
        normed, mutated = self.module.apply({"running_stats": stats}, obs, update=True,
                                            mutable=["running_stats"])
        return normed, mutated["running_stats"]

    def normalize(self, obs):
        return self.module.apply({"running_stats": self.stats}, obs)


def fake_env_step(i, key, num_envs, obs_dim):
    return 3.0 + 2.0 * jax.random.normal(jax.random.fold_in(key, i), (num_envs, obs_dim))


def collect(service: NormalizerService, cfg: CollectorConfig, key):
    def body(i, carry):
        acc, stats = carry
        obs = fake_env_step(i, key, cfg.num_envs, cfg.obs_dim)
        normed, stats = service.observe(stats, obs)
        return acc + normed.sum(), stats

    total, service.stats = jax.lax.fori_loop(0, cfg.rollout_len, body, (jnp.zeros(()), service.stats))
    return total


def main():
    cfg = CollectorConfig()
    service = NormalizerService(cfg.obs_dim)
    total = collect(service, cfg, jax.random.key(1))
    eval_obs = fake_env_step(100, jax.random.key(2), cfg.num_envs, cfg.obs_dim)
    print(float(total), service.normalize(eval_obs).mean())
    return None
