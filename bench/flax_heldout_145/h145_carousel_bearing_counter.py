# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GreasingSchedule.run_until_worn owns a 'wear' variable and assigns it inside its own while_loop body
"""Carousel maintenance: how many ride cycles until the crank bearing needs grease.

The schedule keeps a cycle counter in a 'wear' collection so the depot can persist it between
inspections.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class GreasingSchedule(nn.Module):
    threshold: float = 3.0
    max_cycles: int = 50

    @nn.compact
    def run_until_worn(self, load):
        wear_head = nn.Dense(1, name="wear_head")
        per_cycle = nn.softplus(wear_head(load)).squeeze(-1)
        cycles = self.variable("wear", "cycles", lambda: jnp.zeros((), jnp.int32))

        def cond(state):
            worn, n = state
            return (worn < self.threshold) & (n < self.max_cycles)

        def body(state):
            worn, n = state
            cycles.value = cycles.value + 1
            return worn + per_cycle, n + 1

        worn, _ = lax.while_loop(cond, body, (jnp.zeros(()), jnp.zeros((), jnp.int32)))
        return worn


def main():
    schedule = GreasingSchedule()
    load = jnp.array([0.3, 0.9, 0.1, 0.4])
    variables = schedule.init(jax.random.key(0), load, method=GreasingSchedule.run_until_worn)
    worn, updates = schedule.apply(
        variables, load, method=GreasingSchedule.run_until_worn, mutable=["wear"])
    print("cycles before greasing", int(updates["wear"]["cycles"]), float(worn))
    return None
