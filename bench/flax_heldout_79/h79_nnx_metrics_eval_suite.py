# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the nnx.metrics objects reach the scan body through EvalSuite.metrics, filled from a METRIC_REGISTRY by name
"""Evaluation suite with pluggable nnx.metrics: metrics are picked by name from a registry, the
model is switched to eval mode, and the suite scans over validation batches updating every metric
before computing the report."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

METRIC_REGISTRY = {
    "accuracy": lambda: nnx.metrics.Accuracy(),
    "loss": lambda: nnx.metrics.Average("loss"),
}


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Sequential(nnx.Linear(12, 32, rngs=rngs), nnx.relu,
                                   nnx.Dropout(0.2, rngs=rngs), nnx.Linear(32, 3, rngs=rngs))

    def __call__(self, x):
        return self.body(x)


class EvalSuite:
    def __init__(self, metric_names):
        self.metrics = {name: METRIC_REGISTRY[name]() for name in metric_names}

    def evaluate(self, model, xs, ys):
        model.eval()

        def body(carry, batch):
            x, y = batch
            logits = model(x)
            loss = -jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1).mean()
            for metric in self.metrics.values():
                metric.update(logits=logits, labels=y, loss=loss)
            return carry, None

        jax.lax.scan(body, None, (xs, ys))
        return {name: m.compute() for name, m in self.metrics.items()}


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 16, 12))
    ys = jax.random.randint(jax.random.key(1), (4, 16), 0, 3)
    model = Classifier(nnx.Rngs(0))
    EvalSuite(["accuracy", "loss"]).evaluate(model, xs, ys)
    return None
