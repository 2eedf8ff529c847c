# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the ClaimsEvaluator's nnx.MultiMetric attribute is updated with each batch's loss and logits inside the scan body
"""Insurance-claims triage model evaluated over a held-out month of claims.

Claims are routed to one of three queues (fast-track, adjuster, investigation). The
evaluator runs the model over the stacked batches in a scan and accumulates loss and
accuracy in an nnx.MultiMetric that the reporting job reads afterwards.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class TriageModel(nnx.Module):
    def __init__(self, features: int, queues: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 12, rngs=rngs)
        self.head = nnx.Linear(12, queues, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.body(x)))


class ClaimsEvaluator:
    def __init__(self, model: TriageModel):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def evaluate(self, claims, queues):
        self.metrics.reset()

        def body(_, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return None, None

        scan(body, None, (claims, queues))
        return self.metrics.compute()


def main():
    claims = jax.random.normal(jax.random.key(1), (4, 10, 7))
    queues = jax.random.randint(jax.random.key(2), (4, 10), 0, 3)
    evaluator = ClaimsEvaluator(TriageModel(7, 3, nnx.Rngs(0)))
    report = evaluator.evaluate(claims, queues)
    print({name: float(value) for name, value in report.items()})
    return None
