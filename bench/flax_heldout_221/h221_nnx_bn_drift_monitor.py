# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the enclosing function's split model state goes through the scan carry; the body appends each step's BatchStat state to a local list
"""Monitoring BatchNorm statistic drift over a stream of batches, NNX split/merge.

Modelled on a Discussions thread about adapting BatchNorm statistics at test
time: the stats are carried through a raw jax.lax.scan over incoming batches,
and to plot their drift the user appends each step's stats to a Python list
from inside the body.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(5, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.8, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.lin(x)))


def adapt_and_monitor(model, batches):
    graphdef, params, stats = nnx.split(model, nnx.Param, nnx.BatchStat)
    history = []

    def body(stats, x):
        m = nnx.merge(graphdef, params, stats)
        y = m(x)
        new_stats = nnx.state(m, nnx.BatchStat)
        history.append(new_stats)
        return new_stats, y.mean()

    stats, act_means = jax.lax.scan(body, stats, batches)
    nnx.update(model, stats)
    drift = jnp.stack([jax.tree.leaves(s)[0] for s in history])
    return drift, act_means


def main():
    model = Net(nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (6, 10, 5)) * 2.0 + 1.0
    drift, act_means = adapt_and_monitor(model, batches)
    print(drift.shape, act_means.shape)
    return None
