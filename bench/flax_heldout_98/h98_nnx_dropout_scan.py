# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 evaluation loop over test batches with jax.lax.scan; the closed-over nnx model is still in train mode so Dropout draws from its Rngs
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(6, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


def main():
    model = Classifier(nnx.Rngs(params=0, dropout=1))
    xs = jax.random.normal(jax.random.key(2), (5, 8, 6))
    ys = jnp.zeros((5, 8), jnp.int32)

    def eval_batch(correct, batch):
        x, y = batch
        pred = jnp.argmax(model(x), -1)
        return correct + jnp.sum(pred == y), None

    correct, _ = lax.scan(eval_batch, 0, (xs, ys))
    print(correct / ys.size)
    return None
