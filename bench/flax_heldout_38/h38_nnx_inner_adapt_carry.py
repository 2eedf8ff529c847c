# label: ok
# flax-error: none
# class: 2 the split params are the raw scan carry; the body takes a jax.grad step through nnx.merge and returns the new params, which update the model after the scan
"""Few-shot adaptation (MAML-style inner loop) with a raw scan over support batches, in
the functional NNX style (split once, merge inside the loss, jax.grad on the params), with
the adapted params in the scan carry; the model is updated from the final carry and
evaluated."""
import jax
import jax.numpy as jnp
from jax.lax import scan
import flax.nnx as nnx


class SineNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def main():
    model = SineNet(nnx.Rngs(0))
    graphdef, params = nnx.split(model, nnx.Param)
    xs = jnp.linspace(-3, 3, 5 * 10).reshape(5, 10, 1)
    ys = jnp.sin(xs)
    inner_lr = 0.01

    def loss_from_params(params, x, y):
        return mse(nnx.merge(graphdef, params), x, y)

    def inner_step(params, batch):
        x, y = batch
        loss, grads = jax.value_and_grad(loss_from_params)(params, x, y)
        params = jax.tree.map(lambda p, g: p - inner_lr * g, params, grads)
        return params, loss

    params, losses = scan(inner_step, params, (xs, ys))
    nnx.update(model, params)
    query_loss = mse(model, xs[0], ys[0])
    query_loss.block_until_ready()
