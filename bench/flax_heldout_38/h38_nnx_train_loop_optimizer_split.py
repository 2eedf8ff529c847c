# label: ok
# flax-error: none
# class: 2 (model, optimizer) are nnx.split before the raw jax.lax.scan, the state travels in the carry, the step merges and re-extracts it, and nnx.update writes it back after
"""Training loop in jax.lax.scan following the split/merge recipe from the NNX docs: the
graph state of (model, optimizer) is the scan carry, each step merges it, trains, and
returns the new state; the objects are updated from the final state after the scan."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def main():
    model = MLP(4, 16, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (8, 32, 4))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    graphdef, state = nnx.split((model, optimizer))

    def train_step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(train_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
