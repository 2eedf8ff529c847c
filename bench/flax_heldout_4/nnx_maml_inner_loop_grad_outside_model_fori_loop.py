# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 40 (160 B)
# class: 4 NNX MAML: a fori_loop inner loop takes nnx.grad of a loss on the closed-over model and writes the adapted params back
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(1, 40, rngs=rngs)
        self.l2 = nnx.Linear(40, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jax.nn.relu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def inner_adapt(model, x, y, steps=3, lr=0.01):
    def body(i, carry):
        grads = nnx.grad(loss_fn)(model, x, y)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        return carry + 1

    jax.lax.fori_loop(0, steps, body, 0)
    return model


def main():
    model = Regressor(rngs=nnx.Rngs(0))
    x = jnp.linspace(-3, 3, 20)[:, None]
    adapted = inner_adapt(model, x, jnp.sin(x))
    print(loss_fn(adapted, x, jnp.sin(x)))
    return None
