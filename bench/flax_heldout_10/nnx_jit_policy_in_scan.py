# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 module-level @nnx.jit function given the outside actor inside the raw scan body (read-only forward)
"""Evaluation rollout that reuses the training code's @nnx.jit forward inside a raw scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class Actor(nnx.Module):
    def __init__(self, obs, act, rngs):
        self.net = nnx.Sequential(nnx.Linear(obs, 32, rngs=rngs), nnx.tanh, nnx.Linear(32, act, rngs=rngs))

    def __call__(self, s):
        return jnp.tanh(self.net(s))


@nnx.jit
def policy_action(actor, obs):
    return actor(obs)


def cartpole_dyn(s, a):
    return s + 0.02 * jnp.concatenate([s[..., 2:], a, -a], -1)


def evaluate(actor, s0, horizon=10):
    def step(s, _):
        a = policy_action(actor, s)
        s = cartpole_dyn(s, a)
        return s, jnp.sum(s ** 2)

    _, costs = jax.lax.scan(step, s0, None, length=horizon)
    return costs.sum()


def main():
    actor = Actor(4, 1, nnx.Rngs(0))
    cost = evaluate(actor, jnp.ones((4,)))
    return None
