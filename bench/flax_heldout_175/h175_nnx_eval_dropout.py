# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the model, a local of main still in train mode, is closed over by the scan body of evaluate()
"""Validation pass over the held-out batches with lax.scan, right after training."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.dropout(nnx.relu(self.fc1(x))))


def evaluate(model, xs, ys):
    def body(correct, batch):
        x, y = batch
        logits = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return correct + (logits.argmax(-1) == y).sum(), loss

    correct, losses = jax.lax.scan(body, jnp.int32(0), (xs, ys))
    return correct, losses


def main():
    model = MLP(10, 32, 4, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 16, 10))
    ys = jax.random.randint(jax.random.key(2), (6, 16), 0, 4)
    correct, losses = evaluate(model, xs, ys)
    print("accuracy", correct / ys.size)
    return losses


if __name__ == "__main__":
    main()
