# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 2 a train_step(model, optimizer, batch) using nnx.value_and_grad and optimizer.update on the outer model is called in the raw lax.scan body over minibatches
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x))).squeeze(-1)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_step(model, optimizer, batch):
    x, y = batch
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (6, 4, 3))
    ys = xs.sum(-1)

    def epoch_body(carry, batch):
        loss = train_step(model, optimizer, batch)
        return carry, loss

    _, losses = jax.lax.scan(epoch_body, None, (xs, ys))
    print(losses)
    return None
