# label: ok
# flax-error: none
# class: 4 Trainer.callbacks holds a StatsSnapshot hook; the scan body emits each step's batch_stats as ys and the hooks receive the stacked values after the loop, before Trainer.export
"""Bakery demand forecasting: adapts the normalisation statistics of a loaf-demand model to a new
shop's week of orders, with a list of training callbacks, then exports serving variables."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class ForecastConfig:
    n_products: int = 4
    n_features: int = 6


class DemandModel(nn.Module):
    cfg: ForecastConfig

    @nn.compact
    def __call__(self, feats, train: bool):
        h = nn.BatchNorm(use_running_average=not train)(feats)
        return nn.softplus(nn.Dense(self.cfg.n_products)(h))


class Callback:
    def on_end(self, losses, stacked_updates):
        pass


class StepCounter(Callback):
    def __init__(self):
        self.steps = 0

    def on_end(self, losses, stacked_updates):
        self.steps += int(losses.shape[0])


class StatsSnapshot(Callback):
    def __init__(self):
        self.latest = None

    def on_end(self, losses, stacked_updates):
        self.latest = jax.tree.map(lambda a: a[-1], stacked_updates["batch_stats"])


class Trainer:
    def __init__(self, cfg, callbacks):
        self.cfg = cfg
        self.model = DemandModel(cfg)
        self.variables = self.model.init(jax.random.key(0), jnp.zeros((3, cfg.n_features)), train=False)
        self.callbacks = callbacks

    def adapt(self, days, orders):
        params = self.variables["params"]

        def day(carry, batch):
            step, stats = carry
            feats, target = batch
            pred, updates = self.model.apply({"params": params, "batch_stats": stats}, feats,
                                             train=True, mutable=["batch_stats"])
            loss = jnp.mean((pred - target) ** 2)
            return (step + 1, updates["batch_stats"]), (loss, updates)

        _, (losses, stacked) = jax.lax.scan(day, (0, self.variables["batch_stats"]), (days, orders))
        for callback in self.callbacks:
            callback.on_end(losses, stacked)
        return losses

    def export(self, probe):
        snapshot = next(c for c in self.callbacks if isinstance(c, StatsSnapshot))
        serving = {"params": self.variables["params"], "batch_stats": snapshot.latest}
        return self.model.apply(serving, probe, train=False)


def main():
    cfg = ForecastConfig()
    trainer = Trainer(cfg, [StepCounter(), StatsSnapshot()])
    days = jnp.sin(jnp.arange(7 * 3 * 6, dtype=jnp.float32)).reshape(7, 3, 6) + 2.0
    orders = jnp.ones((7, 3, 4)) * 20.0
    losses = trainer.adapt(days, orders)
    preview = trainer.export(days[0])
    print("losses", losses, "preview", preview)
    return None
