# label: ok
# flax-error: none
# class: 1 the closed-over NNX model is put in eval mode before the raw scan, so BatchNorm and Dropout only read state
"""Scoring a stream of batches with an NNX classifier inside jax.lax.scan after model.eval(), so
BatchNorm uses its running statistics and Dropout is off."""
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
    model.eval()
    batches = jax.random.normal(jax.random.key(1), (5, 8, 10))

    def score(correct, x):
        probs = jax.nn.softmax(model(x))
        return correct + jnp.sum(probs.argmax(-1) == 0), probs.max(-1)

    correct, conf = jax.lax.scan(score, 0, batches)
    conf.block_until_ready()
    return None
