# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the queue collection sits in the dispatch service's VariableStore; the while_loop body reaches it as runner.service.store and assigns the mutated collection back onto the store
"""Sortation-hub shift simulation: run the backlog model until the hub drains or the shift ends."""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen

lax = jax.lax


class HubBacklogModel(linen.Module):
    num_chutes: int = 4
    decay: float = 0.7

    @linen.compact
    def __call__(self, arrivals):
        backlog = self.variable("queue", "backlog", jnp.zeros, (self.num_chutes,))
        throughput = linen.softplus(linen.Dense(self.num_chutes, name="throughput")(arrivals))
        backlog.value = jnp.maximum(self.decay * backlog.value + arrivals - throughput, 0.0)
        return throughput


@dataclasses.dataclass
class VariableStore:
    params: Any
    queue: Any

    def variables(self):
        return {"params": self.params, "queue": self.queue}


class DispatchService:
    def __init__(self, model: linen.Module, store: VariableStore):
        self.model = model
        self.store = store

    def backlog_report(self):
        backlog = self.store.queue["backlog"]
        return {"total": jnp.sum(backlog), "worst_chute": jnp.argmax(backlog)}


@dataclasses.dataclass(frozen=True)
class ShiftPlan:
    max_waves: int = 8
    drain_threshold: float = 0.5


class ShiftRunner:
    def __init__(self, service: DispatchService, plan: ShiftPlan):
        self.service = service
        self.plan = plan

    def run(self, arrivals):
        def keep_going(carry):
            wave, shipped = carry
            return (wave < self.plan.max_waves) & (shipped < 100.0)

        def wave_step(carry):
            wave, shipped = carry
            out, mutated = self.service.model.apply(
                self.service.store.variables(), arrivals, mutable=["queue"]
            )
            self.service.store.queue = mutated["queue"]
            return wave + 1, shipped + jnp.sum(out)

        waves, shipped = lax.while_loop(keep_going, wave_step, (jnp.int32(0), jnp.float32(0.0)))
        return waves, shipped, self.service.backlog_report()


def main():
    arrivals = jnp.array([3.0, 1.0, 0.5, 2.0])
    model = HubBacklogModel()
    variables = model.init(jax.random.key(5), arrivals)
    service = DispatchService(model, VariableStore(variables["params"], variables["queue"]))
    runner = ShiftRunner(service, ShiftPlan())
    result = runner.run(arrivals)
    jax.block_until_ready(result)
    return None
