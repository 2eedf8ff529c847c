# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the scan body calls train_step, which runs nnx.value_and_grad on the closed-over model and nnx.Optimizer.update
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class Regressor(nnx.Module):
    def __init__(self, din, rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.bn(self.l1(x))))[..., 0]


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_step(model, optimizer, batch):
    x, y = batch
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


def train_epoch(model, optimizer, xs, ys):
    def body(carry, batch):
        loss = train_step(model, optimizer, batch)
        return carry + loss, loss

    total, losses = lax.scan(body, 0.0, (xs, ys))
    return total / xs.shape[0], losses


def main():
    model = Regressor(5, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (4, 8, 5))
    ys = xs.sum(-1)
    mean_loss, losses = train_epoch(model, optimizer, xs, ys)
    assert losses.shape == (4,)
    return None
