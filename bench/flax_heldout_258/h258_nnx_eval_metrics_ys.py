# label: ok
# flax-error: none
# class: 3 the Evaluator object's `metrics` attribute (an nnx.MultiMetric) is updated after the scan from the losses and logits it returns as ys
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class Classifier(nnx.Module):
    def __init__(self, din, n_classes, *, rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, n_classes, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def run(self, xs, ys):
        def eval_batch(carry, batch):
            x, labels = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
            return carry, (loss, logits)

        _, (losses, logits) = scan(eval_batch, None, (xs, ys))
        self.metrics.update(
            loss=losses,
            logits=logits.reshape(-1, logits.shape[-1]),
            labels=ys.reshape(-1),
        )
        return self.metrics.compute()


def main():
    model = Classifier(5, 3, rngs=nnx.Rngs(0))
    xs = jnp.sin(jnp.arange(4 * 6 * 5, dtype=jnp.float32)).reshape(4, 6, 5)
    ys = jnp.arange(4 * 6).reshape(4, 6) % 3
    results = Evaluator(model).run(xs, ys)
    jax.block_until_ready(results)
