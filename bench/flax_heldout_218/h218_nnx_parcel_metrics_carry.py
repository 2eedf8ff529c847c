# label: ok
# flax-error: none
# class: 3 LockerEvaluator.metrics (an nnx.MultiMetric attribute) is nnx.split before the fori_loop; its state is the carry, merged and updated in the body, and nnx.update writes it back
"""Parcel locker routing: evaluate a locker-choice classifier over a day's parcels."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class LockerClassifier(nnx.Module):
    def __init__(self, n_features, n_lockers, rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.out = nnx.Linear(16, n_lockers, rngs=rngs)

    def __call__(self, parcel_batch):
        return self.out(nnx.gelu(self.hidden(parcel_batch)))


class LockerEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def evaluate(self, parcels, lockers):
        metrics_def, metrics_state = nnx.split(self.metrics)

        def batch(i, metrics_state):
            metrics = nnx.merge(metrics_def, metrics_state)
            logits = self.model(parcels[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, lockers[i]).mean()
            metrics.update(logits=logits, labels=lockers[i], loss=loss)
            return nnx.state(metrics)

        metrics_state = lax.fori_loop(0, parcels.shape[0], batch, metrics_state)
        nnx.update(self.metrics, metrics_state)
        return self.metrics.compute()


def main():
    model = LockerClassifier(4, 6, nnx.Rngs(0))
    parcels = jax.random.uniform(jax.random.PRNGKey(1), (3, 10, 4))
    lockers = jax.random.randint(jax.random.PRNGKey(2), (3, 10), 0, 6)
    LockerEvaluator(model).evaluate(parcels, lockers)
    return None
