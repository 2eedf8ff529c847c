# label: ok
# flax-error: none
# class: 1 the classifier's own __call__ scans over time; after model.eval() the body's self.drop is deterministic and draws no key
"""GRU sequence classifier with recurrent dropout, unrolled with a raw lax.scan (eval variant).

The same module run after model.eval(): dropout is the identity, so the body only reads the
module's parameters and no Rngs state is advanced inside the loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class RNNClassifier(nnx.Module):
    def __init__(self, din, hidden, classes, *, rngs: nnx.Rngs):
        self.hidden = hidden
        self.cell = nnx.GRUCell(din, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(hidden, classes, rngs=rngs)

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def body(h, x):
            h, _ = self.cell(h, x)
            h = self.drop(h)
            return h, None

        h, _ = jax.lax.scan(body, h0, xs)
        return self.head(h)


def main():
    model = RNNClassifier(3, 16, 4, rngs=nnx.Rngs(0, dropout=1))
    xs = jax.random.normal(jax.random.key(0), (7, 5, 3))  # time, batch, features
    labels = jnp.array([0, 1, 2, 3, 0])
    model.eval()
    logits = model(xs)
    loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1))
    print(loss)
    return None
