# label: ok
# flax-error: none
# class: 4 ConflictEvaluator.evaluate scans schedule slices; the body returns each slice's loss and logits as scan outputs and self.tracker.metrics is updated from them after the loop
"""Airport gate assignment: evaluates a gate-conflict predictor (overlapping turnarounds at adjacent stands)."""
import jax
import jax.numpy as jnp
from flax import nnx


class ConflictPredictor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, n_features: int = 9):
        self.body = nnx.Linear(n_features, 16, rngs=rngs)
        self.logit = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, pairs):
        return self.logit(nnx.relu(self.body(pairs)))


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def summary(self):
        return {name: float(value) for name, value in self.metrics.compute().items()}


class ConflictEvaluator:
    def __init__(self, model: ConflictPredictor, tracker: MetricTracker):
        self.model = model
        self.tracker = tracker

    def evaluate(self, slices, labels):
        self.tracker.metrics.reset()

        def body(count, batch):
            pairs, conflict = batch
            logits = self.model(pairs)
            loss = -jnp.take_along_axis(jax.nn.log_softmax(logits), conflict[:, None], -1).mean()
            return count + pairs.shape[0], (loss, logits)

        seen, (losses, logits) = jax.lax.scan(body, 0, (slices, labels))
        for i in range(slices.shape[0]):
            self.tracker.metrics.update(loss=losses[i], logits=logits[i], labels=labels[i])
        return seen, self.tracker.summary()


def main():
    evaluator = ConflictEvaluator(ConflictPredictor(nnx.Rngs(0)), MetricTracker())
    slices = jax.random.normal(jax.random.key(1), (7, 12, 9))       # 7 schedule slices x 12 stand pairs
    labels = jax.random.bernoulli(jax.random.key(2), 0.2, (7, 12)).astype(jnp.int32)
    evaluator.evaluate(slices, labels)
    return None
