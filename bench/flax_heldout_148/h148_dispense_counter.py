# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "served" in "/" because collection "queue_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 DispensingQueue.simulate runs fori_loop and the body adds to self.served, a queue_stats variable declared in setup; the evaluator applies read-only
"""Hospital pharmacy dispensing: simulate counter backlog from predicted service rates."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class QueueConfig:
    counters: int = 4
    features: int = 6
    ticks: int = 12


class DispensingQueue(nn.Module):
    cfg: QueueConfig

    def setup(self):
        self.rate = nn.Dense(1)
        self.served = self.variable("queue_stats", "served", jnp.zeros, (), jnp.float32)

    def __call__(self, features):
        return nn.softplus(self.rate(features))[..., 0]

    def simulate(self, features, arrivals):
        service_rate = self(features)

        def tick(t, backlog):
            backlog = backlog + arrivals[t]
            done = jnp.minimum(backlog, service_rate)
            self.served.value = self.served.value + done.sum()
            return backlog - done

        backlog = lax.fori_loop(0, arrivals.shape[0], tick, jnp.zeros_like(service_rate))
        return backlog


class ShiftEvaluator:
    def __init__(self, model: DispensingQueue, variables):
        self.model = model
        self.variables = variables

    def backlog_report(self, features, arrivals):
        backlog = self.model.apply(self.variables, features, arrivals, method=DispensingQueue.simulate)
        return {"max_backlog": float(backlog.max())}


def main():
    cfg = QueueConfig()
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    features = jax.random.normal(k1, (cfg.counters, cfg.features))
    arrivals = jax.random.poisson(k2, 1.5, (cfg.ticks, cfg.counters)).astype(jnp.float32)
    model = DispensingQueue(cfg)
    variables = model.init(k3, features)
    report = ShiftEvaluator(model, variables).backlog_report(features, arrivals)
    print(report)
    return None
