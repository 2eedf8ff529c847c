# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 LayoutEvaluator.tracker -> MetricTracker.metrics (nnx.MultiMetric of Accuracy and Average) updated inside the scan body
"""Document layout parsing: a block classifier labels text blocks of scanned invoices
(header, address, line-item table, totals, signature); the evaluator walks the
validation pages and tracks accuracy and loss."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

BLOCK_KINDS = ("header", "address", "line_items", "totals", "signature")


class BlockClassifier(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_features, 24, rngs=rngs)
        self.norm = nnx.LayerNorm(24, rngs=rngs)
        self.head = nnx.Linear(24, len(BLOCK_KINDS), rngs=rngs)

    def __call__(self, blocks):
        return self.head(nnx.gelu(self.norm(self.proj(blocks))))


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def summary(self):
        return {name: float(value) for name, value in self.metrics.compute().items()}


class LayoutEvaluator:
    def __init__(self, model: BlockClassifier):
        self.model = model
        self.tracker = MetricTracker()

    def evaluate(self, pages, labels):
        def page(count, batch):
            blocks, kinds = batch
            logits = self.model(blocks)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, kinds).mean()
            self.tracker.metrics.update(logits=logits, labels=kinds, loss=loss)
            return count + 1, None

        jax.lax.scan(page, 0, (pages, labels))
        return self.tracker.summary()


def main():
    pages = jax.random.normal(jax.random.key(91), (6, 20, 7))
    labels = jax.random.randint(jax.random.key(92), (6, 20), 0, len(BLOCK_KINDS))
    evaluator = LayoutEvaluator(BlockClassifier(7, rngs=nnx.Rngs(0)))
    evaluator.evaluate(pages, labels)
    return None
