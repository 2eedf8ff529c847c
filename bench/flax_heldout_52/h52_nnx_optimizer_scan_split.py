# label: ok
# flax-error: none
# class: 3 nnx.split((model, optimizer)) before the raw scan, state carried, nnx.merge / nnx.split in the body, nnx.update after
"""NNX training loop in jax.lax.scan, written the functional way the NNX docs show."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 8, 4))
    ys = xs.sum(-1, keepdims=True)

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    graphdef, state = nnx.split((model, optimizer))

    def train_step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        _, state = nnx.split((model, optimizer))
        return state, loss

    state, losses = jax.lax.scan(train_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
    return None
