# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a module-level @nnx.jit train step (model and optimizer arguments) invoked from a raw lax.scan lambda over batches
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.a = nnx.Linear(2, 8, rngs=rngs)
        self.b = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.b(jax.nn.relu(self.a(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(3), (4, 16, 2))
    ys = xs[..., :1] * 2.0 - xs[..., 1:]
    _, losses = jax.lax.scan(lambda c, b: (c, train_step(model, optimizer, b[0], b[1])), None, (xs, ys))
    losses.block_until_ready()
    return None
