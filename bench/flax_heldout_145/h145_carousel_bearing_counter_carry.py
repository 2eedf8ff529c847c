# label: ok
# flax-error: none
# class: 1 GreasingSchedule.run_until_worn owns a 'wear' variable, counts in its while_loop carry and assigns the variable after the loop
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
            return worn + per_cycle, n + 1

        worn, n = lax.while_loop(cond, body, (jnp.zeros(()), cycles.value))
        cycles.value = n
        return worn


def main():
    schedule = GreasingSchedule()
    load = jnp.array([0.3, 0.9, 0.1, 0.4])
    variables = schedule.init(jax.random.key(0), load, method=GreasingSchedule.run_until_worn)
    worn, updates = schedule.apply(
        variables, load, method=GreasingSchedule.run_until_worn, mutable=["wear"])
    print("cycles before greasing", int(updates["wear"]["cycles"]), float(worn))
    return None
