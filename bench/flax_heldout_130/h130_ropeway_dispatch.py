# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 CabinDispatcher.engine.bound (model.bind(variables, mutable=["batch_stats"])) is called from the scan body
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
    """Keeps a bound copy of the demand model so callers need not thread variables around."""

    def __init__(self, model, variables):
        self.model = model
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def forecast(self, queues):
        return self.bound(queues)

    def stats(self):
        return self.bound.variables["batch_stats"]


class CabinDispatcher:
    def __init__(self, engine, config):
        self.engine = engine
        self.config = config

    def _allocate(self, demand):
        share = demand / jnp.sum(demand, axis=-1, keepdims=True)
        return jnp.round(share * self.config.cabins)

    def run_day(self, slot_queues):
        def slot(total, queues):
            demand = self.engine.forecast(queues)
            cabins = self._allocate(demand)
            return total + cabins.sum(0), cabins

        return jax.lax.scan(slot, jnp.zeros(self.config.stations), slot_queues)


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
