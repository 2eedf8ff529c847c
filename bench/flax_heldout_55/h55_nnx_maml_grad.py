# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 module-level MAML adaptation helper receives the model and calls nnx.grad on it inside the jax.lax.scan body
"""MAML inner loop in NNX, written as a free function that receives the model: each inner
step takes nnx.grad of the support loss and applies an SGD update."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


def support_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def adapt(model, x, y, inner_lr=0.01, steps=3):
    def inner(carry, _):
        grads = nnx.grad(support_loss)(model, x, y)
        params = nnx.state(model, nnx.Param)
        new = jax.tree.map(lambda p, g: p - inner_lr * g, params, grads)
        return carry, new

    _, trace = jax.lax.scan(inner, None, None, length=steps)
    return trace


def main():
    model = Regressor(nnx.Rngs(0))
    x = jnp.linspace(-1, 1, 10)[:, None]
    adapt(model, x, jnp.sin(3 * x))
    return None
