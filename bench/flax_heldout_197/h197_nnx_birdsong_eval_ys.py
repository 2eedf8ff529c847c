# label: ok
# flax-error: none
# class: 4 an nnx.MultiMetric held by a MetricsCallback in the BirdsongEvaluator's callback list is updated after the scan from the logits the loop returns as outputs
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

        def score_clip(_, clip):
            return None, self.model(clip)

        _, all_logits = jax.lax.scan(score_clip, None, clips)
        for logits, label in zip(all_logits, labels):
            for callback in self.callbacks:
                callback.on_clip(logits, label)


def main():
    model = SpeciesNet(mel_bins=20, species=6, rngs=nnx.Rngs(0))
    metrics = MetricsCallback()
    clips = jax.random.normal(jax.random.key(1), (5, 8, 20))
    labels = jax.random.randint(jax.random.key(2), (5, 8), 0, 6)
    BirdsongEvaluator(model, [Callback(), metrics]).evaluate(clips, labels)
    jax.block_until_ready(metrics.metrics.compute())
    return None
