# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an @nnx.jit inner-adaptation step defined at module level is called on the closed-over learner inside a raw jax.lax.scan over tasks
"""Reptile-style meta-learning on few-shot sine regression tasks: inner SGD steps per task."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Regressor(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


@nnx.jit
def inner_step(model, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    params = nnx.state(model, nnx.Param)
    nnx.update(model, jax.tree.map(lambda p, g: p - 0.01 * g, params, grads))
    return loss


def main():
    learner = Regressor(rngs=nnx.Rngs(0))
    xs = jnp.linspace(-3, 3, 10)[None, :, None].repeat(5, 0)
    phases = jnp.linspace(0, 1, 5)[:, None, None]
    ys = jnp.sin(xs + phases)

    def adapt(carry, task):
        x, y = task
        return carry, inner_step(learner, x, y)

    _, losses = scan(adapt, None, (xs, ys))
    losses.block_until_ready()
    return None
