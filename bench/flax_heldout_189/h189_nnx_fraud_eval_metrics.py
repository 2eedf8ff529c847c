# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body updates self.metrics, an nnx.MultiMetric held by the evaluator and created outside the loop
"""Card-fraud scoring service: the nightly evaluator scores the day's labelled transactions
batch by batch and reports loss and accuracy to the model registry."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan
import optax

TXN_FEATURES = 18


class FraudScorer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(TXN_FEATURES, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.classify = nnx.Linear(32, 2, rngs=rngs)

    def __call__(self, txns):
        return self.classify(self.drop(nnx.relu(self.embed(txns))))


class NightlyEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def evaluate(self, txns, labels):
        self.model.eval()
        self.metrics.reset()

        def score_batch(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, None

        scan(score_batch, None, (txns, labels))
        return self.metrics.compute()


def main():
    model = FraudScorer(nnx.Rngs(0, dropout=1))
    txns = jax.random.normal(jax.random.PRNGKey(2), (6, 64, TXN_FEATURES))
    labels = (jax.random.uniform(jax.random.PRNGKey(3), (6, 64)) > 0.95).astype(jnp.int32)
    NightlyEvaluator(model).evaluate(txns, labels)
    return None
