# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 NNX nnx.Sequential with its own-rngs Dropout, built by a factory and passed to the function that runs the raw scan
import jax
import jax.numpy as jnp
from flax import nnx


def make_policy(hidden=8):
    return nnx.Sequential(
        nnx.Linear(4, hidden, rngs=nnx.Rngs(0)),
        nnx.Dropout(0.2, rngs=nnx.Rngs(dropout=1)),
        nnx.Linear(hidden, 4, rngs=nnx.Rngs(2)),
    )


def rollout(policy, obs0, steps):
    def step(obs, _):
        action = policy(obs)
        return obs + 0.1 * action, action

    return jax.lax.scan(step, obs0, None, length=steps)


def main():
    rollout(make_policy(), jnp.ones((2, 4)), 5)
