# label: ok
# flax-error: none
# class: 3 the WindowEvaluator keeps self.metrics, an nnx.MultiMetric; the scan body returns each window's logits and loss as ys and the metrics are updated after the loop
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
            return carry, (logits, loss)

        _, (logits, losses) = scan(body, None, (windows, labels))
        self.metrics.update(
            logits=logits.reshape(-1, N_CLASSES), labels=labels.reshape(-1), loss=losses)
        return self.metrics.compute()


def main():
    windows = jax.random.normal(jax.random.key(0), (5, 16, 9))  # 5 windows of 16 flows
    labels = jax.random.randint(jax.random.key(1), (5, 16), 0, N_CLASSES)
    model = FlowClassifier(9, nnx.Rngs(2))
    report = WindowEvaluator(model).evaluate(windows, labels)
    print({k: float(v) for k, v in report.items()})
    return None
