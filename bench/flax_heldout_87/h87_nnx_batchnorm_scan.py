# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a closed-over NNX model whose nnx.BatchNorm is still in training mode is called inside the raw scan body
"""Scoring a stream of batches with an NNX classifier inside jax.lax.scan; the model was never
switched to eval mode, so BatchNorm tries to update its running statistics."""
import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dense = nnx.Linear(10, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(32, 4, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.dense(x)))
        return self.head(self.drop(x))


def main():
    model = Classifier(nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (5, 8, 10))

    def score(correct, x):
        probs = jax.nn.softmax(model(x))
        return correct + jnp.sum(probs.argmax(-1) == 0), probs.max(-1)

    correct, conf = jax.lax.scan(score, 0, batches)
    conf.block_until_ready()
    return None
