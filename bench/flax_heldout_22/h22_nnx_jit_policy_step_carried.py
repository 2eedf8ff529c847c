# label: ok
# flax-error: none
# class: 4 the raw lax.scan body merges the nnx.split state it carries and calls the @nnx.jit-compiled policy_step(model, obs) on that merged module
# modelled on: google/flax#3997 NNX + mutable state + JIT = "Cannot mutate <module name> from a different trace level" and google/flax#4045 Significant performance difference of NNX relative to equinox (split/merge around jit)
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
    graphdef, state = nnx.split(model)

    def body(carry, _):
        obs, state = carry
        model = nnx.merge(graphdef, state)
        action, q = policy_step(model, obs)
        next_obs, reward = transition(obs, action)
        return (next_obs, nnx.state(model)), (action, q, reward)

    (_, state), outputs = jax.lax.scan(body, (obs0, state), None, length=EPISODE_LEN)
    nnx.update(model, state)
    return None, outputs


def main():
    model = QNetwork(nnx.Rngs(0))
    _, (actions, qs, rewards) = run_episode(model, jnp.full((OBS,), 0.5))
    print("return", float(rewards.sum()), "actions", actions)
    return None
