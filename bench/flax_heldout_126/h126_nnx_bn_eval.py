# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local model goes straight into the fori_loop body, which calls model(xs[i]) while the model is still in training mode
"""Validation loss of a small NNX regressor with BatchNorm, summed in a fori_loop.

The model is built, trained for a couple of eager steps, and then evaluated batch by
batch inside lax.fori_loop.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Regressor(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.fc2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.bn(self.fc1(x))))


def main():
    kx, ky = jax.random.split(jax.random.PRNGKey(0))
    xs = jax.random.normal(kx, (4, 16, 6))
    ys = jnp.sum(xs, -1, keepdims=True) + 0.1 * jax.random.normal(ky, (4, 16, 1))

    model = Regressor(6, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
    for i in range(2):
        grads = nnx.grad(lambda m: jnp.mean((m(xs[i]) - ys[i]) ** 2))(model)
        optimizer.update(model, grads)

    def body(i, total):
        return total + jnp.mean((model(xs[i]) - ys[i]) ** 2)

    val_loss = lax.fori_loop(0, xs.shape[0], body, 0.0) / xs.shape[0]
    print("validation mse", val_loss)
    return None
