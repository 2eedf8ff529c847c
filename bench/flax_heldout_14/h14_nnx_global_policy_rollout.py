# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a global policy with a Dropout layer (own Rngs) is called in the raw scan body of an RL rollout
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim, n_act, rngs):
        self.h = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.logits = nnx.Linear(32, n_act, rngs=rngs)

    def __call__(self, obs):
        return self.logits(self.drop(nnx.tanh(self.h(obs))))


POLICY = Policy(4, 2, nnx.Rngs(0))


def env_step(obs, action):
    obs = obs.at[0].add(jnp.where(action == 1, 0.1, -0.1))
    return obs, -jnp.abs(obs[0])


def rollout(obs0, key, horizon=16):
    def body(obs, k):
        a = jax.random.categorical(k, POLICY(obs))
        obs, r = env_step(obs, a)
        return obs, (a, r)

    return jax.lax.scan(body, obs0, jax.random.split(key, horizon))


def main():
    _, (actions, rewards) = rollout(jnp.zeros(4), jax.random.key(1))
    returns = rewards.sum()
    return None
