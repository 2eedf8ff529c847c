# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 TrackingEvaluator keeps an nnx.MultiMetric in self.metrics; the fori_loop body calls self.metrics.update for every batch of player detections
"""Sports player tracking: evaluate a jersey-identity classifier over the frames of a match clip."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class JerseyClassifier(nnx.Module):
    def __init__(self, features, players, *, rngs):
        self.embed = nnx.Linear(features, 12, rngs=rngs)
        self.norm = nnx.LayerNorm(12, rngs=rngs)
        self.head = nnx.Linear(12, players, rngs=rngs)

    def __call__(self, crops):
        return self.head(nnx.relu(self.norm(self.embed(crops))))


class TrackingEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def evaluate(self, frames, identities):
        self.model.eval()

        def body(i, carry):
            logits = self.model(frames[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, identities[i]).mean()
            self.metrics.update(logits=logits, labels=identities[i], loss=loss)
            return carry + 1

        jax.lax.fori_loop(0, frames.shape[0], body, 0)
        return self.metrics.compute()


def main():
    model = JerseyClassifier(features=9, players=5, rngs=nnx.Rngs(0))
    frames = jax.random.normal(jax.random.key(1), (6, 10, 9))
    identities = jax.random.randint(jax.random.key(2), (6, 10), 0, 5)
    report = TrackingEvaluator(model).evaluate(frames, identities)
    report["accuracy"].block_until_ready()
    return None
