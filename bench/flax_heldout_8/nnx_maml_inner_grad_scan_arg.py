# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 40 (160 B)
# class: 2 the learner module is an argument of adapt(); nnx.grad of it runs inside the inner-loop scan body
import jax
import jax.numpy as jnp
from flax import nnx


class SineLearner(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(1, 40, rngs=rngs)
        self.l2 = nnx.Linear(40, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def adapt(learner, x, y, inner_steps=3, lr=0.01):
    def inner(params, _):
        grads = nnx.grad(mse)(learner, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, nnx.state(grads, nnx.Param))
        return params, None

    params, _ = jax.lax.scan(inner, nnx.state(learner, nnx.Param), None, length=inner_steps)
    return params


def main():
    learner = SineLearner(nnx.Rngs(0))
    x = jnp.linspace(-3, 3, 10)[:, None]
    y = jnp.sin(x)
    adapted = adapt(learner, x, y)
    print(jax.tree.leaves(adapted)[0].shape)
    return None
