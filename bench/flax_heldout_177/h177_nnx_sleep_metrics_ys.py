# label: ok
# flax-error: none
# class: 3 NightEvaluator.metrics is an nnx.MultiMetric (Accuracy, Average); the scan body returns logits and losses as outputs and the metrics are updated after the loop
"""Sleep stage classifier: a validation night is scored batch by batch and accuracy and loss are
accumulated in nnx.metrics. The evaluator holds the model and the metrics; the loop only emits the
per-batch logits and losses, and the metrics take them once the loop is done."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class SleepStager(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(features, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(24, 5, rngs=rngs)  # W, N1, N2, N3, REM

    def __call__(self, epochs):
        return self.head(self.drop(nnx.relu(self.encoder(epochs))))


class NightEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

    def evaluate(self, epochs, stages):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return carry, (logits, loss)

        _, (logits, losses) = jax.lax.scan(body, None, (epochs, stages))
        self.metrics.update(logits=logits.reshape(-1, 5), labels=stages.reshape(-1), loss=losses)
        return self.metrics.compute()


def main():
    model = SleepStager(12, nnx.Rngs(params=0, dropout=1))
    epochs = jax.random.normal(jax.random.key(2), (4, 16, 12))
    stages = jax.random.randint(jax.random.key(3), (4, 16), 0, 5)
    report = NightEvaluator(model).evaluate(epochs, stages)
    jax.block_until_ready(report)
    return None
