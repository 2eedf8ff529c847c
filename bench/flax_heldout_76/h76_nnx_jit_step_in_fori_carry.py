# label: ok
# flax-error: none
# class: 3 (model, optimizer) state carried through the fori_loop, merged in the body before the @nnx.jit train_step and split again after it
"""The tutorial's @nnx.jit train_step inside jax.lax.fori_loop, with the
model and optimizer state in the loop carry (split/merge per step)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(5, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jax.random.normal(jax.random.key(1), (16, 5))
    y = x.sum(-1, keepdims=True)
    graphdef, state = nnx.split((model, optimizer))

    def body(i, carry):
        state, total = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, x, y)
        return nnx.state((model, optimizer)), total + loss

    state, total = jax.lax.fori_loop(0, 5, body, (state, 0.0))
    nnx.update((model, optimizer), state)
    total.block_until_ready()
    return None
