# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 a train_step helper doing nnx.value_and_grad and optimizer.update on the outside model and optimizer, called from a raw lax.scan body
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x)[:, 0] - y) ** 2)


def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(0), (5, 8, 3))
    ys = jnp.sum(xs, axis=-1)

    def epoch_body(carry, batch):
        loss = train_step(model, optimizer, *batch)
        return carry + loss, loss

    _, losses = jax.lax.scan(epoch_body, jnp.zeros(()), (xs, ys))
    losses.block_until_ready()
    return None
