# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 NNX training epoch: a module-level train_step(model, optimizer, i, loss) is bound with functools.partial and run as a raw jax.lax.fori_loop body that calls nnx.value_and_grad and optimizer.update
"""An NNX regression training loop moved "on device": the per-batch step is a module-level
function taking the model and nnx.Optimizer, bound with functools.partial, and the epoch is
a jax.lax.fori_loop over batch indices."""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


def train_step(model, optimizer, data, i, running_loss):
    x, y = data[0][i], data[1][i]

    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return running_loss + loss


def main():
    model = Net(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 2))
    ys = xs.sum(-1, keepdims=True)
    body = functools.partial(train_step, model, optimizer, (xs, ys))
    epoch_loss = jax.lax.fori_loop(0, xs.shape[0], body, 0.0)
    assert jnp.isfinite(epoch_loss)
    return None
