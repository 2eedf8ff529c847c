# label: ok
# flax-error: none
# class: 2 the evaluator switches the held model to eval mode before the loop, so the scan body's call never touches the Rngs stream
"""Evaluator (NNX): scores validation shards with a model handed over straight from the trainer."""
import jax
import jax.numpy as jnp
from flax import nnx


class Tagger(nnx.Module):
    def __init__(self, d, tags, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(d, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(32, tags, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.proj(x))))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.accuracy = None

    def run(self, shards, labels):
        self.model.eval()

        def body(correct, batch):
            x, y = batch
            pred = jnp.argmax(self.model(x), -1)
            return correct + jnp.sum(pred == y), None

        correct, _ = jax.lax.scan(body, jnp.zeros((), jnp.int32), (shards, labels))
        self.accuracy = correct / labels.size
        return self.accuracy


def main():
    model = Tagger(12, 5, rngs=nnx.Rngs(params=0, dropout=1))
    shards = jax.random.normal(jax.random.PRNGKey(2), (3, 8, 12))
    labels = jnp.zeros((3, 8), jnp.int32)
    Evaluator(model).run(shards, labels).block_until_ready()
    return None
