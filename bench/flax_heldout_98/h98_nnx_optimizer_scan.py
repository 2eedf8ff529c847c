# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 tutorial training loop moved into jax.lax.scan; the body takes nnx.value_and_grad of the closed-over model and calls optimizer.update
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (20, 32, 2))
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
