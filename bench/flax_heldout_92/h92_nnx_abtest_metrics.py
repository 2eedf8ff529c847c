# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an Experiment object holds eval-mode NNX variants and an nnx.MultiMetric; the while_loop body routes each request and updates the metric
"""A/B-testing framework: route each request to a model variant and track per-experiment metrics."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class VariantA(nnx.Module):
    def __init__(self, din, *, rngs):
        self.fc = nnx.Linear(din, 2, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


class VariantB(nnx.Module):
    def __init__(self, din, *, rngs):
        self.fc1 = nnx.Linear(din, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.fc2 = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))


class Experiment:
    def __init__(self, variants):
        self.variants = variants
        for v in self.variants:
            v.eval()
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def route(self, bucket, x):
        return jax.lax.switch(bucket, [lambda z, m=m: m(z) for m in self.variants], x)

    def replay(self, requests, labels, buckets):
        def cond(i):
            return i < requests.shape[0]

        def body(i):
            logits = self.route(buckets[i], requests[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels[i]).mean()
            self.metrics.update(logits=logits, labels=labels[i], loss=loss)
            return i + 1

        jax.lax.while_loop(cond, body, 0)
        return self.metrics.compute()


def main():
    rngs = nnx.Rngs(0)
    exp = Experiment([VariantA(6, rngs=rngs), VariantB(6, rngs=rngs)])
    requests = jnp.ones((5, 4, 6))
    labels = jnp.zeros((5, 4), jnp.int32)
    buckets = jnp.array([0, 1, 1, 0, 1])
    exp.replay(requests, labels, buckets)
    return None
