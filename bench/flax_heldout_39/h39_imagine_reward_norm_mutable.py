# label: ok
# flax-error: none
# class: 5 ImagineRunner stores the world model's apply; the jax.checkpoint-wrapped raw scan body calls it with mutable=['norm_stats'] and carries the stats
"""Dreamer-style imagination: roll a learned world model forward from start states with a fixed policy."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class RewardNormalizer(nn.Module):
    decay: float = 0.99

    @nn.compact
    def __call__(self, reward, update: bool):
        scale = self.variable("norm_stats", "scale", lambda: jnp.ones(()))
        if update:
            scale.value = self.decay * scale.value + (1 - self.decay) * jnp.abs(reward).mean()
        return reward / jnp.maximum(scale.value, 1e-3)


class WorldModel(nn.Module):
    latent: int = 6
    action_dim: int = 2

    @nn.compact
    def __call__(self, z, a, update_norm: bool = False):
        h = nn.Dense(32)(jnp.concatenate([z, a], -1))
        h = nn.LayerNorm()(nn.elu(h))
        z_next = z + nn.Dense(self.latent, name="dynamics")(h)
        reward = nn.Dense(1, name="reward")(h)[..., 0]
        return z_next, RewardNormalizer(name="reward_norm")(reward, update_norm)


@dataclasses.dataclass(frozen=True)
class ImagineConfig:
    horizon: int = 5
    batch: int = 4
    latent: int = 6
    action_dim: int = 2


class ImagineRunner:
    def __init__(self, model: WorldModel, variables, cfg: ImagineConfig):
        self.cfg = cfg
        self.variables = variables
        self.wm_apply = model.apply

    def policy(self, z):
        return jnp.tanh(z[:, : self.cfg.action_dim])

    def imagine(self, z0):
        params = self.variables["params"]

        @jax.checkpoint
        def body(carry, _):
            z, norm_stats = carry
            a = self.policy(z)
            (z_next, r), mutated = self.wm_apply({"params": params, "norm_stats": norm_stats}, z, a,
                                                 update_norm=True, mutable=["norm_stats"])
            return (z_next, mutated["norm_stats"]), r

        (z_last, norm_stats), rewards = lax.scan(body, (z0, self.variables["norm_stats"]), None,
                                                 length=self.cfg.horizon)
        self.variables = {"params": params, "norm_stats": norm_stats}
        return rewards


def main():
    cfg = ImagineConfig()
    model = WorldModel(cfg.latent, cfg.action_dim)
    z0 = jax.random.normal(jax.random.key(1), (cfg.batch, cfg.latent))
    variables = model.init(jax.random.key(0), z0, jnp.zeros((cfg.batch, cfg.action_dim)))
    runner = ImagineRunner(model, variables, cfg)
    returns = runner.imagine(z0).sum(0)
    print(returns)
    return None
