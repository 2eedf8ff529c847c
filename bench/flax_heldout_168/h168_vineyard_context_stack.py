# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body fetches the bound soil model from a thread-local context stack through the scheduler and calls it in online-adaptation (train) mode
"""Vineyard irrigation scheduler: opens the drip valves block by block until the predicted soil
moisture reaches target; the soil model is made current through a thread-local context stack."""
import contextlib
import dataclasses
import threading

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax
_local = threading.local()


def _stack():
    if not hasattr(_local, "models"):
        _local.models = []
    return _local.models


@contextlib.contextmanager
def soil_model(bound_model):
    _stack().append(bound_model)
    try:
        yield bound_model
    finally:
        _stack().pop()


def current_soil_model():
    if not _stack():
        raise RuntimeError("no soil model is active; use `with soil_model(...)`")
    return _stack()[-1]


@dataclasses.dataclass(frozen=True)
class IrrigationConfig:
    blocks: int = 6
    target_moisture: float = 0.35
    max_minutes: int = 40
    adapt_online: bool = True


class SoilMoistureNet(nn.Module):
    @nn.compact
    def __call__(self, features, train: bool):
        h = nn.Dense(8)(features)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return 0.01 * nn.sigmoid(nn.Dense(1)(nn.relu(h)))[..., 0]


class IrrigationScheduler:
    def __init__(self, config: IrrigationConfig):
        self.config = config

    def _moisture_gain(self, moisture, valve_open):
        features = jnp.stack([moisture, valve_open, jnp.full_like(moisture, 0.2)], axis=-1)
        return current_soil_model()(features, train=self.config.adapt_online)

    def minutes_to_target(self, moisture0):
        cfg = self.config

        def keep_watering(state):
            minute, moisture = state
            return (minute < cfg.max_minutes) & (jnp.min(moisture) < cfg.target_moisture)

        def water_one_minute(state):
            minute, moisture = state
            valve_open = (moisture < cfg.target_moisture).astype(jnp.float32)
            return minute + 1, moisture + valve_open * self._moisture_gain(moisture, valve_open)

        minutes, _ = lax.while_loop(keep_watering, water_one_minute, (0, moisture0))
        return minutes


def main():
    cfg = IrrigationConfig()
    model = SoilMoistureNet()
    variables = model.init(jax.random.key(0), jnp.zeros((cfg.blocks, 3)), train=False)
    scheduler = IrrigationScheduler(cfg)
    moisture0 = jax.random.uniform(jax.random.key(9), (cfg.blocks,), minval=0.15, maxval=0.3)
    with soil_model(model.bind(variables)):
        minutes = scheduler.minutes_to_target(moisture0)
    int(minutes)
    return None
