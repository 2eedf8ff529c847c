# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body calls model.eval_batch, which appends to a plain Python MetricsHistory object the module holds
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass
class MetricsHistory:
    losses: list = dataclasses.field(default_factory=list)
    accuracies: list = dataclasses.field(default_factory=list)


class Classifier(nnx.Module):
    def __init__(self, din, n_classes, rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, n_classes, rngs=rngs)
        self.history = MetricsHistory()

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))

    def eval_batch(self, x, y):
        logits = self(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        acc = jnp.mean(jnp.argmax(logits, -1) == y)
        self.history.losses.append(loss)
        self.history.accuracies.append(acc)
        return loss


def evaluate(model, xs, ys):
    def body(total, batch):
        return total + model.eval_batch(*batch), None

    total, _ = jax.lax.scan(body, 0.0, (xs, ys))
    return total / xs.shape[0]


def main():
    model = Classifier(5, 3, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (4, 8, 5))
    ys = jax.random.randint(jax.random.key(2), (4, 8), 0, 3)
    mean_loss = evaluate(model, xs, ys)
    summary = {"loss": jnp.mean(jnp.stack(model.history.losses)),
               "accuracy": jnp.mean(jnp.stack(model.history.accuracies))}
    assert summary["loss"].shape == ()
    return None
