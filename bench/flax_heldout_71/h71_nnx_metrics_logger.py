# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a Validator owns an nnx.MultiMetric through a MetricsLogger; the fori_loop body calls logger.log(), which updates the metrics in place
"""Validation loop that logs into nnx.metrics from inside a fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class TinyNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(8, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


class MetricsLogger:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def log(self, **kw):
        self.metrics.update(**kw)

    def summary(self):
        return self.metrics.compute()


class Validator:
    def __init__(self, model):
        self.model = model
        self.logger = MetricsLogger()

    def run(self, xs, ys):
        def body(i, carry):
            logits = self.model(xs[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, ys[i]).mean()
            self.logger.log(loss=loss, logits=logits, labels=ys[i])
            return carry

        lax.fori_loop(0, xs.shape[0], body, 0)
        return self.logger.summary()


def main():
    model = TinyNet(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(0), (4, 16, 8))
    ys = jax.random.randint(jax.random.PRNGKey(1), (4, 16), 0, 3)
    print(Validator(model).run(xs, ys))
    return None
