# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the nnx.MultiMetric kept with the model in the FraudEvaluator dataclass; the scan body calls self.metrics.update for every replayed micro-batch
"""Credit-card fraud: replay a labelled transaction stream through the streaming scorer.

The evaluator keeps the model and its metrics together so the nightly backtest can
report accuracy and loss per merchant cluster.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class TxnScorer(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 12, rngs=rngs)
        self.norm = nnx.LayerNorm(12, rngs=rngs)
        self.logits = nnx.Linear(12, 2, rngs=rngs)

    def __call__(self, txns):
        return self.logits(nnx.gelu(self.norm(self.hidden(txns))))


@dataclasses.dataclass
class FraudEvaluator:
    model: TxnScorer
    metrics: nnx.MultiMetric

    def replay(self, stream, labels):
        self.model.eval()

        def batch(n, xy):
            txns, y = xy
            logits = self.model(txns)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(logits=logits, labels=y, loss=loss)
            return n + txns.shape[0], None

        seen, _ = lax.scan(batch, 0, (stream, labels))
        return seen, self.metrics.compute()


def main():
    stream = jax.random.normal(jax.random.key(0), (6, 24, 8))  # 6 micro-batches x 24 txns x 8 features
    labels = jax.random.bernoulli(jax.random.key(1), 0.1, (6, 24)).astype(jnp.int32)
    evaluator = FraudEvaluator(
        model=TxnScorer(8, nnx.Rngs(0)),
        metrics=nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss")),
    )
    seen, report = evaluator.replay(stream, labels)
    jax.block_until_ready(report)
    return None
