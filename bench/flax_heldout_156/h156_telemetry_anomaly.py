# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 TelemetryEncoder builds its block through maybe_remat (nn.remat) in a compact method and calls it inside its own raw scan body
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
    def __call__(self, packets):
        block = maybe_remat(EncoderBlock, self.config.remat)(self.config.width)
        readout = nn.Dense(1)
        h = block(packets[0])

        def body(h, packet):
            h = block(h + packet)
            return h, readout(h)[..., 0]

        _, scores = jax.lax.scan(body, h, packets)
        return scores


class AnomalyMonitor:
    def __init__(self, model, variables, threshold):
        self.model = model
        self.variables = variables
        self.threshold = threshold

    def flag(self, packets):
        scores = self.model.apply(self.variables, packets)
        return jnp.mean(scores > self.threshold)


def main():
    config = EncoderConfig()
    model = TelemetryEncoder(config)
    packets = jax.random.normal(jax.random.key(0), (5, 3, config.width))
    variables = model.init(jax.random.key(1), packets)
    monitor = AnomalyMonitor(model, variables, threshold=0.5)
    print(float(monitor.flag(packets)))
    return None
