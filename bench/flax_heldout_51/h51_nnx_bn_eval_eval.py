# label: ok
# flax-error: none
# class: 3 a validation-step factory closes over the model, switched to eval mode before the scan so the body only reads it
"""Validation during training: a factory returns a pure-looking validation step that closes over
the NNX model; the validation pass is a jax.lax.scan over held-out batches run right after a
training phase, after switching the model to eval mode."""
import jax
import jax.numpy as jnp
from flax import nnx


class ConvBlock(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(10, 20, rngs=rngs)
        self.bn = nnx.BatchNorm(20, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(20, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.bn(self.proj(x)))
        return self.head(self.drop(h))


def make_val_step(model):
    def val_step(total, batch):
        x, y = batch
        pred = model(x)
        return total + jnp.mean((pred - y) ** 2), None
    return val_step


def validate(model, xs, ys):
    model.eval()
    total, _ = jax.lax.scan(make_val_step(model), jnp.zeros(()), (xs, ys))
    return total / xs.shape[0]


def main():
    model = ConvBlock(nnx.Rngs(0))
    model.train()
    xs = jax.random.normal(jax.random.key(1), (3, 8, 10))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    model(xs[0])  # a training-mode forward pass
    validate(model, xs, ys)
