# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointGunBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the SnowGunController holds model.bind(variables) of a NucleationNet whose block is an nn.remat-wrapped module; the bound model runs with train=True in the fori_loop body
"""Ski resort snowmaking: plans the water flow of every snow gun hour by hour over the night from
the weather forecast, with a rematerialized network block to save memory on long forecasts."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class SlopeConfig:
    n_guns: int = 6
    n_weather: int = 4
    hidden: int = 16
    n_hours: int = 10


class GunBlock(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.swish(h)


RematGunBlock = nn.remat(GunBlock, static_argnums=(2,))


class NucleationNet(nn.Module):
    cfg: SlopeConfig

    @nn.compact
    def __call__(self, weather, train: bool = False):
        h = RematGunBlock(self.cfg.hidden)(weather, train)
        return nn.sigmoid(nn.Dense(self.cfg.n_guns)(h))


class SnowGunController:
    def __init__(self, model, variables, cfg: SlopeConfig):
        self.cfg = cfg
        self.net = model.bind(variables)

    def plan_night(self, forecast):
        def hour(i, flows):
            flow = self.net(forecast[i], True)
            return flows.at[i].set(flow.mean(axis=0))

        return lax.fori_loop(0, self.cfg.n_hours, hour, jnp.zeros((self.cfg.n_hours, self.cfg.n_guns)))


def main():
    cfg = SlopeConfig()
    model = NucleationNet(cfg)
    forecast = jax.random.normal(jax.random.key(2), (cfg.n_hours, 3, cfg.n_weather))
    variables = model.init(jax.random.key(0), forecast[0])
    controller = SnowGunController(model, variables, cfg)
    flows = controller.plan_night(forecast)
    print(flows.sum())
    return None
