# label: ok
# flax-error: none
# class: 4 module-level integrator splits the NNX drift net and carries its state through lax.scan
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
    graphdef, state = nnx.split(drift)

    def step(carry, k):
        x, st = carry
        model = nnx.merge(graphdef, st)
        dw = jnp.sqrt(dt) * jax.random.normal(k, x.shape)
        x_next = x + model(x) * dt + sigma * dw
        _, st = nnx.split(model)
        return (x_next, st), x

    (x1, state), path = jax.lax.scan(step, (x0, state), keys)
    nnx.update(drift, state)
    return x1, path


def main():
    drift = Drift(3, 32, rngs=nnx.Rngs(params=0, dropout=1))
    drift.train()
    keys = jax.random.split(jax.random.key(5), 12)
    x1, path = integrate(drift, jnp.zeros((4, 3)), keys)
    path.block_until_ready()
    return None
