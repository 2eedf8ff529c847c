# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the raw lax.scan body calls the @nnx.jit-compiled policy_step(model, obs) with the module closed over from outside the loop
# modelled on: google/flax#3997 NNX + mutable state + JIT = "Cannot mutate <module name> from a different trace level"
"""Greedy evaluation episode of a discrete-action Q-network."""

import jax
import jax.numpy as jnp
from flax import nnx

OBS, ACTIONS, EPISODE_LEN = 4, 3, 5


class QNetwork(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.torso = nnx.Linear(OBS, 32, rngs=rngs)
        self.q_head = nnx.Linear(32, ACTIONS, rngs=rngs)

    def __call__(self, obs):
        return self.q_head(nnx.relu(self.torso(obs)))


@nnx.jit
def policy_step(model, obs):
    q_values = model(obs)
    return jnp.argmax(q_values, axis=-1), jnp.max(q_values, axis=-1)


def transition(obs, action):
    shift = jax.nn.one_hot(action, OBS) - 0.25
    return 0.9 * obs + 0.1 * shift, -jnp.abs(obs).sum()


def run_episode(model, obs0):
    def body(obs, _):
        action, q = policy_step(model, obs)
        next_obs, reward = transition(obs, action)
        return next_obs, (action, q, reward)

    return jax.lax.scan(body, obs0, None, length=EPISODE_LEN)


def main():
    model = QNetwork(nnx.Rngs(0))
    _, (actions, qs, rewards) = run_episode(model, jnp.full((OBS,), 0.5))
    print("return", float(rewards.sum()), "actions", actions)
    return None
