# label: ok
# flax-error: none
# class: 3 the iteration count goes through the while_loop state and is written to the monitor's nnx.Variable attribute after the loop
"""Fit an NNX linear model by gradient descent until the loss drops below a tolerance, with a raw
lax.while_loop, and count the iterations in an nnx.Variable for logging."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class IterCount(nnx.Variable):
    pass


class Monitor(nnx.Module):
    def __init__(self):
        self.count = IterCount(jnp.array(0, jnp.int32))


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    monitor = Monitor()
    x = jax.random.normal(jax.random.key(1), (32, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]]) + 0.3
    graphdef, params = nnx.split(model)

    def loss_fn(p):
        return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

    def cond(state):
        p, loss, k = state
        return (loss > 1e-3) & (k < 200)

    def body(state):
        p, _, k = state
        loss, grads = jax.value_and_grad(loss_fn)(p)
        p = jax.tree.map(lambda a, g: a - 0.1 * g, p, grads)
        return p, loss, k + 1

    params, loss, k = lax.while_loop(cond, body, (params, jnp.array(jnp.inf), 0))
    monitor.count[...] += k
    nnx.update(model, params)
    print(loss, monitor.count[...])
    return None
