# label: same-values
# flax-error: none
# class: 5 functools.partial binds the classifier and input into mc_step, the lax.scan body, whose carry is the dropout key
from functools import partial

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DropoutClassifier(nnx.Module):
    def __init__(self, din, hidden, num_classes, rate, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, hidden, rngs=rngs)
        self.drop = nnx.Dropout(rate)
        self.fc2 = nnx.Linear(hidden, num_classes, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        h = self.drop(nnx.gelu(self.fc1(x)), rngs=rngs)
        return nnx.softmax(self.fc2(h), axis=-1)


def mc_step(model, x, key, _):
    probs = model(x, rngs=key)
    return key, probs


def mc_predict(model, x, key, num_samples):
    _, probs = jax.lax.scan(partial(mc_step, model, x), key, None, length=num_samples)
    mean = probs.mean(axis=0)
    entropy = -(mean * jnp.log(mean + 1e-9)).sum(-1)
    return probs, entropy


def main():
    model = DropoutClassifier(4, 32, 3, 0.4, rngs=nnx.Rngs(0))
    x = jnp.ones((2, 4))
    probs, entropy = mc_predict(model, x, jax.random.key(5), num_samples=7)
    print('predictive entropy', entropy)
    return probs
