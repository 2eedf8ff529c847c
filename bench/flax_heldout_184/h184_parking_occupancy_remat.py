# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(block)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the scan body in OccupancyForecaster.__call__ calls self.block, set up as nn.remat(OccupancyBlock) with train-mode BatchNorm, applied by the service without mutable
"""Parking-garage occupancy forecaster: a rematerialised recurrent block rolls the
hourly sensor counts forward; the forecast service applies it per garage."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class OccupancyBlock(nn.Module):
    width: int
    use_running_average: bool

    @nn.compact
    def __call__(self, h, counts):
        z = nn.Dense(self.width)(jnp.concatenate([h, counts], axis=-1))
        z = nn.BatchNorm(use_running_average=self.use_running_average)(z)
        return nn.tanh(z)


class OccupancyForecaster(nn.Module):
    width: int = 16
    train: bool = False

    def setup(self):
        self.block = nn.remat(OccupancyBlock)(self.width, use_running_average=not self.train)
        self.readout = nn.Dense(1)

    def warmup(self, counts):
        """One step from a cold state; the service initialises the variables with it."""
        h = self.block(jnp.zeros(counts.shape[:-1] + (self.width,)), counts)
        return self.readout(h)[..., 0]

    def __call__(self, hours):
        def hour(h, counts):
            h = self.block(h, counts)
            return h, self.readout(h)[..., 0]

        _, occupancy = lax.scan(hour, jnp.zeros(hours.shape[1:-1] + (self.width,)), hours)
        return occupancy


@dataclasses.dataclass(frozen=True)
class ServiceConfig:
    width: int = 16
    online_normalisation: bool = True


class ForecastService:
    def __init__(self, config, key, example):
        self.model = OccupancyForecaster(config.width, train=config.online_normalisation)
        self.variables = self.model.init(key, example, method=OccupancyForecaster.warmup)

    def forecast(self, hours):
        return self.model.apply(self.variables, hours)


def main():
    hours = jax.random.uniform(jax.random.key(0), (24, 6, 3))
    service = ForecastService(ServiceConfig(), jax.random.key(1), hours[0])
    service.forecast(hours).block_until_ready()
    return None
