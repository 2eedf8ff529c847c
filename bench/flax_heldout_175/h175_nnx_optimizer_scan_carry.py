# label: ok
# flax-error: none
# class: 2 the model and nnx.Optimizer, locals of fit(), are split and their state is the scan carry
"""One epoch of NNX training written as a lax.scan over minibatches to avoid the Python loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def fit(model, optimizer, xs, ys):
    graphdef, state = nnx.split((model, optimizer))

    def train_step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    state, losses = scan(train_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return losses


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(3e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (10, 32, 3))
    ys = jnp.sin(xs).sum(-1, keepdims=True)
    losses = fit(model, optimizer, xs, ys)
    print("first/last loss", losses[0], losses[-1])
    return None


if __name__ == "__main__":
    main()
