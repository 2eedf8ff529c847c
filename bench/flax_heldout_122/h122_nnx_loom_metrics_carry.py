# label: ok
# flax-error: none
# class: 4 the per-batch losses and logits leave the fori_loop body in the carry and reach InspectionRun.evaluator -> DefectEvaluator.record once after the loop
"""Textile mill quality control: evaluate a loom-camera defect classifier over a shift of
frames, tracking loss and accuracy with nnx metrics."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class DefectClassifier(nnx.Module):
    def __init__(self, features, classes, rngs):
        self.body = nnx.Linear(features, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(24, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.gelu(self.body(x))))


class DefectEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy()
        )

    def record(self, loss, logits, labels):
        self.metrics.update(loss=loss, logits=logits, labels=labels)


class InspectionRun:
    def __init__(self, evaluator):
        self.evaluator = evaluator

    def run(self, frames, labels):
        model = self.evaluator.model
        model.eval()
        n, batch = labels.shape

        def body(i, carry):
            losses, all_logits = carry
            logits = model(frames[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels[i]).mean()
            return losses.at[i].set(loss), all_logits.at[i].set(logits)

        init = (jnp.zeros((n,)), jnp.zeros((n, batch, 3)))
        losses, all_logits = jax.lax.fori_loop(0, n, body, init)
        self.evaluator.record(losses, all_logits.reshape(n * batch, 3), labels.reshape(-1))
        return self.evaluator.metrics.compute()


def main():
    frames = jax.random.normal(jax.random.key(0), (8, 16, 10))  # batches x frames x features
    labels = jax.random.randint(jax.random.key(1), (8, 16), 0, 3)
    model = DefectClassifier(10, 3, nnx.Rngs(0, dropout=1))
    report = InspectionRun(DefectEvaluator(model)).run(frames, labels)
    jax.block_until_ready(report)
    return None
