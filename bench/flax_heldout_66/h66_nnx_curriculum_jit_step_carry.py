# label: ok
# flax-error: none
# class: 3 the split (model, optimizer) state travels in the raw scan carry; the body merges it and calls the @nnx.jit step on the merged objects
"""Curriculum learning in NNX: the scan over the difficulty schedule carries the split state of
model and optimizer and calls the @nnx.jit train_step on the objects merged inside."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(2, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    x = jnp.linspace(-1.0, 1.0, 16).reshape(8, 2)
    schedule = jnp.linspace(0.2, 1.0, 5)  # easy -> hard targets
    graphdef, state = nnx.split((model, optimizer))

    def step(state, level):
        model, optimizer = nnx.merge(graphdef, state)
        y = jnp.sin(3.0 * level * x.sum(-1, keepdims=True))
        loss = train_step(model, optimizer, x, y)
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(step, state, schedule)
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
    return None
