# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 MAML-style inner adaptation: nnx.grad on the outside model in a raw scan over inner steps
"""Shape from meta-learning code written with NNX: the inner loop takes nnx.grad of a model
captured from the enclosing function and applies SGD in place, looped with jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class Learner(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def adapt(model, x, y, inner_steps=3, lr=0.05):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    def inner(carry, _):
        grads = nnx.grad(loss_fn)(model)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        return carry, loss_fn(model)

    _, losses = jax.lax.scan(inner, None, None, length=inner_steps)
    return losses


def main():
    model = Learner(rngs=nnx.Rngs(0))
    x = jnp.linspace(-1, 1, 8)[:, None]
    losses = adapt(model, x, jnp.sin(3 * x))
    jax.block_until_ready(losses)
    return None
