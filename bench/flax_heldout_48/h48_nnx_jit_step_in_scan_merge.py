# label: ok
# flax-error: none
# class: 2 the raw lax.scan carries nnx.split state; the body merges it and calls the @nnx.jit step on the merged objects
"""The same epoch after the fix: the @nnx.jit step only ever sees objects built inside the body."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class Model(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.lin(x)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Model(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jnp.ones((4, 8, 3))
    ys = jnp.ones((4, 8, 1))
    graphdef, state = nnx.split((model, optimizer))

    def epoch_body(state, batch):
        m, opt = nnx.merge(graphdef, state)
        loss = train_step(m, opt, *batch)
        return nnx.state((m, opt)), loss

    state, losses = lax.scan(epoch_body, state, (xs, ys))
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
    return None
