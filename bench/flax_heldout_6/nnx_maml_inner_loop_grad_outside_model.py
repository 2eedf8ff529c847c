# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 2 a MAML-style inner adaptation loop in lax.fori_loop that takes nnx.grad of the learner passed in as an argument
import jax
import jax.numpy as jnp
from flax import nnx


class Learner(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


def adapt(learner, x, y, inner_steps=3, lr=0.01):
    def mse(m):
        return jnp.mean((m(x) - y) ** 2)

    params = nnx.state(learner, nnx.Param)

    def inner(i, p):
        g = nnx.grad(mse)(learner)
        return jax.tree.map(lambda a, b: a - lr * b, p, g)

    return jax.lax.fori_loop(0, inner_steps, inner, params)


def main():
    learner = Learner(nnx.Rngs(0))
    x = jnp.linspace(-1, 1, 10)[:, None]
    y = jnp.sin(3 * x)
    adapted = adapt(learner, x, y)
    jax.block_until_ready(adapted)
    return None
