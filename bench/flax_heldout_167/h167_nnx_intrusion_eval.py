# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the WindowEvaluator keeps self.metrics, an nnx.MultiMetric; the scan body updates it with each window's logits and loss
"""Network intrusion detection: nightly evaluation of the flow classifier on
labelled capture windows (benign, scan, exfiltration, brute force)."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan

N_CLASSES = 4


class FlowClassifier(nnx.Module):
    def __init__(self, n_in, rngs):
        self.hidden = nnx.Linear(n_in, 24, rngs=rngs)
        self.out = nnx.Linear(24, N_CLASSES, rngs=rngs)

    def __call__(self, flows):
        return self.out(nnx.relu(self.hidden(flows)))


class WindowEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

    def evaluate(self, windows, labels):
        self.metrics.reset()

        def body(carry, batch):
            flows, y = batch
            logits = self.model(flows)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(logits=logits, labels=y, loss=loss)
            return carry, None

        scan(body, None, (windows, labels))
        return self.metrics.compute()


def main():
    windows = jax.random.normal(jax.random.key(0), (5, 16, 9))  # 5 windows of 16 flows
    labels = jax.random.randint(jax.random.key(1), (5, 16), 0, N_CLASSES)
    model = FlowClassifier(9, nnx.Rngs(2))
    report = WindowEvaluator(model).evaluate(windows, labels)
    print({k: float(v) for k, v in report.items()})
    return None
