# label: ok
# flax-error: none
# class: 2 model split before the raw fori_loop; the body merges graphdef with the closed-over params and differentiates with jax.value_and_grad
# modelled on: Simplify Optax training functions with lax.fori_loop (QuantEcon/lecture-jax#253)
"""Gradient accumulation over microbatches before one optimizer step."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))


def loss_fn(params, graphdef, x, y):
    model = nnx.merge(graphdef, params)
    return jnp.mean((model(x) - y) ** 2)


def accumulate(model, xs, ys):
    graphdef, params = nnx.split(model, nnx.Param)
    zeros = jax.tree.map(jnp.zeros_like, params)

    def body(i, carry):
        loss_acc, g_acc = carry
        loss, g = jax.value_and_grad(loss_fn)(params, graphdef, xs[i], ys[i])
        return loss_acc + loss, jax.tree.map(jnp.add, g_acc, g)

    n = xs.shape[0]
    loss, grads = jax.lax.fori_loop(0, n, body, (jnp.zeros(()), zeros))
    return loss / n, jax.tree.map(lambda g: g / n, grads)


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (4, 8, 3))
    ys = xs.sum(-1, keepdims=True)
    loss, grads = accumulate(model, xs, ys)
    optimizer.update(model, grads)
    jax.block_until_ready(loss)
    return None
