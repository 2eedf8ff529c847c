# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an @nnx.jit train_step is called from inside a raw jax.lax.scan body with the closed-over model and optimizer
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(3, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

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
    xs = jax.random.normal(jax.random.key(3), (12, 16, 3))
    ys = xs[..., :1] * 2.0

    def epoch_body(carry, batch):
        loss = train_step(model, optimizer, *batch)
        return carry, loss

    _, losses = lax.scan(epoch_body, None, (xs, ys))
    losses.block_until_ready()
    return None
