# label: ok
# flax-error: none
# class: 4 training loop in jax.lax.scan with nnx.split((model, optimizer)) as the carry, merged in the body and split again; nnx.update after
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (20, 32, 2))
    ys = jnp.sum(xs, -1, keepdims=True)

    def loss_fn(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

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
    return None
