# label: ok
# flax-error: none
# class: 3 the scan body calls train_step on a model and optimizer merged from the nnx.split state in the carry; the state is split back and nnx.update writes it after the scan
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
    graphdef, state = nnx.split((model, optimizer))

    def body(carry, batch):
        total, state = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, batch)
        _, state = nnx.split((model, optimizer))
        return (total + loss, state), loss

    (total, state), losses = lax.scan(body, (0.0, state), (xs, ys))
    nnx.update((model, optimizer), state)
    return total / xs.shape[0], losses


def main():
    model = Regressor(5, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (4, 8, 5))
    ys = xs.sum(-1)
    mean_loss, losses = train_epoch(model, optimizer, xs, ys)
    assert losses.shape == (4,) and int(optimizer.step.value) == 4
    return None
