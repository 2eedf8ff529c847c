# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 5 whole training loop as a raw lax.scan calling optimizer.update on an outside nnx.Optimizer
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jnp.ones((5, 8, 3))
    ys = jnp.zeros((5, 8, 1))

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def train_step(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return carry, loss

    jax.lax.scan(train_step, None, (xs, ys))
    return None
