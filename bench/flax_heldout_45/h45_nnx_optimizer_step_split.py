# label: ok
# flax-error: none
# class: 3 nnx.split state of (model, optimizer) carried through the raw scan, nnx.merge/nnx.split in the body
"""Training loop, fixed as the maintainers suggest: split once, carry the state, merge inside the body."""
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
    tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-3))
    optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))
    graphdef, state = nnx.split((model, optimizer))

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def train_step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        _, state = nnx.split((model, optimizer))
        return state, loss

    state, losses = jax.lax.scan(train_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return None
