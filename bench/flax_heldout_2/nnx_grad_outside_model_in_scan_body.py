# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 nnx.grad on a model captured from outside the raw scan body (meta-learning inner loop)
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dense = nnx.Linear(2, 1, rngs=rngs)

    def __call__(self, x):
        return self.dense(x)


def main():
    model = Regressor(nnx.Rngs(1))
    tasks = jnp.ones((4, 16, 2))

    def body(acc, x):
        grads = nnx.grad(lambda m: jnp.mean(m(x) ** 2))(model)
        gnorm = sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads))
        return acc + gnorm, gnorm

    jax.lax.scan(body, 0.0, tasks)
    return None
