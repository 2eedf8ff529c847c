# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 "lax.scan over my Flax model gives UnexpectedTracerError after training": split state is the carry, but the body also appends each new state to a Python list that is used after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


def main():
    model = nnx.Sequential(
        nnx.Linear(3, 16, rngs=nnx.Rngs(0)),
        nnx.relu,
        nnx.Linear(16, 1, rngs=nnx.Rngs(1)),
    )
    xs = jax.random.normal(jax.random.key(0), (8, 32, 3))
    ys = jnp.sin(xs[..., :1])
    graphdef, params = nnx.split(model, nnx.Param)
    checkpoints = []

    def loss_fn(params, x, y):
        m = nnx.merge(graphdef, params)
        return jnp.mean((m(x) - y) ** 2)

    def train_step(params, batch):
        loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
        params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
        checkpoints.append(params)  # keep the latest weights
        return params, loss

    _, losses = lax.scan(train_step, params, (xs, ys))
    nnx.update(model, checkpoints[-1])
    model(xs[0]).block_until_ready()
    return None
