# label: ok
# flax-error: none
# class: 1 the model is put in eval mode before the loop and called read-only in an inline scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(12, 24, rngs=rngs)
        self.bn = nnx.BatchNorm(24, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)
        self.head = nnx.Linear(24, 4, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.bn(self.fc(x)))))


def main():
    clf = Classifier(nnx.Rngs(0))
    clf.eval()
    batches = jax.random.normal(jax.random.key(3), (6, 10, 12))

    def eval_batch(correct, xb):
        preds = jnp.argmax(clf(xb), axis=-1)
        return correct + jnp.sum(preds == 0), preds

    hits, preds = jax.lax.scan(eval_batch, 0, batches)
    print(hits, preds.shape)
    return None
