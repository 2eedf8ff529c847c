# label: ok
# jax-error: none
# class: 2 RL rollout writes each transition into a preallocated buffer with .at[t].set
import jax
import jax.numpy as jnp


def main():
    keys = jax.random.split(jax.random.PRNGKey(0), 8)

    def rollout(carry, key):
        obs, buffer, t = carry
        action = jax.random.normal(key, (2,))
        next_obs = obs + 0.1 * action
        buffer = buffer.at[t].set(next_obs)
        return (next_obs, buffer, t + 1), None

    (obs, buffer, t), _ = jax.lax.scan(rollout, (jnp.zeros(2), jnp.zeros((8, 2)), 0), keys)
    return buffer
