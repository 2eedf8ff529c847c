# label: ok
# flax-error: none
# class: 2 the training step gets batch_stats through the scan carry, applies with mutable=['batch_stats'] and returns the new stats in the carry
"""1-D conv net with BatchNorm for time-series regression, trained with a raw lax.scan over batches.

Twin of h117_tsnet_bn: the batch statistics enter and leave the loop through the carry.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TSNet(nn.Module):
    channels: int = 8

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(self.channels, kernel_size=(3,))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        x = x.mean(axis=1)
        return nn.Dense(1)(x)


def make_data(key, steps=6, batch=16, length=20):
    xs = jax.random.normal(key, (steps, batch, length, 1)).cumsum(axis=2)
    ys = xs[:, :, -1, :] * 0.5
    return xs, ys


def main():
    xs, ys = make_data(jax.random.key(0))
    model = TSNet()
    variables = model.init(jax.random.key(1), xs[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]

    def loss_fn(params, batch_stats, x, y):
        pred, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    def step(carry, batch):
        params, batch_stats = carry
        x, y = batch
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats, x, y)
        params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
        return (params, batch_stats), loss

    (params, batch_stats), losses = lax.scan(step, (params, batch_stats), (xs, ys))
    print("losses", losses)
    return None
