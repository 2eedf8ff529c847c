# label: ok
# flax-error: none
# class: 5 make_train_step returns a step over the split state of model and optimizer; the fori_loop threads that state through its carry and nnx.update writes it back
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax
from jax import lax


class LogisticRegression(nnx.Module):
    def __init__(self, features, rngs):
        self.dense = nnx.Linear(features, 1, rngs=rngs)

    def __call__(self, x):
        return self.dense(x)[..., 0]


def bce(model, x, y):
    return optax.sigmoid_binary_cross_entropy(model(x), y).mean()


def make_train_step(loss_fn, graphdef):
    def train_step(state, x, y):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    return train_step


def train(model, optimizer, x, y, num_steps):
    graphdef, state = nnx.split((model, optimizer))
    train_step = make_train_step(bce, graphdef)

    def body(i, carry):
        state, losses = carry
        state, loss = train_step(state, x, y)
        return state, losses.at[i].set(loss)

    state, losses = lax.fori_loop(0, num_steps, body, (state, jnp.zeros(num_steps)))
    nnx.update((model, optimizer), state)
    return losses


def main():
    kx, kw = jax.random.split(jax.random.key(1))
    x = jax.random.normal(kx, (32, 4))
    y = (x @ jax.random.normal(kw, (4,)) > 0).astype(jnp.float32)
    model = LogisticRegression(4, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.5), wrt=nnx.Param)
    losses = train(model, optimizer, x, y, num_steps=4)
    jax.block_until_ready((losses, model(x)))
