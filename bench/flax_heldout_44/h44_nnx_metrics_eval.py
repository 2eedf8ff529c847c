# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an Evaluator owns an nnx.MultiMetric; the scan body over eval batches calls self.metrics.update with the batch loss and logits
"""NNX evaluation loop accumulating nnx.metrics over a stacked eval set."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(4, 16, rngs=rngs)
        self.out = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.fc(x)))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def eval_step(self, x, labels):
        logits = self.model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return loss, logits

    def evaluate(self, xs, labels):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            loss, logits = self.eval_step(x, y)
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, None

        jax.lax.scan(body, None, (xs, labels))
        return self.metrics.compute()


def main():
    evaluator = Evaluator(Classifier(nnx.Rngs(0)))
    results = evaluator.evaluate(jnp.ones((5, 8, 4)), jnp.zeros((5, 8), jnp.int32))
    jax.block_until_ready(results)
    return None
