# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 module-level nnx.Sequential whose nnx.Dropout holds its own rngs, called in a raw scan rollout
import jax.numpy as jnp
from flax import nnx
from jax import lax

policy = nnx.Sequential(
    nnx.Linear(4, 16, rngs=nnx.Rngs(0)),
    nnx.relu,
    nnx.Dropout(0.1, rngs=nnx.Rngs(dropout=1)),
    nnx.Linear(16, 4, rngs=nnx.Rngs(2)),
)


def rollout(state, horizon):
    def step(s, _):
        s = s + 0.1 * jnp.tanh(policy(s))
        return s, s

    return lax.scan(step, state, None, length=horizon)


def main():
    rollout(jnp.ones((2, 4)), 5)
