# label: ok
# flax-error: none
# class: 3 the model state is split before the raw lax.scan, passed through the carry and merged in the body before nnx.grad
"""Gradient accumulation after the fix: split once, carry the state, merge in the body, take nnx.grad of the merged model."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(5, 32, rngs=rngs)
        self.head = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.silu(self.hidden(x)))


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    micro_x = jnp.ones((4, 2, 5))
    micro_y = jnp.ones((4, 2, 1))
    graphdef, state = nnx.split(model)

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def accumulate(carry, batch):
        acc, state = carry
        m = nnx.merge(graphdef, state)
        grads = nnx.grad(loss_fn)(m, *batch)
        return (jax.tree.map(jnp.add, acc, grads), state), None

    zeros = jax.tree.map(jnp.zeros_like, nnx.state(model, nnx.Param))
    (grads, _), _ = lax.scan(accumulate, (zeros, state), (micro_x, micro_y))
    optimizer.update(model, grads)
    return None
