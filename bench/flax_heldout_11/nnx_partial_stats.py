# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 functools.partial binds the module to a step that updates a running-mean Variable; used as the scan body
import functools
import jax
import jax.numpy as jnp
from flax import nnx


class RunningMean(nnx.Module):
    def __init__(self, n):
        self.mean = nnx.BatchStat(jnp.zeros(n))
        self.count = nnx.BatchStat(jnp.array(0.0))

    def __call__(self, x):
        self.count.value += 1
        self.mean.value += (x - self.mean.value) / self.count.value
        return self.mean.value


def _step(tracker, carry, x):
    return carry, tracker(x)


def main():
    tracker = RunningMean(3)
    data = jax.random.normal(jax.random.key(0), (20, 3))
    means = jax.lax.scan(functools.partial(_step, tracker), None, data)[1]
    print(means[-1])
    return None
