# label: ok
# flax-error: none
# class: 1 fresh nnx.Rngs built inside the inline raw scan body from a per-step key passed as xs
import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.fc1 = nnx.Linear(din, 32, rngs=rngs)
        self.fc2 = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x, dropout_rngs):
        h = nnx.relu(self.fc1(x))
        h = nnx.Dropout(0.5, rngs=dropout_rngs)(h)
        return self.fc2(h)


def mc_samples(model, x, key, n):
    keys = jax.random.split(key, n)

    def body(carry, k):
        logits = model(x, nnx.Rngs(dropout=k))
        return carry, nnx.softmax(logits)

    _, probs = jax.lax.scan(body, None, keys)
    return probs


def main():
    model = Classifier(5, 3, nnx.Rngs(0))
    x = jnp.ones((2, 5))
    probs = mc_samples(model, x, jax.random.key(3), 8)
    mean, spread = probs.mean(0), probs.std(0)
    return probs
