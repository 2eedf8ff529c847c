# label: ok
# flax-error: none
# class: 3 an Experiment object holds eval-mode NNX variants and an nnx.MultiMetric; the while_loop body routes each request and writes logits into its carry; metrics are updated after the loop
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
        def cond(state):
            return state[0] < requests.shape[0]

        def body(state):
            i, all_logits = state
            logits = self.route(buckets[i], requests[i])
            return i + 1, all_logits.at[i].set(logits)

        init = (0, jnp.zeros(requests.shape[:2] + (2,)))
        _, all_logits = jax.lax.while_loop(cond, body, init)
        for i in range(requests.shape[0]):
            loss = optax.softmax_cross_entropy_with_integer_labels(all_logits[i], labels[i]).mean()
            self.metrics.update(logits=all_logits[i], labels=labels[i], loss=loss)
        return self.metrics.compute()


def main():
    rngs = nnx.Rngs(0)
    exp = Experiment([VariantA(6, rngs=rngs), VariantB(6, rngs=rngs)])
    requests = jnp.ones((5, 4, 6))
    labels = jnp.zeros((5, 4), jnp.int32)
    buckets = jnp.array([0, 1, 1, 0, 1])
    exp.replay(requests, labels, buckets)
    return None
