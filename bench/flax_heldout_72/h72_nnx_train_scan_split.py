# label: ok
# flax-error: none
# class: 4 nnx.split((model, optimizer)) carried through the raw jax.lax.scan, merged in the body, nnx.state returned
"""NNX tutorial train loop under lax.scan, model and optimizer threaded as split state."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(8, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    xs = jnp.ones((5, 4, 8))
    ys = jnp.zeros((5, 4), jnp.int32)
    graphdef, state = nnx.split((model, optimizer))

    def train_step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(train_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return None
