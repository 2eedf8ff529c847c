# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the policy module is closed over and passed to an nnx.jit-decorated act function called in the scan body
"""Policy-gradient rollout in NNX: an @nnx.jit act() reused inside a jax.lax.scan over environment steps."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs: nnx.Rngs):
        self.body = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.logits = nnx.Linear(32, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.logits(nnx.tanh(self.body(obs)))


@nnx.jit
def act(policy, obs, key):
    logits = policy(obs)
    action = jax.random.categorical(key, logits)
    return action, jax.nn.log_softmax(logits)[action]


def env_step(obs, action):
    obs = obs + 0.1 * (action - 0.5)
    return obs, -jnp.sum(obs**2)


def main():
    policy = Policy(3, 2, nnx.Rngs(0))
    keys = jax.random.split(jax.random.key(1), 12)

    def rollout(obs, key):
        action, logp = act(policy, obs, key)
        obs, reward = env_step(obs, action)
        return obs, (logp, reward)

    _, (logps, rewards) = jax.lax.scan(rollout, jnp.zeros(3), keys)
    returns = jnp.cumsum(rewards[::-1])[::-1]
    (-(logps * returns).mean()).block_until_ready()
    return None
