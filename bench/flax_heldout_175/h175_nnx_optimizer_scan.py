# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 2 the model and nnx.Optimizer, locals of fit(), are closed over and updated in the scan body
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
    def train_step(total, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return total + loss, loss

    total, losses = scan(train_step, 0.0, (xs, ys))
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
