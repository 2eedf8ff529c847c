# label: ok
# flax-error: none
# class: 5 each GaugeWorker keeps functools.partial(nnx.merge, graphdef); the while_loop body rebuilds the model from the carried state, and the worker caches the model rebuilt from the state the loop returns
"""Tide gauge network: a coordinator assimilates hourly readings into per-harbour surge models."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SurgeModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.95, rngs=rngs)
        self.level = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, reading):
        return self.level(nnx.tanh(self.norm(self.embed(reading))))[..., 0]


class GaugeWorker:
    def __init__(self, harbour: str, model: SurgeModel):
        self.harbour = harbour
        graphdef, self.state = nnx.split(model)
        self.rebuild = functools.partial(nnx.merge, graphdef)
        self.cache = {}


class TideCoordinator:
    def __init__(self, workers):
        self.workers = workers

    def assimilate(self, readings):
        """readings: [hours, harbours, batch, 4]."""
        hours = readings.shape[0]

        def cond(carry):
            return carry[0] < hours

        def body(carry):
            hour, states = carry
            new_states = []
            for k, (worker, state) in enumerate(zip(self.workers, states)):
                model = worker.rebuild(state)
                model(readings[hour, k])
                new_states.append(nnx.state(model))
            return hour + 1, new_states

        _, states = jax.lax.while_loop(cond, body, (0, [w.state for w in self.workers]))
        for worker, state in zip(self.workers, states):
            worker.state = state
            worker.cache["model"] = worker.rebuild(state)

    def serve(self, harbour_index, reading):
        return self.workers[harbour_index].cache["model"](reading)


def main():
    readings = jax.random.normal(jax.random.key(25), (5, 2, 6, 4))
    workers = [GaugeWorker(name, SurgeModel(nnx.Rngs(i))) for i, name in enumerate(["Brest", "Cobh"])]
    coordinator = TideCoordinator(workers)
    coordinator.assimilate(readings)
    float(coordinator.serve(0, jnp.ones((3, 4))).sum())
    return None
