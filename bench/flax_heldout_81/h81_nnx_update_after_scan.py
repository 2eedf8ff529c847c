# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the body merges the closed-over state, trains, and stores nnx.state into an outer name; nnx.update after the loop
"""Fine-tuning loop in lax.scan that 'saves the latest state' through a nonlocal variable."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


def main():
    model = Regressor(nnx.Rngs(0))
    graphdef, params = nnx.split(model, nnx.Param)
    tx = optax.sgd(0.05)
    xs = jax.random.normal(jax.random.PRNGKey(1), (6, 8, 3))
    latest = params

    def step(p, x):
        nonlocal latest
        def loss_fn(p):
            return jnp.mean((nnx.merge(graphdef, p)(x) - x.sum(-1, keepdims=True)) ** 2)
        loss, grads = jax.value_and_grad(loss_fn)(p)
        updates, _ = tx.update(grads, tx.init(p), p)
        p = optax.apply_updates(p, updates)
        latest = p
        return p, loss

    jax.lax.scan(step, params, xs)
    nnx.update(model, latest)
    print(model(jnp.ones((1, 3))))
    return None
