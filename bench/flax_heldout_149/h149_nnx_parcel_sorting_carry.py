# label: ok
# flax-error: none
# class: 3 SortingEvaluator.metrics is an nnx.MultiMetric attribute; its state is split before the fori_loop, merged and updated in the body from the carry, and written back with nnx.update
"""Parcel sorting hub: an evaluator replays scanned parcel features through the chute classifier
and accumulates accuracy and loss in nnx metrics, one conveyor batch per loop step."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class ChuteClassifier(nnx.Module):
    def __init__(self, features, chutes, rngs):
        self.body = nnx.Linear(features, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(32, chutes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.body(x))))


class SortingEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

    def evaluate(self, parcels, chutes):
        self.model.eval()
        self.metrics.reset()
        graphdef, metric_state = nnx.split(self.metrics)

        def body(i, metric_state):
            metrics = nnx.merge(graphdef, metric_state)
            logits = self.model(parcels[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, chutes[i]).mean()
            metrics.update(logits=logits, labels=chutes[i], loss=loss)
            return nnx.state(metrics)

        metric_state = fori_loop(0, parcels.shape[0], body, metric_state)
        nnx.update(self.metrics, metric_state)
        return self.metrics.compute()


def main():
    parcels = jax.random.normal(jax.random.key(0), (6, 16, 5))
    chutes = jax.random.randint(jax.random.key(1), (6, 16), 0, 4)
    evaluator = SortingEvaluator(ChuteClassifier(5, 4, nnx.Rngs(0)))
    evaluator.evaluate(parcels, chutes)
    return None
