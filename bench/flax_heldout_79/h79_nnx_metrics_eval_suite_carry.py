# label: ok
# flax-error: none
# class: 3 the EvalSuite.metrics dict is nnx.split into a state that is the scan carry, merged in the body and nnx.update'd after
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

        graphdef, metric_state = nnx.split(self.metrics)

        def body(metric_state, batch):
            metrics = nnx.merge(graphdef, metric_state)
            x, y = batch
            logits = model(x)
            loss = -jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1).mean()
            for metric in metrics.values():
                metric.update(logits=logits, labels=y, loss=loss)
            return nnx.state(metrics), None

        metric_state, _ = jax.lax.scan(body, metric_state, (xs, ys))
        nnx.update(self.metrics, metric_state)
        return {name: m.compute() for name, m in self.metrics.items()}


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 16, 12))
    ys = jax.random.randint(jax.random.key(1), (4, 16), 0, 3)
    model = Classifier(nnx.Rngs(0))
    EvalSuite(["accuracy", "loss"]).evaluate(model, xs, ys)
    return None
