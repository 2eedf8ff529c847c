# label: ok
# flax-error: none
# class: 3 module-level MAML adaptation helper receives the model, splits it, and the jax.lax.scan body merges the carried params and takes jax.grad
"""MAML inner loop in NNX, written as a free function that receives the model: the model is
split once, the fast weights ride in the scan carry and each inner step merges them and takes
jax.grad of the support loss."""
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
    graphdef, params = nnx.split(model, nnx.Param)

    def inner(fast, _):
        grads = jax.grad(lambda p: support_loss(nnx.merge(graphdef, p), x, y))(fast)
        fast = jax.tree.map(lambda p, g: p - inner_lr * g, fast, grads)
        return fast, None

    fast, _ = jax.lax.scan(inner, params, None, length=steps)
    return nnx.merge(graphdef, fast)


def main():
    model = Regressor(nnx.Rngs(0))
    x = jnp.linspace(-1, 1, 10)[:, None]
    adapted = adapt(model, x, jnp.sin(3 * x))
    adapted(x).block_until_ready()
    return None
