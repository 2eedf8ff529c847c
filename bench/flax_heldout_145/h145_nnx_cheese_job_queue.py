# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a JobQueue of callables closing over the ripening model is drained inside the scan body; one job calls the model's Dropout head in train mode
"""Cheese cave ageing: nightly jobs over humidity and rind sensor sweeps.

Jobs are plain callables queued by the cave controller; a worker drains the queue for every
sensor sweep inside a scan so the whole night compiles into one program.
"""
import collections

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class RipeningModel(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.humidity = nnx.Linear(sensors, 1, rngs=rngs)
        self.rind = nnx.Linear(sensors, 4, rngs=rngs)
        self.rind_drop = nnx.Dropout(0.3, rngs=rngs)

    def humidity_head(self, sweep):
        return self.humidity(sweep).squeeze(-1)

    def rind_head(self, sweep):
        return jnp.mean(self.rind_drop(self.rind(sweep)))


class JobQueue:
    def __init__(self):
        self._jobs = collections.deque()

    def submit(self, name, fn):
        self._jobs.append((name, fn))

    def snapshot(self):
        return tuple(self._jobs)


class NightWorker:
    def __init__(self, queue: JobQueue):
        self.queue = queue

    def run_night(self, sweeps):
        jobs = self.queue.snapshot()

        def body(carry, sweep):
            results = {name: fn(sweep) for name, fn in jobs}
            return carry + 1, results

        _, results = scan(body, 0, sweeps)
        return results


def main():
    model = RipeningModel(6, nnx.Rngs(params=0, dropout=1))
    model.train()
    queue = JobQueue()
    queue.submit("humidity", lambda sweep: jnp.mean(model.humidity_head(sweep)))
    queue.submit("rind", model.rind_head)
    sweeps = jax.random.normal(jax.random.key(5), (8, 3, 6))
    results = NightWorker(queue).run_night(sweeps)
    print({name: values.shape for name, values in results.items()})
    return None
