# label: ok
# flax-error: none
# class: 2 the enclosing function's split model state goes through the scan carry; each step's BatchStat state leaves as the scan's ys
"""Monitoring BatchNorm statistic drift over a stream of batches, NNX split/merge.

Twin of h221_nnx_bn_drift_monitor: each step's statistics are returned as
part of the scan's stacked outputs instead of being appended to a list.
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

    def body(stats, x):
        m = nnx.merge(graphdef, params, stats)
        y = m(x)
        new_stats = nnx.state(m, nnx.BatchStat)
        return new_stats, (y.mean(), new_stats)

    stats, (act_means, history) = jax.lax.scan(body, stats, batches)
    nnx.update(model, stats)
    drift = jax.tree.leaves(history)[0]
    return drift, act_means


def main():
    model = Net(nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (6, 10, 5)) * 2.0 + 1.0
    drift, act_means = adapt_and_monitor(model, batches)
    print(drift.shape, act_means.shape)
    return None
