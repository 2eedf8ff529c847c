# label: ok
# flax-error: none
# class: 1 HiveTelemetryFilter.__call__ owns the 'telemetry' EMA variable; its scan carries the average and writes ema.value once after the loop
"""Hive telemetry scoring for an apiary monitoring service.

Each hive streams (weight, brood temperature, humidity) readings. The filter keeps a running
exponential moving average per channel in a mutable 'telemetry' collection and scores every
reading against it; the service persists the updated average between upload batches.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class TelemetryConfig:
    channels: int = 3
    hidden: int = 8
    decay: float = 0.9


class HiveTelemetryFilter(nn.Module):
    config: TelemetryConfig

    @nn.compact
    def __call__(self, readings):
        cfg = self.config
        ema = self.variable("telemetry", "ema", jnp.zeros, (cfg.channels,))
        w_in = self.param("w_in", nn.initializers.lecun_normal(), (cfg.channels, cfg.hidden))
        w_out = self.param("w_out", nn.initializers.lecun_normal(), (cfg.hidden, 1))

        def score_step(carry, reading):
            total, average = carry
            average = cfg.decay * average + (1.0 - cfg.decay) * reading
            residual = reading - average
            anomaly = (jnp.tanh(residual @ w_in) @ w_out)[0]
            return (total + anomaly, average), anomaly

        (total, average), per_reading = jax.lax.scan(
            score_step, (jnp.zeros(()), ema.value), readings)
        ema.value = average
        return total, per_reading


class ApiaryIngestService:
    def __init__(self, config: TelemetryConfig, seed: int = 0):
        self.model = HiveTelemetryFilter(config)
        self.seed = seed
        self.variables = None

    def warm_start(self, first_batch):
        self.variables = self.model.init(jax.random.key(self.seed), first_batch)

    def ingest(self, batch):
        (total, scores), updated = self.model.apply(self.variables, batch, mutable=["telemetry"])
        self.variables = {**self.variables, **updated}
        return total, scores


def main():
    config = TelemetryConfig()
    service = ApiaryIngestService(config)
    uploads = jnp.linspace(0.0, 1.0, 3 * 6 * config.channels).reshape(3, 6, config.channels)
    service.warm_start(uploads[0])
    alerts = []
    for batch in uploads:
        total, _ = service.ingest(batch)
        alerts.append(float(total))
    return None
