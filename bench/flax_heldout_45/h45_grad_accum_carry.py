# label: ok
# flax-error: none
# class: 3 accumulated grads kept in the scan carry
"""Gradient accumulation, fixed: the running sum of grads is the scan carry."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.tanh(nn.Dense(8)(x)))


def main():
    model = Regressor()
    micro = jnp.ones((4, 2, 3))
    targets = jnp.zeros((4, 2, 1))
    params = model.init(jax.random.PRNGKey(0), micro[0])["params"]

    def loss_fn(p, x, y):
        return jnp.mean((model.apply({"params": p}, x) - y) ** 2)

    def micro_step(acc, batch):
        x, y = batch
        grads = jax.grad(loss_fn)(params, x, y)
        return jax.tree.map(jnp.add, acc, grads), None

    zeros = jax.tree.map(jnp.zeros_like, params)
    summed, _ = jax.lax.scan(micro_step, zeros, (micro, targets))
    mean_grads = jax.tree.map(lambda g: g / micro.shape[0], summed)
    jax.block_until_ready(mean_grads)
    return None
