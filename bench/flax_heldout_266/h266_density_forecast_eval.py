# label: ok
# flax-error: none
# class: 3 CorridorForecaster.rollout scans over frames and its body reaches the BatchNorm through the attribute self.head; ForecastEvaluator applies it in evaluation mode on the stored running averages
"""Traffic density forecasting along a motorway corridor, evaluated over a short horizon."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class RunConfig:
    horizon: int = 4
    sensors: int = 5
    features: int = 3
    train: bool = True


class DensityHead(nn.Module):
    hidden: int = 4

    @nn.compact
    def __call__(self, frame, train: bool):
        x = nn.Dense(self.hidden)(frame)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(nn.relu(x)).squeeze(-1)


class CorridorForecaster(nn.Module):
    def setup(self):
        self.head = DensityHead()

    def __call__(self, frame, train: bool = False):
        return self.head(frame, train)

    def rollout(self, frames, train: bool):
        def step(previous, frame):
            density = self.head(frame * (1.0 + previous[:, None]), train)
            return density, density

        start = jnp.zeros(frames.shape[1])
        _, densities = jax.lax.scan(step, start, frames)
        return densities


class ForecastEvaluator:
    def __init__(self, model, variables, config: RunConfig):
        self.model = model
        self.variables = variables
        self.config = config

    def evaluate(self, frames, observed):
        predicted = self.model.apply(self.variables, frames, train=False, method=CorridorForecaster.rollout)
        return jnp.mean((predicted - observed) ** 2)


def sensor_frames(cfg: RunConfig):
    grid = jnp.linspace(0.0, 1.0, cfg.horizon * cfg.sensors * cfg.features)
    return grid.reshape(cfg.horizon, cfg.sensors, cfg.features)


def main():
    cfg = RunConfig()
    frames = sensor_frames(cfg)
    model = CorridorForecaster()
    variables = model.init(jax.random.key(0), frames[0])
    observed = jnp.full((cfg.horizon, cfg.sensors), 0.3)
    mse = ForecastEvaluator(model, variables, cfg).evaluate(frames, observed)
    jax.block_until_ready(mse)
