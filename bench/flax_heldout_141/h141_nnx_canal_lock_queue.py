# label: trace-context
# flax-error: TraceContextError: Cannot mutate QueueDepth from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 LockKeeper.process_day (an nnx.Module method) runs jax.lax.scan itself and its body writes the module's QueueDepth and Throughput variables
"""Canal lock-keeper: a lock module processes the boats arriving each quarter hour, keeping the
queue length and the number of boats locked through in custom Variable types so the dashboard can
select them with nnx.state(model, QueueDepth)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class QueueDepth(nnx.Variable):
    pass


class Throughput(nnx.Variable):
    pass


class LockKeeper(nnx.Module):
    def __init__(self, chamber_capacity: int, rngs: nnx.Rngs):
        self.capacity = chamber_capacity
        self.fill_time = nnx.Linear(2, 1, rngs=rngs)
        self.queue = QueueDepth(jnp.zeros(()))
        self.locked = Throughput(jnp.zeros(()))

    def process_day(self, arrivals, water_levels):
        def quarter(_, inputs):
            boats, level = inputs
            waiting = self.queue[...] + boats
            cycle = nnx.softplus(self.fill_time(jnp.stack([waiting, level])))[0]
            moved = jnp.minimum(waiting, self.capacity * (cycle < 1.0))
            self.queue[...] = waiting - moved
            self.locked[...] = self.locked[...] + moved
            return None, moved

        _, moved = jax.lax.scan(quarter, None, (arrivals, water_levels))
        return moved


def main():
    arrivals = jnp.array([2.0, 0.0, 3.0, 1.0, 4.0, 0.0, 2.0, 1.0])
    levels = jnp.linspace(0.2, 0.8, 8)
    lock = LockKeeper(3, nnx.Rngs(0))
    lock.process_day(arrivals, levels)
    print(nnx.state(lock, QueueDepth), float(lock.locked[...]))
    return None
