# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an nnx.MultiMetric held by a MetricsCallback in the BirdsongEvaluator's callback list is updated from the scan body (evaluator -> callbacks -> metrics)
"""Bird-song species identification: the evaluator scores a field recording, clip by clip, and
notifies its callbacks after every clip (metrics, logging)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class SpeciesNet(nnx.Module):
    def __init__(self, mel_bins: int, species: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(mel_bins, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(24, species, rngs=rngs)

    def __call__(self, clip):
        return self.head(self.drop(nnx.relu(self.body(clip))))


class Callback:
    def on_clip(self, logits, labels):
        pass


class MetricsCallback(Callback):
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

    def on_clip(self, logits, labels):
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        self.metrics.update(logits=logits, labels=labels, loss=loss)


class BirdsongEvaluator:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = list(callbacks)

    def evaluate(self, clips, labels):
        self.model.eval()

        def score_clip(_, batch):
            clip, label = batch
            logits = self.model(clip)
            for callback in self.callbacks:
                callback.on_clip(logits, label)
            return None, None

        jax.lax.scan(score_clip, None, (clips, labels))


def main():
    model = SpeciesNet(mel_bins=20, species=6, rngs=nnx.Rngs(0))
    metrics = MetricsCallback()
    clips = jax.random.normal(jax.random.key(1), (5, 8, 20))
    labels = jax.random.randint(jax.random.key(2), (5, 8), 0, 6)
    BirdsongEvaluator(model, [Callback(), metrics]).evaluate(clips, labels)
    jax.block_until_ready(metrics.metrics.compute())
    return None
