# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 5 NNX training loop as a raw scan over batches: nnx.value_and_grad and optimizer.update on outside objects
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Sequential(
        nnx.Linear(2, 16, rngs=nnx.Rngs(0)), nnx.relu, nnx.Linear(16, 1, rngs=nnx.Rngs(1))
    )
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(0), (10, 32, 2))
    ys = xs.sum(-1, keepdims=True)

    def loss_fn(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def train_step(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return carry, loss

    _, losses = jax.lax.scan(train_step, None, (xs, ys))
    print(losses)
