# label: ok
# flax-error: none
# class: 2 `model`, an NNX classifier local to evaluate(), is switched to evaluation mode and called directly in the scan body
import jax
import jax.numpy as jnp
from flax import nnx


class SmallCNN(nnx.Module):
    def __init__(self, num_classes: int, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)
        self.head = nnx.Linear(8, num_classes, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.bn(self.conv(x)))
        h = h.mean(axis=(1, 2))
        return self.head(self.dropout(h))


def evaluate(model, images, labels):
    model.eval()

    def eval_batch(totals, batch):
        x, y = batch
        logits = model(x)
        correct = jnp.sum(jnp.argmax(logits, -1) == y)
        return (totals[0] + correct, totals[1] + y.shape[0]), None

    (correct, seen), _ = jax.lax.scan(eval_batch, (0, 0), (images, labels))
    return correct / seen


def main():
    model = SmallCNN(4, rngs=nnx.Rngs(0, dropout=1))
    images = jax.random.normal(jax.random.key(2), (3, 4, 8, 8, 1))
    labels = jax.random.randint(jax.random.key(3), (3, 4), 0, 4)
    accuracy = evaluate(model, images, labels)
    jax.block_until_ready(accuracy)
    return None
