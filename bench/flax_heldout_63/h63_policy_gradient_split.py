# label: ok
# flax-error: none
# class: 2 the exploration key travels in the scan carry and is split at every rollout step
"""REINFORCE rollout with epsilon-greedy exploration, key threaded through the scan carry."""
import jax
import jax.numpy as jnp
import flax.linen as nn

N_ACTIONS = 3


class Policy(nn.Module):
    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(16)(obs))
        return nn.Dense(N_ACTIONS)(h)


def env_step(state, action):
    state = jnp.clip(state + (action - 1) * 0.1, -1.0, 1.0)
    return state, -jnp.abs(state).sum()


def main():
    policy = Policy()
    params = policy.init(jax.random.key(0), jnp.zeros((2,)))
    eps = 0.2

    def rollout_step(carry, _):
        state, key = carry
        logits = policy.apply(params, state)
        key, k_explore, k_action = jax.random.split(key, 3)
        u = jax.random.uniform(k_explore)
        random_action = jax.random.randint(k_action, (), 0, N_ACTIONS)
        action = jnp.where(u < eps, random_action, jnp.argmax(logits))
        state, reward = env_step(state, action)
        return (state, key), (u, random_action)

    init = (jnp.array([0.5, -0.5]), jax.random.key(123))
    _, (us, random_actions) = jax.lax.scan(rollout_step, init, None, length=10)
    return {"u": us, "random_action": random_actions}
