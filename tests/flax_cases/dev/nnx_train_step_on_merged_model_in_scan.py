# label: ok
# flax-error: none
# class: 5 the functional form: the scan carries the model and optimizer state, merges them in the body and hands the merged objects to a train step helper
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Model(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)


def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return ((model(x) - y) ** 2).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Model(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    graphdef, state = nnx.split((model, optimizer))
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))

    def epoch(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, x, y)
        _, state = nnx.split((model, optimizer))
        return state, loss

    state, losses = jax.lax.scan(epoch, state, (xs, ys))
    nnx.update((model, optimizer), state)
