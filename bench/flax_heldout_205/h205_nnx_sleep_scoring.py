# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 Evaluator -> MetricsBag -> nnx.MultiMetric is updated in the scan body
"""Sleep stage classification: evaluate an EEG epoch classifier night by night with NNX metrics."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

STAGES = ("wake", "n1", "n2", "n3", "rem")


class EpochClassifier(nnx.Module):
    def __init__(self, n_bands: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_bands, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(24, len(STAGES), rngs=rngs)

    def __call__(self, bands):
        return self.head(self.drop(nnx.relu(self.hidden(bands))))


class MetricsBag:
    def __init__(self):
        self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy())

    def summary(self):
        return self.metrics.compute()


class Evaluator:
    def __init__(self, model: EpochClassifier, bag: MetricsBag):
        self.model = model
        self.bag = bag

    def evaluate(self, epochs, labels):
        self.model.eval()

        def body(c, batch):
            bands, stage = batch
            logits = self.model(bands)
            loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), stage[:, None], axis=-1))
            self.bag.metrics.update(loss=loss, logits=logits, labels=stage)
            return c, None

        lax.scan(body, None, (epochs, labels))
        return self.bag.summary()


def main():
    epochs = jax.random.normal(jax.random.key(0), (4, 30, 6))  # nights, 30-second epochs, EEG bands
    labels = jax.random.randint(jax.random.key(1), (4, 30), 0, len(STAGES))
    evaluator = Evaluator(EpochClassifier(6, nnx.Rngs(2)), MetricsBag())
    jax.block_until_ready(evaluator.evaluate(epochs, labels))
    return None
