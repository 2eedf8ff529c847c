# label: ok
# flax-error: none
# class: 2 the scan body merges the model from the carried state and returns the new state in the carry; the model is merged again after the loop
"""Functional NNX training loop in a raw lax.scan that keeps a handle on the latest model.

Twin of h117_nnx_best_model: the latest parameters leave the loop as the final carry and the
model used for evaluation is merged from them after the loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def loss_fn(model, x, y):
    logits = model(x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=-1))


def main():
    xs = jax.random.normal(jax.random.key(0), (8, 32, 2))
    ys = (xs[..., 0] * xs[..., 1] > 0).astype(jnp.int32)
    graphdef, params = nnx.split(Classifier(nnx.Rngs(1)))
    latest = {}

    def step(params, batch):
        x, y = batch
        model = nnx.merge(graphdef, params)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, nnx.state(model), grads)
        return params, loss

    params, losses = lax.scan(step, params, (xs, ys))
    latest["model"] = nnx.merge(graphdef, params)
    acc = jnp.mean(latest["model"](xs[0]).argmax(-1) == ys[0])
    print("losses", losses, "acc", float(acc))
    return None
