# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 1 nnx model and nnx.Optimizer closed over by the raw scan body and updated in place
"""PyTorch-style training loop ported to NNX: optimizer.update called inside lax.scan over batches."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = MLP(nnx.Rngs(0))
    tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-3))
    optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def train_step(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return carry, loss

    jax.lax.scan(train_step, None, (xs, ys))
    return None
