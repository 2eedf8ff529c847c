# label: ok
# flax-error: none
# class: 3 a GradAccumulator stores model.apply as self.apply_fn; the loss returns new batch_stats, carried by the fori_loop
"""Gradient accumulation wrapper: the accumulator keeps the apply function of a small
BatchNorm ConvNet, sums micro-batch gradients with lax.fori_loop and threads the batch
statistics through the loop carry."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ConvBlock(nn.Module):
    channels: int = 8

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Conv(self.channels, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        x = x.mean(axis=(1, 2))
        return nn.Dense(10)(x)


def make_loss_fn(apply_fn):
    def loss_fn(params, batch_stats, images, labels):
        logits, updates = apply_fn(
            {"params": params, "batch_stats": batch_stats}, images, train=True, mutable=["batch_stats"]
        )
        onehot = jax.nn.one_hot(labels, 10)
        loss = -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), axis=-1))
        return loss, updates["batch_stats"]
    return loss_fn


class GradAccumulator:
    def __init__(self, apply_fn, num_micro: int):
        self.apply_fn = apply_fn
        self.num_micro = num_micro
        self.loss_fn = make_loss_fn(self.apply_fn)

    def __call__(self, params, batch_stats, images, labels):
        grad_fn = jax.grad(self.loss_fn, has_aux=True)

        def body(i, carry):
            acc, stats = carry
            g, stats = grad_fn(params, stats, images[i], labels[i])
            return jax.tree.map(jnp.add, acc, g), stats

        zeros = jax.tree.map(jnp.zeros_like, params)
        total, batch_stats = lax.fori_loop(0, self.num_micro, body, (zeros, batch_stats))
        return jax.tree.map(lambda g: g / self.num_micro, total), batch_stats


def main():
    model = ConvBlock()
    key = jax.random.key(0)
    images = jax.random.normal(key, (4, 2, 8, 8, 3))
    labels = jnp.arange(8).reshape(4, 2) % 10
    variables = model.init(key, images[0])
    accum = GradAccumulator(model.apply, num_micro=4)
    step = jax.jit(functools.partial(accum))
    step(variables["params"], variables["batch_stats"], images, labels)
    return None
