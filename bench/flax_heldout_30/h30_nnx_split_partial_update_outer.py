# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 functools.partial binds (graphdef, state, model) into a train step given to a run_epochs loop wrapper; the raw lax.scan body merges a copy, runs BatchNorm in train mode and nnx.update's the outer model
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(3, 4, rngs=rngs)
        self.bn = nnx.BatchNorm(4, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.fc(x)))


def stats_step(graphdef, state, target, total, x):
    m = nnx.merge(graphdef, state)
    out = m(x)
    nnx.update(target, nnx.state(m, nnx.BatchStat))
    return total + out.mean(), out.mean()


def run_epochs(step_fn, batches, n_epochs=2):
    total = 0.0
    for _ in range(n_epochs):
        total, _ = jax.lax.scan(step_fn, total, batches)
    return total


def main():
    model = Net(nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (3, 8, 3))
    graphdef, state = nnx.split(model)
    step = functools.partial(stats_step, graphdef, state, model)
    total = run_epochs(step, batches)
    print(total, model.bn.mean.value)
    return None
