# label: ok
# flax-error: none
# class: 2 the local model of train() goes into the scan body directly; batch_stats enter and leave through the carry with mutable=['batch_stats']
"""Epoch of SGD written as a lax.scan over minibatches, model with BatchNorm (working variant).

The batch statistics travel in the scan carry next to the parameters; apply inside the body
returns the updated statistics through mutable=['batch_stats'].
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


def train(model, variables, xs, ys, lr=0.05):
    def loss_fn(params, batch_stats, x, y):
        pred, updates = model.apply({"params": params, "batch_stats": batch_stats}, x,
                                    train=True, mutable=["batch_stats"])
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    def body(carry, batch):
        params, batch_stats = carry
        x, y = batch
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(
            params, batch_stats, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return (params, batch_stats), loss

    init = (variables["params"], variables["batch_stats"])
    (params, batch_stats), losses = jax.lax.scan(body, init, (xs, ys))
    return {"params": params, "batch_stats": batch_stats}, losses


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.key(0), (5, 8, 3))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    variables = model.init(jax.random.key(1), xs[0], train=False)
    variables, losses = train(model, variables, xs, ys)
    print(losses)
    return None
