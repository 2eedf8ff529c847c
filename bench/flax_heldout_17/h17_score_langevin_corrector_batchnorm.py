# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/ScoreBlock_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the train flag defaults to True and travels ScoreNet -> ScoreBlock -> nn.BatchNorm, called by a langevin_step helper from the scan body of annealed_langevin
"""Annealed Langevin dynamics (NCSN-style) with a noise-conditional score network."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class NCSNConfig:
    dim: int = 2
    width: int = 32
    sigma_max: float = 1.0
    sigma_min: float = 0.01
    num_sigmas: int = 6
    step_lr: float = 2e-3


class ScoreBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h, train: bool):
        h = nn.Dense(self.width)(h)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.elu(h)


class ScoreNet(nn.Module):
    cfg: NCSNConfig

    @nn.compact
    def __call__(self, x, sigma, train: bool = True):
        h = jnp.concatenate([x, jnp.log(sigma) * jnp.ones_like(x[:, :1])], -1)
        h = ScoreBlock(self.cfg.width)(h, train)
        h = ScoreBlock(self.cfg.width)(h, train)
        return nn.Dense(self.cfg.dim)(h) / sigma


def langevin_step(model, variables, x, sigma, key, step_size):
    score = model.apply(variables, x, sigma)
    noise = jax.random.normal(key, x.shape)
    return x + 0.5 * step_size * score + jnp.sqrt(step_size) * noise


def annealed_langevin(model, variables, cfg, x0, key):
    sigmas = jnp.geomspace(cfg.sigma_max, cfg.sigma_min, cfg.num_sigmas)

    def body(x, inputs):
        sigma, k = inputs
        step_size = cfg.step_lr * (sigma / cfg.sigma_min) ** 2
        x = langevin_step(model, variables, x, sigma, k, step_size)
        return x, x

    keys = jax.random.split(key, cfg.num_sigmas)
    _, xs = jax.lax.scan(body, x0, (sigmas, keys))
    return xs


def main():
    cfg = NCSNConfig()
    model = ScoreNet(cfg)
    x0 = jax.random.uniform(jax.random.key(0), (16, cfg.dim))
    variables = model.init(jax.random.key(1), x0, jnp.float32(1.0))
    xs = annealed_langevin(model, variables, cfg, x0, jax.random.key(2))
    print(xs[-1].mean(0))
    return xs
