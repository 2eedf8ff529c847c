# label: ok
# flax-error: none
# class: 5 an nn.remat(TidalBlock) module's apply, bound to its variables with functools.partial by the build_forecaster() factory and kept on a TidalForecaster; called in the scan body with train=False (running statistics)
"""Tidal-stream turbine output forecaster; rematerialised blocks keep long horizons within memory."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class SiteConfig:
    turbines: int = 5
    width: int = 12
    horizon: int = 16
    train_mode: bool = False


class TidalBlock(nn.Module):
    width: int
    train: bool = False

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.width)(x)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return nn.Dense(x.shape[-1])(nn.swish(h))


RematTidalBlock = nn.remat(TidalBlock)


class TidalForecaster:
    def __init__(self, forward, horizon):
        self.forward = forward
        self.horizon = horizon

    def rollout(self, state):
        def advance(state, _):
            nxt = state + 0.1 * self.forward(state)
            return nxt, nxt.sum(axis=-1)

        return scan(advance, state, None, length=self.horizon)


def build_forecaster(cfg: SiteConfig, key):
    sample = jnp.zeros((cfg.turbines, 3))
    variables = RematTidalBlock(cfg.width).init(key, sample)
    module = RematTidalBlock(cfg.width, train=cfg.train_mode)
    return TidalForecaster(functools.partial(module.apply, variables), cfg.horizon)


def main():
    cfg = SiteConfig()
    forecaster = build_forecaster(cfg, jax.random.key(0))
    state = jax.random.normal(jax.random.key(1), (cfg.turbines, 3))
    final, output = forecaster.rollout(state)
    print("site output", output.shape)
    return None
