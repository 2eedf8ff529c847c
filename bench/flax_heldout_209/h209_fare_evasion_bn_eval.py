# label: ok
# flax-error: none
# class: 3 the inspector's self.detector, a model.bind(variables) held on the object, is called with the stored statistics inside the scan body
"""Transit fare evasion detection: score turnstile tap windows at a station gate line."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class GateConfig:
    n_gates: int = 6
    window: int = 10
    adapt_to_station: bool = False  # use the statistics stored at training time


class TapAnomalyNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, taps, train: bool = False):
        x = nn.Dense(self.hidden)(taps)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.95)(x)
        return nn.sigmoid(nn.Dense(1)(nn.relu(x)))[:, 0]


class GateInspector:
    def __init__(self, config: GateConfig, variables):
        self.config = config
        self.detector = TapAnomalyNet().bind(variables)

    def sweep(self, windows):
        def inspect_window(alerts, window):
            scores = self.detector(window, train=self.config.adapt_to_station)
            return alerts + (scores > 0.5).sum(), scores

        alerts, scores = lax.scan(inspect_window, jnp.zeros((), jnp.int32), windows)
        return alerts, scores


def main():
    config = GateConfig()
    key = jax.random.key(0)
    windows = jax.random.poisson(key, 3.0, (config.window, config.n_gates, 4)).astype(jnp.float32)
    variables = TapAnomalyNet().init(jax.random.key(1), windows[0])
    inspector = GateInspector(config, variables)
    inspector.sweep(windows)
    return None
