# label: ok
# flax-error: none
# class: 3 NNX recurrent classifier switched to eval(); its bound method model.step is the raw lax.scan body and only reads BatchNorm running stats and skips Dropout
"""Inference with an NNX recurrent model after training: model.eval() puts BatchNorm on its
running averages and makes Dropout deterministic, so the bound method model.step used as
the jax.lax.scan body reads module state but never writes it."""
import jax
import jax.numpy as jnp
from flax import nnx


class RecurrentClassifier(nnx.Module):
    def __init__(self, din, hidden, classes, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(din, hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.rec = nnx.Linear(hidden, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, classes, rngs=rngs)

    def step(self, h, x):
        z = self.drop(nnx.relu(self.bn(self.inp(x))))
        h = jnp.tanh(self.rec(h) + z)
        return h, self.head(h)


def main():
    model = RecurrentClassifier(5, 16, 3, rngs=nnx.Rngs(0))
    model.eval()
    xs = jax.random.normal(jax.random.PRNGKey(1), (6, 2, 5))
    h, logits = jax.lax.scan(model.step, jnp.zeros((2, 16)), xs)
    assert logits.shape == (6, 2, 3)
    return None
