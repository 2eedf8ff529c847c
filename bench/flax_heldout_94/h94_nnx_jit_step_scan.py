# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an nnx.jit train_step is called inside a raw jax.lax.scan body with the model and optimizer from outside
"""The tutorial's @nnx.jit train_step is reused unchanged; to run several steps per host call the
user wraps the calls in jax.lax.scan over a stack of batches, passing the outer model and
optimizer to the jitted step."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class CNNish(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(6, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = CNNish(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 6))
    ys = jax.random.randint(jax.random.PRNGKey(2), (4, 8), 0, 2)

    def multi_step(_, batch):
        return None, train_step(model, optimizer, *batch)

    _, losses = lax.scan(multi_step, None, (xs, ys))
    print(losses)
