# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 RL rollout carry (obs, key) returned with an extra done flag as a 3-tuple
import jax
import jax.numpy as jnp


def policy(obs, key):
    return jax.random.normal(key, obs.shape) * 0.1 - 0.05 * obs


def main():
    def env_step(carry, _):
        obs, key = carry
        key, sub = jax.random.split(key)
        action = policy(obs, sub)
        obs = obs + action
        done = jnp.linalg.norm(obs) < 0.1
        return (obs, key, done), jnp.sum(-obs ** 2)

    (obs, key), rewards = jax.lax.scan(env_step, (jnp.ones(4), jax.random.PRNGKey(0)), None, length=16)
    return rewards
