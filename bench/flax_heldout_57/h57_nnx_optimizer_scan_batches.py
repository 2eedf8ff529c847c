# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 1 the NNX model and optimizer are closed over and nnx.grad / optimizer.update run inside the raw scan body
"""First attempt at moving an NNX training loop into jax.lax.scan over batches: the train
step closes over the model and the nnx.Optimizer, exactly as it did in the Python loop."""
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
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (6, 8, 3))
    ys = jnp.sum(xs, -1, keepdims=True)

    def loss_fn(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def train_step(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return carry, loss

    _, losses = jax.lax.scan(train_step, None, (xs, ys))
    losses.block_until_ready()
    return None
