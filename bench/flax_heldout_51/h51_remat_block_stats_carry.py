# label: ok
# flax-error: none
# class: 5 a jax.checkpoint-wrapped body built by a factory; the wrapper applies with mutable batch_stats carried through the scan
"""Memory-saving training loop: the residual blocks are nn.remat-ed and the scan body itself is
wrapped in jax.checkpoint; the step function comes from a factory that closes over an
ApplyWrapper holding model.apply."""
import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class ResBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.width)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return x + nn.relu(h)


class DeepMLP(nn.Module):
    width: int = 32
    depth: int = 3

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.width)(x)
        block = nn.remat(ResBlock, static_argnums=(2,))
        for i in range(self.depth):
            x = block(self.width, name=f"block_{i}")(x, train)
        return nn.Dense(1)(x)


class ApplyWrapper:
    def __init__(self, model):
        self._apply = functools.partial(model.apply, train=True)

    def __call__(self, variables, x):
        return self._apply(variables, x, mutable=["batch_stats"])


def make_train_step(wrapper, tx):
    @jax.checkpoint
    def step(carry, batch):
        params, batch_stats, opt_state = carry
        x, y = batch

        def loss_fn(p):
            pred, updates = wrapper({"params": p, "batch_stats": batch_stats}, x)
            return jnp.mean((pred - y) ** 2), updates["batch_stats"]

        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return (optax.apply_updates(params, updates), batch_stats, opt_state), loss

    return step


def main():
    model = DeepMLP()
    variables = model.init(jax.random.PRNGKey(0), jnp.ones((8, 16)))
    tx = optax.adam(1e-3)
    opt_state = tx.init(variables["params"])
    step = make_train_step(ApplyWrapper(model), tx)
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 16))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    jax.lax.scan(step, (variables["params"], variables["batch_stats"], opt_state), (xs, ys))
