# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 nnx.jit train step with closed-over model/optimizer called inside a raw lax.while_loop, lr read from optimizer step
"""Train until the loss is small, with lax.while_loop around an @nnx.jit train step; the learning
rate of the schedule is read from optimizer.step inside the loop for logging."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


def main():
    model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
    schedule = optax.warmup_cosine_decay_schedule(0.0, 0.1, 5, 50)
    optimizer = nnx.Optimizer(model, optax.sgd(schedule), wrt=nnx.Param)
    x, y = jnp.ones((8, 2)), jnp.ones((8, 1))

    @nnx.jit
    def train_step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        optimizer.update(model, grads)
        return loss

    def cond(state):
        i, loss, lr = state
        return (i < 20) & (loss > 1e-3)

    def body(state):
        i, _, _ = state
        lr = schedule(optimizer.step.value)
        loss = train_step(model, optimizer, x, y)
        return i + 1, loss, lr

    i, loss, lr = lax.while_loop(cond, body, (0, jnp.inf, 0.0))
    print(i, loss, lr)
    return None
