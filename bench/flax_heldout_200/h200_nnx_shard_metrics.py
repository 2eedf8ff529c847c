# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 ShardedEvaluator.reporter.metrics (an nnx.MultiMetric) is updated inside the scan body over simulated shards
"""Air-quality alert classifier: evaluation is spread over simulated data shards and aggregated in one report."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class AirQualityNet(nnx.Module):
    def __init__(self, features: int, classes: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, classes, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


class MetricsReporter:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def summary(self):
        return {name: float(value) for name, value in self.metrics.compute().items()}


class ShardedEvaluator:
    def __init__(self, model: AirQualityNet, reporter: MetricsReporter):
        self.model = model
        self.reporter = reporter

    def evaluate(self, shard_x, shard_y):
        def eval_shard(seen, shard):
            x, y = shard
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.reporter.metrics.update(loss=loss, logits=logits, labels=y)
            return seen + y.shape[0], loss

        seen, _ = lax.scan(eval_shard, jnp.zeros((), jnp.int32), (shard_x, shard_y))
        return int(seen), self.reporter.summary()


def simulate_shards(key, num_shards=4, per_shard=16, features=9, classes=3):
    kx, ky = jax.random.split(key)
    x = jax.random.normal(kx, (num_shards, per_shard, features))
    y = jax.random.randint(ky, (num_shards, per_shard), 0, classes)
    return x, y


def main():
    shard_x, shard_y = simulate_shards(jax.random.key(8))
    model = AirQualityNet(9, 3, nnx.Rngs(0))
    evaluator = ShardedEvaluator(model, MetricsReporter())
    seen, report = evaluator.evaluate(shard_x, shard_y)
    print(seen, report)
    return None
