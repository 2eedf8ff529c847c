# label: ok
# flax-error: none
# class: 5 RL rollout calling policy.apply(params, ...) in a module-level scan step, key split in the carry
"""Shape from brax/safe-sim2real `rollout` helpers: `def f(carry, _)` splits the key, calls the
policy (a Linen module applied functionally) and steps a pure environment."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Policy(nn.Module):
    action_dim: int = 2

    @nn.compact
    def __call__(self, obs, key):
        mu = nn.Dense(self.action_dim)(nn.tanh(nn.Dense(16)(obs)))
        return mu + 0.1 * jax.random.normal(key, mu.shape)


def env_step(state, action):
    pos, vel = state
    vel = vel + 0.1 * action
    return (pos + 0.1 * vel, vel)


def rollout(policy, params, state, rng, steps):
    def f(carry, _):
        state, key = carry
        key, act_key = jax.random.split(key)
        obs = jnp.concatenate(state, -1)
        action = policy.apply(params, obs, act_key)
        nstate = env_step(state, action)
        return (nstate, key), action

    (final, _), actions = jax.lax.scan(f, (state, rng), (), length=steps)
    return final, actions


def main():
    policy = Policy()
    state = (jnp.zeros((3, 2)), jnp.zeros((3, 2)))
    params = policy.init(jax.random.PRNGKey(0), jnp.zeros((3, 4)), jax.random.PRNGKey(1))
    final, actions = rollout(policy, params, state, jax.random.PRNGKey(2), 6)
    return actions
