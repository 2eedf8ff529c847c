# label: ok
# flax-error: none
# class: 3 an InkController keeps the model and its variables as attributes; the fori_loop body calls self.model.apply(self.variables, ...) in evaluation mode
"""Printing press ink control: for every ink-key zone across the sheet, a small network turns
densitometer readings into a key-opening correction. On press the network runs with the
normalisation statistics learnt offline."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class PressConfig:
    zones: int = 8
    channels: int = 4  # cyan, magenta, yellow, key
    adapt_to_stock: bool = False
    max_correction: float = 0.15


class InkDensityNet(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(12)(readings)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return jnp.tanh(nn.Dense(self.channels)(nn.relu(h)))


class InkController:
    def __init__(self, config: PressConfig, model, variables):
        self.config = config
        self.model = model
        self.variables = variables

    def corrections(self, zone_readings):
        cfg = self.config

        def zone(i, openings):
            delta = self.model.apply(self.variables, zone_readings[i], train=cfg.adapt_to_stock)
            return openings.at[i].set(cfg.max_correction * delta.mean(0))

        return lax.fori_loop(0, cfg.zones, zone, jnp.zeros((cfg.zones, cfg.channels)))


def main():
    cfg = PressConfig()
    readings = jax.random.uniform(jax.random.key(0), (cfg.zones, 3, cfg.channels), minval=1.2, maxval=1.6)
    model = InkDensityNet(cfg.channels)
    variables = model.init(jax.random.key(1), readings[0], train=False)
    controller = InkController(cfg, model, variables)
    controller.corrections(readings)
    return None
