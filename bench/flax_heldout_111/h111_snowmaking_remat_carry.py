# label: ok
# flax-error: none
# class: 5 the SnowGunController applies a NucleationNet whose block is an nn.remat-wrapped module with train=True in the fori_loop body; batch_stats go in and out through the loop carry
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
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def plan_night(self, forecast):
        def hour(i, carry):
            stats, flows = carry
            flow, updates = self.model.apply(
                {"params": self.params, "batch_stats": stats}, forecast[i], True,
                mutable=["batch_stats"])
            return updates["batch_stats"], flows.at[i].set(flow.mean(axis=0))

        init = (self.batch_stats, jnp.zeros((self.cfg.n_hours, self.cfg.n_guns)))
        self.batch_stats, flows = lax.fori_loop(0, self.cfg.n_hours, hour, init)
        return flows


def main():
    cfg = SlopeConfig()
    model = NucleationNet(cfg)
    forecast = jax.random.normal(jax.random.key(2), (cfg.n_hours, 3, cfg.n_weather))
    variables = model.init(jax.random.key(0), forecast[0])
    controller = SnowGunController(model, variables, cfg)
    flows = controller.plan_night(forecast)
    print(flows.sum())
    return None
