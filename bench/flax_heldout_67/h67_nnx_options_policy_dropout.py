# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a module-level rollout receives the agent and calls it in the raw scan body; the intra-option policy's Dropout draws from its Rngs there
"""Hierarchical RL evaluation rollout: intra-option policies conditioned on the active option."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class IntraOptionPolicy(nnx.Module):
    def __init__(self, obs_dim, num_options, num_actions, rngs: nnx.Rngs):
        self.option_embed = nnx.Embed(num_options, 16, rngs=rngs)
        self.torso = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(16, num_actions, rngs=rngs)

    def __call__(self, obs, option):
        h = nnx.relu(self.torso(obs) + self.option_embed(option))
        return self.head(self.drop(h))


def env_step(obs, action):
    return jnp.roll(obs, 1) + 0.05 * action


def rollout(agent, obs0, options):
    def body(obs, option):
        logits = agent(obs, option)
        action = jnp.argmax(logits).astype(jnp.float32)
        return env_step(obs, action), action

    return lax.scan(body, obs0, options)


def main():
    agent = IntraOptionPolicy(6, 3, 4, nnx.Rngs(0))
    options = jnp.array([0, 0, 1, 1, 2, 2, 0, 1])
    _, actions = rollout(agent, jnp.zeros((6,)), options)
    actions.block_until_ready()
