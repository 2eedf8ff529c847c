# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the Evaluator updates its nnx.MultiMetric from inside the raw scan body
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, din, classes, *, rngs):
        self.body = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(32, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.gelu(self.body(x))))


class MetricLogger:
    def __init__(self):
        self.records = []

    def write(self, step, values):
        self.records.append((step, {k: float(v) for k, v in values.items()}))


class Evaluator:
    def __init__(self, model, logger):
        self.model = model
        self.logger = logger
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def evaluate(self, xs, ys, step):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.metrics.update(loss=loss, logits=logits, labels=y)
            return carry, None

        jax.lax.scan(body, None, (xs, ys))
        self.logger.write(step, self.metrics.compute())


def main():
    model = Classifier(6, 3, rngs=nnx.Rngs(0, dropout=1))
    xs = jax.random.normal(jax.random.key(2), (4, 10, 6))
    ys = jax.random.randint(jax.random.key(3), (4, 10), 0, 3)
    Evaluator(model, MetricLogger()).evaluate(xs, ys, step=100)
    return None
