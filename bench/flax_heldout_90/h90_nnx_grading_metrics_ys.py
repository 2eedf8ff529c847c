# label: ok
# flax-error: none
# class: 2 GradeEvaluator returns the per-batch loss and logits as the scan's ys and updates its nnx.MultiMetric after the loop
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class RubricClassifier(nnx.Module):
    def __init__(self, d_in, n_grades, *, rngs):
        self.enc = nnx.Linear(d_in, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.cls = nnx.Linear(32, n_grades, rngs=rngs)

    def __call__(self, x):
        return self.cls(self.drop(nnx.gelu(self.enc(x))))


class GradeEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def run(self, batches):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            logits = self.model(batch["x"])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["grade"]).mean()
            return carry, (loss, logits)

        _, (losses, logits) = jax.lax.scan(body, None, batches)
        n_grades = logits.shape[-1]
        self.metrics.update(
            loss=losses,
            logits=logits.reshape(-1, n_grades),
            labels=batches["grade"].reshape(-1),
        )
        return self.metrics.compute()


def main():
    model = RubricClassifier(12, 5, rngs=nnx.Rngs(0))
    batches = {"x": jnp.ones((4, 8, 12)), "grade": jnp.zeros((4, 8), jnp.int32)}
    GradeEvaluator(model).run(batches)
    return None
