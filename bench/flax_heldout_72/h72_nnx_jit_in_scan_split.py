# label: ok
# flax-error: none
# class: 4 nnx.split state carried through the raw jax.lax.scan, merged in the body before calling the @nnx.jit train_step
"""@nnx.jit train_step inside lax.scan, model and optimizer merged from the carried state."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.net = nnx.Sequential(nnx.Linear(3, 16, rngs=rngs), nnx.relu, nnx.Linear(16, 1, rngs=rngs))

    def __call__(self, x):
        return self.net(x)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return ((model(x) - y) ** 2).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
    xs = jnp.ones((6, 4, 3))
    ys = jnp.ones((6, 4, 1))
    graphdef, state = nnx.split((model, optimizer))

    def body(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, *batch)
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(body, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return None
