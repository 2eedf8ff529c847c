# label: ok
# flax-error: none
# class: 5 FleetHealthMonitor holds nn.remat(TelemetryEncoder) bound to its variables (BatchNorm on running averages), called in the scan body
"""Fleet telematics: a health score per truck from rolling windows of CAN-bus signals.

The encoder is wrapped with nn.remat to keep memory low on the edge gateway; the monitor
binds it once and folds the windows of a trip into a health state with jax.lax.scan.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class EncoderSpec:
    features: int = 8
    width: int = 16
    adapt_normaliser: bool = False


class TelemetryEncoder(nn.Module):
    width: int
    adapt_normaliser: bool

    @nn.compact
    def __call__(self, window):
        h = nn.Dense(self.width)(window)
        h = nn.BatchNorm(use_running_average=not self.adapt_normaliser, momentum=0.95)(h)
        return nn.gelu(h)


def build_encoder(spec: EncoderSpec) -> nn.Module:
    checkpointed = nn.remat(TelemetryEncoder)
    return checkpointed(width=spec.width, adapt_normaliser=spec.adapt_normaliser)


class FleetHealthMonitor:
    def __init__(self, spec: EncoderSpec, key):
        self.spec = spec
        encoder = build_encoder(spec)
        variables = encoder.init(key, jnp.zeros((4, spec.features)))
        self.encoder = encoder.bind(variables)

    def trip_health(self, windows):
        decay = 0.8

        def fold(state, window):
            encoded = self.encoder(window).mean(axis=0)
            state = decay * state + (1 - decay) * encoded
            return state, jnp.linalg.norm(state)

        state, trace = jax.lax.scan(fold, jnp.zeros((self.spec.width,)), windows)
        return state, trace


def main():
    spec = EncoderSpec()
    monitor = FleetHealthMonitor(spec, jax.random.key(0))
    windows = jax.random.normal(jax.random.key(9), (12, 4, spec.features))
    _, trace = monitor.trip_health(windows)
    print("health trace", trace)
    return None
