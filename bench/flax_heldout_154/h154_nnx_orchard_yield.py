# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 OrchardService -> registry[block].model (eval mode) in the scan body; each step publishes a YieldFuture whose add_done_callback listener stores the result for the harvest report
"""Orchard yield estimator that hands per-row results to futures.

Drone passes over an orchard block are processed row by row. Downstream
consumers (the harvest-crew planner) subscribe through add_done_callback, as
they do for the service's other asynchronous results.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class YieldFuture:
    def __init__(self, block):
        self.block = block
        self._callbacks = []
        self._result = None

    def add_done_callback(self, fn):
        self._callbacks.append(fn)

    def set_result(self, value):
        self._result = value
        for fn in self._callbacks:
            fn(self)

    def result(self):
        return self._result


class HarvestPlanner:
    def __init__(self):
        self.received = []

    def __call__(self, future):
        self.received.append(future.result())

    def report(self):
        return jnp.stack(self.received).sum()


class CanopyModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(4, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.kg = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.kg(self.drop(nnx.relu(self.body(x)))))[0]


class BlockEntry:
    def __init__(self, model):
        self.model = model
        self.model.eval()


class OrchardService:
    def __init__(self):
        self.registry = {}
        self.listeners = []

    def publish(self, block, value):
        future = YieldFuture(block)
        for listener in self.listeners:
            future.add_done_callback(listener)
        future.set_result(value)
        return future

    def process(self, block, rows):
        entry = self.registry[block]

        def row_step(total, features):
            kg = entry.model(features)
            self.publish(block, kg)
            return total + kg, kg

        total, per_row = jax.lax.scan(row_step, jnp.zeros(()), rows)
        return total


def main():
    service = OrchardService()
    service.registry["block-C"] = BlockEntry(CanopyModel(nnx.Rngs(0)))
    planner = HarvestPlanner()
    service.listeners.append(planner)
    rows = jax.random.uniform(jax.random.key(8), (6, 4))
    service.process("block-C", rows)
    planner.report()
    return None
