# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an NNX policy with its own Dropout rngs stepped inside a lax.while_loop episode rollout that runs until done
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim, n_actions, *, rngs: nnx.Rngs):
        self.torso = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(32, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.head(self.drop(nnx.relu(self.torso(obs))))


def env_step(state, action):
    pos, t = state
    pos = pos + jnp.where(action == 0, -0.1, 0.1)
    return (pos, t + 1), jnp.abs(pos[0]) > 1.0


def rollout(policy, max_steps=20):
    obs_dim = 4

    def cond(carry):
        _, done, t, _ = carry
        return jnp.logical_and(~done, t < max_steps)

    def body(carry):
        env_state, _, t, ret = carry
        logits = policy(env_state[0])
        action = jnp.argmax(logits)
        env_state, done = env_step(env_state, action)
        return env_state, done, t + 1, ret + 1.0

    init = ((jnp.zeros(obs_dim), 0), jnp.array(False), 0, 0.0)
    return jax.lax.while_loop(cond, body, init)[-1]


def main():
    policy = Policy(4, 2, rngs=nnx.Rngs(params=0, dropout=1))
    ret = rollout(policy)
    ret.block_until_ready()
    return None
