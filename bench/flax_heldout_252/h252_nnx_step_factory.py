# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_train_step returns an nnx.jit step; the fori_loop body calls it on the model and optimizer captured from the enclosing function
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


def make_train_step(loss_fn):
    @nnx.jit
    def train_step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return loss

    return train_step


def train(model, optimizer, x, y, num_steps):
    train_step = make_train_step(bce)

    def body(i, losses):
        loss = train_step(model, optimizer, x, y)
        return losses.at[i].set(loss)

    return lax.fori_loop(0, num_steps, body, jnp.zeros(num_steps))


def main():
    kx, kw = jax.random.split(jax.random.key(1))
    x = jax.random.normal(kx, (32, 4))
    y = (x @ jax.random.normal(kw, (4,)) > 0).astype(jnp.float32)
    model = LogisticRegression(4, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.5), wrt=nnx.Param)
    losses = train(model, optimizer, x, y, num_steps=4)
    jax.block_until_ready(losses)
