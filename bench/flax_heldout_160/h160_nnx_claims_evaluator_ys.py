# label: ok
# flax-error: none
# class: 3 the ClaimsEvaluator's model attribute is called in the scan body, which returns each batch's loss and logits as ys; the nnx.MultiMetric attribute is updated after the loop
"""Insurance-claims triage model evaluated over a held-out month of claims.

Claims are routed to one of three queues (fast-track, adjuster, investigation). The
evaluator runs the model over the stacked batches in a scan that returns the per-batch
loss and logits, then feeds them to an nnx.MultiMetric outside the loop.
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
            return None, (loss, logits)

        _, (losses, logits) = scan(body, None, (claims, queues))
        for i in range(losses.shape[0]):
            self.metrics.update(loss=losses[i], logits=logits[i], labels=queues[i])
        return self.metrics.compute()


def main():
    claims = jax.random.normal(jax.random.key(1), (4, 10, 7))
    queues = jax.random.randint(jax.random.key(2), (4, 10), 0, 3)
    evaluator = ClaimsEvaluator(TriageModel(7, 3, nnx.Rngs(0)))
    report = evaluator.evaluate(claims, queues)
    print({name: float(value) for name, value in report.items()})
    return None
