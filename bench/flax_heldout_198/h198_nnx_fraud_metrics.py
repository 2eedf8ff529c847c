# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 evaluate() builds a local nnx.MultiMetric and the scan body over transaction batches calls metrics.update on it directly
"""Card fraud scoring: the nightly evaluation job scores held-out transaction batches and
reports loss and accuracy before a new scorer is promoted."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class FraudScorer(nnx.Module):
    def __init__(self, n_features, rngs):
        self.embed = nnx.Linear(n_features, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(24, 2, rngs=rngs)

    def __call__(self, tx):
        return self.out(self.drop(nnx.relu(self.embed(tx))))


def evaluate(model, batches, labels):
    model.eval()
    metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy())

    def batch_step(seen, batch):
        tx, y = batch
        logits = model(tx)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        metrics.update(loss=loss, logits=logits, labels=y)
        return seen + tx.shape[0], loss

    seen, _ = jax.lax.scan(batch_step, 0, (batches, labels))
    return seen, metrics.compute()


def holdout(key, n_batches=5, batch=32, n_features=10):
    kx, ky = jax.random.split(key)
    tx = jax.random.normal(kx, (n_batches, batch, n_features))
    y = (jax.random.uniform(ky, (n_batches, batch)) < 0.1).astype(jnp.int32)
    return tx, y


def main():
    batches, labels = holdout(jax.random.key(0))
    scorer = FraudScorer(10, nnx.Rngs(params=1, dropout=2))
    seen, report = evaluate(scorer, batches, labels)
    print(seen, report)
    return None
