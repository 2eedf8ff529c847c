# label: ok
# flax-error: none
# class: 2 the nnx.split state of (model, optimizer) is the raw lax.scan carry; the body merges it, calls the @nnx.jit train_step on the merged objects and returns nnx.state
"""Running several optimizer steps per host call: the `@nnx.jit` train_step is called in a
lax.scan whose carry is the split state of (model, optimizer); the body merges the
objects, steps, and returns their new state, which updates the originals afterwards."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (4, 16, 3))
    ys = jnp.sin(xs[..., :1])
    graphdef, state = nnx.split((model, optimizer))

    def many_steps(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, *batch)
        return nnx.state((model, optimizer)), loss

    state, losses = lax.scan(many_steps, state, (xs, ys))
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
