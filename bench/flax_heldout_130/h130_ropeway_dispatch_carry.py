# label: ok
# flax-error: none
# class: 4 CabinDispatcher.engine applies the model functionally; batch_stats enter and leave the scan as carry
"""Ropeway cabin dispatch: a demand model normalises station queues with BatchNorm and the
dispatcher rolls it over the 15-minute slots of one operating day."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class DispatchConfig:
    stations: int = 4
    slots: int = 6
    cabins: int = 8


class QueueDemandModel(nn.Module):
    stations: int

    @nn.compact
    def __call__(self, queues):
        h = nn.Dense(16)(queues)
        h = nn.BatchNorm(use_running_average=False, momentum=0.9)(h)
        return nn.softplus(nn.Dense(self.stations)(nn.relu(h)))


class DemandEngine:
    """Keeps the parameters and the running statistics of the demand model apart."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def forecast(self, batch_stats, queues):
        demand, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, queues, mutable=["batch_stats"])
        return demand, updates["batch_stats"]

    def stats(self):
        return self.batch_stats


class CabinDispatcher:
    def __init__(self, engine, config):
        self.engine = engine
        self.config = config

    def _allocate(self, demand):
        share = demand / jnp.sum(demand, axis=-1, keepdims=True)
        return jnp.round(share * self.config.cabins)

    def run_day(self, slot_queues):
        def slot(carry, queues):
            total, batch_stats = carry
            demand, batch_stats = self.engine.forecast(batch_stats, queues)
            cabins = self._allocate(demand)
            return (total + cabins.sum(0), batch_stats), cabins

        init = (jnp.zeros(self.config.stations), self.engine.batch_stats)
        (total, batch_stats), plan = jax.lax.scan(slot, init, slot_queues)
        self.engine.batch_stats = batch_stats
        return total, plan


def main():
    cfg = DispatchConfig()
    model = QueueDemandModel(stations=cfg.stations)
    queues = jax.random.uniform(jax.random.key(0), (cfg.slots, 3, cfg.stations)) * 40.0
    variables = model.init(jax.random.key(1), queues[0])
    engine = DemandEngine(model, variables)
    dispatcher = CabinDispatcher(engine, cfg)
    total, plan = dispatcher.run_day(queues)
    drift = jax.tree.map(lambda s: jnp.abs(s).mean(), engine.stats())
    print("cabins per station", total, "stat drift", drift)
    return None
