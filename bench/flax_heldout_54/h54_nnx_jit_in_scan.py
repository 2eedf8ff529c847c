# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an nnx.jit-compiled train_step is called inside a raw lax.scan body with the model and optimizer from outside
"""'Works with a Python for loop, fails with lax.scan': the NNX tutorial's @nnx.jit train_step,
called over the epoch's batches from a jax.lax.scan instead of a for loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(6, 12, rngs=rngs)
        self.fc2 = nnx.Linear(12, 2, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.gelu(self.fc1(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return optax.softmax_cross_entropy_with_integer_labels(m(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Net(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jnp.ones((4, 8, 6))
    ys = jnp.zeros((4, 8), jnp.int32)

    def step(_, batch):
        return None, train_step(model, optimizer, *batch)

    _, losses = jax.lax.scan(step, None, (xs, ys))
    losses.block_until_ready()
    return None
