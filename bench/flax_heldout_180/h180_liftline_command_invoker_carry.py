# label: ok
# flax-error: none
# class: 4 commands queued on a LiftInvoker each hold a QueueEstimator whose bound QueueModel is reached in the scan body via command.estimator.model; throughput accumulates in the carry
"""Ski-lift operations: an invoker replays queued commands over every minute of a shift.

Commands are plain objects with `execute(carry, arrivals)`; the invoker scans over the shift
and runs each command in order, so new operational rules are added as new commands.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class QueueModel(nn.Module):
    lanes: int = 3

    def setup(self):
        self.rate_head = nn.Dense(self.lanes)
        self.served = self.variable("telemetry", "served", jnp.zeros, (self.lanes,))

    def __call__(self, arrivals):
        return nn.softplus(self.rate_head(arrivals))

    def record(self, arrivals):
        rate = self(arrivals)
        self.served.value = self.served.value + rate
        return rate


class QueueEstimator:
    def __init__(self, model: QueueModel, variables):
        self.model = model.bind(variables)


class PredictWaitCommand:
    def __init__(self, estimator: QueueEstimator):
        self.estimator = estimator

    def execute(self, carry, arrivals):
        rate = self.estimator.model(arrivals)
        queue = jnp.maximum(carry["queue"] + arrivals[: rate.shape[0]] - rate, 0.0)
        return {**carry, "queue": queue}


class RecordThroughputCommand:
    def __init__(self, estimator: QueueEstimator):
        self.estimator = estimator

    def execute(self, carry, arrivals):
        rate = self.estimator.model(arrivals)
        return {**carry, "served": carry["served"] + rate}


class LiftInvoker:
    def __init__(self):
        self.commands = []

    def enqueue(self, command):
        self.commands.append(command)
        return self

    def run_shift(self, carry, arrivals_per_minute):
        def minute(carry, arrivals):
            for command in self.commands:
                carry = command.execute(carry, arrivals)
            return carry, carry["queue"]

        return jax.lax.scan(minute, carry, arrivals_per_minute)


def main():
    lanes, minutes = 3, 40
    arrivals = jax.random.poisson(jax.random.key(2), 2.0, (minutes, 5)).astype(jnp.float32)
    model = QueueModel(lanes=lanes)
    variables = model.init(jax.random.key(0), arrivals[0])
    estimator = QueueEstimator(model, variables)
    invoker = LiftInvoker().enqueue(PredictWaitCommand(estimator)).enqueue(RecordThroughputCommand(estimator))
    final, queues = invoker.run_shift({"queue": jnp.zeros(lanes), "served": jnp.zeros(lanes)}, arrivals)
    jax.block_until_ready((final, queues))
    return None
