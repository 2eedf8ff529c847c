# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, variables, train=False) kept on a RolloutEngine is called in the scan body
"""Ocean surface-current forecaster: an autoregressive Linen cell rolled out over a forcing series."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class CurrentCell(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, uv, *, train: bool):
        h = nn.Dense(self.hidden)(uv)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.tanh(h)
        return uv + 0.1 * nn.Dense(uv.shape[-1])(h)


@dataclass(frozen=True)
class ForecastConfig:
    horizon: int = 6
    grid_points: int = 8
    channels: int = 2  # eastward and northward velocity
    train_mode: bool = False  # forecasting runs on the running statistics


class RolloutEngine:
    """Keeps a ready-to-call step so the service never touches variables directly."""

    def __init__(self, model, variables, cfg: ForecastConfig):
        self.cfg = cfg
        self.step_fn = functools.partial(model.apply, variables, train=cfg.train_mode)

    def rollout(self, uv0, forcing):
        def body(uv, wind_stress):
            nxt = self.step_fn(uv + wind_stress)
            return nxt, jnp.sqrt((nxt ** 2).sum(-1)).mean()

        _, speeds = lax.scan(body, uv0, forcing)
        return speeds


class ForecastService:
    def __init__(self, engine: RolloutEngine):
        self.engine = engine

    def forecast(self, uv0, forcing):
        speeds = self.engine.rollout(uv0, forcing)
        return {"mean_speed": speeds.mean(), "peak_speed": speeds.max()}


def main():
    cfg = ForecastConfig()
    model = CurrentCell()
    uv0 = jax.random.normal(jax.random.key(0), (cfg.grid_points, cfg.channels))
    forcing = 0.05 * jax.random.normal(jax.random.key(1), (cfg.horizon, cfg.grid_points, cfg.channels))
    variables = model.init(jax.random.key(2), uv0, train=False)
    service = ForecastService(RolloutEngine(model, variables, cfg))
    report = service.forecast(uv0, forcing)
    jax.block_until_ready(report)
    return None
