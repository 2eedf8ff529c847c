# label: ok
# flax-error: none
# class: 2 the model and the nnx.Optimizer, locals of main(), are split; their state goes through the scan carry and is merged in the body
"""A whole NNX training epoch inside lax.scan over batches, to avoid Python-loop overhead.

The model and optimizer are split before the loop; the body merges them, runs the unchanged
step function, and hands the new state back through the carry. nnx.update after the loop.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (10, 16, 4))
    ys = xs.sum(-1, keepdims=True)

    graphdef, state = nnx.split((model, optimizer))

    def body(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, x, y)
        return nnx.state((model, optimizer)), loss

    state, losses = lax.scan(body, state, (xs, ys))
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
    return None
