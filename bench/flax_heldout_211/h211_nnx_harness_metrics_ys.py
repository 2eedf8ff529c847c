# label: ok
# flax-error: none
# class: 4 harness.suites[i].metric (nnx.metrics objects held by suite adapters on the harness) are updated after the loop from the logits the scan body returns as ys
"""Evaluation harness: several nnx.metrics objects run over one parcel-sorting classifier, batch by batch."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class ParcelSorter(nnx.Module):
    def __init__(self, din, n_chutes, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, n_chutes, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class AccuracySuite:
    name = "accuracy"

    def __init__(self):
        self.metric = nnx.metrics.Accuracy()

    def observe(self, logits, labels):
        self.metric.update(logits=logits, labels=labels)


class LossSuite:
    name = "xent"

    def __init__(self):
        self.metric = nnx.metrics.Average("loss")

    def observe(self, logits, labels):
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        self.metric.update(loss=loss)


class MarginSuite:
    name = "margin"

    def __init__(self):
        self.metric = nnx.metrics.Average("margin")

    def observe(self, logits, labels):
        top2 = jax.lax.top_k(logits, 2)[0]
        self.metric.update(margin=jnp.mean(top2[:, 0] - top2[:, 1]))


class EvalHarness:
    def __init__(self, model, suites):
        self.model = model
        self.suites = suites

    def run(self, xs, ys):
        def body(carry, batch):
            x, y = batch
            return carry, self.model(x)

        _, logits = lax.scan(body, 0, (xs, ys))
        for suite in self.suites:
            for batch_logits, batch_labels in zip(logits, ys):
                suite.observe(batch_logits, batch_labels)
        return {s.name: float(s.metric.compute()) for s in self.suites}


def main():
    xs = jax.random.normal(jax.random.key(1), (5, 8, 10))
    ys = jax.random.randint(jax.random.key(2), (5, 8), 0, 4)
    model = ParcelSorter(10, 4, nnx.Rngs(0))
    harness = EvalHarness(model, [AccuracySuite(), LossSuite(), MarginSuite()])
    print(harness.run(xs, ys))
    return None
