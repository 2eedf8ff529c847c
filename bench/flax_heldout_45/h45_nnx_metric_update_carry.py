# label: ok
# flax-error: none
# class: 3 metric state split out with nnx.split and carried through the raw fori_loop, merged in the body
"""Evaluation loop, fixed: carry the metric's state through fori_loop and merge it back after."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class MeanAbsError(nnx.Metric):
    def __init__(self):
        self.total = nnx.metrics.MetricState(jnp.array(0.0))
        self.count = nnx.metrics.MetricState(jnp.array(0))

    def reset(self):
        self.total.value = jnp.array(0.0)
        self.count.value = jnp.array(0)

    def update(self, *, pred, target, **_):
        self.total.value = self.total.value + jnp.sum(jnp.abs(pred - target))
        self.count.value = self.count.value + pred.size

    def compute(self):
        return self.total.value / self.count.value


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    metric = MeanAbsError()
    xs = jnp.ones((5, 4, 3))
    ys = jnp.zeros((5, 4, 1))
    metric_def, metric_state = nnx.split(metric)

    def body(i, metric_state):
        pred = model(xs[i])
        m = nnx.merge(metric_def, metric_state)
        m.update(pred=pred, target=ys[i])
        return nnx.state(m)

    metric_state = jax.lax.fori_loop(0, xs.shape[0], body, metric_state)
    nnx.update(metric, metric_state)
    metric.compute()
    return None
