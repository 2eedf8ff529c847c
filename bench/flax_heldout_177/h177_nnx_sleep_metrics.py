# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 NightEvaluator.metrics is an nnx.MultiMetric (Accuracy, Average); the scan body updates it for every batch of epochs
"""Sleep stage classifier: a validation night is scored batch by batch and accuracy and loss are
accumulated in nnx.metrics. The evaluator holds the model and the metrics and owns the loop."""
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
            self.metrics.update(logits=logits, labels=y, loss=loss)
            return carry, None

        jax.lax.scan(body, None, (epochs, stages))
        return self.metrics.compute()


def main():
    model = SleepStager(12, nnx.Rngs(params=0, dropout=1))
    epochs = jax.random.normal(jax.random.key(2), (4, 16, 12))
    stages = jax.random.randint(jax.random.key(3), (4, 16), 0, 5)
    report = NightEvaluator(model).evaluate(epochs, stages)
    jax.block_until_ready(report)
    return None
