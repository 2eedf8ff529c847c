# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an nnx model with BatchNorm in training mode passed as an argument to a function that scans over batches
import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, din, dhidden, nclass, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.bn = nnx.BatchNorm(dhidden, momentum=0.9, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, nclass, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.bn(self.fc1(x))))


def eval_epoch(model: Classifier, xs, ys):
    """Accumulate the loss over an epoch of batches without a Python loop."""

    def body(total, batch):
        x, y = batch
        logits = model(x)
        loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=-1))
        return total + loss, loss

    total, losses = jax.lax.scan(body, jnp.zeros(()), (xs, ys))
    return total / xs.shape[0], losses


def main():
    model = Classifier(8, 16, 3, rngs=nnx.Rngs(0))
    model.train()  # BatchNorm keeps updating its running statistics
    xs = jax.random.normal(jax.random.key(1), (4, 6, 8))
    ys = jax.random.randint(jax.random.key(2), (4, 6), 0, 3)
    mean_loss, _ = eval_epoch(model, xs, ys)
    mean_loss.block_until_ready()
    return None
