# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 1 nnx.value_and_grad of the outside model and optimizer.update in an inline scan body
import jax
import jax.numpy as jnp
import optax
from flax import nnx


model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)


def loss_fn(m, x, y):
    return jnp.mean((m(x) - y) ** 2)


def main():
    X = jnp.ones((10, 8, 2))
    Y = jnp.zeros((10, 8, 1))

    # was a python loop, moving it into scan for speed
    def train_step(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        opt.update(model, grads)
        return carry, loss

    _, losses = jax.lax.scan(train_step, None, (X, Y))
    print(losses)
    return None
