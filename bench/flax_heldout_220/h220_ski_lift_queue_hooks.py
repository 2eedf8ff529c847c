# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "peak" in "/" because collection "queue_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 LiftSimulator -> callback list -> QueueStatsHook.on_step applies QueueModel.record (writes 'queue_stats') in the scan body
"""Ski-lift queue simulator with pluggable per-minute hooks."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class QueueModel(nn.Module):
    def setup(self):
        self.service = nn.Dense(1)
        self.peak = self.variable("queue_stats", "peak", lambda: jnp.zeros(()))

    def __call__(self, arrivals):
        return nn.softplus(self.service(arrivals))[..., 0]

    def record(self, arrivals):
        wait = self(arrivals)
        self.peak.value = jnp.maximum(self.peak.value, wait)
        return wait


class Hook:
    def on_step(self, minute, arrivals, queue):
        return queue


class QueueStatsHook(Hook):
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def on_step(self, minute, arrivals, queue):
        wait = self.model.apply(self.variables, arrivals, method=QueueModel.record)
        return queue + wait


class CapacityHook(Hook):
    def __init__(self, chairs_per_minute: float):
        self.chairs = chairs_per_minute

    def on_step(self, minute, arrivals, queue):
        return jnp.maximum(queue - self.chairs, 0.0)


class LiftSimulator:
    def __init__(self, hooks):
        self.hooks = list(hooks)

    def run(self, arrivals_by_minute):
        def minute(queue, inputs):
            t, arrivals = inputs
            for hook in self.hooks:
                queue = hook.on_step(t, arrivals, queue)
            return queue, queue

        steps = jnp.arange(arrivals_by_minute.shape[0])
        return jax.lax.scan(minute, jnp.zeros(()), (steps, arrivals_by_minute))


def main():
    arrivals = jax.random.uniform(jax.random.key(9), (60, 3))
    model = QueueModel()
    variables = model.init(jax.random.key(0), arrivals[0], method=QueueModel.record)
    sim = LiftSimulator([QueueStatsHook(model, variables), CapacityHook(0.6)])
    final_queue, _ = sim.run(arrivals)
    print(f"queue after the hour: {float(final_queue):.2f}")
    return None
