# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 RL rollout appends each transition to a replay buffer carry with jnp.concatenate
import jax
import jax.numpy as jnp


def main():
    keys = jax.random.split(jax.random.PRNGKey(0), 8)

    def rollout(carry, key):
        obs, buffer = carry
        action = jax.random.normal(key, (2,))
        next_obs = obs + 0.1 * action
        buffer = jnp.concatenate([buffer, next_obs[None, :]], axis=0)
        return (next_obs, buffer), None

    (obs, buffer), _ = jax.lax.scan(rollout, (jnp.zeros(2), jnp.zeros((0, 2))), keys)
    return buffer
