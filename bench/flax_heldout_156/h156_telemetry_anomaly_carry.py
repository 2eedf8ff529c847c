# label: ok
# flax-error: none
# class: 5 TelemetryEncoder builds its block through maybe_remat (nn.remat); AnomalyMonitor scans, carrying the variables and calling model.apply per packet
"""Satellite telemetry anomaly scoring with a rematerialised encoder block."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class EncoderBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h):
        return h + nn.gelu(nn.Dense(self.width)(nn.LayerNorm()(h)))


def maybe_remat(module_cls, enabled):
    return nn.remat(module_cls) if enabled else module_cls


@dataclass(frozen=True)
class EncoderConfig:
    width: int = 12
    remat: bool = True


class TelemetryEncoder(nn.Module):
    config: EncoderConfig

    @nn.compact
    def __call__(self, h, packet):
        block = maybe_remat(EncoderBlock, self.config.remat)(self.config.width)
        readout = nn.Dense(1)
        h = block(h + packet)
        return h, readout(h)[..., 0]


class AnomalyMonitor:
    def __init__(self, model, variables, threshold):
        self.model = model
        self.variables = variables
        self.threshold = threshold

    def flag(self, packets):
        def body(carry, packet):
            variables, h = carry
            h, score = self.model.apply(variables, h, packet)
            return (variables, h), score

        _, scores = jax.lax.scan(body, (self.variables, packets[0]), packets)
        return jnp.mean(scores > self.threshold)


def main():
    config = EncoderConfig()
    model = TelemetryEncoder(config)
    packets = jax.random.normal(jax.random.key(0), (5, 3, config.width))
    variables = model.init(jax.random.key(1), packets[0], packets[0])
    monitor = AnomalyMonitor(model, variables, threshold=0.5)
    print(float(monitor.flag(packets)))
    return None
