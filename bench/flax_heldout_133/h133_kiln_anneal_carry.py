# label: ok
# flax-error: none
# class: 4 an AnnealAdapter owned by a KilnTrainer applies the model inside the scan body; batch_stats enter and leave through the carry
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class AnnealConfig:
    zones: int = 4
    hidden: int = 8
    momentum: float = 0.9


class KilnZoneNet(nn.Module):
    cfg: AnnealConfig

    @nn.compact
    def __call__(self, temps, train: bool = True):
        h = nn.Dense(self.cfg.hidden)(temps)
        h = nn.BatchNorm(use_running_average=not train, momentum=self.cfg.momentum)(h)
        return nn.Dense(self.cfg.zones)(nn.relu(h))


class AnnealAdapter:
    """Lets the lehr scheduler ask for cooling rates; batch_stats are passed in and out."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.stats = variables["batch_stats"]

    def predict(self, stats, temps):
        rates, updates = self.model.apply(
            {"params": self.params, "batch_stats": stats}, temps, train=True, mutable=["batch_stats"]
        )
        return rates, updates["batch_stats"]

    def batch_stats(self):
        return self.stats


class KilnTrainer:
    def __init__(self, cfg, variables):
        self.cfg = cfg
        self.adapter = AnnealAdapter(KilnZoneNet(cfg), variables)

    def cooling_curve(self, readings):
        def step(carry, temps):
            total, stats = carry
            rates, stats = self.adapter.predict(stats, temps)
            return (total + rates.mean(), stats), rates

        (total, stats), _ = jax.lax.scan(step, (jnp.zeros(()), self.adapter.stats), readings)
        self.adapter.stats = stats
        return total

    def drift_report(self):
        stats = self.adapter.batch_stats()
        return jax.tree.map(lambda a: jnp.abs(a).sum(), stats)


def main():
    cfg = AnnealConfig()
    model = KilnZoneNet(cfg)
    readings = jnp.linspace(400.0, 900.0, 6 * 5 * 3).reshape(6, 5, 3) / 900.0
    variables = model.init(jax.random.key(0), readings[0], train=False)
    trainer = KilnTrainer(cfg, variables)
    trainer.cooling_curve(readings)
    jax.block_until_ready(trainer.drift_report())
    return None
