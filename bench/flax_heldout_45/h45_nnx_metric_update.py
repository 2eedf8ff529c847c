# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 custom nnx.Metric subclass closed over by the raw fori_loop body and updated in place
"""Evaluation loop with a hand-written nnx.Metric accumulated inside lax.fori_loop."""
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

    def body(i, carry):
        pred = model(xs[i])
        metric.update(pred=pred, target=ys[i])
        return carry

    jax.lax.fori_loop(0, xs.shape[0], body, 0)
    metric.compute()
    return None
