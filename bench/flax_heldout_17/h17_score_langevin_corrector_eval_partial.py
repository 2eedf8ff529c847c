# label: ok
# flax-error: none
# class: 4 a functools.partial of model.apply with train=False is the score function a helper calls in the scan body; keys are folded with the step index
"""Annealed Langevin sampling with a BatchNorm score network run in inference mode."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class NCSNConfig:
    dim: int = 2
    width: int = 32
    sigma_max: float = 1.0
    sigma_min: float = 0.02
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


def langevin_step(score_fn, x, sigma, key, step_size):
    noise = jax.random.normal(key, x.shape)
    return x + 0.5 * step_size * score_fn(x, sigma) + jnp.sqrt(step_size) * noise


def annealed_langevin(score_fn, cfg, x0, key):
    sigmas = jnp.geomspace(cfg.sigma_max, cfg.sigma_min, cfg.num_sigmas)

    def body(x, inputs):
        i, sigma = inputs
        step_size = cfg.step_lr * (sigma / cfg.sigma_min) ** 2
        x = langevin_step(score_fn, x, sigma, jax.random.fold_in(key, i), step_size)
        return x, x

    _, xs = jax.lax.scan(body, x0, (jnp.arange(cfg.num_sigmas), sigmas))
    return xs


def main():
    cfg = NCSNConfig()
    model = ScoreNet(cfg)
    x0 = jax.random.uniform(jax.random.key(0), (16, cfg.dim))
    variables = model.init(jax.random.key(1), x0, jnp.float32(1.0))
    score_fn = functools.partial(model.apply, variables, train=False)
    xs = annealed_langevin(score_fn, cfg, x0, jax.random.key(2))
    print(xs[-1].mean(0))
    return xs
