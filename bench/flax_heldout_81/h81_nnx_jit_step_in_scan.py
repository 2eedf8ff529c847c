# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an nnx.jit-decorated step is called from a raw lax.scan body with the outer model object
"""Rollout evaluation: an @nnx.jit predict function reused inside a jax.lax.scan loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class Dynamics(nnx.Module):
    def __init__(self, rngs):
        self.net = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, s):
        return s + 0.1 * jnp.tanh(self.net(s))


@nnx.jit
def predict(model, s):
    return model(s)


def main():
    model = Dynamics(nnx.Rngs(0))

    def step(s, _):
        s = predict(model, s)
        return s, s

    _, traj = jax.lax.scan(step, jnp.ones(4), None, length=10)
    traj.block_until_ready()
    return None
