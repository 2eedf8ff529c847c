# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 functools.partial binds an NNX model whose Dropout draws from its stored Rngs; the partial is the raw scan body
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx


class NoisyPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(4, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)
        self.out = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, obs):
        return self.out(self.drop(nnx.relu(self.body(obs))))


def act(policy, obs, _):
    action = policy(obs)
    return obs + 0.1 * jnp.pad(action, (0, 2)), action


def main():
    policy = NoisyPolicy(nnx.Rngs(params=0, dropout=1))
    obs0 = jnp.ones((4,))
    _, actions = jax.lax.scan(partial(act, policy), obs0, None, length=6)
    return actions
