# label: ok
# flax-error: none
# class: 5 nnx.split((model, optimizer)) outside; the body merges, updates and returns nnx.state as the carry
"""nnx.Optimizer inside jax.lax.scan the way the maintainers suggest: carry the split state."""
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
    xs = jax.random.normal(jax.random.PRNGKey(1), (10, 8, 3))
    ys = xs.sum(-1, keepdims=True)
    graphdef, state = nnx.split((model, optimizer))

    def loss_fn(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def train_step(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(train_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
    return None
