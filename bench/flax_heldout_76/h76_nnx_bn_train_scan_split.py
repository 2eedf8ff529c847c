# label: ok
# flax-error: none
# class: 3 (model, optimizer) split into graphdef/state, state carried through the scan, merged in the body and re-split on return
"""NNX training loop over minibatches with jax.lax.scan, following the
split/merge pattern from the NNX docs on using raw JAX transforms."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.bn(self.l1(x))))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (6, 8, 4))
    ys = xs.sum(-1, keepdims=True)
    graphdef, state = nnx.split((model, optimizer))

    def loss_fn(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def train_step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(train_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
    return None
