# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 1 the model and nnx.Optimizer are captured by the raw jax.lax.scan train step, which calls nnx.value_and_grad and optimizer.update on them
"""PyTorch-style training loop moved into jax.lax.scan to run many steps in one call:
the model and optimizer are the objects created at the top of the script, and the scanned
step computes grads and calls `optimizer.update(model, grads)` on them in place."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def main():
    model = MLP(4, 16, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (8, 32, 4))
    ys = jnp.sum(xs, axis=-1, keepdims=True)

    def train_step(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return carry, loss

    _, losses = jax.lax.scan(train_step, None, (xs, ys))
    losses.block_until_ready()
