# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an @nnx.jit train_step is called inside the raw lax.scan body on the model and optimizer captured from outside the scan
"""Running several optimizer steps per host call: the existing `@nnx.jit` train_step is
wrapped in a lax.scan over a stack of batches, and the scanned body passes it the model
and optimizer objects from the enclosing function."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (4, 16, 3))
    ys = jnp.sin(xs[..., :1])

    def many_steps(carry, batch):
        loss = train_step(model, optimizer, *batch)
        return carry, loss

    _, losses = lax.scan(many_steps, None, (xs, ys))
    losses.block_until_ready()
