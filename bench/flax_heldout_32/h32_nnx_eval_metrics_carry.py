# label: ok
# flax-error: none
# class: 3 the scan body calls model.eval_batch, which returns the metrics as scan outputs; a custom Metric Variable is written after the scan
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Metric(nnx.Variable):
    pass


class Classifier(nnx.Module):
    def __init__(self, din, n_classes, rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, n_classes, rngs=rngs)
        self.eval_loss = Metric(jnp.zeros(()))
        self.eval_acc = Metric(jnp.zeros(()))

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))

    def eval_batch(self, x, y):
        logits = self(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        acc = jnp.mean(jnp.argmax(logits, -1) == y)
        return loss, acc


def evaluate(model, xs, ys):
    def body(total, batch):
        loss, acc = model.eval_batch(*batch)
        return total + loss, (loss, acc)

    total, (losses, accs) = jax.lax.scan(body, 0.0, (xs, ys))
    model.eval_loss.value = jnp.mean(losses)
    model.eval_acc.value = jnp.mean(accs)
    return total / xs.shape[0]


def main():
    model = Classifier(5, 3, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (4, 8, 5))
    ys = jax.random.randint(jax.random.key(2), (4, 8), 0, 3)
    mean_loss = evaluate(model, xs, ys)
    summary = {"loss": model.eval_loss.value, "accuracy": model.eval_acc.value}
    assert summary["loss"].shape == ()
    return None
