# label: ok
# flax-error: none
# class: 4 Evaluator.callbacks[i].metrics is an nnx.MultiMetric; the scan body only returns the batch outputs as scan outputs and the callbacks see them after the loop
"""Evaluation harness for a document-layout classifier (text block, table, figure, header,
footer) used by the OCR pipeline; callbacks receive every batch's outputs, as in the training
framework's evaluator."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class LayoutClassifier(nnx.Module):
    def __init__(self, feat_dim: int, num_classes: int, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(feat_dim, 32, rngs=rngs)
        self.head = nnx.Linear(32, num_classes, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.silu(self.body(x)))


class Callback:
    def on_batch(self, logits, labels, loss):
        pass

    def on_end(self):
        return {}


class MetricsCallback(Callback):
    def __init__(self):
        self.metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(),
                                       loss=nnx.metrics.Average("loss"))

    def on_batch(self, logits, labels, loss):
        self.metrics.update(logits=logits, labels=labels, loss=loss)

    def on_end(self):
        return {k: float(v) for k, v in self.metrics.compute().items()}


class Evaluator:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = list(callbacks)

    def evaluate(self, features, labels):
        def batch_step(_, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return None, (logits, loss)

        _, (all_logits, losses) = lax.scan(batch_step, None, (features, labels))
        for i in range(features.shape[0]):
            for callback in self.callbacks:
                callback.on_batch(all_logits[i], labels[i], losses[i])
        results = {}
        for callback in self.callbacks:
            results.update(callback.on_end())
        return results


def main():
    features = jax.random.normal(jax.random.key(0), (5, 16, 24))
    labels = jax.random.randint(jax.random.key(1), (5, 16), 0, 5)
    model = LayoutClassifier(24, 5, rngs=nnx.Rngs(0))
    results = Evaluator(model, [Callback(), MetricsCallback()]).evaluate(features, labels)
    print(results)
    return None
