# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an @nnx.jit train step is called from the raw fori_loop body with the closed-over model and optimizer
"""An existing @nnx.jit train_step is reused, but the epoch is driven by jax.lax.fori_loop over
batch indices instead of a Python for-loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
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
    optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
    X = jax.random.normal(jax.random.key(1), (4, 8, 4))
    Y = X.sum(-1, keepdims=True)

    def body(i, total):
        return total + train_step(model, optimizer, X[i], Y[i])

    total = jax.lax.fori_loop(0, X.shape[0], body, 0.0)
    total.block_until_ready()
    return None
