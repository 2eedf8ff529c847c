# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 LockerEvaluator.metrics (an nnx.MultiMetric attribute) is updated inside the fori_loop body
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
        def batch(i, seen):
            logits = self.model(parcels[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, lockers[i]).mean()
            self.metrics.update(logits=logits, labels=lockers[i], loss=loss)
            return seen + parcels.shape[1]

        lax.fori_loop(0, parcels.shape[0], batch, 0)
        return self.metrics.compute()


def main():
    model = LockerClassifier(4, 6, nnx.Rngs(0))
    parcels = jax.random.uniform(jax.random.PRNGKey(1), (3, 10, 4))
    lockers = jax.random.randint(jax.random.PRNGKey(2), (3, 10), 0, 6)
    LockerEvaluator(model).evaluate(parcels, lockers)
    return None
