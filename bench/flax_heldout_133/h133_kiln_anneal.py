# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a model.bind(variables, mutable=["batch_stats"]) held by an AnnealAdapter that a KilnTrainer owns; the scan body calls self.adapter.predict
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
    """Lets the lehr scheduler ask for cooling rates without handling variables."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def predict(self, temps):
        return self.bound(temps, train=True)

    def batch_stats(self):
        return self.bound.variables["batch_stats"]


class KilnTrainer:
    def __init__(self, cfg, variables):
        self.cfg = cfg
        self.adapter = AnnealAdapter(KilnZoneNet(cfg), variables)

    def cooling_curve(self, readings):
        def step(total, temps):
            rates = self.adapter.predict(temps)
            return total + rates.mean(), rates

        total, _ = jax.lax.scan(step, jnp.zeros(()), readings)
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
