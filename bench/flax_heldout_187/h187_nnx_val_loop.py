# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the `model` local to validate() is closed over by the scan body and called while still in train mode
"""Validation pass over stacked batches with a raw lax.scan.  The model (BatchNorm +
Dropout) was just trained; the loss over the validation set is accumulated in the carry."""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.fc2 = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.fc1(x)))
        return self.fc2(self.drop(x))


def validate(model, xs, ys):
    def body(total, batch):
        x, y = batch
        logits = model(x)
        loss = -jnp.mean(jnp.sum(jax.nn.one_hot(y, 5) * jax.nn.log_softmax(logits), -1))
        return total + loss, loss

    total, losses = jax.lax.scan(body, jnp.float32(0.0), (xs, ys))
    return total / xs.shape[0]


def main():
    model = Net(6, 5, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (4, 8, 6))
    ys = jax.random.randint(jax.random.key(2), (4, 8), 0, 5)
    # (a training loop would run here)
    val_loss = validate(model, xs, ys)
    return None
