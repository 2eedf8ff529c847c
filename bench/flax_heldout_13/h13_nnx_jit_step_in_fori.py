# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an @nnx.jit train_step is given the outside model and optimizer from inside a raw fori_loop body
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class LinearRegression(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.proj = nnx.Linear(din, 16, rngs=rngs)
        self.head = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.tanh(self.proj(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def train(model, optimizer, xs, ys, steps):
    def body(i, losses):
        j = i % xs.shape[0]
        return losses.at[i].set(train_step(model, optimizer, xs[j], ys[j]))

    return jax.lax.fori_loop(0, steps, body, jnp.zeros(steps))


def main():
    model = LinearRegression(2, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(2), (3, 8, 2))
    train(model, optimizer, xs, xs[..., :1] * 2.0, 5)
    return None
