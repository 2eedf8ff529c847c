# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local batch_stats of train() go into the scan body directly; apply runs BatchNorm in training mode without mutable=
"""Epoch of SGD written as a lax.scan over minibatches, model with BatchNorm.

The classic report "ModifyScopeVariableError: collection batch_stats is immutable" in the
shape users write it: parameters in the carry, batch statistics closed over, and apply called
with train=True but no mutable=['batch_stats'].
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
    batch_stats = variables["batch_stats"]

    def loss_fn(params, x, y):
        pred = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def body(params, batch):
        x, y = batch
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, loss

    params, losses = jax.lax.scan(body, variables["params"], (xs, ys))
    return params, losses


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.key(0), (5, 8, 3))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    variables = model.init(jax.random.key(1), xs[0], train=False)
    params, losses = train(model, variables, xs, ys)
    print(losses)
    return None
