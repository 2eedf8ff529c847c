# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(block_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a jax.checkpoint-wrapped body built by a factory calls the remat-wrapped model through a stored apply wrapper
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
        return self._apply(variables, x)


def make_train_step(wrapper, tx, batch_stats):
    @jax.checkpoint
    def step(carry, batch):
        params, opt_state = carry
        x, y = batch

        def loss_fn(p):
            pred = wrapper({"params": p, "batch_stats": batch_stats}, x)
            return jnp.mean((pred - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return (optax.apply_updates(params, updates), opt_state), loss

    return step


def main():
    model = DeepMLP()
    variables = model.init(jax.random.PRNGKey(0), jnp.ones((8, 16)))
    tx = optax.adam(1e-3)
    opt_state = tx.init(variables["params"])
    step = make_train_step(ApplyWrapper(model), tx, variables["batch_stats"])
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 16))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    jax.lax.scan(step, (variables["params"], opt_state), (xs, ys))
