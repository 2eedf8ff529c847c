# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 2 the function running the raw scan takes the model as an argument; the body calls nnx.grad on it
import jax
import jax.numpy as jnp
from flax import nnx


class SineNet(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


def inner_adapt(model, tasks_x, tasks_y):
    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def body(carry, task):
        x, y = task
        grads = nnx.grad(loss_fn)(model, x, y)
        return carry + jax.tree.reduce(lambda a, g: a + jnp.sum(g**2), grads, 0.0), None

    total, _ = jax.lax.scan(body, 0.0, (tasks_x, tasks_y))
    return total


def main():
    model = SineNet(nnx.Rngs(0))
    xs = jnp.linspace(-1, 1, 24).reshape(3, 8, 1)
    out = inner_adapt(model, xs, jnp.sin(xs))
    out.block_until_ready()
    return None
