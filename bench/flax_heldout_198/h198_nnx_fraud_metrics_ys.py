# label: ok
# flax-error: none
# class: 2 evaluate() builds a local nnx.MultiMetric; the scan body over transaction batches returns loss and logits as ys and metrics.update runs after the scan
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
        return seen + tx.shape[0], (loss, logits)

    seen, (losses, logits) = jax.lax.scan(batch_step, 0, (batches, labels))
    for loss, batch_logits, y in zip(losses, logits, labels):
        metrics.update(loss=loss, logits=batch_logits, labels=y)
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
