# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 module-level integrator closes over an NNX drift net whose Dropout draws from its Rngs in lax.scan
"""Neural SDE with a dropout-regularised drift network (training-time integration)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Drift(nnx.Module):
    def __init__(self, dim, hidden, *, rngs):
        self.l1 = nnx.Linear(dim, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(jnp.tanh(self.l1(x))))


def integrate(drift, x0, keys, dt=0.05, sigma=0.3):
    def step(x, k):
        dw = jnp.sqrt(dt) * jax.random.normal(k, x.shape)
        return x + drift(x) * dt + sigma * dw, x

    return jax.lax.scan(step, x0, keys)


def main():
    drift = Drift(3, 32, rngs=nnx.Rngs(params=0, dropout=1))
    drift.train()
    keys = jax.random.split(jax.random.key(5), 12)
    x1, path = integrate(drift, jnp.zeros((4, 3)), keys)
    path.block_until_ready()
    return None
