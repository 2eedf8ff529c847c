# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 BaseEvaluator.evaluate (template) updates self.metrics (nnx.MultiMetric) in the fori_loop body
"""Card-payment fraud scoring: nightly evaluation of a scorer over held-out transaction batches."""
import abc
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    features: int = 9
    batches: int = 6
    batch_size: int = 32


class FraudScorer(nnx.Module):
    def __init__(self, features, *, rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


class BaseEvaluator(abc.ABC):
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy()
        )

    @abc.abstractmethod
    def score_batch(self, features, labels):
        """Return (per-example loss, logits)."""

    def evaluate(self, features, labels):
        def batch(i, carry):
            loss, logits = self.score_batch(features[i], labels[i])
            self.metrics.update(loss=loss, logits=logits, labels=labels[i])
            return carry

        jax.lax.fori_loop(0, features.shape[0], batch, None)
        return self.metrics.compute()


class FraudEvaluator(BaseEvaluator):
    def score_batch(self, features, labels):
        logits = self.model(features)
        loss = -jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], -1).squeeze(-1)
        return loss, logits


def main():
    config = EvalConfig()
    k1, k2 = jax.random.split(jax.random.key(3))
    features = jax.random.normal(k1, (config.batches, config.batch_size, config.features))
    labels = jax.random.bernoulli(k2, 0.1, (config.batches, config.batch_size)).astype(jnp.int32)
    evaluator = FraudEvaluator(FraudScorer(config.features, rngs=nnx.Rngs(0)))
    report = evaluator.evaluate(features, labels)
    print({k: float(v) for k, v in report.items()})
    return None
