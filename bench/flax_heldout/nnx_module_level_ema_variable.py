# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 module-level step function writes .value of an outside nnx.Variable holding a running loss
import jax
import jax.numpy as jnp
from flax import nnx

running_loss = nnx.Variable(jnp.array(0.0))
model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))


def eval_step(carry, batch):
    x, y = batch
    loss = jnp.mean((model(x) - y) ** 2)
    running_loss.value = 0.9 * running_loss.value + 0.1 * loss
    return carry + loss, loss


def main():
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))
    total, losses = jax.lax.scan(eval_step, 0.0, (xs, ys))
