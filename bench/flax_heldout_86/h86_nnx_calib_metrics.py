# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the calibration report keeps nnx.metrics objects on self and updates them inside the fori_loop body
"""Credit-risk calibration report (NNX): accumulates Brier score and accuracy over held-out batches."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Scorer(nnx.Module):
    def __init__(self, n, rngs):
        self.lin = nnx.Linear(n, 1, rngs=rngs)
        self.temperature = nnx.Param(jnp.ones(()))

    def __call__(self, x):
        return jax.nn.sigmoid(self.lin(x)[..., 0] / self.temperature.value)


class CalibrationReport:
    def __init__(self, scorer):
        self.scorer = scorer
        self.metrics = nnx.MultiMetric(
            brier=nnx.metrics.Average("brier"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def run(self, xs, ys):
        def body(i, carry):
            p = self.scorer(xs[i])
            self.metrics.update(
                brier=(p - ys[i]) ** 2,
                logits=jnp.stack([1 - p, p], -1),
                labels=ys[i].astype(jnp.int32),
            )
            return carry + 1
        lax.fori_loop(0, xs.shape[0], body, 0)
        return self.metrics.compute()


def main():
    xs = jax.random.normal(jax.random.PRNGKey(1), (3, 16, 6))
    ys = (xs[..., 0] > 0).astype(jnp.float32)
    report = CalibrationReport(Scorer(6, nnx.Rngs(0))).run(xs, ys)
    jax.block_until_ready(report)
    return None
