# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 FaultEvaluator.metrics (an nnx.MultiMetric) is updated from the scan body over validation shards
"""Harbour crane fault classification: nightly evaluation of the vibration classifier on the
validation shards. The evaluator accumulates loss and accuracy into nnx metrics and publishes
them to the fleet dashboard."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class VibrationClassifier(nnx.Module):
    def __init__(self, bands: int, faults: int, rngs: nnx.Rngs):
        self.conv = nnx.Linear(bands, 24, rngs=rngs)
        self.norm = nnx.LayerNorm(24, rngs=rngs)
        self.head = nnx.Linear(24, faults, rngs=rngs)

    def __call__(self, spectra):
        return self.head(nnx.gelu(self.norm(self.conv(spectra))))


class FaultEvaluator:
    def __init__(self, model: VibrationClassifier):
        self.model = model
        self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"),
                                       accuracy=nnx.metrics.Accuracy())

    def run(self, spectra, labels):
        self.metrics.reset()

        def shard(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, None

        scan(shard, None, (spectra, labels))
        return {name: float(value) for name, value in self.metrics.compute().items()}


def main():
    model = VibrationClassifier(bands=10, faults=4, rngs=nnx.Rngs(3))
    spectra = jax.random.normal(jax.random.key(0), (5, 12, 10))
    labels = jax.random.randint(jax.random.key(1), (5, 12), 0, 4)
    FaultEvaluator(model).run(spectra, labels)
    return None
