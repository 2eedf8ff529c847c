# label: ok
# flax-error: none
# class: 5 nnx.split of (model, optimizer) is carried through the raw scan, merged and re-split in the body
"""The pattern from the NNX docs for raw JAX transforms: split model and optimizer once,
carry the state, merge inside the body, split again, and nnx.update after the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (6, 8, 3))
    ys = jnp.sum(xs, -1, keepdims=True)
    graphdef, state = nnx.split((model, optimizer))

    def loss_fn(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

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
