# label: same-values
# flax-error: none
# class: 1 a fresh nnx.Rngs(0) with a constant seed created inside the inline raw scan body for MC dropout
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


def mc_samples(model, x, n):
    def body(carry, _):
        logits = model(x, nnx.Rngs(dropout=0))
        return carry, nnx.softmax(logits)

    _, probs = jax.lax.scan(body, None, None, length=n)
    return probs


def main():
    model = Classifier(5, 3, nnx.Rngs(0))
    x = jnp.ones((2, 5))
    probs = mc_samples(model, x, 8)
    uncertainty = probs.std(0).mean()
    return probs
